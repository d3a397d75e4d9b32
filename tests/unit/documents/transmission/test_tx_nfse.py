"""National NFS-e REST client against a real mTLS server answering with Sefin JSON fixtures."""

from __future__ import annotations

import base64
import gzip
import json

import pytest

from documents.transmission.endpoints import Environment
from documents.transmission.nfse import NfseAuthorized, NfseClient, NfseDps, NfseEvent, NfseRejected
from documents.transmission.outcome import NotFound, Uncertain, UncertainReason
from documents.transmission.tls import client_context

from .conftest import AuthorityServer, Pki, answer, settings_for

KEY = "35016082026022700000000000000000000000000000000001"
DPS_ID = "DPS" + "3" * 42
DPS = b'<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"/>'


@pytest.fixture
def client(authority: AuthorityServer, pki: Pki) -> NfseClient:
    settings = settings_for(authority.url, pki)
    context = client_context(pki.client, ca_bundle=settings.ca_bundle)
    return NfseClient(settings, context, Environment.HOMOLOGATION)


def test_issue_posts_compressed_dps_and_returns_the_nfse(
    authority: AuthorityServer, client: NfseClient
) -> None:
    authority.answer(answer("emitir_sucesso.json"), status=201)
    outcome = client.issue(DPS)
    assert isinstance(outcome, NfseAuthorized)
    assert outcome.chaveAcesso == KEY
    assert b"<NFSe" in outcome.nfse_xml
    request = authority.requests[0]
    assert request.path == "/sefin.producaorestrita.nfse.gov.br/SefinNacional/nfse"
    sent = json.loads(request.body)["dpsXmlGZipB64"]
    assert gzip.decompress(base64.b64decode(sent)) == DPS
    assert request.client_subject.startswith("EMPRESA TESTE")


def test_rejection_with_erros_list(authority: AuthorityServer, client: NfseClient) -> None:
    authority.answer(answer("emitir_rejeicao.json"), status=400)
    outcome = client.issue(DPS)
    assert isinstance(outcome, NfseRejected)
    assert (outcome.http_status, outcome.errors[0].codigo) == (400, "E001")
    assert not outcome.is_duplicate


def test_production_erro_as_list(authority: AuthorityServer, client: NfseClient) -> None:
    authority.answer(answer("cancelar_rejeicao_erro_lista.json"), status=400)
    outcome = client.register_event(KEY, b"<pedRegEvento/>")
    assert isinstance(outcome, NfseRejected)
    assert outcome.errors[0].codigo == "E0822"
    assert authority.requests[0].path.endswith(f"/nfse/{KEY}/eventos")


def test_event_registered(authority: AuthorityServer, client: NfseClient) -> None:
    authority.answer(answer("cancelar_sucesso.json"), status=201)
    outcome = client.register_event(KEY, b"<pedRegEvento/>")
    assert isinstance(outcome, NfseEvent)
    assert b"evento" in outcome.event_xml


def test_dps_lookup_found_and_missing(authority: AuthorityServer, client: NfseClient) -> None:
    authority.answer(answer("consultar_dps.json"))
    authority.answer(b'{"tipoAmbiente":2,"versaoAplicativo":"1","dataHoraProcessamento":"x"}', 404)
    found, missing = client.dps(DPS_ID), client.dps(DPS_ID)
    assert isinstance(found, NfseDps)
    assert found.chaveAcesso == KEY
    assert isinstance(missing, NotFound)
    assert authority.requests[0].path.endswith(f"/dps/{DPS_ID}")


def test_server_error_and_gzip_bomb_are_uncertain(
    authority: AuthorityServer, client: NfseClient
) -> None:
    authority.answer(b"{}", status=502)
    bomb = base64.b64encode(gzip.compress(b"\0" * 5_000_000)).decode()
    authority.answer(json.dumps({"chaveAcesso": KEY, "nfseXmlGZipB64": bomb}).encode())
    first, second = client.nfse(KEY), client.nfse(KEY)
    assert isinstance(first, Uncertain)
    assert first.reason is UncertainReason.HTTP_STATUS
    assert isinstance(second, Uncertain)
    assert second.reason is UncertainReason.UNREADABLE_ANSWER


def test_capitalized_error_members_are_read(authority: AuthorityServer, client: NfseClient) -> None:
    """SefinNacional 1.6.0 answers seen in public SDK fixtures spell `Codigo`/`Descricao`."""
    body = {"erros": [{"Codigo": "E0014", "Descricao": "DPS já utilizada", "Complemento": None}]}
    authority.answer(json.dumps(body).encode(), status=400)
    outcome = client.issue(DPS)
    assert isinstance(outcome, NfseRejected)
    assert outcome.errors[0].descricao == "DPS já utilizada"
    assert outcome.is_duplicate


def test_throttling_is_not_a_verdict(authority: AuthorityServer, client: NfseClient) -> None:
    authority.answer(b'{"erro": {"codigo": "429", "descricao": "Too many"}}', status=429)
    outcome = client.issue(DPS)
    assert isinstance(outcome, Uncertain)
    assert outcome.reason is UncertainReason.HTTP_STATUS
