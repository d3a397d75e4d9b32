from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.base_rule_update import BaseRuleUpdate
from ...models.envelope_base_rule_item import EnvelopeBaseRuleItem
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    rule_id: str,
    *,
    body: BaseRuleUpdate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/configuracao-fiscal/regras-base/{rule_id}".format(rule_id=quote(str(rule_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeBaseRuleItem | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeBaseRuleItem.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeBaseRuleItem | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    rule_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaseRuleUpdate,

) -> Response[EnvelopeBaseRuleItem | ErrorEnvelope]:
    """ Changes the company's own rule; global rules are not the company's (404).

    Args:
        rule_id (str):
        body (BaseRuleUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeBaseRuleItem | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        rule_id=rule_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    rule_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaseRuleUpdate,

) -> EnvelopeBaseRuleItem | ErrorEnvelope | None:
    """ Changes the company's own rule; global rules are not the company's (404).

    Args:
        rule_id (str):
        body (BaseRuleUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeBaseRuleItem | ErrorEnvelope
     """


    return sync_detailed(
        rule_id=rule_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    rule_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaseRuleUpdate,

) -> Response[EnvelopeBaseRuleItem | ErrorEnvelope]:
    """ Changes the company's own rule; global rules are not the company's (404).

    Args:
        rule_id (str):
        body (BaseRuleUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeBaseRuleItem | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        rule_id=rule_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    rule_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: BaseRuleUpdate,

) -> EnvelopeBaseRuleItem | ErrorEnvelope | None:
    """ Changes the company's own rule; global rules are not the company's (404).

    Args:
        rule_id (str):
        body (BaseRuleUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeBaseRuleItem | ErrorEnvelope
     """


    return (await asyncio_detailed(
        rule_id=rule_id,
client=client,
body=body,

    )).parsed
