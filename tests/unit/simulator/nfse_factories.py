"""DPS and pedRegEvento messages for the national NFS-e tests, and a plain REST client.

The DPS comes from nfelib's official sample ``dps-simples.xml``, re-keyed for the test company,
municipality, series, number, tpAmb and dates, and signed with ``xmlsec1`` (RSA-SHA1 as
sped-common signs, or RSA-SHA256 with exclusive C14N as pynfse-nacional does).
"""

from __future__ import annotations

import base64
import datetime as dt
import gzip
import json
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import requests
from lxml import etree

from documents.keys import dps_id
from simulator.clock import BRASILIA, wire
from simulator.testing import SimulatorHandle
from tests.unit.simulator.dfe_factories import NFELIB
from tests.unit.simulator.factories import Company, xmlsec_sign

NS = "http://www.sped.fazenda.gov.br/nfse"
DSIG = "http://www.w3.org/2000/09/xmldsig#"
DPS_SAMPLE = NFELIB / "nfse/samples/v1_0/dps-simples.xml"
SAO_PAULO = "3550308"
HOMOLOGATION_HOST = "sefin.producaorestrita.nfse.gov.br"
SHA256_TEMPLATE = f"""<Signature xmlns="{DSIG}"><SignedInfo>
<CanonicalizationMethod Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/>
<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>
<Reference URI="#{{ref}}"><Transforms>
<Transform Algorithm="{DSIG}enveloped-signature"/>
<Transform Algorithm="http://www.w3.org/2001/10/xml-exc-c14n#"/></Transforms>
<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue/></Reference>
</SignedInfo><SignatureValue/><KeyInfo><X509Data><X509Certificate/></X509Data></KeyInfo>
</Signature>""".replace("\n", "")


@dataclass(frozen=True)
class Dps:
    id: str
    xml: bytes


def build_dps(
    company: Company,
    *,
    number: int,
    series: str = "900",
    municipality: str = SAO_PAULO,
    tp_amb: str = "2",
    emitted: dt.datetime | None = None,
    competence: dt.date | None = None,
    taker: str | None = None,
    identifier: str | None = None,
    sha256: bool = False,
    sign: bool = True,
    discount: str | None = None,
) -> Dps:
    """A DPS by ``company`` (tpEmit 1, the provider) for ``taker`` (a CNPJ) when given;
    ``discount`` replaces the sample's unconditional discount (vDescIncond)."""
    parser = etree.XMLParser(remove_blank_text=True)
    dps = etree.parse(str(DPS_SAMPLE), parser).getroot()
    info = dps.find(f"{{{NS}}}infDPS")
    assert info is not None
    when = emitted or dt.datetime.now(BRASILIA)
    values = {"tpAmb": tp_amb, "dhEmi": wire(when), "serie": series, "nDPS": str(number),
              "dCompet": (competence or when.date()).isoformat(), "cLocEmi": municipality,
              "prest/CNPJ": company.cnpj, "prest/IM": "12345",
              "serv/locPrest/cLocPrestacao": municipality}  # fmt: skip
    if discount is not None:
        values["valores/vDescCondIncond/vDescIncond"] = discount
    for path, value in values.items():
        found = info.find("/".join(f"{{{NS}}}{p}" for p in path.split("/")))
        assert found is not None, path
        found.text = value
    if taker is not None:
        toma = etree.Element(f"{{{NS}}}toma")
        etree.SubElement(toma, f"{{{NS}}}CNPJ").text = taker
        etree.SubElement(toma, f"{{{NS}}}xNome").text = "TOMADOR DE TESTE LTDA"
        prest = info.find(f"{{{NS}}}prest")
        assert prest is not None
        prest.addnext(toma)
    identity = identifier or dps_id(municipality, company.cnpj, series, number)
    info.set("Id", identity)
    xml = etree.tostring(dps)
    if sign:
        xml = _sign(xml, company, "infDPS", identity, sha256)
    return Dps(identity, xml)


def _sign(xml: bytes, company: Company, node: str, reference: str, sha256: bool) -> bytes:
    if not sha256:
        return xmlsec_sign(xml, company, node, reference)
    import subprocess

    root = etree.fromstring(xml)
    root.append(etree.fromstring(SHA256_TEMPLATE.replace("{ref}", reference)))
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp) / "in.xml", Path(tmp) / "out.xml"
        source.write_bytes(etree.tostring(root))
        subprocess.run(
            ["xmlsec1", "--sign", "--privkey-pem", f"{company.key_pem},{company.cert_pem}",
             "--id-attr:Id", node, "--output", str(target), str(source)],
            check=True, capture_output=True,
        )  # fmt: skip
        return target.read_bytes()


def cancel_request(
    company: Company, key: str, *, when: dt.datetime | None = None, tp_amb: str = "2"
) -> bytes:
    """pedRegEvento e101101 (v1.01 Id: PRE + chave + tipoEvento), signed by ``company``."""
    identifier = f"PRE{key}101101"
    xml = (
        f'<pedRegEvento xmlns="{NS}" versao="1.01"><infPedReg Id="{identifier}">'
        f"<tpAmb>{tp_amb}</tpAmb><verAplic>TESTES_1.0</verAplic>"
        f"<dhEvento>{wire(when or dt.datetime.now(BRASILIA))}</dhEvento>"
        f"<CNPJAutor>{company.cnpj}</CNPJAutor><chNFSe>{key}</chNFSe><e101101>"
        "<xDesc>Cancelamento de NFS-e</xDesc><cMotivo>1</cMotivo>"
        "<xMotivo>Erro na emissao da nota fiscal</xMotivo></e101101></infPedReg></pedRegEvento>"
    ).encode()
    return xmlsec_sign(xml, company, "infPedReg", identifier)


def pack(xml: bytes) -> str:
    return base64.b64encode(gzip.compress(xml)).decode()


def unpack(encoded: str) -> bytes:
    return gzip.decompress(base64.b64decode(encoded))


class SefinClient:
    """A plain HTTPS+JSON client with a client certificate, as any integrator would write."""

    def __init__(self, sim: SimulatorHandle, company: Company, host: str = HOMOLOGATION_HOST):
        self.sim, self.company = sim, company
        self.base = f"{sim.base_url}/{host}/SefinNacional"
        self.session = requests.Session()
        self.session.trust_env = False
        self.session.cert = (str(company.cert_pem), str(company.key_pem))
        self.session.verify = str(sim.ca_bundle)

    def request(
        self, method: str, path: str, payload: Any = None, **options: Any
    ) -> requests.Response:
        data = None if payload is None else json.dumps(payload)
        headers = {"Content-Type": "application/json", **options.pop("headers", {})}
        return self.session.request(method, self.base + path, data=data, headers=headers,
                                    timeout=options.pop("timeout", 20), **options)  # fmt: skip

    def issue(self, dps: bytes, **options: Any) -> requests.Response:
        return self.request("POST", "/nfse", {"dpsXmlGZipB64": pack(dps)}, **options)

    def cancel(self, key: str, request: bytes) -> requests.Response:
        body = {"pedidoRegistroEventoXmlGZipB64": pack(request)}
        return self.request("POST", f"/nfse/{key}/eventos", body)


def codes(response: requests.Response) -> list[str]:
    """The error codes of an answer, whether in `erros` (list) or `erro` (object)."""
    body = response.json()
    errors = body.get("erros", body.get("erro", []))
    return [e["codigo"] for e in (errors if isinstance(errors, list) else [errors])]
