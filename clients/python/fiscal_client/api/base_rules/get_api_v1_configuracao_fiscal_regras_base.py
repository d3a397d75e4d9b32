from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_base_rule_list import EnvelopeBaseRuleList
from ...models.error_envelope import ErrorEnvelope
from ...models.get_api_v1_configuracao_fiscal_regras_base_camada import GetApiV1ConfiguracaoFiscalRegrasBaseCamada
from ...models.get_api_v1_configuracao_fiscal_regras_base_origem import GetApiV1ConfiguracaoFiscalRegrasBaseOrigem
from ...models.get_api_v1_configuracao_fiscal_regras_base_tipo import GetApiV1ConfiguracaoFiscalRegrasBaseTipo
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    tipo: GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    camada: GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset = UNSET,
    origem: GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_tipo: str | Unset = UNSET
    if not isinstance(tipo, Unset):
        json_tipo = tipo.value

    params["tipo"] = json_tipo

    params["empresa"] = empresa

    params["empresa_id"] = empresa_id

    json_camada: str | Unset = UNSET
    if not isinstance(camada, Unset):
        json_camada = camada.value

    params["camada"] = json_camada

    json_origem: str | Unset = UNSET
    if not isinstance(origem, Unset):
        json_origem = origem.value

    params["origem"] = json_origem


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/configuracao-fiscal/regras-base",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeBaseRuleList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeBaseRuleList.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = ErrorEnvelope.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())



        return response_403

    if response.status_code == 422:
        response_422 = ErrorEnvelope.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())



        return response_429

    response_default = ErrorEnvelope.from_dict(response.json())



    return response_default



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeBaseRuleList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    tipo: GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    camada: GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset = UNSET,
    origem: GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset = UNSET,

) -> Response[EnvelopeBaseRuleList | ErrorEnvelope]:
    """ The company's rules and the read-only rules of the layers below (its platform packs,
    the global packs). `camada` picks a layer; `origem` pacote | api the company rules
    published from its pack or written here (`origem` empresa | global, as before, is the
    same as `camada`).

    Args:
        tipo (GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        camada (GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset):
        origem (GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeBaseRuleList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        tipo=tipo,
empresa=empresa,
empresa_id=empresa_id,
camada=camada,
origem=origem,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    tipo: GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    camada: GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset = UNSET,
    origem: GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset = UNSET,

) -> EnvelopeBaseRuleList | ErrorEnvelope | None:
    """ The company's rules and the read-only rules of the layers below (its platform packs,
    the global packs). `camada` picks a layer; `origem` pacote | api the company rules
    published from its pack or written here (`origem` empresa | global, as before, is the
    same as `camada`).

    Args:
        tipo (GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        camada (GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset):
        origem (GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeBaseRuleList | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
tipo=tipo,
empresa=empresa,
empresa_id=empresa_id,
camada=camada,
origem=origem,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    tipo: GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    camada: GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset = UNSET,
    origem: GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset = UNSET,

) -> Response[EnvelopeBaseRuleList | ErrorEnvelope]:
    """ The company's rules and the read-only rules of the layers below (its platform packs,
    the global packs). `camada` picks a layer; `origem` pacote | api the company rules
    published from its pack or written here (`origem` empresa | global, as before, is the
    same as `camada`).

    Args:
        tipo (GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        camada (GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset):
        origem (GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeBaseRuleList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        tipo=tipo,
empresa=empresa,
empresa_id=empresa_id,
camada=camada,
origem=origem,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    tipo: GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset = UNSET,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    camada: GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset = UNSET,
    origem: GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset = UNSET,

) -> EnvelopeBaseRuleList | ErrorEnvelope | None:
    """ The company's rules and the read-only rules of the layers below (its platform packs,
    the global packs). `camada` picks a layer; `origem` pacote | api the company rules
    published from its pack or written here (`origem` empresa | global, as before, is the
    same as `camada`).

    Args:
        tipo (GetApiV1ConfiguracaoFiscalRegrasBaseTipo | Unset):
        empresa (str | Unset):
        empresa_id (str | Unset):
        camada (GetApiV1ConfiguracaoFiscalRegrasBaseCamada | Unset):
        origem (GetApiV1ConfiguracaoFiscalRegrasBaseOrigem | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeBaseRuleList | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
tipo=tipo,
empresa=empresa,
empresa_id=empresa_id,
camada=camada,
origem=origem,

    )).parsed
