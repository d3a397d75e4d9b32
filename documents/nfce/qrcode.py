"""NFC-e supplement: the QR code (version 2, CSC) and `urlChave`, in `infNFeSupl`.

Manual de Especificações Técnicas do DANFE NFC-e QR Code v5.0, as summarized in
protocol_facts.md §6:

- online (tpEmis 1): `<url>?p=<key>|2|<tpAmb>|<cIdToken>|<hash>`,
  hash = UPPER(HEX(SHA1("<key>|2|<tpAmb>|<cIdToken>" + CSC)));
- offline (tpEmis 9): `<url>?p=<key>|2|<tpAmb>|<dd>|<vNF>|<digVal hex>|<cIdToken>|<hash>`, where
  digVal hex is the lower-case hex of the ASCII of the signature's DigestValue, so it is built
  after signing.

`infNFeSupl` lies outside the signed `infNFe`, so it is inserted after signing, just before
`<Signature>`, without invalidating anything. The per-UF URLs come from nfelib's tables.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass
from decimal import Decimal

from lxml import etree
from nfelib.nfe.client.v4_0.servers_nfce import ESTADO_CONSULTA_NFCE, ESTADO_QRCODE

from documents._format import money
from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.nfe.builder import NFE_NS
from documents.nfe.model import TpAmb
from documents.signing import DS_NS

QR_VERSION = "2"
_Q = f"{{{NFE_NS}}}"
_DS = f"{{{DS_NS}}}"
_URL_FIXES = {"ww.nfce.fazenda.sp.gov.br/consulta": "www.nfce.fazenda.sp.gov.br/consulta"}
"""Obvious typos in nfelib 3.2.0's tables (a missing "w" in SP's production consulta host)."""


@dataclass(frozen=True)
class Csc:
    """The taxpayer's NFC-e security code and its id, issued by the SEFAZ. A secret."""

    id: str  # cIdToken, e.g. "000001"
    code: str

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[0-9]{1,6}", self.id) or not self.code:
            raise InvalidDocumentDataError("CSC", "CSC id must have up to 6 digits and a code")

    def __repr__(self) -> str:  # never print the secret
        return f"Csc(id={self.id!r}, code=<hidden>)"

    @property
    def token(self) -> str:
        """cIdToken without leading zeros, as the QR code carries it."""
        return str(int(self.id))


@dataclass(frozen=True)
class NfceUrls:
    """The UF's QR-code base (ending in `?p=`) and its "consulta por chave" page."""

    qr_code: str
    url_chave: str


def nfce_urls(uf: str, tp_amb: TpAmb) -> NfceUrls:
    """The URLs nfelib's tables list for a UF and environment (HTTPS assumed: the tables omit
    the scheme). Raises `InvalidDocumentDataError` for UFs the tables lack; pass `NfceUrls`
    from the company's configuration then."""
    qr = ESTADO_QRCODE.get(uf.upper(), {}).get(tp_amb.value)
    consulta = ESTADO_CONSULTA_NFCE.get(uf.upper())
    if not qr or not consulta:
        raise InvalidDocumentDataError("infNFeSupl", f"no NFC-e URLs known for UF {uf}")
    page = consulta[min(int(tp_amb.value), len(consulta)) - 1]  # one page serves both (MG, BA)
    return NfceUrls("https://" + qr, "https://" + _URL_FIXES.get(page, page))


def _hash(payload: str, csc: Csc) -> str:
    return hashlib.sha1((payload + csc.code).encode("utf-8")).hexdigest().upper()


def qr_code_online(base_url: str, key: AccessKey, tp_amb: TpAmb, csc: Csc) -> str:
    """QR code v2 of a normally issued NFC-e (no dependency on the signature)."""
    payload = f"{key.text}|{QR_VERSION}|{tp_amb.value}|{csc.token}"
    return f"{base_url}{payload}|{_hash(payload, csc)}"


def qr_code_offline(
    base_url: str,
    key: AccessKey,
    tp_amb: TpAmb,
    csc: Csc,
    issued_at: dt.datetime,
    v_nf: Decimal,
    digest_value: str,
) -> str:
    """QR code v2 of an offline-contingency NFC-e (tpEmis 9): needs the signed DigestValue."""
    digest_hex = digest_value.strip().encode("ascii").hex()
    payload = (
        f"{key.text}|{QR_VERSION}|{tp_amb.value}|{issued_at.day:02d}|{money(v_nf, 'vNF')}"
        f"|{digest_hex}|{csc.token}"
    )
    return f"{base_url}{payload}|{_hash(payload, csc)}"


def add_supplement(nfe: etree._Element, qr_code: str, url_chave: str) -> etree._Element:
    """Insert `infNFeSupl` right after `infNFe` (before `Signature` when already signed)."""
    if nfe.find(_Q + "infNFeSupl") is not None:
        raise InvalidDocumentDataError("infNFeSupl", "the NFC-e already has its supplement")
    supplement = etree.Element(_Q + "infNFeSupl")
    etree.SubElement(supplement, _Q + "qrCode").text = qr_code
    etree.SubElement(supplement, _Q + "urlChave").text = url_chave
    nfe.insert(1, supplement)
    return nfe


def digest_value_of(nfe: etree._Element) -> str:
    """The DigestValue of a signed NFC-e (for the offline QR code and, later, digVal)."""
    value = nfe.findtext(f"{_DS}Signature/{_DS}SignedInfo/{_DS}Reference/{_DS}DigestValue")
    if not value:
        raise InvalidDocumentDataError("Signature", "sign the NFC-e before its offline QR code")
    return str(value).strip()
