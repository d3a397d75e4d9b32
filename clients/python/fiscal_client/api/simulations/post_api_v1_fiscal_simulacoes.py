from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_simulation import EnvelopeSimulation
from ...models.error_envelope import ErrorEnvelope
from ...models.simulation_request import SimulationRequest
from typing import cast



def _get_kwargs(
    *,
    body: SimulationRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/fiscal/simulacoes",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeSimulation | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeSimulation.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = EnvelopeSimulation.from_dict(response.json())



        return response_202

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())



        return response_413

    if response.status_code == 415:
        response_415 = ErrorEnvelope.from_dict(response.json())



        return response_415

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeSimulation | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SimulationRequest,

) -> Response[EnvelopeSimulation | ErrorEnvelope]:
    """ Refaz os documentos emitidos pela empresa desde `desde` com as regras candidatas
    (cada uma substitui a regra da empresa de mesmo id; `retirar` deixa regras de fora) e
    diz quais tributos mudariam, em quanto e por qual regra. Nada muda nos documentos nem
    nas regras. Até 500 documentos a resposta vem aqui (200); acima disso, ou com `Prefer:
    respond-async`, 202 e a simulação em `GET /fiscal/simulacoes/{id}`.

    Args:
        body (SimulationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeSimulation | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: SimulationRequest,

) -> EnvelopeSimulation | ErrorEnvelope | None:
    """ Refaz os documentos emitidos pela empresa desde `desde` com as regras candidatas
    (cada uma substitui a regra da empresa de mesmo id; `retirar` deixa regras de fora) e
    diz quais tributos mudariam, em quanto e por qual regra. Nada muda nos documentos nem
    nas regras. Até 500 documentos a resposta vem aqui (200); acima disso, ou com `Prefer:
    respond-async`, 202 e a simulação em `GET /fiscal/simulacoes/{id}`.

    Args:
        body (SimulationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeSimulation | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SimulationRequest,

) -> Response[EnvelopeSimulation | ErrorEnvelope]:
    """ Refaz os documentos emitidos pela empresa desde `desde` com as regras candidatas
    (cada uma substitui a regra da empresa de mesmo id; `retirar` deixa regras de fora) e
    diz quais tributos mudariam, em quanto e por qual regra. Nada muda nos documentos nem
    nas regras. Até 500 documentos a resposta vem aqui (200); acima disso, ou com `Prefer:
    respond-async`, 202 e a simulação em `GET /fiscal/simulacoes/{id}`.

    Args:
        body (SimulationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeSimulation | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SimulationRequest,

) -> EnvelopeSimulation | ErrorEnvelope | None:
    """ Refaz os documentos emitidos pela empresa desde `desde` com as regras candidatas
    (cada uma substitui a regra da empresa de mesmo id; `retirar` deixa regras de fora) e
    diz quais tributos mudariam, em quanto e por qual regra. Nada muda nos documentos nem
    nas regras. Até 500 documentos a resposta vem aqui (200); acima disso, ou com `Prefer:
    respond-async`, 202 e a simulação em `GET /fiscal/simulacoes/{id}`.

    Args:
        body (SimulationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeSimulation | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
