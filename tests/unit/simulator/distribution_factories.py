"""Messages of the Ambiente Nacional's DF-e distribution and manifestation for the simulator
tests: distDFeInt in the WSDL's wrapped SOAP body (``nfeDistDFeInteresse/nfeDadosMsg``, as
sped-nfe ``sefazDistDFe`` sends it) and manifestation events signed by ``xmlsec1``."""

from __future__ import annotations

import base64
import datetime as dt
import gzip

from lxml import etree

from simulator import xsd_extra
from simulator.clock import parse_wire, wire
from simulator.routing import Family, TpAmb, endpoint_url
from simulator.testing import SimulatorHandle
from tests.unit.simulator.factories import NS, SOAP12, Company, SoapClient, xmlsec_sign

N = {"n": NS}
DIST_NS = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe"
DESCRIPTIONS = {
    "210200": "Confirmacao da Operacao",
    "210210": "Ciencia da Operacao",
    "210220": "Desconhecimento da Operacao",
    "210240": "Operacao nao Realizada",
}
JUSTIFICATION = "Mercadoria recusada no recebimento"


def sim_now(sim: SimulatorHandle) -> dt.datetime:
    return parse_wire(sim.advance_clock(0))


def dist_request(cnpj: str, *, ult_nsu: int | None = None, nsu: int | None = None,
                 key: str | None = None, tp_amb: str = "2") -> bytes:  # fmt: skip
    if key is not None:
        query = f"<consChNFe><chNFe>{key}</chNFe></consChNFe>"
    elif nsu is not None:
        query = f"<consNSU><NSU>{nsu:015d}</NSU></consNSU>"
    else:
        query = f"<distNSU><ultNSU>{ult_nsu or 0:015d}</ultNSU></distNSU>"
    tag = "CNPJ" if len(cnpj) == 14 else "CPF"
    return (
        f'<distDFeInt xmlns="{NS}" versao="1.01"><tpAmb>{tp_amb}</tpAmb><cUFAutor>35</cUFAutor>'
        f"<{tag}>{cnpj}</{tag}>{query}</distDFeInt>"
    ).encode()


class DistClient:
    """NFeDistribuicaoDFe of the AN over mutual TLS, with the WSDL's wrapped body."""

    def __init__(self, client: SoapClient) -> None:
        self.client = client
        path = endpoint_url(Family.NFE, "AN", TpAmb.HOMOLOGATION, "NFeDistribuicaoDFe")
        self.url = f"{client.sim.base_url}/{path}"

    def post(self, payload: bytes, *, wrapped: bool = True):  # type: ignore[no-untyped-def]
        inner = f'<nfeDadosMsg xmlns="{DIST_NS}">'.encode() + payload + b"</nfeDadosMsg>"
        if wrapped:
            inner = f'<nfeDistDFeInteresse xmlns="{DIST_NS}">'.encode() + inner + (
                b"</nfeDistDFeInteresse>")  # fmt: skip
        body = f'<soap12:Envelope xmlns:soap12="{SOAP12}"><soap12:Body>'.encode() + inner + (
            b"</soap12:Body></soap12:Envelope>")  # fmt: skip
        return self.client.session.post(
            self.url, data=body, timeout=20,
            headers={"Content-Type": "application/soap+xml; charset=utf-8"},
        )  # fmt: skip

    def call(self, payload: bytes) -> etree._Element:
        response = self.post(payload)
        assert response.status_code == 200, response.text
        envelope = etree.fromstring(response.content)
        wrapper = envelope.find(f"{{{SOAP12}}}Body/{{{DIST_NS}}}nfeDistDFeInteresseResponse")
        assert wrapper is not None, response.text
        result = wrapper.find(f"{{{DIST_NS}}}nfeDistDFeInteresseResult")
        assert result is not None
        answer = result[0]
        assert xsd_extra.first_violation(answer, xsd_extra.DIST_ANSWER) is None
        return answer

    def dist(self, cnpj: str | None = None, **query: object) -> etree._Element:
        return self.call(dist_request(cnpj or self.client.company.cnpj, **query))  # type: ignore[arg-type]


def docs(answer: etree._Element) -> list[tuple[int, str, etree._Element]]:
    """(NSU, schema, inflated XML) of every docZip."""
    found = []
    for doc in answer.iterfind("n:loteDistDFeInt/n:docZip", N):
        xml = gzip.decompress(base64.b64decode(doc.text or ""))
        found.append((int(doc.get("NSU") or 0), doc.get("schema") or "", etree.fromstring(xml)))
    return found


def manifestation(company: Company, key: str, event_type: str, sequence: int = 1, *,
                  when: dt.datetime, justification: str | None = None, c_orgao: str = "91",
                  author: str | None = None) -> bytes:  # fmt: skip
    """An evento of the recipient (sped-nfe ``sefazManifesta``: cOrgao 91, verEvento 1.00)."""
    event_id = f"ID{event_type}{key}{sequence:02d}"
    detail = f"<descEvento>{DESCRIPTIONS.get(event_type, 'Cancelamento')}</descEvento>"
    if justification is not None:
        detail += f"<xJust>{justification}</xJust>"
    xml = (
        f'<evento xmlns="{NS}" versao="1.00"><infEvento Id="{event_id}"><cOrgao>{c_orgao}</cOrgao>'
        f"<tpAmb>2</tpAmb><CNPJ>{author or company.cnpj}</CNPJ><chNFe>{key}</chNFe>"
        f"<dhEvento>{wire(when)}</dhEvento><tpEvento>{event_type}</tpEvento>"
        f"<nSeqEvento>{sequence}</nSeqEvento><verEvento>1.00</verEvento>"
        f'<detEvento versao="1.00">{detail}</detEvento></infEvento></evento>'
    ).encode()
    return xmlsec_sign(xml, company, "infEvento", event_id)


def val(element: etree._Element, path: str) -> str | None:
    found = element.find(path, N)
    return None if found is None else found.text
