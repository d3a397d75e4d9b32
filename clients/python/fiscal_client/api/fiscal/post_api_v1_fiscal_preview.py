from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_preview import EnvelopePreview
from ...models.error_envelope import ErrorEnvelope
from ...models.preview_request import PreviewRequest
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: PreviewRequest,
    explain: bool | Unset = False,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    params: dict[str, Any] = {}

    params["explain"] = explain


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/fiscal/preview",
        "params": params,
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopePreview | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopePreview.from_dict(response.json())



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

    if response.status_code == 501:
        response_501 = ErrorEnvelope.from_dict(response.json())



        return response_501

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopePreview | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PreviewRequest,
    explain: bool | Unset = False,

) -> Response[EnvelopePreview | ErrorEnvelope]:
    """ NF-e/NFC-e decided, built, signed and checked against the XSD without issuing.

     No number is taken, nothing is charged or transmitted. Missing configuration
    (certificate included) is 422 `FISCAL_CONFIGURATION_REQUIRED`; a result that needs
    review or an XML outside the layout answers `ready_to_issue` false.

    Args:
        explain (bool | Unset):  Default: False.
        body (PreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopePreview | ErrorEnvelope]
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
    body: PreviewRequest,
    explain: bool | Unset = False,

) -> EnvelopePreview | ErrorEnvelope | None:
    """ NF-e/NFC-e decided, built, signed and checked against the XSD without issuing.

     No number is taken, nothing is charged or transmitted. Missing configuration
    (certificate included) is 422 `FISCAL_CONFIGURATION_REQUIRED`; a result that needs
    review or an XML outside the layout answers `ready_to_issue` false.

    Args:
        explain (bool | Unset):  Default: False.
        body (PreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopePreview | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
body=body,
explain=explain,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PreviewRequest,
    explain: bool | Unset = False,

) -> Response[EnvelopePreview | ErrorEnvelope]:
    """ NF-e/NFC-e decided, built, signed and checked against the XSD without issuing.

     No number is taken, nothing is charged or transmitted. Missing configuration
    (certificate included) is 422 `FISCAL_CONFIGURATION_REQUIRED`; a result that needs
    review or an XML outside the layout answers `ready_to_issue` false.

    Args:
        explain (bool | Unset):  Default: False.
        body (PreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopePreview | ErrorEnvelope]
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
    body: PreviewRequest,
    explain: bool | Unset = False,

) -> EnvelopePreview | ErrorEnvelope | None:
    """ NF-e/NFC-e decided, built, signed and checked against the XSD without issuing.

     No number is taken, nothing is charged or transmitted. Missing configuration
    (certificate included) is 422 `FISCAL_CONFIGURATION_REQUIRED`; a result that needs
    review or an XML outside the layout answers `ready_to_issue` false.

    Args:
        explain (bool | Unset):  Default: False.
        body (PreviewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopePreview | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
body=body,
explain=explain,

    )).parsed
