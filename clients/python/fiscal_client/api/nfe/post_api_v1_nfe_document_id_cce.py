from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.correction_request import CorrectionRequest
from ...models.envelope_registered_event import EnvelopeRegisteredEvent
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    document_id: str,
    *,
    body: CorrectionRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/nfe/{document_id}/cce".format(document_id=quote(str(document_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeRegisteredEvent | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeRegisteredEvent.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        response_202 = ErrorEnvelope.from_dict(response.json())



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

    if response.status_code == 502:
        response_502 = ErrorEnvelope.from_dict(response.json())



        return response_502

    if response.status_code == 503:
        response_503 = ErrorEnvelope.from_dict(response.json())



        return response_503

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeRegisteredEvent | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    document_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectionRequest,

) -> Response[EnvelopeRegisteredEvent | ErrorEnvelope]:
    """ Register the next correction letter (event 110110, `sequencia` 1..20).

    Args:
        document_id (str):
        body (CorrectionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeRegisteredEvent | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        document_id=document_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    document_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectionRequest,

) -> EnvelopeRegisteredEvent | ErrorEnvelope | None:
    """ Register the next correction letter (event 110110, `sequencia` 1..20).

    Args:
        document_id (str):
        body (CorrectionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeRegisteredEvent | ErrorEnvelope
     """


    return sync_detailed(
        document_id=document_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    document_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectionRequest,

) -> Response[EnvelopeRegisteredEvent | ErrorEnvelope]:
    """ Register the next correction letter (event 110110, `sequencia` 1..20).

    Args:
        document_id (str):
        body (CorrectionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeRegisteredEvent | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        document_id=document_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    document_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: CorrectionRequest,

) -> EnvelopeRegisteredEvent | ErrorEnvelope | None:
    """ Register the next correction letter (event 110110, `sequencia` 1..20).

    Args:
        document_id (str):
        body (CorrectionRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeRegisteredEvent | ErrorEnvelope
     """


    return (await asyncio_detailed(
        document_id=document_id,
client=client,
body=body,

    )).parsed
