from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_rule_answer import EnvelopeRuleAnswer
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    record_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/configuracao-fiscal/tributacao/{record_id}".format(record_id=quote(str(record_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeRuleAnswer | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeRuleAnswer.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeRuleAnswer | ErrorEnvelope]:
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

) -> Response[EnvelopeRuleAnswer | ErrorEnvelope]:
    """ 
    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeRuleAnswer | ErrorEnvelope]
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

) -> EnvelopeRuleAnswer | ErrorEnvelope | None:
    """ 
    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeRuleAnswer | ErrorEnvelope
     """


    return sync_detailed(
        record_id=record_id,
client=client,

    ).parsed

async def asyncio_detailed(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopeRuleAnswer | ErrorEnvelope]:
    """ 
    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeRuleAnswer | ErrorEnvelope]
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

) -> EnvelopeRuleAnswer | ErrorEnvelope | None:
    """ 
    Args:
        record_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeRuleAnswer | ErrorEnvelope
     """


    return (await asyncio_detailed(
        record_id=record_id,
client=client,

    )).parsed
