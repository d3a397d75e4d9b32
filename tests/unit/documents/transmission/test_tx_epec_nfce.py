"""The EPEC of an NFC-e (model 65 in the event's key) goes to SEFAZ-SP's own EPEC service
(RecepcaoEPEC, NT 2015.003; URLs and SOAP namespace as sped-nfe sends them), not to the AN; the
NF-e's still goes to the AN; an NFC-e EPEC outside SP has no endpoint."""

from __future__ import annotations

import pytest
from lxml import etree

from documents.transmission import services as svc
from documents.transmission.endpoints import Environment, real_url
from documents.transmission.errors import EndpointNotFoundError
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, Rejected
from documents.transmission.transport import Route, SoapTransport

from .conftest import AuthorityServer

HOM, PROD = Environment.HOMOLOGATION, Environment.PRODUCTION
NFCE_KEY = "35260111222333000181650010000003014123456780"
NFE_KEY = "35260111222333000181550010000003014123456780"
NS = "http://www.portalfiscal.inf.br/nfe/wsdl/RecepcaoEvento"


def _event(key: str) -> bytes:
    return (
        b'<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">'
        b'<infEvento Id="ID110140' + key.encode() + b'01"/></evento>'
    )


def _answer(cstat: str, xmotivo: str, extra: str = "") -> bytes:
    return (
        '<soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>'
        f'<nfeResultMsg xmlns="{NS}">'
        '<retEnvEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">'
        "<idLote>9</idLote><tpAmb>2</tpAmb><verAplic>SP_EPEC</verAplic><cOrgao>35</cOrgao>"
        "<cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>"
        '<retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SP_EPEC</verAplic>'
        f"<cOrgao>35</cOrgao><cStat>{cstat}</cStat><xMotivo>{xmotivo}</xMotivo>"
        f"<chNFe>{NFCE_KEY}</chNFe>{extra}</infEvento></retEvento></retEnvEvento>"
        "</nfeResultMsg></soap:Body></soap:Envelope>"
    ).encode()


def test_sp_epec_urls_come_from_the_supplement() -> None:
    assert real_url(svc.NFCE_EPEC, "SP", HOM, model="65", tp_emis="4") == (
        "https://homologacao.nfce.epec.fazenda.sp.gov.br/EPECws/RecepcaoEPEC.asmx"
    )
    assert real_url(svc.NFCE_EPEC, "35", PROD, model="65") == (
        "https://nfce.epec.fazenda.sp.gov.br/EPECws/RecepcaoEPEC.asmx"
    )
    with pytest.raises(EndpointNotFoundError):
        real_url(svc.NFCE_EPEC, "RS", HOM, model="65")


def test_an_nfce_epec_goes_to_sp_s_epec_service(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    registered = (
        "<tpEvento>110140</tpEvento><xEvento>EPEC autorizado</xEvento><nSeqEvento>1</nSeqEvento>"
        "<cOrgaoAutor>35</cOrgaoAutor><dhRegEvento>2026-01-15T10:02:05-03:00</dhRegEvento>"
        "<nProt>135260000000001</nProt>"
    )
    authority.answer(_answer("136", "Evento registrado, mas nao vinculado a NFC-e", registered))
    client = NfeClient(transport, Route("SP", HOM, model="65", tp_emis="4"))
    outcome = client.send_epec(_event(NFCE_KEY), batch_id="9")
    assert isinstance(outcome, Authorized)
    assert (outcome.cStat, outcome.nProt, outcome.chave) == ("136", "135260000000001", NFCE_KEY)
    (request,) = authority.requests
    assert request.path == "/homologacao.nfce.epec.fazenda.sp.gov.br/EPECws/RecepcaoEPEC.asmx"
    assert f'action="{NS}/nfeRecepcaoEvento"' in request.headers["Content-Type"]
    body = etree.fromstring(request.body)
    dados = body.find(f".//{{{NS}}}nfeDadosMsg")
    assert dados is not None and dados[0].tag == "{http://www.portalfiscal.inf.br/nfe}envEvento"
    assert body.find(".//{*}nfeCabecMsg") is None


def test_the_model_comes_from_the_event_key_whatever_the_route(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    """A client built for the company's NF-e still sends an NFC-e's EPEC to SP, and the reverse."""
    reason = "Rejeicao: Ambiente de Contingencia EPEC bloqueado para o Emitente"
    pending = f"<chNFePend>{NFCE_KEY}</chNFePend>"
    authority.answer(_answer("142", reason, pending))
    authority.answer(_answer("136", "Evento registrado, mas nao vinculado a NF-e"))
    outcome = NfeClient(transport, Route("SP", HOM)).send_epec(_event(NFCE_KEY), batch_id="9")
    assert isinstance(outcome, Rejected) and outcome.pending_keys == (NFCE_KEY,)
    nfce_client = NfeClient(transport, Route("SP", HOM, model="65", tp_emis="4"))
    nfce_client.send_epec(_event(NFE_KEY), batch_id="10")
    first, second = authority.requests
    assert first.path.startswith("/homologacao.nfce.epec.fazenda.sp.gov.br/")
    assert second.path == "/hom1.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"


def test_an_nfce_epec_outside_sp_has_no_endpoint(transport: SoapTransport) -> None:
    client = NfeClient(transport, Route("RS", HOM, model="65", tp_emis="4"))
    with pytest.raises(EndpointNotFoundError):
        client.send_epec(_event(NFCE_KEY.replace("35", "43", 1)), batch_id="9")
