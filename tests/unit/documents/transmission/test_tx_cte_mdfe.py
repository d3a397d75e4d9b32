"""CT-e and MDF-e services: compressed reception, bare events, the MDF-e SOAP header."""

from __future__ import annotations

import base64
import gzip

from lxml import etree

from documents.transmission.cte import CteClient
from documents.transmission.endpoints import Environment
from documents.transmission.mdfe import MdfeClient
from documents.transmission.outcome import (
    Authorized,
    Closed,
    OpenManifest,
    OpenManifests,
    Rejected,
    ServiceStatus,
    Throttled,
)
from documents.transmission.transport import Route, SoapTransport

from .conftest import AuthorityServer, answer

SOAP12 = "http://www.w3.org/2003/05/soap-envelope"
CTE = "http://www.portalfiscal.inf.br/cte"
MDFE = "http://www.portalfiscal.inf.br/mdfe"
KEY = "31220911452823000174570010000031541000031546"
SIGNED_CTE = f'<CTe xmlns="{CTE}"><infCte Id="CTe{KEY}" versao="4.00"/></CTe>'.encode()


def soap12(wrapper: str, namespace: str, payload: bytes) -> bytes:
    """An authority answer as SEFAZ sends it: SOAP 1.2, result wrapper in the WSDL namespace."""
    body = f'<{wrapper} xmlns="{namespace}">'.encode() + payload + f"</{wrapper}>".encode()
    return (
        f'<soap:Envelope xmlns:soap="{SOAP12}"><soap:Body>'.encode()
        + body
        + (b"</soap:Body></soap:Envelope>")
    )


def ret(root: str, ns: str, fields: str) -> bytes:
    return f'<{root} xmlns="{ns}" versao="4.00"><tpAmb>2</tpAmb>{fields}</{root}>'.encode()


PROT_CTE = (
    "<cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo>"
    f'<protCTe versao="4.00"><infProt><tpAmb>2</tpAmb><chCTe>{KEY}</chCTe>'
    "<dhRecbto>2026-01-05T10:00:00-03:00</dhRecbto><nProt>143260000000001</nProt>"
    "<digVal>n37GZEJP6Fca1Je18KuobRJuyT4=</digVal><cStat>100</cStat>"
    "<xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe>"
)


def _cte(transport: SoapTransport, model: str = "57") -> CteClient:
    return CteClient(transport, Route("MG", Environment.HOMOLOGATION, model=model))


def _body_text(request_body: bytes, family: str) -> str:
    root = etree.fromstring(request_body)
    element = root.find(f".//{{*}}{family}DadosMsg")
    assert element is not None
    return element.text or ""


def test_cte_reception_is_gzip_base64_and_authorizes(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    ns = "http://www.portalfiscal.inf.br/cte/wsdl/CTeRecepcaoSincV4"
    authority.answer(soap12("cteRecepcaoResult", ns, ret("retCTe", CTE, PROT_CTE)))
    outcome = _cte(transport).authorize(SIGNED_CTE)
    assert isinstance(outcome, Authorized)
    assert (outcome.nProt, outcome.chave) == ("143260000000001", KEY)
    request = authority.requests[0]
    assert request.path == "/hcte.fazenda.mg.gov.br/cte/services/CTeRecepcaoSincV4"
    assert gzip.decompress(base64.b64decode(_body_text(request.body, "cte"))) == SIGNED_CTE


def test_cte_os_uses_its_own_service(authority: AuthorityServer, transport: SoapTransport) -> None:
    ns = "http://www.portalfiscal.inf.br/cte/wsdl/CTeRecepcaoOSV4"
    rejected = "<cStat>244</cStat><xMotivo>Rejeicao: Falha na descompactacao</xMotivo>"
    authority.answer(soap12("cteRecepcaoOSResult", ns, ret("retCTeOS", CTE, rejected)))
    outcome = _cte(transport, "67").authorize(SIGNED_CTE)
    assert isinstance(outcome, Rejected)
    assert outcome.cStat == "244"
    assert "cteRecepcaoOS" in authority.requests[0].headers["Content-Type"]


def test_cte_query_reads_a_real_production_answer(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    ns = "http://www.portalfiscal.inf.br/cte/wsdl/CTeConsultaV4"
    payload = answer("retConsSitCTe").split(b"?>", 1)[1]
    authority.answer(soap12("cteConsultaCTResult", ns, payload))
    outcome = _cte(transport).query(KEY)
    assert isinstance(outcome, Authorized)
    assert (outcome.nProt, outcome.digVal) == ("131221326140680", "n37GZEJP6Fca1Je18KuobRJuyT4=")
    assert f"<chCTe>{KEY}</chCTe>".encode() in authority.requests[0].body


def test_cte_event_is_sent_bare_and_678_throttles(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    ns = "http://www.portalfiscal.inf.br/cte/wsdl/CTeRecepcaoEventoV4"
    info = "<infEvento><cStat>678</cStat><xMotivo>Rejeicao: Consumo indevido</xMotivo></infEvento>"
    authority.answer(soap12("cteRecepcaoEventoResult", ns, ret("retEventoCTe", CTE, info)))
    event = f'<eventoCTe xmlns="{CTE}" versao="4.00"/>'.encode()
    outcome = _cte(transport).send_event(event)
    assert isinstance(outcome, Throttled)
    assert f'<cteDadosMsg xmlns="{ns}">'.encode() + event in authority.requests[0].body


def _mdfe(transport: SoapTransport) -> MdfeClient:
    return MdfeClient(transport, Route("SP", Environment.HOMOLOGATION))


def test_mdfe_status_sends_the_cabec_header(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    ns = "http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeStatusServico"
    fields = "<cStat>107</cStat><xMotivo>Servico em Operacao</xMotivo><tMed>1</tMed>"
    authority.answer(
        soap12("mdfeStatusServicoMDFResult", ns, ret("retConsStatServMDFe", MDFE, fields))
    )
    outcome = _mdfe(transport).status()
    assert isinstance(outcome, ServiceStatus)
    assert outcome.online
    envelope = etree.fromstring(authority.requests[0].body)
    header = envelope.find(f"{{{SOAP12}}}Header/{{{ns}}}mdfeCabecMsg")
    assert header is not None
    assert (header.findtext(f"{{{ns}}}cUF"), header.findtext(f"{{{ns}}}versaoDados")) == (
        "35",
        "3.00",
    )
    assert authority.requests[0].path.startswith("/mdfe-homologacao.svrs.rs.gov.br/")


def test_mdfe_reception_has_no_header_and_is_compressed(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    ns = "http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeRecepcaoSinc"
    prot = PROT_CTE.replace("protCTe", "protMDFe").replace("chCTe", "chMDFe")
    authority.answer(soap12("mdfeRecepcaoResult", ns, ret("retMDFe", MDFE, prot)))
    signed = f'<MDFe xmlns="{MDFE}"/>'.encode()
    outcome = _mdfe(transport).authorize(signed)
    assert isinstance(outcome, Authorized)
    assert b"Header" not in authority.requests[0].body
    assert (
        gzip.decompress(base64.b64decode(_body_text(authority.requests[0].body, "mdfe"))) == signed
    )


def test_mdfe_query_closed_and_open_manifests(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    ns = "http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeConsulta"
    closed = "<cStat>132</cStat><xMotivo>Encerramento de MDF-e homologado</xMotivo>"
    authority.answer(soap12("mdfeConsultaMDFResult", ns, ret("retConsSitMDFe", MDFE, closed)))
    assert isinstance(_mdfe(transport).query(KEY), Closed)
    ns = "http://www.portalfiscal.inf.br/mdfe/wsdl/MDFeConsNaoEnc"
    listed = (
        "<cStat>111</cStat><xMotivo>Consulta nao encerrados localizou MDF-e</xMotivo>"
        f"<cUF>35</cUF><infMDFe><chMDFe>{KEY}</chMDFe><nProt>935000000000001</nProt></infMDFe>"
    )
    authority.answer(soap12("mdfeConsNaoEncResult", ns, ret("retConsMDFeNaoEnc", MDFE, listed)))
    outcome = _mdfe(transport).open_manifests("12345678000195")
    assert outcome == OpenManifests((OpenManifest(KEY, "935000000000001"),), outcome.raw)  # type: ignore[union-attr]
    assert b"<CNPJ>12345678000195</CNPJ>" in authority.requests[1].body
