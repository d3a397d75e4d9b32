"""Build, sign, validate and serialize one CT-e or CT-e OS: the steps every issuance runs.

The document's XSD leaves `infModal` open (`xs:any`, processContents skip), so the road modal
is validated again with its own XSD (`cte/4.00/rodo`, `cte/4.00/rodoOS`), as the authority does
(rejection 580). The schema check runs on the signed tree, because the XSD requires `Signature`.
The builders get the signer's `sign_bytes`: an offline CT-e's QR code carries the chCTe signed
with the issuer's key (`documents.cte.qrcode`).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from documents.cte.builder import BuiltCte, build_cte, build_cteos
from documents.cte.model import CTeData, CTeOSData
from documents.keys import AccessKey
from documents.schemas import assert_valid
from documents.signing import DS_NS, XmlSigner

CTE_SCHEMA, CTE_OS_SCHEMA = "cte/4.00/CTe", "cte/4.00/CTeOS"
MODAL_SCHEMAS = {"rodo": "cte/4.00/rodo", "rodoOS": "cte/4.00/rodoOS"}


@dataclass(frozen=True)
class SignedCte:
    """A signed, schema-valid CT-e / CT-e OS ready to transmit (gzip+base64) and to store."""

    key: AccessKey
    xml: bytes  # UTF-8, no XML declaration, no formatting
    digest_value: str  # equals the protocol's digVal when authorized


def prepare_cte(data: CTeData, signer: XmlSigner) -> SignedCte:
    """The signed CT-e (model 57). Raises `InvalidDocumentDataError` for data the layout cannot
    hold and `SchemaViolationError` if the result breaks the official schemas."""
    return _finish(build_cte(data, signer.sign_bytes), signer, CTE_SCHEMA)


def prepare_cteos(data: CTeOSData, signer: XmlSigner) -> SignedCte:
    """The signed CT-e OS (model 67); the same checks as `prepare_cte`."""
    return _finish(build_cteos(data, signer.sign_bytes), signer, CTE_OS_SCHEMA)


def _finish(built: BuiltCte, signer: XmlSigner, schema_key: str) -> SignedCte:
    signer.sign(built.root, built.reference_id)
    assert_valid(built.root, schema_key)
    for modal in built.root.iterfind("{*}infCte/{*}infCTeNorm/{*}infModal/*"):
        name = etree.QName(modal).localname
        assert_valid(etree.fromstring(etree.tostring(modal)), MODAL_SCHEMAS[name])
    xml = etree.tostring(built.root, encoding="UTF-8")
    return SignedCte(built.key, xml, digest_value_of(built.root))


def digest_value_of(root: etree._Element) -> str:
    """The DigestValue of the document's signature (the protocol's digVal)."""
    path = f"{{{DS_NS}}}Signature/{{{DS_NS}}}SignedInfo/{{{DS_NS}}}Reference/{{{DS_NS}}}DigestValue"
    return str(root.findtext(path) or "")
