"""Messages for the simulator tests, built from the corpus and signed by ``xmlsec1``.

Signing with xmlsec1 (an implementation independent of the product's signxml-based verifier) is
what proves the simulator's verification is the real thing.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.serialization import pkcs12
from lxml import etree

from documents.keys import mod11_digit
from simulator.clock import BRASILIA, wire
from simulator.routing import Family, TpAmb, endpoint_url
from simulator.testing import SimulatorHandle
from tests.paths import CORPUS

NFE_SAMPLE = (
    CORPUS / "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
    "35180834128745000152550010000474281920007498-nfe.xml"
)
NS = "http://www.portalfiscal.inf.br/nfe"
N = {"n": NS}
DSIG = "http://www.w3.org/2000/09/xmldsig#"
SOAP12 = "http://www.w3.org/2003/05/soap-envelope"
PASSWORD = "segredo"
CCE_CONDITIONS = (
    "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de "
    "dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de "
    "documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que "
    "determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, "
    "quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que "
    "implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida."
)
SIGNATURE_TEMPLATE = f"""<Signature xmlns="{DSIG}"><SignedInfo>
<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>
<SignatureMethod Algorithm="{DSIG}rsa-sha1"/><Reference URI="#{{ref}}"><Transforms>
<Transform Algorithm="{DSIG}enveloped-signature"/>
<Transform Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/></Transforms>
<DigestMethod Algorithm="{DSIG}sha1"/><DigestValue/></Reference></SignedInfo><SignatureValue/>
<KeyInfo><X509Data><X509Certificate/></X509Data></KeyInfo></Signature>""".replace("\n", "")


@dataclass
class Company:
    """A test issuer: its CNPJ, A1 file, and PEM files for the TLS client."""

    cnpj: str
    pfx: Path
    cert_pem: Path
    key_pem: Path


def make_company(
    sim: SimulatorHandle, directory: Path, cnpj: str, **cert_options: object
) -> Company:
    directory.mkdir(parents=True, exist_ok=True)
    pfx_bytes = sim.issue_a1(cnpj=cnpj, password=PASSWORD, **cert_options)  # type: ignore[arg-type]
    pfx = directory / f"{cnpj}.pfx"
    pfx.write_bytes(pfx_bytes)
    key, cert, _ = pkcs12.load_key_and_certificates(pfx_bytes, PASSWORD.encode())
    assert key is not None and cert is not None
    cert_pem, key_pem = directory / f"{cnpj}.crt", directory / f"{cnpj}.key"
    cert_pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_pem.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return Company(cnpj, pfx, cert_pem, key_pem)


def xmlsec_sign(xml: bytes, company: Company, id_node: str, reference: str) -> bytes:
    """Sign with ``xmlsec1 --sign`` after inserting the SEFAZ-profile template."""
    root = etree.fromstring(xml)
    root.append(etree.fromstring(SIGNATURE_TEMPLATE.replace("{ref}", reference)))
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "in.xml", Path(tmp) / "out.xml"
        source.write_bytes(etree.tostring(root))
        subprocess.run(
            ["xmlsec1", "--sign", "--privkey-pem", f"{company.key_pem},{company.cert_pem}",
             "--id-attr:Id", id_node, "--output", str(target), str(source)],
            check=True, capture_output=True,
        )  # fmt: skip
        signed = etree.fromstring(target.read_bytes())
    return etree.tostring(signed)


def xmlsec_verify(xml: bytes, ca_bundle: Path, id_node: str) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.xml"
        path.write_bytes(xml)
        result = subprocess.run(
            ["xmlsec1", "--verify", "--trusted-pem", str(ca_bundle), "--id-attr:Id", id_node,
             str(path)], capture_output=True,
        )  # fmt: skip
    return result.returncode == 0


@dataclass(frozen=True)
class Issued:
    key: str
    xml: bytes


def build_nfe(
    company: Company,
    *,
    number: int,
    series: int = 1,
    model: str = "55",
    tp_amb: str = "2",
    cuf: str = "35",
    emitted: dt.datetime | None = None,
    cnf: str = "12345678",
    sign: bool = True,
) -> Issued:
    """An NF-e from the nfelib sample with this company as issuer, keyed and signed anew."""
    parser = etree.XMLParser(remove_blank_text=True)
    proc = etree.parse(str(NFE_SAMPLE), parser).getroot()
    nfe = proc.find("n:NFe", N)
    assert nfe is not None
    for signature in nfe.findall(f"{{{DSIG}}}Signature"):
        nfe.remove(signature)
    info = nfe.find("n:infNFe", N)
    assert info is not None
    when = emitted or dt.datetime.now(BRASILIA)
    values = {"cUF": cuf, "cNF": cnf, "mod": model, "serie": str(series), "nNF": str(number),
              "dhEmi": wire(when), "tpAmb": tp_amb, "tpEmis": "1"}  # fmt: skip
    for tag, value in values.items():
        _set(info, f"n:ide/n:{tag}", value)
    if model == "65":  # an NFC-e has no freight outside a home delivery (rejection 753)
        _set(info, "n:transp/n:modFrete", "9")
    dh_sai = info.find("n:ide/n:dhSaiEnt", N)
    if dh_sai is not None:
        dh_sai.text = wire(when)
    _set(info, "n:emit/n:CNPJ", company.cnpj)
    body = f"{int(cuf):02d}{when:%y%m}{company.cnpj}{model}{series:03d}{number:09d}1{cnf}"
    key = body + str(mod11_digit(body))
    _set(info, "n:ide/n:cDV", key[-1])
    info.set("Id", f"NFe{key}")
    xml = etree.tostring(nfe)
    return Issued(key, xmlsec_sign(xml, company, "infNFe", f"NFe{key}") if sign else xml)


def _set(element: etree._Element, path: str, value: str) -> None:
    found = element.find(path, N)
    assert found is not None, path
    found.text = value


def envi_nfe(*nfes: bytes, sync: bool = True, lot: str = "1") -> bytes:
    inner = b"".join(nfes)
    return (
        f'<enviNFe xmlns="{NS}" versao="4.00"><idLote>{lot}</idLote>'
        f"<indSinc>{1 if sync else 0}</indSinc>".encode()
        + inner
        + b"</enviNFe>"
    )


def cons_sit(key: str, tp_amb: str = "2") -> bytes:
    return (
        f'<consSitNFe xmlns="{NS}" versao="4.00"><tpAmb>{tp_amb}</tpAmb>'
        f"<xServ>CONSULTAR</xServ><chNFe>{key}</chNFe></consSitNFe>"
    ).encode()


def cons_reci(receipt: str) -> bytes:
    return (
        f'<consReciNFe xmlns="{NS}" versao="4.00"><tpAmb>2</tpAmb><nRec>{receipt}</nRec>'
        "</consReciNFe>"
    ).encode()


def cons_stat(cuf: str = "35", tp_amb: str = "2") -> bytes:
    return (
        f'<consStatServ xmlns="{NS}" versao="4.00"><tpAmb>{tp_amb}</tpAmb><cUF>{cuf}</cUF>'
        "<xServ>STATUS</xServ></consStatServ>"
    ).encode()


def event(
    company: Company, key: str, event_type: str, sequence: int, detail: str,
    when: dt.datetime | None = None,
) -> bytes:  # fmt: skip
    event_id = f"ID{event_type}{key}{sequence:02d}"
    xml = (
        f'<evento xmlns="{NS}" versao="1.00"><infEvento Id="{event_id}"><cOrgao>{key[:2]}</cOrgao>'
        f"<tpAmb>2</tpAmb><CNPJ>{company.cnpj}</CNPJ><chNFe>{key}</chNFe>"
        f"<dhEvento>{wire(when or dt.datetime.now(BRASILIA))}</dhEvento>"
        f"<tpEvento>{event_type}</tpEvento><nSeqEvento>{sequence}</nSeqEvento>"
        f'<verEvento>1.00</verEvento><detEvento versao="1.00">{detail}</detEvento></infEvento>'
        "</evento>"
    ).encode()
    return xmlsec_sign(xml, company, "infEvento", event_id)


def cancel_event(company: Company, key: str, protocol: str) -> bytes:
    detail = (
        f"<descEvento>Cancelamento</descEvento><nProt>{protocol}</nProt>"
        "<xJust>Pedido cancelado pelo cliente antes do envio</xJust>"
    )
    return event(company, key, "110111", 1, detail)


def cce_event(company: Company, key: str, sequence: int) -> bytes:
    detail = (
        "<descEvento>Carta de Correcao</descEvento>"
        "<xCorrecao>Corrige o endereco de entrega informado</xCorrecao>"
        f"<xCondUso>{CCE_CONDITIONS}</xCondUso>"
    )
    return event(company, key, "110110", sequence, detail)


def env_evento(*events: bytes, lot: str = "1") -> bytes:
    return (f'<envEvento xmlns="{NS}" versao="1.00"><idLote>{lot}</idLote>'.encode()
            + b"".join(events) + b"</envEvento>")  # fmt: skip


def inut(
    company: Company, first: int, last: int, *, series: int = 1, year: str | None = None
) -> bytes:
    year = year or f"{dt.datetime.now(BRASILIA):%y}"
    inut_id = f"ID35{year}{company.cnpj}55{series:03d}{first:09d}{last:09d}"
    xml = (
        f'<inutNFe xmlns="{NS}" versao="4.00"><infInut Id="{inut_id}"><tpAmb>2</tpAmb>'
        f"<xServ>INUTILIZAR</xServ><cUF>35</cUF><ano>{year}</ano><CNPJ>{company.cnpj}</CNPJ>"
        f"<mod>55</mod><serie>{series}</serie><nNFIni>{first}</nNFIni><nNFFin>{last}</nNFFin>"
        "<xJust>Falha no sistema pulou a numeracao</xJust></infInut></inutNFe>"
    ).encode()
    return xmlsec_sign(xml, company, "infInut", inut_id)


class SoapClient:
    """A plain HTTPS client with a client certificate: what any integrator would write."""

    def __init__(self, sim: SimulatorHandle, company: Company, authority: str = "SP") -> None:
        self.sim, self.company, self.authority = sim, company, authority
        self.session = requests.Session()
        self.session.trust_env = False  # REQUESTS_CA_BUNDLE would override verify
        self.session.cert = (str(company.cert_pem), str(company.key_pem))
        self.session.verify = str(sim.ca_bundle)

    def url(
        self, service: str, tp_amb: TpAmb = TpAmb.HOMOLOGATION, family: Family = Family.NFE
    ) -> str:
        return f"{self.sim.base_url}/{endpoint_url(family, self.authority, tp_amb, service)}"

    def post(self, service: str, payload: bytes, *, tp_amb: TpAmb = TpAmb.HOMOLOGATION,
             family: Family = Family.NFE, headers: dict[str, str] | None = None,
             timeout: float = 20) -> requests.Response:  # fmt: skip
        namespace = f"http://www.portalfiscal.inf.br/{family.value}/wsdl/{service}"
        body = (
            f'<soap12:Envelope xmlns:soap12="{SOAP12}"><soap12:Body>'
            f'<{family.value}DadosMsg xmlns="{namespace}">'.encode()
            + payload
            + f"</{family.value}DadosMsg></soap12:Body></soap12:Envelope>".encode()
        )
        content_type = f'application/soap+xml; charset=utf-8; action="{namespace}"'
        return self.session.post(
            self.url(service, tp_amb, family),
            data=body,
            timeout=timeout,
            headers={"Content-Type": content_type, **(headers or {})},
        )

    def call(self, service: str, payload: bytes, **options: object) -> etree._Element:
        """POST and return the answer payload (the child of the result element)."""
        response = self.post(service, payload, **options)  # type: ignore[arg-type]
        assert response.status_code == 200, response.text
        envelope = etree.fromstring(response.content)
        result = envelope.find(f"{{{SOAP12}}}Body")[0]  # type: ignore[index]
        return result[0]


def val(element: etree._Element, path: str) -> str | None:
    found = element.find(path, N)
    return None if found is None else found.text
