from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_statement import EnvelopeStatement
from ...models.error_envelope import ErrorEnvelope
from ...models.get_api_v1_financeiro_extrato_tipo import GetApiV1FinanceiroExtratoTipo
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    tipo: GetApiV1FinanceiroExtratoTipo | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["pagina"] = pagina

    params["por_pagina"] = por_pagina

    params["apos"] = apos

    json_de: str | Unset = UNSET
    if not isinstance(de, Unset):
        json_de = de.isoformat()
    params["de"] = json_de

    json_ate: str | Unset = UNSET
    if not isinstance(ate, Unset):
        json_ate = ate.isoformat()
    params["ate"] = json_ate

    json_tipo: str | Unset = UNSET
    if not isinstance(tipo, Unset):
        json_tipo = tipo.value

    params["tipo"] = json_tipo


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/financeiro/extrato",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeStatement | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeStatement.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeStatement | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    tipo: GetApiV1FinanceiroExtratoTipo | Unset = UNSET,

) -> Response[EnvelopeStatement | ErrorEnvelope]:
    """ Ledger, newest first, filtered by period (`de`, `ate` inclusive) and type.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        tipo (GetApiV1FinanceiroExtratoTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeStatement | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        pagina=pagina,
por_pagina=por_pagina,
apos=apos,
de=de,
ate=ate,
tipo=tipo,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    tipo: GetApiV1FinanceiroExtratoTipo | Unset = UNSET,

) -> EnvelopeStatement | ErrorEnvelope | None:
    """ Ledger, newest first, filtered by period (`de`, `ate` inclusive) and type.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        tipo (GetApiV1FinanceiroExtratoTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeStatement | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
de=de,
ate=ate,
tipo=tipo,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    tipo: GetApiV1FinanceiroExtratoTipo | Unset = UNSET,

) -> Response[EnvelopeStatement | ErrorEnvelope]:
    """ Ledger, newest first, filtered by period (`de`, `ate` inclusive) and type.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        tipo (GetApiV1FinanceiroExtratoTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeStatement | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        pagina=pagina,
por_pagina=por_pagina,
apos=apos,
de=de,
ate=ate,
tipo=tipo,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    tipo: GetApiV1FinanceiroExtratoTipo | Unset = UNSET,

) -> EnvelopeStatement | ErrorEnvelope | None:
    """ Ledger, newest first, filtered by period (`de`, `ate` inclusive) and type.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        tipo (GetApiV1FinanceiroExtratoTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeStatement | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
de=de,
ate=ate,
tipo=tipo,

    )).parsed
