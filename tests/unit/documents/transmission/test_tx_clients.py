"""Every authority client behind one interface, answering the outcome types of `outcome.py`."""

from __future__ import annotations

import json

import pytest

from documents.transmission.clients import AuthorityClient, NfeAuthority, NfseAuthority
from documents.transmission.cte import CteClient
from documents.transmission.endpoints import Environment
from documents.transmission.mdfe import MdfeClient
from documents.transmission.nfe import NfeClient
from documents.transmission.nfse import NfseClient
from documents.transmission.outcome import Authorized, NotFound, Rejected, Uncertain
from documents.transmission.tls import client_context

from .conftest import AuthorityServer, Pki, answer, settings_for

KEY = "35016082026022700000000000000000000000000000000001"
DPS_ID = "DPS" + "3" * 42
DPS = b'<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.01"/>'


@pytest.fixture
def nfse(authority: AuthorityServer, pki: Pki) -> NfseAuthority:
    settings = settings_for(authority.url, pki)
    context = client_context(pki.client, ca_bundle=settings.ca_bundle)
    return NfseAuthority(NfseClient(settings, context, Environment.HOMOLOGATION))


def test_every_family_client_offers_the_lifecycle_interface() -> None:
    for client_class in (CteClient, MdfeClient, NfeAuthority, NfseAuthority):
        for method in ("deliver", "look_up", "register_event"):
            assert callable(getattr(client_class, method)), (client_class, method)
    assert not hasattr(NfeClient, "look_up")  # NF-e goes through its adapter (receipt polling)
    assert issubclass(NfseAuthority, AuthorityClient)


def test_a_generated_nfse_is_authorized_with_its_50_position_key(
    authority: AuthorityServer, nfse: NfseAuthority
) -> None:
    authority.answer(answer("emitir_sucesso.json"), status=201)
    outcome = nfse.deliver(DPS)
    assert isinstance(outcome, Authorized)
    assert (outcome.chave, outcome.nProt, outcome.cStat) == (KEY, KEY, "100")
    assert b"<NFSe" in outcome.protocol_xml


def test_national_refusals_are_rejections_with_every_e_code(
    authority: AuthorityServer, nfse: NfseAuthority
) -> None:
    body = {"erros": [{"Codigo": "E0014", "Descricao": "DPS já utilizada"},
                      {"codigo": "E0300", "descricao": "Outro"}]}  # fmt: skip
    authority.answer(json.dumps(body).encode(), status=400)
    outcome = nfse.deliver(DPS)
    assert isinstance(outcome, Rejected)
    assert outcome.cStat == "E0014"
    assert outcome.messages == (("E0014", "DPS já utilizada"), ("E0300", "Outro"))
    assert outcome.is_duplicate  # resolved by looking the DPS up, never as a rejection


def test_look_up_by_dps_follows_to_the_nfse(authority: AuthorityServer, nfse: NfseAuthority):
    authority.answer(answer("consultar_dps.json"))
    authority.answer(answer("emitir_sucesso.json"))
    outcome = nfse.look_up(DPS_ID)
    assert isinstance(outcome, Authorized)
    assert outcome.chave == KEY
    paths = [r.path for r in authority.requests]
    assert paths[0].endswith(f"/dps/{DPS_ID}") and paths[1].endswith(f"/nfse/{KEY}")


def test_a_dps_the_system_does_not_know_is_not_found(
    authority: AuthorityServer, nfse: NfseAuthority
) -> None:
    authority.answer(b'{"tipoAmbiente":2}', 404)
    authority.answer(b"{}", 503)
    assert isinstance(nfse.look_up(DPS_ID), NotFound)
    assert isinstance(nfse.look_up(DPS_ID), Uncertain)


def test_a_registered_nfse_event_is_authorized(
    authority: AuthorityServer, nfse: NfseAuthority
) -> None:
    authority.answer(answer("cancelar_sucesso.json"), status=201)
    outcome = nfse.register_event(KEY, b"<pedRegEvento/>")
    assert isinstance(outcome, Authorized)
    assert outcome.cStat == "135" and b"evento" in outcome.protocol_xml
