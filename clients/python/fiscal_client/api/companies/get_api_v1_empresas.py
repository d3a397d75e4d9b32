from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_company_list import EnvelopeCompanyList
from ...models.error_envelope import ErrorEnvelope
from ...models.get_api_v1_empresas_ativo import GetApiV1EmpresasAtivo
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    ativo: GetApiV1EmpresasAtivo | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["pagina"] = pagina

    params["por_pagina"] = por_pagina

    params["apos"] = apos

    json_ativo: int | Unset = UNSET
    if not isinstance(ativo, Unset):
        json_ativo = ativo.value

    params["ativo"] = json_ativo


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/empresas",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeCompanyList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeCompanyList.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeCompanyList | ErrorEnvelope]:
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
    ativo: GetApiV1EmpresasAtivo | Unset = UNSET,

) -> Response[EnvelopeCompanyList | ErrorEnvelope]:
    """ Lists the companies of the key's account.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1EmpresasAtivo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeCompanyList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,

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
    ativo: GetApiV1EmpresasAtivo | Unset = UNSET,

) -> EnvelopeCompanyList | ErrorEnvelope | None:
    """ Lists the companies of the key's account.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1EmpresasAtivo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeCompanyList | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    ativo: GetApiV1EmpresasAtivo | Unset = UNSET,

) -> Response[EnvelopeCompanyList | ErrorEnvelope]:
    """ Lists the companies of the key's account.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1EmpresasAtivo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeCompanyList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,

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
    ativo: GetApiV1EmpresasAtivo | Unset = UNSET,

) -> EnvelopeCompanyList | ErrorEnvelope | None:
    """ Lists the companies of the key's account.

    Args:
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        ativo (GetApiV1EmpresasAtivo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeCompanyList | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
ativo=ativo,

    )).parsed
