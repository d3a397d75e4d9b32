"""DF-e distribution and manifestation over real mutual TLS: the AN's URLs (NF-e from nfelib's
table, CT-e from sped-cte's), `nfeDistDFeInteresse/nfeDadosMsg` with the WSDL's soapAction and no
gzip, the answer unwrapped from `nfeDistDFeInteresseResponse/nfeDistDFeInteresseResult`, and the
manifestation sent to the AN's NFeRecepcaoEvento4 whatever the company's UF."""

from __future__ import annotations

import base64
import gzip

import pytest
from lxml import etree

from documents.transmission import services as svc
from documents.transmission.dfe_schemas import validate
from documents.transmission.distribution import (
    DistributionBatch,
    DistributionClient,
    DocumentKind,
    ResNFe,
)
from documents.transmission.endpoints import Environment
from documents.transmission.errors import RequestBuildError
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import (
    Authorized,
    NotSent,
    Rejected,
    Throttled,
    Uncertain,
    UncertainReason,
)
from documents.transmission.services import Family
from documents.transmission.soap import SOAP12_NS
from documents.transmission.tls import client_context
from documents.transmission.transport import Route, SoapTransport

from .conftest import AuthorityServer, Pki, free_port, settings_for

HOM, PROD = Environment.HOMOLOGATION, Environment.PRODUCTION
NFE = "http://www.portalfiscal.inf.br/nfe"
CTE = "http://www.portalfiscal.inf.br/cte"
WSDL_NFE = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe"
WSDL_CTE = "http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe"
CNPJ = "11222333000181"
KEY = "35260111444777000161550010000000421482135770"
RES_NFE = (
    f'<resNFe xmlns="{NFE}" versao="1.01"><chNFe>{KEY}</chNFe><CNPJ>11444777000161</CNPJ>'
    "<xNome>FORNECEDOR TESTE LTDA</xNome><IE>110042490114</IE>"
    "<dhEmi>2026-01-15T10:00:00-03:00</dhEmi><tpNF>1</tpNF><vNF>99.90</vNF>"
    "<dhRecbto>2026-01-15T10:00:05-03:00</dhRecbto><nProt>135260000000042</nProt>"
    "<cSitNFe>1</cSitNFe></resNFe>"
).encode()


def _answer(cstat: str, xmotivo: str, lot: str = "", *, family: str = "nfe") -> bytes:
    """The real answer's shape: two WSDL wrappers around retDistDFeInt."""
    ns, wsdl = (NFE, WSDL_NFE) if family == "nfe" else (CTE, WSDL_CTE)
    version, when = ("1.01", "2026-01-16T10:00:00-03:00") if family == "nfe" else (
        "1.00", "2026-01-16T10:00:00",
    )  # fmt: skip
    return (
        f'<soap:Envelope xmlns:soap="{SOAP12_NS}"><soap:Body>'
        f'<{family}DistDFeInteresseResponse xmlns="{wsdl}"><{family}DistDFeInteresseResult>'
        f'<retDistDFeInt xmlns="{ns}" versao="{version}"><tpAmb>2</tpAmb>'
        f"<verAplic>1.7.6</verAplic><cStat>{cstat}</cStat><xMotivo>{xmotivo}</xMotivo>"
        f"<dhResp>{when}</dhResp><ultNSU>000000000000012</ultNSU>"
        f"<maxNSU>000000000000030</maxNSU>{lot}</retDistDFeInt>"
        f"</{family}DistDFeInteresseResult></{family}DistDFeInteresseResponse>"
        "</soap:Body></soap:Envelope>"
    ).encode()


def _lot(xml: bytes, nsu: int = 12, schema: str = "resNFe_v1.01.xsd") -> str:
    packed = base64.b64encode(gzip.compress(xml)).decode()
    zipped = f'<docZip NSU="{nsu:015d}" schema="{schema}">{packed}</docZip>'
    return f"<loteDistDFeInt>{zipped}</loteDistDFeInt>"


def _request_payload(body: bytes, family: str = "nfe") -> etree._Element:
    envelope = etree.fromstring(body)
    (soap_body,) = envelope
    (wrapper,) = soap_body
    wsdl = WSDL_NFE if family == "nfe" else WSDL_CTE
    assert wrapper.tag == f"{{{wsdl}}}{family}DistDFeInteresse"
    (message,) = wrapper
    assert message.tag == f"{{{wsdl}}}{family}DadosMsg"
    (payload,) = message
    return payload


def test_by_nsu_goes_to_the_an_wrapped_as_the_wsdl_says(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    authority.answer(_answer("138", "Documento(s) localizado(s)", _lot(RES_NFE)))
    client = DistributionClient(transport, Route("SP", HOM))
    outcome = client.by_nsu(CNPJ, 11)
    assert isinstance(outcome, DistributionBatch)
    (document,) = outcome.documents
    assert (document.nsu, document.kind, document.chave) == (
        "000000000000012", DocumentKind.RES_NFE, KEY,
    )  # fmt: skip
    assert isinstance(document.view, ResNFe) and str(document.view.v_nf) == "99.90"
    (request,) = authority.requests
    assert request.path == "/hom1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx"
    assert request.headers["Content-Type"] == (
        f'application/soap+xml; charset=utf-8; action="{WSDL_NFE}/nfeDistDFeInteresse"'
    )
    payload = _request_payload(request.body)
    assert validate(payload, "nfe/1.01/distDFeInt") == []
    assert payload.findtext(f"{{{NFE}}}cUFAutor") == "35"
    assert payload.findtext(f"{{{NFE}}}distNSU/{{{NFE}}}ultNSU") == "000000000000011"
    assert b"<soap12:Header>" not in request.body  # no nfeCabecMsg, and plain XML (no gzip)


def test_one_nsu_and_by_key_in_production(authority: AuthorityServer, pki: Pki) -> None:
    settings = settings_for(authority.url, pki)
    transport = SoapTransport(settings, client_context(pki.client, ca_bundle=settings.ca_bundle))
    client = DistributionClient(transport, Route("MG", PROD))
    for _ in range(2):
        authority.answer(_answer("137", "Nenhum documento localizado"))
    assert isinstance(client.one_nsu(CNPJ, 5), DistributionBatch)
    assert isinstance(client.by_key(CNPJ, KEY), DistributionBatch)
    first, second = authority.requests
    assert first.path == "/www1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx"
    one, by_key = _request_payload(first.body), _request_payload(second.body)
    assert one.findtext(f"{{{NFE}}}consNSU/{{{NFE}}}NSU") == "000000000000005"
    assert by_key.findtext(f"{{{NFE}}}consChNFe/{{{NFE}}}chNFe") == KEY
    assert one.findtext(f"{{{NFE}}}tpAmb") == "1" and one.findtext(f"{{{NFE}}}cUFAutor") == "31"


def test_137_656_and_rejections(authority: AuthorityServer, transport: SoapTransport) -> None:
    client = DistributionClient(transport, Route("SP", HOM))
    authority.answer(_answer("137", "Nenhum documento localizado"))
    authority.answer(_answer("656", "Rejeicao: Consumo Indevido"))
    authority.answer(_answer("593", "Rejeicao: CNPJ-Base consultado difere do Certificado"))
    empty = client.by_nsu(CNPJ, 12)
    assert isinstance(empty, DistributionBatch) and empty.documents == ()
    assert empty.caught_up and empty.wait_seconds == 3600
    throttled = client.by_nsu(CNPJ, 12)
    assert isinstance(throttled, Throttled) and throttled.retry_after == 3600
    rejected = client.by_nsu(CNPJ, 12)
    assert isinstance(rejected, Rejected) and rejected.cStat == "593"


def test_transport_failures_are_uncertain_or_not_sent(
    authority: AuthorityServer, transport: SoapTransport, pki: Pki
) -> None:
    authority.answer(b"<html>busy</html>", status=503)
    outcome = DistributionClient(transport, Route("SP", HOM)).by_nsu(CNPJ, 0)
    assert isinstance(outcome, Uncertain) and outcome.reason is UncertainReason.HTTP_STATUS
    settings = settings_for(f"https://127.0.0.1:{free_port()}", pki)
    closed = SoapTransport(settings, client_context(pki.client, ca_bundle=settings.ca_bundle))
    refused = DistributionClient(closed, Route("SP", HOM)).by_nsu(CNPJ, 0)
    assert isinstance(refused, NotSent)


def test_the_cte_distribution(authority: AuthorityServer, transport: SoapTransport) -> None:
    authority.answer(_answer("137", "Nenhum documento localizado", family="cte"))
    client = DistributionClient(transport, Route("PR", HOM), Family.CTE)
    outcome = client.by_nsu(CNPJ, 0)
    assert isinstance(outcome, DistributionBatch) and outcome.answered_at == "2026-01-16T10:00:00"
    (request,) = authority.requests
    assert request.path == "/hom1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx"
    assert f'action="{WSDL_CTE}/cteDistDFeInteresse"' in request.headers["Content-Type"]
    payload = _request_payload(request.body, "cte")
    assert payload.tag == f"{{{CTE}}}distDFeInt" and payload.get("versao") == "1.00"
    assert validate(payload, "cte/1.00/distDFeInt") == []
    assert payload.findtext(f"{{{CTE}}}cUFAutor") == "41"
    with pytest.raises(RequestBuildError):
        client.by_key(CNPJ, KEY)


def test_distribution_services_are_the_an_s() -> None:
    assert svc.NFE_DISTRIBUTION.action == f"{WSDL_NFE}/nfeDistDFeInteresse"
    assert svc.NFE_DISTRIBUTION.namespace == WSDL_NFE and not svc.NFE_DISTRIBUTION.has_header
    assert svc.CTE_DISTRIBUTION.namespace == WSDL_CTE and not svc.CTE_DISTRIBUTION.has_header
    assert svc.NFE_DISTRIBUTION not in svc.ALL_SERVICES  # no UF serves it


def test_manifestation_goes_to_the_an_event_reception(
    authority: AuthorityServer, transport: SoapTransport
) -> None:
    event = (
        f'<evento xmlns="{NFE}" versao="1.00"><infEvento Id="ID210210{KEY}01"/></evento>'
    ).encode()
    registered = (
        f'<soap:Envelope xmlns:soap="{SOAP12_NS}"><soap:Body>'
        '<nfeResultMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeRecepcaoEvento4">'
        f'<retEnvEvento xmlns="{NFE}" versao="1.00"><idLote>5</idLote><tpAmb>2</tpAmb>'
        "<verAplic>AN_1.5.0</verAplic><cOrgao>91</cOrgao><cStat>128</cStat>"
        '<xMotivo>Lote de Evento Processado</xMotivo><retEvento versao="1.00"><infEvento>'
        "<tpAmb>2</tpAmb><verAplic>AN_1.5.0</verAplic><cOrgao>91</cOrgao><cStat>{cstat}</cStat>"
        f"<xMotivo>{{xmotivo}}</xMotivo><chNFe>{KEY}</chNFe><tpEvento>210210</tpEvento>"
        "<nSeqEvento>1</nSeqEvento><dhRegEvento>2026-01-16T09:30:04-03:00</dhRegEvento>"
        "<nProt>891260000000077</nProt></infEvento></retEvento></retEnvEvento>"
        "</nfeResultMsg></soap:Body></soap:Envelope>"
    )
    authority.answer(registered.format(cstat="135", xmotivo="Evento registrado").encode())
    authority.answer(registered.format(cstat="573", xmotivo="Duplicidade de evento").encode())
    client = NfeClient(transport, Route("RS", HOM))
    outcome = client.send_manifestation(event, batch_id="5")
    assert isinstance(outcome, Authorized)
    assert (outcome.cStat, outcome.nProt, outcome.chave) == ("135", "891260000000077", KEY)
    assert outcome.protocol_xml.startswith(b"<retEvento")
    duplicate = client.send_manifestation(event, batch_id="5")
    assert isinstance(duplicate, Rejected) and duplicate.cStat == "573"
    first = authority.requests[0]
    assert first.path == "/hom1.nfe.fazenda.gov.br/NFeRecepcaoEvento4/NFeRecepcaoEvento4.asmx"
    assert event in first.body and b"<idLote>5</idLote>" in first.body
