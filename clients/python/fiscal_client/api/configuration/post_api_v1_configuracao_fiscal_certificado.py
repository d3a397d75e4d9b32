from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.certificate_form import CertificateForm
from ...models.certificate_upload import CertificateUpload
from ...models.envelope_certificate_answer import EnvelopeCertificateAnswer
from ...models.error_envelope import ErrorEnvelope
from typing import cast



def _get_kwargs(
    *,
    body:    CertificateUpload  |     CertificateForm  | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/configuracao-fiscal/certificado",
    }

    if isinstance(body, CertificateUpload):
        _kwargs["json"] = body.to_dict()

        headers["Content-Type"] = "application/json"
    if isinstance(body, CertificateForm):
        _kwargs["files"] = body.to_multipart()

        headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeCertificateAnswer | ErrorEnvelope:
    if response.status_code == 201:
        response_201 = EnvelopeCertificateAnswer.from_dict(response.json())



        return response_201

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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeCertificateAnswer | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body:    CertificateUpload  |     CertificateForm  | Unset = UNSET,

) -> Response[EnvelopeCertificateAnswer | ErrorEnvelope]:
    """ Validate and store an A1; the password is sealed and never returned or logged.

    Args:
        body (CertificateUpload):
        body (CertificateForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeCertificateAnswer | ErrorEnvelope]
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
    body:    CertificateUpload  |     CertificateForm  | Unset = UNSET,

) -> EnvelopeCertificateAnswer | ErrorEnvelope | None:
    """ Validate and store an A1; the password is sealed and never returned or logged.

    Args:
        body (CertificateUpload):
        body (CertificateForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeCertificateAnswer | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body:    CertificateUpload  |     CertificateForm  | Unset = UNSET,

) -> Response[EnvelopeCertificateAnswer | ErrorEnvelope]:
    """ Validate and store an A1; the password is sealed and never returned or logged.

    Args:
        body (CertificateUpload):
        body (CertificateForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeCertificateAnswer | ErrorEnvelope]
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
    body:    CertificateUpload  |     CertificateForm  | Unset = UNSET,

) -> EnvelopeCertificateAnswer | ErrorEnvelope | None:
    """ Validate and store an A1; the password is sealed and never returned or logged.

    Args:
        body (CertificateUpload):
        body (CertificateForm):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeCertificateAnswer | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
