from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_document_list import EnvelopeDocumentList
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    status: str | Unset = UNSET,
    pedido: str | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["pagina"] = pagina

    params["por_pagina"] = por_pagina

    params["apos"] = apos

    params["status"] = status

    params["pedido"] = pedido

    params["empresa"] = empresa

    params["empresa_id"] = empresa_id

    json_de: str | Unset = UNSET
    if not isinstance(de, Unset):
        json_de = de.isoformat()
    params["de"] = json_de

    json_ate: str | Unset = UNSET
    if not isinstance(ate, Unset):
        json_ate = ate.isoformat()
    params["ate"] = json_ate


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/nfe",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeDocumentList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeDocumentList.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeDocumentList | ErrorEnvelope]:
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
    status: str | Unset = UNSET,
    pedido: str | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,

) -> Response[EnvelopeDocumentList | ErrorEnvelope]:
    """ The selected company's documents, newest first (status, pedido, de, ate).

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (str | Unset):
        pedido (str | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDocumentList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,
pedido=pedido,
empresa=empresa,
empresa_id=empresa_id,
de=de,
ate=ate,

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
    status: str | Unset = UNSET,
    pedido: str | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,

) -> EnvelopeDocumentList | ErrorEnvelope | None:
    """ The selected company's documents, newest first (status, pedido, de, ate).

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (str | Unset):
        pedido (str | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDocumentList | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,
pedido=pedido,
empresa=empresa,
empresa_id=empresa_id,
de=de,
ate=ate,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    status: str | Unset = UNSET,
    pedido: str | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,

) -> Response[EnvelopeDocumentList | ErrorEnvelope]:
    """ The selected company's documents, newest first (status, pedido, de, ate).

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (str | Unset):
        pedido (str | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDocumentList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,
pedido=pedido,
empresa=empresa,
empresa_id=empresa_id,
de=de,
ate=ate,

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
    status: str | Unset = UNSET,
    pedido: str | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,

) -> EnvelopeDocumentList | ErrorEnvelope | None:
    """ The selected company's documents, newest first (status, pedido, de, ate).

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (str | Unset):
        pedido (str | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDocumentList | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,
pedido=pedido,
empresa=empresa,
empresa_id=empresa_id,
de=de,
ate=ate,

    )).parsed
