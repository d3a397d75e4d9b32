"""Contingency routes: the EPEC goes to the Ambiente Nacional whatever the UF (and a 142 keeps
its pending keys), the CT-e SVCs answer at SVRS's (tpEmis 7) and SVSP's (8) URLs."""

from __future__ import annotations

import pytest
from lxml import etree

from documents.transmission import services as svc
from documents.transmission.endpoints import Environment, real_url
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, Rejected
from documents.transmission.transport import Route, SoapTransport

from .conftest import AuthorityServer

HOM, PROD = Environment.HOMOLOGATION, Environment.PRODUCTION
KEY = "35260111222333000181550010000003014123456780"
PENDING = ("35260111222333000181550010000002994123456781",
           "35260111222333000181550010000003004123456782")  # fmt: skip
EVENT = (
    b'<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">'
    b'<infEvento Id="ID110140' + KEY.encode() + b'01"/></evento>'
)


def _answer(cstat: str, xmotivo: str, extra: str = "") -> bytes:
    return (
        '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>'
        '<nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4">'
        '<retEnvEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">'
        "<idLote>9</idLote><tpAmb>2</tpAmb><verAplic>AN_1.0</verAplic><cOrgao>91</cOrgao>"
        "<cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>"
        '<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>AN_1.0</verAplic>'
        f"<cOrgao>91</cOrgao><cStat>{cstat}</cStat><xMotivo>{xmotivo}</xMotivo>"
        f"<chNFe>{KEY}</chNFe>{extra}</infEvento></retEvento></retEnvEvento>"
        "</nfeResultMsg></soap:Body></soap:Envelope>"
    ).encode()


def test_epec_goes_to_the_ambiente_nacional_and_136_is_authorized(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    registered = (
        "<tpEvento>110140</tpEvento><xEvento>EPEC autorizado</xEvento><nSeqEvento>1</nSeqEvento>"
        "<cOrgaoAutor>35</cOrgaoAutor><dhRegEvento>2026-01-15T10:02:05-03:00</dhRegEvento>"
        "<nProt>891260000000001</nProt>"
    )
    authority.answer(_answer("136", "Evento registrado, mas nao vinculado a NF-e", registered))
    client = NfeClient(transport, Route("SP", HOM, model="55", tp_emis="4"))
    outcome = client.send_epec(EVENT, batch_id="9")
    assert isinstance(outcome, Authorized)
    assert (outcome.cStat, outcome.nProt, outcome.chave) == ("136", "891260000000001", KEY)
    assert outcome.dhRecbto == "2026-01-15T10:02:05-03:00"
    (request,) = authority.requests
    assert request.path == "/hom1.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"
    lot = etree.fromstring(request.body).find(".//{http://www.portalfiscal.inf.br/nfe}envEvento")
    assert lot is not None and EVENT in request.body


def test_a_blocked_epec_keeps_its_pending_keys(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    pending = "".join(f"<chNFePend>{key}</chNFePend>" for key in PENDING)
    reason = "Rejeicao: Ambiente de Contingencia EPEC bloqueado para o Emitente"
    authority.answer(_answer("142", reason, "<dhRegEvento>2026-01-15T10:02:05-03:00</dhRegEvento>"
                             + pending))  # fmt: skip
    outcome = NfeClient(transport, Route("RS", HOM)).send_epec(EVENT, batch_id="9")
    assert isinstance(outcome, Rejected)
    assert (outcome.cStat, outcome.pending_keys) == ("142", PENDING)


def test_other_event_routes_are_unchanged(transport: SoapTransport) -> None:
    assert transport.url_for(svc.NFE_EVENT, Route("SP", HOM)).endswith(
        "/homologacao.nfe.fazenda.sp.gov.br/ws/nferecepcaoevento4.asmx"
    )
    assert transport.url_for(svc.NFE_EVENT, Route("SP", PROD, authority="AN")).endswith(
        "/www.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"
    )


@pytest.mark.parametrize(
    ("uf", "tp_emis", "host"),
    [
        ("SP", "1", "homologacao.nfe.fazenda.sp.gov.br"),  # SP's own authoriser
        ("SP", "7", "cte-homologacao.svrs.rs.gov.br"),  # SVC-RS at SVRS's URLs
        ("SC", "1", "cte-homologacao.svrs.rs.gov.br"),  # SVRS, normally
        ("SC", "8", "homologacao.nfe.fazenda.sp.gov.br"),  # SVC-SP at SVSP's (= SP's) URLs
        ("SC", "2", "cte-homologacao.svrs.rs.gov.br"),  # offline: transmitted to the UF's own
    ],
)
def test_cte_svc_routes(uf: str, tp_emis: str, host: str) -> None:
    url = real_url(svc.CTE_RECEPTION, uf, HOM, model="57", tp_emis=tp_emis)
    assert url.split("/")[2] == host
