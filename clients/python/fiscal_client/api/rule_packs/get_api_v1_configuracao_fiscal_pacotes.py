from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_packs import EnvelopePacks
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/configuracao-fiscal/pacotes",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopePacks | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopePacks.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopePacks | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopePacks | ErrorEnvelope]:
    """ As revisões em vigor para a empresa, camada por camada (os pacotes globais do
    produto, os de plataforma ligados a ela, o seu pacote de empresa), quantas regras
    próprias vêm de pacote ou da API, e as revisões publicadas antes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopePacks | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopePacks | ErrorEnvelope | None:
    """ As revisões em vigor para a empresa, camada por camada (os pacotes globais do
    produto, os de plataforma ligados a ela, o seu pacote de empresa), quantas regras
    próprias vêm de pacote ou da API, e as revisões publicadas antes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopePacks | ErrorEnvelope
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopePacks | ErrorEnvelope]:
    """ As revisões em vigor para a empresa, camada por camada (os pacotes globais do
    produto, os de plataforma ligados a ela, o seu pacote de empresa), quantas regras
    próprias vêm de pacote ou da API, e as revisões publicadas antes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopePacks | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopePacks | ErrorEnvelope | None:
    """ As revisões em vigor para a empresa, camada por camada (os pacotes globais do
    produto, os de plataforma ligados a ela, o seu pacote de empresa), quantas regras
    próprias vêm de pacote ou da API, e as revisões publicadas antes.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopePacks | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed
