from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.disagreement import Disagreement
from ...models.envelope_received import EnvelopeReceived
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    chave: str,
    *,
    body: Disagreement,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/dfe/recebidos/{chave}/desacordo".format(chave=quote(str(chave), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeReceived | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeReceived.from_dict(response.json())



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

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())



        return response_503

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeReceived | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    chave: str,
    *,
    client: AuthenticatedClient | Client,
    body: Disagreement,

) -> Response[EnvelopeReceived | ErrorEnvelope]:
    """ Prestação em desacordo (610110) do tomador sobre um CT-e recebido, assinada com o
    certificado da empresa e registrada na autoridade do CT-e; 422 para um documento que
    não é CT-e ou quando a empresa não é o tomador.

    Args:
        chave (str):
        body (Disagreement):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeReceived | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        chave=chave,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    chave: str,
    *,
    client: AuthenticatedClient | Client,
    body: Disagreement,

) -> EnvelopeReceived | ErrorEnvelope | None:
    """ Prestação em desacordo (610110) do tomador sobre um CT-e recebido, assinada com o
    certificado da empresa e registrada na autoridade do CT-e; 422 para um documento que
    não é CT-e ou quando a empresa não é o tomador.

    Args:
        chave (str):
        body (Disagreement):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeReceived | ErrorEnvelope
     """


    return sync_detailed(
        chave=chave,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    chave: str,
    *,
    client: AuthenticatedClient | Client,
    body: Disagreement,

) -> Response[EnvelopeReceived | ErrorEnvelope]:
    """ Prestação em desacordo (610110) do tomador sobre um CT-e recebido, assinada com o
    certificado da empresa e registrada na autoridade do CT-e; 422 para um documento que
    não é CT-e ou quando a empresa não é o tomador.

    Args:
        chave (str):
        body (Disagreement):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeReceived | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        chave=chave,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    chave: str,
    *,
    client: AuthenticatedClient | Client,
    body: Disagreement,

) -> EnvelopeReceived | ErrorEnvelope | None:
    """ Prestação em desacordo (610110) do tomador sobre um CT-e recebido, assinada com o
    certificado da empresa e registrada na autoridade do CT-e; 422 para um documento que
    não é CT-e ou quando a empresa não é o tomador.

    Args:
        chave (str):
        body (Disagreement):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeReceived | ErrorEnvelope
     """


    return (await asyncio_detailed(
        chave=chave,
client=client,
body=body,

    )).parsed
