"""Build, sign, complete and validate one NF-e or NFC-e: the steps every issuance runs.

Kept as one function so that the service, the benchmark and the tests run the same sequence:
the schema check happens on the final signed tree (the XSD requires `Signature`), and the NFC-e
supplement is added after signing because it lies outside the signed element.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lxml import etree

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import AccessKey
from documents.nfce.qrcode import (
    Csc,
    NfceUrls,
    add_supplement,
    digest_value_of,
    nfce_urls,
    qr_code_offline,
    qr_code_online,
)
from documents.nfe.builder import BuiltNFe, Totals, build_nfe, local_time
from documents.nfe.model import Modelo, NFeData, TpEmis
from documents.schemas import assert_valid
from documents.signing import XmlSigner

SCHEMA_KEY = "nfe/4.00/NFe"


@dataclass(frozen=True)
class SignedNFe:
    """A signed, schema-valid NF-e/NFC-e ready to transmit and to store."""

    key: AccessKey
    xml: bytes  # UTF-8, no XML declaration, no formatting (what goes inside enviNFe)
    digest_value: str  # equals the protocol's digVal when authorized
    totals: Totals


def prepare_nfe(
    data: NFeData, signer: XmlSigner, *, csc: Csc | None = None, urls: NfceUrls | None = None
) -> SignedNFe:
    """Build, sign, add the NFC-e QR code when model 65, validate against the XSD, serialize.

    Raises `InvalidDocumentDataError` for data the layout cannot hold and
    `SchemaViolationError` if the result breaks the official schema.
    """
    built = build_nfe(data)
    signer.sign(built.root, built.reference_id)
    if data.modelo == Modelo.NFCE:
        _add_qr_code(built, data, csc, urls)
    try:
        assert_valid(built.root, SCHEMA_KEY)
    except SchemaViolationError as error:
        # The builder parses the NF-e from one line of text, so every element says line 1;
        # a line says nothing about a built tree, whose elements had none (0) before.
        error.violations = tuple(replace(v, line=0) for v in error.violations)
        raise
    xml = etree.tostring(built.root, encoding="UTF-8")
    return SignedNFe(built.key, xml, digest_value_of(built.root), built.totals)


def _add_qr_code(built: BuiltNFe, data: NFeData, csc: Csc | None, urls: NfceUrls | None) -> None:
    if csc is None:
        raise InvalidDocumentDataError("CSC", "an NFC-e needs the company's CSC")
    urls = urls or nfce_urls(data.issuer.address.uf, data.tp_amb)
    if data.tp_emis == TpEmis.OFFLINE_NFCE:
        qr = qr_code_offline(
            urls.qr_code, built.key, data.tp_amb, csc, local_time(data, data.issued_at),
            built.totals.v_nf, digest_value_of(built.root),
        )  # fmt: skip
    else:
        qr = qr_code_online(urls.qr_code, built.key, data.tp_amb, csc)
    add_supplement(built.root, qr, urls.url_chave)
