"""Another simulated company issues an NF-e naming a given CNPJ/CPF as its recipient, through the
simulator's own issuance path: the NF-e is built from nfelib's official sample (as the simulator
tests' factory does), re-keyed, signed by the product's ``XmlSigner`` with an A1 from the
simulator's CA, and sent to SEFAZ-SP's NFeAutorizacao4 over HTTPS with mutual TLS. The AN then
distributes it (``dfe_feed.authorized``) like any other authorized NF-e.

    issued = sim.issue_nfe_to("11222333000181", number=7, aut_xml=["12345678000195"])
    issued.key, issued.status ("100"), issued.protocol
"""

from __future__ import annotations

import datetime as dt
import ssl
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import nfelib
from cryptography.hazmat.primitives import serialization
from lxml import etree

from documents.certificates import A1Certificate, load_pkcs12
from documents.keys import mod11_digit
from documents.signing import XmlSigner
from simulator.clock import parse_wire, wire
from simulator.routing import Family, TpAmb, endpoint_url

if TYPE_CHECKING:
    from simulator.testing import SimulatorHandle

NS = "http://www.portalfiscal.inf.br/nfe"
N = {"n": NS}
DSIG = "http://www.w3.org/2000/09/xmldsig#"
SOAP12 = "http://www.w3.org/2003/05/soap-envelope"
SAMPLE = (
    Path(nfelib.__file__).parent
    / "nfe/samples/v4_0/leiauteNFe/35180834128745000152550010000474281920007498-nfe.xml"
)
DEFAULT_ISSUER = "45723174000110"
"""A valid CNPJ (check digits) for "another company" that sells to the tested one."""
PASSWORD = "simulador"


@dataclass(frozen=True)
class IssuedNfe:
    key: str
    status: str
    """cStat of the protNFe: 100 when authorized."""
    reason: str
    protocol: str | None
    xml: bytes
    """The signed NFe as sent."""


def issue_nfe_to(
    sim: SimulatorHandle,
    recipient: str,
    *,
    issuer: str = DEFAULT_ISSUER,
    number: int = 1,
    series: int = 1,
    tp_amb: str = "2",
    aut_xml: Sequence[str] = (),
    carrier: str | None = None,
    emitted: dt.datetime | None = None,
) -> IssuedNfe:
    """Issue (SEFAZ-SP, model 55, tpEmis 1) an NF-e of ``issuer`` to ``recipient``."""
    pfx = sim.issue_a1(cnpj=issuer, password=PASSWORD, name="FORNECEDOR SIMULADO")
    a1 = load_pkcs12(pfx, PASSWORD)
    when = emitted or parse_wire(sim.advance_clock(0)) - dt.timedelta(seconds=5)
    nfe, key = _build(issuer, recipient, number, series, tp_amb, aut_xml, carrier, when)
    XmlSigner(a1).sign(nfe, f"NFe{key}")
    signed = etree.tostring(nfe)
    body = (
        (
            f'<enviNFe xmlns="{NS}" versao="4.00"><idLote>{number}</idLote><indSinc>1</indSinc>'
        ).encode()
        + signed
        + b"</enviNFe>"
    )
    answer = _post(sim, a1, issuer, tp_amb, body)
    info = answer.find("n:protNFe/n:infProt", N)
    if info is None:
        status = answer.findtext("n:cStat", "", N)
        return IssuedNfe(key, status, answer.findtext("n:xMotivo", "", N), None, signed)
    return IssuedNfe(key, info.findtext("n:cStat", "", N), info.findtext("n:xMotivo", "", N),
                     info.findtext("n:nProt", None, N), signed)  # fmt: skip


def _build(issuer: str, recipient: str, number: int, series: int, tp_amb: str,
           aut_xml: Sequence[str], carrier: str | None,
           when: dt.datetime) -> tuple[etree._Element, str]:  # fmt: skip
    parser = etree.XMLParser(remove_blank_text=True)
    nfe = etree.parse(str(SAMPLE), parser).getroot().find("n:NFe", N)
    assert nfe is not None
    for signature in nfe.findall(f"{{{DSIG}}}Signature"):
        nfe.remove(signature)
    info = nfe.find("n:infNFe", N)
    assert info is not None
    cnf = f"{(number * 7919) % 100_000_000:08d}"
    values = {"cUF": "35", "cNF": cnf, "mod": "55", "serie": str(series), "nNF": str(number),
              "dhEmi": wire(when), "dhSaiEnt": wire(when), "tpAmb": tp_amb,
              "tpEmis": "1"}  # fmt: skip
    for tag, value in values.items():
        _set(info, f"n:ide/n:{tag}", value)
    _set(info, "n:emit/n:CNPJ", issuer)
    _party(info.find("n:dest", N), recipient)
    if carrier is not None:
        _party(info.find("n:transp/n:transporta", N), carrier)
    first_item = info.find("n:det", N)
    assert first_item is not None
    for party in aut_xml:
        element = etree.Element(f"{{{NS}}}autXML")
        etree.SubElement(element, f"{{{NS}}}{'CNPJ' if len(party) == 14 else 'CPF'}").text = party
        first_item.addprevious(element)
    body = f"35{when:%y%m}{issuer}55{series:03d}{number:09d}1{cnf}"
    key = body + str(mod11_digit(body))
    _set(info, "n:ide/n:cDV", key[-1])
    info.set("Id", f"NFe{key}")
    return nfe, key


def _set(element: etree._Element, path: str, value: str) -> None:
    found = element.find(path, N)
    assert found is not None, path
    found.text = value


def _party(element: etree._Element | None, party: str) -> None:
    """Replace the CNPJ/CPF of a dest or transporta group (same position)."""
    assert element is not None
    current = element.find("n:CNPJ", N)
    if current is None:
        current = element.find("n:CPF", N)
    assert current is not None
    replacement = etree.Element(f"{{{NS}}}{'CNPJ' if len(party) == 14 else 'CPF'}")
    replacement.text = party
    element.replace(current, replacement)


def _post(sim: SimulatorHandle, a1: A1Certificate, issuer: str, tp_amb: str,
          payload: bytes) -> etree._Element:  # fmt: skip
    folder = sim.data_dir / "testing-clients"
    folder.mkdir(parents=True, exist_ok=True)
    cert_pem, key_pem = folder / f"{issuer}.crt", folder / f"{issuer}.key"
    cert_pem.write_bytes(a1.certificate.public_bytes(serialization.Encoding.PEM))
    key_pem.write_bytes(a1.private_key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))  # fmt: skip
    context = ssl.create_default_context(cafile=str(sim.ca_bundle))
    context.load_cert_chain(str(cert_pem), str(key_pem))
    environment = TpAmb.PRODUCTION if tp_amb == "1" else TpAmb.HOMOLOGATION
    url = f"{sim.base_url}/{endpoint_url(Family.NFE, 'SP', environment, 'NFeAutorizacao4')}"
    namespace = "http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4"
    envelope = (
        f'<soap12:Envelope xmlns:soap12="{SOAP12}"><soap12:Body>'
        f'<nfeDadosMsg xmlns="{namespace}">'.encode()
        + payload + b"</nfeDadosMsg></soap12:Body></soap12:Envelope>"
    )  # fmt: skip
    request = urllib.request.Request(url, data=envelope, method="POST")
    request.add_header("Content-Type", "application/soap+xml; charset=utf-8")
    with urllib.request.urlopen(request, context=context, timeout=30) as response:
        reply = etree.fromstring(response.read())
    body = reply.find(f"{{{SOAP12}}}Body")
    assert body is not None
    return body[0][0]
