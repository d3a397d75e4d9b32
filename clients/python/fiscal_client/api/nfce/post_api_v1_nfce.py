from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_document import EnvelopeDocument
from ...models.envelope_task import EnvelopeTask
from ...models.error_envelope import ErrorEnvelope
from ...models.issue_request import IssueRequest
from typing import cast



def _get_kwargs(
    *,
    body: IssueRequest,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/nfce",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeDocument.from_dict(response.json())



        return response_200

    if response.status_code == 202:
        def _parse_response_202(data: object) -> EnvelopeTask | ErrorEnvelope:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_202_type_0 = ErrorEnvelope.from_dict(data)



                return response_202_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_202_type_1 = EnvelopeTask.from_dict(data)



            return response_202_type_1

        response_202 = _parse_response_202(response.json())

        return response_202

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 402:
        response_402 = ErrorEnvelope.from_dict(response.json())



        return response_402

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: IssueRequest,

) -> Response[EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope]:
    """ Issue: 200 authorized, 422 rejected, 202 `SEFAZ_UNAVAILABLE` when uncertain;
    with `Prefer: respond-async`, 202 with the queued task (`solicitacao_id`).

    Args:
        body (IssueRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    body: IssueRequest,

) -> EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope | None:
    """ Issue: 200 authorized, 422 rejected, 202 `SEFAZ_UNAVAILABLE` when uncertain;
    with `Prefer: respond-async`, 202 with the queued task (`solicitacao_id`).

    Args:
        body (IssueRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: IssueRequest,

) -> Response[EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope]:
    """ Issue: 200 authorized, 422 rejected, 202 `SEFAZ_UNAVAILABLE` when uncertain;
    with `Prefer: respond-async`, 202 with the queued task (`solicitacao_id`).

    Args:
        body (IssueRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: IssueRequest,

) -> EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope | None:
    """ Issue: 200 authorized, 422 rejected, 202 `SEFAZ_UNAVAILABLE` when uncertain;
    with `Prefer: respond-async`, 202 with the queued task (`solicitacao_id`).

    Args:
        body (IssueRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeDocument | EnvelopeTask | ErrorEnvelope | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
