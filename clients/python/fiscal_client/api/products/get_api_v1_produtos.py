from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_product_list import EnvelopeProductList
from ...models.error_envelope import ErrorEnvelope
from ...models.get_api_v1_produtos_ativo import GetApiV1ProdutosAtivo
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    ativo: GetApiV1ProdutosAtivo | Unset = UNSET,
    q: str | Unset = UNSET,
    codigo: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["empresa"] = empresa

    params["empresa_id"] = empresa_id

    params["pagina"] = pagina

    params["por_pagina"] = por_pagina

    params["apos"] = apos

    json_ativo: int | Unset = UNSET
    if not isinstance(ativo, Unset):
        json_ativo = ativo.value

    params["ativo"] = json_ativo

    params["q"] = q

    params["codigo"] = codigo


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/produtos",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeProductList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeProductList.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeProductList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    ativo: GetApiV1ProdutosAtivo | Unset = UNSET,
    q: str | Unset = UNSET,
    codigo: str | Unset = UNSET,

) -> Response[EnvelopeProductList | ErrorEnvelope]:
    """ Paged list; filters `ativo` (1|0), `q` and the register's exact ones.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1ProdutosAtivo | Unset):
        q (str | Unset):
        codigo (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeProductList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,
q=q,
codigo=codigo,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    ativo: GetApiV1ProdutosAtivo | Unset = UNSET,
    q: str | Unset = UNSET,
    codigo: str | Unset = UNSET,

) -> EnvelopeProductList | ErrorEnvelope | None:
    """ Paged list; filters `ativo` (1|0), `q` and the register's exact ones.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1ProdutosAtivo | Unset):
        q (str | Unset):
        codigo (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeProductList | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,
q=q,
codigo=codigo,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    ativo: GetApiV1ProdutosAtivo | Unset = UNSET,
    q: str | Unset = UNSET,
    codigo: str | Unset = UNSET,

) -> Response[EnvelopeProductList | ErrorEnvelope]:
    """ Paged list; filters `ativo` (1|0), `q` and the register's exact ones.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1ProdutosAtivo | Unset):
        q (str | Unset):
        codigo (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeProductList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,
q=q,
codigo=codigo,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    ativo: GetApiV1ProdutosAtivo | Unset = UNSET,
    q: str | Unset = UNSET,
    codigo: str | Unset = UNSET,

) -> EnvelopeProductList | ErrorEnvelope | None:
    """ Paged list; filters `ativo` (1|0), `q` and the register's exact ones.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1ProdutosAtivo | Unset):
        q (str | Unset):
        codigo (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeProductList | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,
q=q,
codigo=codigo,

    )).parsed
