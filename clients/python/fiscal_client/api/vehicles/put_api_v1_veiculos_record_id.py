from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_vehicle_answer import EnvelopeVehicleAnswer
from ...models.error_envelope import ErrorEnvelope
from ...models.vehicle_update_parcial import VehicleUpdateParcial
from typing import cast



def _get_kwargs(
    record_id: str,
    *,
    body: VehicleUpdateParcial,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/veiculos/{record_id}".format(record_id=quote(str(record_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeVehicleAnswer | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeVehicleAnswer.from_dict(response.json())



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

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeVehicleAnswer | ErrorEnvelope]:
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
    body: VehicleUpdateParcial,

) -> Response[EnvelopeVehicleAnswer | ErrorEnvelope]:
    """ Partial update; the merged record is validated as a whole.

    Args:
        record_id (str):
        body (VehicleUpdateParcial):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeVehicleAnswer | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        record_id=record_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: VehicleUpdateParcial,

) -> EnvelopeVehicleAnswer | ErrorEnvelope | None:
    """ Partial update; the merged record is validated as a whole.

    Args:
        record_id (str):
        body (VehicleUpdateParcial):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeVehicleAnswer | ErrorEnvelope
     """


    return sync_detailed(
        record_id=record_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: VehicleUpdateParcial,

) -> Response[EnvelopeVehicleAnswer | ErrorEnvelope]:
    """ Partial update; the merged record is validated as a whole.

    Args:
        record_id (str):
        body (VehicleUpdateParcial):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeVehicleAnswer | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        record_id=record_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    record_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: VehicleUpdateParcial,

) -> EnvelopeVehicleAnswer | ErrorEnvelope | None:
    """ Partial update; the merged record is validated as a whole.

    Args:
        record_id (str):
        body (VehicleUpdateParcial):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeVehicleAnswer | ErrorEnvelope
     """


    return (await asyncio_detailed(
        record_id=record_id,
client=client,
body=body,

    )).parsed
