from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_simulation import EnvelopeSimulation
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    simulation_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/fiscal/simulacoes/{simulation_id}".format(simulation_id=quote(str(simulation_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeSimulation | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeSimulation.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())



        return response_404

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
    simulation_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopeSimulation | ErrorEnvelope]:
    """ A simulação: PENDENTE enquanto a fila a refaz, CONCLUIDA com o resultado, ERRO.

    Args:
        simulation_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeSimulation | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        simulation_id=simulation_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    simulation_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopeSimulation | ErrorEnvelope | None:
    """ A simulação: PENDENTE enquanto a fila a refaz, CONCLUIDA com o resultado, ERRO.

    Args:
        simulation_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeSimulation | ErrorEnvelope
     """


    return sync_detailed(
        simulation_id=simulation_id,
client=client,

    ).parsed

async def asyncio_detailed(
    simulation_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopeSimulation | ErrorEnvelope]:
    """ A simulação: PENDENTE enquanto a fila a refaz, CONCLUIDA com o resultado, ERRO.

    Args:
        simulation_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeSimulation | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        simulation_id=simulation_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    simulation_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopeSimulation | ErrorEnvelope | None:
    """ A simulação: PENDENTE enquanto a fila a refaz, CONCLUIDA com o resultado, ERRO.

    Args:
        simulation_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeSimulation | ErrorEnvelope
     """


    return (await asyncio_detailed(
        simulation_id=simulation_id,
client=client,

    )).parsed
