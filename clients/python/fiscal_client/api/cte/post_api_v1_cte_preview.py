from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.cte_preview_request import CtePreviewRequest
from ...models.envelope_family_preview import EnvelopeFamilyPreview
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: CtePreviewRequest,
    explain: bool | Unset = False,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    params: dict[str, Any] = {}

    params["explain"] = explain


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/cte/preview",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeFamilyPreview | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeFamilyPreview.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeFamilyPreview | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CtePreviewRequest,
    explain: bool | Unset = False,

) -> Response[EnvelopeFamilyPreview | ErrorEnvelope]:
    """ Decide and validate without issuing: no number, charge or sending.

    Args:
        explain (bool | Unset):  Default: False.
        body (CtePreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeFamilyPreview | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,
explain=explain,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: CtePreviewRequest,
    explain: bool | Unset = False,

) -> EnvelopeFamilyPreview | ErrorEnvelope | None:
    """ Decide and validate without issuing: no number, charge or sending.

    Args:
        explain (bool | Unset):  Default: False.
        body (CtePreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeFamilyPreview | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
body=body,
explain=explain,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: CtePreviewRequest,
    explain: bool | Unset = False,

) -> Response[EnvelopeFamilyPreview | ErrorEnvelope]:
    """ Decide and validate without issuing: no number, charge or sending.

    Args:
        explain (bool | Unset):  Default: False.
        body (CtePreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeFamilyPreview | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,
explain=explain,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: CtePreviewRequest,
    explain: bool | Unset = False,

) -> EnvelopeFamilyPreview | ErrorEnvelope | None:
    """ Decide and validate without issuing: no number, charge or sending.

    Args:
        explain (bool | Unset):  Default: False.
        body (CtePreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeFamilyPreview | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
body=body,
explain=explain,

    )).parsed
