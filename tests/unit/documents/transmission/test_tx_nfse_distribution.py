"""The ADN's distribution to the taxpayer (`NfseClient.distribution`) against a real mTLS server:
the URL and query, a batch with an NFS-e and a cancellation, an item that will not unpack, and
404 as nothing new."""

from __future__ import annotations

import base64
import gzip
import json

import pytest

from documents.transmission.endpoints import Environment
from documents.transmission.errors import RequestBuildError
from documents.transmission.nfse import AdnBatch, NfseClient
from documents.transmission.outcome import NotFound
from documents.transmission.tls import client_context

from .conftest import AuthorityServer, Pki, settings_for

KEY = "35016082026022700000000000000000000000000000000001"
CNPJ = "12345678000195"
NFSE = b'<NFSe xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"/>'


@pytest.fixture
def client(authority: AuthorityServer, pki: Pki) -> NfseClient:
    settings = settings_for(authority.url, pki)
    context = client_context(pki.client, ca_bundle=settings.ca_bundle)
    return NfseClient(settings, context, Environment.HOMOLOGATION)


def _item(nsu: int, tipo: str, xml: str, event: str | None = None) -> dict[str, object]:
    return {"NSU": nsu, "ChaveAcesso": KEY, "TipoDocumento": tipo, "TipoEvento": event,
            "ArquivoXml": xml, "DataHoraGeracao": "2026-11-28T01:00:00-03:00"}  # fmt: skip


def _body(status: str, items: list[dict[str, object]]) -> bytes:
    return json.dumps({"StatusProcessamento": status, "LoteDFe": items, "Alertas": [],
                       "Erros": [], "TipoAmbiente": "HOMOLOGACAO"}).encode()  # fmt: skip


def test_a_batch_of_documents_from_the_nsu_asked(
    authority: AuthorityServer, client: NfseClient
) -> None:
    packed = base64.b64encode(gzip.compress(NFSE)).decode()
    authority.answer(_body("DOCUMENTOS_LOCALIZADOS", [
        _item(7, "NFSE", packed), _item(8, "EVENTO", packed, "CANCELAMENTO"),
        _item(9, "NFSE", "not base64!"),
    ]))  # fmt: skip
    outcome = client.distribution(7, CNPJ)
    assert isinstance(outcome, AdnBatch)
    assert [(d.nsu, d.tipo, d.tipo_evento) for d in outcome.documents] == [
        (7, "NFSE", None), (8, "EVENTO", "CANCELAMENTO"), (9, "NFSE", None)]  # fmt: skip
    assert outcome.documents[0].xml == NFSE and outcome.documents[0].problem is None
    assert outcome.documents[2].problem and outcome.documents[2].xml == b""
    assert outcome.last_nsu == 9
    path = authority.requests[0].path
    assert path == (f"/adn.producaorestrita.nfse.gov.br/contribuintes/DFe/7"
                    f"?cnpjConsulta={CNPJ}&lote=true")  # fmt: skip


def test_nothing_new_is_not_found(authority: AuthorityServer, client: NfseClient) -> None:
    authority.answer(_body("NENHUM_DOCUMENTO_LOCALIZADO", []), status=404)
    assert isinstance(client.distribution(1, CNPJ), NotFound)


def test_the_request_is_checked_before_it_is_sent(client: NfseClient) -> None:
    with pytest.raises(RequestBuildError):
        client.distribution(1, "12.345.678/0001-95")
    with pytest.raises(RequestBuildError):
        client.distribution(-1, CNPJ)
