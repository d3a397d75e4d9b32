from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_delivery_list import EnvelopeDeliveryList
from ...models.error_envelope import ErrorEnvelope
from ...models.get_api_v1_webhooks_webhook_id_entregas_status import GetApiV1WebhooksWebhookIdEntregasStatus
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    webhook_id: str,
    *,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    status: GetApiV1WebhooksWebhookIdEntregasStatus | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["pagina"] = pagina

    params["por_pagina"] = por_pagina

    params["apos"] = apos

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/webhooks/{webhook_id}/entregas".format(webhook_id=quote(str(webhook_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeDeliveryList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeDeliveryList.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeDeliveryList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    status: GetApiV1WebhooksWebhookIdEntregasStatus | Unset = UNSET,

) -> Response[EnvelopeDeliveryList | ErrorEnvelope]:
    """ Delivery log, newest first: status and every attempt (HTTP code, latency, error).

    Args:
        webhook_id (str):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (GetApiV1WebhooksWebhookIdEntregasStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDeliveryList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    status: GetApiV1WebhooksWebhookIdEntregasStatus | Unset = UNSET,

) -> EnvelopeDeliveryList | ErrorEnvelope | None:
    """ Delivery log, newest first: status and every attempt (HTTP code, latency, error).

    Args:
        webhook_id (str):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (GetApiV1WebhooksWebhookIdEntregasStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDeliveryList | ErrorEnvelope
     """


    return sync_detailed(
        webhook_id=webhook_id,
client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,

    ).parsed

async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    status: GetApiV1WebhooksWebhookIdEntregasStatus | Unset = UNSET,

) -> Response[EnvelopeDeliveryList | ErrorEnvelope]:
    """ Delivery log, newest first: status and every attempt (HTTP code, latency, error).

    Args:
        webhook_id (str):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (GetApiV1WebhooksWebhookIdEntregasStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDeliveryList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    status: GetApiV1WebhooksWebhookIdEntregasStatus | Unset = UNSET,

) -> EnvelopeDeliveryList | ErrorEnvelope | None:
    """ Delivery log, newest first: status and every attempt (HTTP code, latency, error).

    Args:
        webhook_id (str):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        status (GetApiV1WebhooksWebhookIdEntregasStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDeliveryList | ErrorEnvelope
     """


    return (await asyncio_detailed(
        webhook_id=webhook_id,
client=client,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
status=status,

    )).parsed
