from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_envelope import ErrorEnvelope
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast



def _get_kwargs(
    chave: str,
    *,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["empresa"] = empresa

    params["empresa_id"] = empresa_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/dfe/recebidos/{chave}/danfe".format(chave=quote(str(chave), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorEnvelope | File:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



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

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())



        return response_409

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorEnvelope | File]:
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
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,

) -> Response[ErrorEnvelope | File]:
    """ O DANFE da NF-e recebida, o DACTE do CT-e ou o DANFSe da NFS-e (marcado quando
    cancelado); 409 `XML_INDISPONIVEL` enquanto só o resumo chegou, ou para um documento
    sem PDF aqui (CT-e OS: baixe o XML).

    Args:
        chave (str):
        empresa (str | Unset):
        empresa_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | File]
     """


    kwargs = _get_kwargs(
        chave=chave,
empresa=empresa,
empresa_id=empresa_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    chave: str,
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,

) -> ErrorEnvelope | File | None:
    """ O DANFE da NF-e recebida, o DACTE do CT-e ou o DANFSe da NFS-e (marcado quando
    cancelado); 409 `XML_INDISPONIVEL` enquanto só o resumo chegou, ou para um documento
    sem PDF aqui (CT-e OS: baixe o XML).

    Args:
        chave (str):
        empresa (str | Unset):
        empresa_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | File
     """


    return sync_detailed(
        chave=chave,
client=client,
empresa=empresa,
empresa_id=empresa_id,

    ).parsed

async def asyncio_detailed(
    chave: str,
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,

) -> Response[ErrorEnvelope | File]:
    """ O DANFE da NF-e recebida, o DACTE do CT-e ou o DANFSe da NFS-e (marcado quando
    cancelado); 409 `XML_INDISPONIVEL` enquanto só o resumo chegou, ou para um documento
    sem PDF aqui (CT-e OS: baixe o XML).

    Args:
        chave (str):
        empresa (str | Unset):
        empresa_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | File]
     """


    kwargs = _get_kwargs(
        chave=chave,
empresa=empresa,
empresa_id=empresa_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    chave: str,
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,

) -> ErrorEnvelope | File | None:
    """ O DANFE da NF-e recebida, o DACTE do CT-e ou o DANFSe da NFS-e (marcado quando
    cancelado); 409 `XML_INDISPONIVEL` enquanto só o resumo chegou, ou para um documento
    sem PDF aqui (CT-e OS: baixe o XML).

    Args:
        chave (str):
        empresa (str | Unset):
        empresa_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | File
     """


    return (await asyncio_detailed(
        chave=chave,
client=client,
empresa=empresa,
empresa_id=empresa_id,

    )).parsed
