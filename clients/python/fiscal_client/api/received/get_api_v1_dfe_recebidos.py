from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.envelope_received_list import EnvelopeReceivedList
from ...models.error_envelope import ErrorEnvelope
from ...models.get_api_v1_dfe_recebidos_manifestacao import GetApiV1DfeRecebidosManifestacao
from ...models.get_api_v1_dfe_recebidos_situacao import GetApiV1DfeRecebidosSituacao
from ...models.get_api_v1_dfe_recebidos_tipo import GetApiV1DfeRecebidosTipo
from ...types import UNSET, Unset
from typing import cast
import datetime



def _get_kwargs(
    *,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    emitente: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    situacao: GetApiV1DfeRecebidosSituacao | Unset = UNSET,
    manifestacao: GetApiV1DfeRecebidosManifestacao | Unset = UNSET,
    tipo: GetApiV1DfeRecebidosTipo | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["empresa"] = empresa

    params["empresa_id"] = empresa_id

    params["pagina"] = pagina

    params["por_pagina"] = por_pagina

    params["apos"] = apos

    params["emitente"] = emitente

    json_de: str | Unset = UNSET
    if not isinstance(de, Unset):
        json_de = de.isoformat()
    params["de"] = json_de

    json_ate: str | Unset = UNSET
    if not isinstance(ate, Unset):
        json_ate = ate.isoformat()
    params["ate"] = json_ate

    json_situacao: str | Unset = UNSET
    if not isinstance(situacao, Unset):
        json_situacao = situacao.value

    params["situacao"] = json_situacao

    json_manifestacao: str | Unset = UNSET
    if not isinstance(manifestacao, Unset):
        json_manifestacao = manifestacao.value

    params["manifestacao"] = json_manifestacao

    json_tipo: str | Unset = UNSET
    if not isinstance(tipo, Unset):
        json_tipo = tipo.value

    params["tipo"] = json_tipo


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/dfe/recebidos",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EnvelopeReceivedList | ErrorEnvelope:
    if response.status_code == 200:
        response_200 = EnvelopeReceivedList.from_dict(response.json())



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



def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EnvelopeReceivedList | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    emitente: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    situacao: GetApiV1DfeRecebidosSituacao | Unset = UNSET,
    manifestacao: GetApiV1DfeRecebidosManifestacao | Unset = UNSET,
    tipo: GetApiV1DfeRecebidosTipo | Unset = UNSET,

) -> Response[EnvelopeReceivedList | ErrorEnvelope]:
    """ As NF-e, os CT-e e as NFS-e emitidos para a empresa que a distribuição DF-e trouxe
    (resumo ou XML completo), da emissão mais nova; filtros `emitente`, `de`/`ate` (emissão),
    `situacao`, `manifestacao`, `tipo`.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        emitente (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        situacao (GetApiV1DfeRecebidosSituacao | Unset):
        manifestacao (GetApiV1DfeRecebidosManifestacao | Unset):
        tipo (GetApiV1DfeRecebidosTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeReceivedList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
emitente=emitente,
de=de,
ate=ate,
situacao=situacao,
manifestacao=manifestacao,
tipo=tipo,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    emitente: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    situacao: GetApiV1DfeRecebidosSituacao | Unset = UNSET,
    manifestacao: GetApiV1DfeRecebidosManifestacao | Unset = UNSET,
    tipo: GetApiV1DfeRecebidosTipo | Unset = UNSET,

) -> EnvelopeReceivedList | ErrorEnvelope | None:
    """ As NF-e, os CT-e e as NFS-e emitidos para a empresa que a distribuição DF-e trouxe
    (resumo ou XML completo), da emissão mais nova; filtros `emitente`, `de`/`ate` (emissão),
    `situacao`, `manifestacao`, `tipo`.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        emitente (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        situacao (GetApiV1DfeRecebidosSituacao | Unset):
        manifestacao (GetApiV1DfeRecebidosManifestacao | Unset):
        tipo (GetApiV1DfeRecebidosTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeReceivedList | ErrorEnvelope
     """


    return sync_detailed(
        client=client,
empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
emitente=emitente,
de=de,
ate=ate,
situacao=situacao,
manifestacao=manifestacao,
tipo=tipo,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    emitente: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    situacao: GetApiV1DfeRecebidosSituacao | Unset = UNSET,
    manifestacao: GetApiV1DfeRecebidosManifestacao | Unset = UNSET,
    tipo: GetApiV1DfeRecebidosTipo | Unset = UNSET,

) -> Response[EnvelopeReceivedList | ErrorEnvelope]:
    """ As NF-e, os CT-e e as NFS-e emitidos para a empresa que a distribuição DF-e trouxe
    (resumo ou XML completo), da emissão mais nova; filtros `emitente`, `de`/`ate` (emissão),
    `situacao`, `manifestacao`, `tipo`.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        emitente (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        situacao (GetApiV1DfeRecebidosSituacao | Unset):
        manifestacao (GetApiV1DfeRecebidosManifestacao | Unset):
        tipo (GetApiV1DfeRecebidosTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnvelopeReceivedList | ErrorEnvelope]
     """


    kwargs = _get_kwargs(
        empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
emitente=emitente,
de=de,
ate=ate,
situacao=situacao,
manifestacao=manifestacao,
tipo=tipo,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    empresa: str | Unset = UNSET,
    empresa_id: str | Unset = UNSET,
    pagina: int | Unset = 1,
    por_pagina: int | Unset = 20,
    apos: str | Unset = UNSET,
    emitente: str | Unset = UNSET,
    de: datetime.date | Unset = UNSET,
    ate: datetime.date | Unset = UNSET,
    situacao: GetApiV1DfeRecebidosSituacao | Unset = UNSET,
    manifestacao: GetApiV1DfeRecebidosManifestacao | Unset = UNSET,
    tipo: GetApiV1DfeRecebidosTipo | Unset = UNSET,

) -> EnvelopeReceivedList | ErrorEnvelope | None:
    """ As NF-e, os CT-e e as NFS-e emitidos para a empresa que a distribuição DF-e trouxe
    (resumo ou XML completo), da emissão mais nova; filtros `emitente`, `de`/`ate` (emissão),
    `situacao`, `manifestacao`, `tipo`.

    Args:
        empresa (str | Unset):
        empresa_id (str | Unset):
        pagina (int | Unset):  Default: 1.
        por_pagina (int | Unset):  Default: 20.
        apos (str | Unset):
        emitente (str | Unset):
        de (datetime.date | Unset):
        ate (datetime.date | Unset):
        situacao (GetApiV1DfeRecebidosSituacao | Unset):
        manifestacao (GetApiV1DfeRecebidosManifestacao | Unset):
        tipo (GetApiV1DfeRecebidosTipo | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnvelopeReceivedList | ErrorEnvelope
     """


    return (await asyncio_detailed(
        client=client,
empresa=empresa,
empresa_id=empresa_id,
pagina=pagina,
por_pagina=por_pagina,
apos=apos,
emitente=emitente,
de=de,
ate=ate,
situacao=situacao,
manifestacao=manifestacao,
tipo=tipo,

    )).parsed
