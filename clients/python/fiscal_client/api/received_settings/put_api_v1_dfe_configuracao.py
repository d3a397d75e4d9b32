from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.dfe_settings import DfeSettings
from ...models.envelope_dfe_settings_answer import EnvelopeDfeSettingsAnswer
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    *,
    body: DfeSettings,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/dfe/configuracao",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeDfeSettingsAnswer | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeDfeSettingsAnswer.from_dict(response.json())



        return response_200

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeDfeSettingsAnswer | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DfeSettings,

) -> Response[EnvelopeDfeSettingsAnswer | ErrorEnvelope]:
    """ Liga ou desliga a ciência automática (210210 em cada NF-e recebida, para que o XML
    completo chegue). Pode ser gravada antes de habilitar o módulo `dfe`.

    Args:
        body (DfeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDfeSettingsAnswer | ErrorEnvelope]
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
    body: DfeSettings,

) -> EnvelopeDfeSettingsAnswer | ErrorEnvelope | None:
    """ Liga ou desliga a ciência automática (210210 em cada NF-e recebida, para que o XML
    completo chegue). Pode ser gravada antes de habilitar o módulo `dfe`.

    Args:
        body (DfeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDfeSettingsAnswer | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DfeSettings,

) -> Response[EnvelopeDfeSettingsAnswer | ErrorEnvelope]:
    """ Liga ou desliga a ciência automática (210210 em cada NF-e recebida, para que o XML
    completo chegue). Pode ser gravada antes de habilitar o módulo `dfe`.

    Args:
        body (DfeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDfeSettingsAnswer | ErrorEnvelope]
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
    body: DfeSettings,

) -> EnvelopeDfeSettingsAnswer | ErrorEnvelope | None:
    """ Liga ou desliga a ciência automática (210210 em cada NF-e recebida, para que o XML
    completo chegue). Pode ser gravada antes de habilitar o módulo `dfe`.

    Args:
        body (DfeSettings):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDfeSettingsAnswer | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
