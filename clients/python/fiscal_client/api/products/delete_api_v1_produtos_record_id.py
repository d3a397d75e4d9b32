from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_product_answer import EnvelopeProductAnswer
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    record_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/produtos/{record_id}".format(record_id=quote(str(record_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeProductAnswer | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeProductAnswer.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeProductAnswer | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopeProductAnswer | ErrorEnvelope]:
    """ Logical deletion: `ativo` false; the record is kept and answered.

    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeProductAnswer | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        record_id=record_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopeProductAnswer | ErrorEnvelope | None:
    """ Logical deletion: `ativo` false; the record is kept and answered.

    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeProductAnswer | ErrorEnvelope
     """


    return sync_detailed(
        record_id=record_id,
client=client,

    ).parsed

async def asyncio_detailed(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopeProductAnswer | ErrorEnvelope]:
    """ Logical deletion: `ativo` false; the record is kept and answered.

    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeProductAnswer | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        record_id=record_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopeProductAnswer | ErrorEnvelope | None:
    """ Logical deletion: `ativo` false; the record is kept and answered.

    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeProductAnswer | ErrorEnvelope
     """


    return (await asyncio_detailed(
        record_id=record_id,
client=client,

    )).parsed
