from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_delivery_answer import EnvelopeDeliveryAnswer
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    webhook_id: str,
    entrega_id: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/webhooks/{webhook_id}/entregas/{entrega_id}/reenviar".format(webhook_id=quote(str(webhook_id), safe=""),entrega_id=quote(str(entrega_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeDeliveryAnswer | ErrorEnvelope:
    if response.status_code == 202:
        response_202 = EnvelopeDeliveryAnswer.from_dict(response.json())



        return response_202

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

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeDeliveryAnswer | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    entrega_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopeDeliveryAnswer | ErrorEnvelope]:
    """ Schedules a delivered or failed delivery again (same `X-Webhook-Id` and body).

    Args:
        webhook_id (str):
        entrega_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDeliveryAnswer | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
entrega_id=entrega_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    webhook_id: str,
    entrega_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopeDeliveryAnswer | ErrorEnvelope | None:
    """ Schedules a delivered or failed delivery again (same `X-Webhook-Id` and body).

    Args:
        webhook_id (str):
        entrega_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDeliveryAnswer | ErrorEnvelope
     """


    return sync_detailed(
        webhook_id=webhook_id,
entrega_id=entrega_id,
client=client,

    ).parsed

async def asyncio_detailed(
    webhook_id: str,
    entrega_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[EnvelopeDeliveryAnswer | ErrorEnvelope]:
    """ Schedules a delivered or failed delivery again (same `X-Webhook-Id` and body).

    Args:
        webhook_id (str):
        entrega_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDeliveryAnswer | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
entrega_id=entrega_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    webhook_id: str,
    entrega_id: str,
    *,
    client: AuthenticatedClient | Client,

) -> EnvelopeDeliveryAnswer | ErrorEnvelope | None:
    """ Schedules a delivered or failed delivery again (same `X-Webhook-Id` and body).

    Args:
        webhook_id (str):
        entrega_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDeliveryAnswer | ErrorEnvelope
     """


    return (await asyncio_detailed(
        webhook_id=webhook_id,
entrega_id=entrega_id,
client=client,

    )).parsed
