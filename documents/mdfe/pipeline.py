"""Build, sign, validate and serialize one MDF-e: the steps every issuance runs.

The document's XSD leaves `infModal` open (`xs:any`, processContents skip), so the road modal is
validated again with its own XSD (`mdfe/3.00/rodo`), as the authority does. The schema check
runs on the signed tree, because the XSD requires `Signature`.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from documents.cte.pipeline import digest_value_of
from documents.keys import AccessKey
from documents.mdfe.builder import DOCUMENT_SCHEMA, ROAD_SCHEMA, build_mdfe
from documents.mdfe.model import MDFeData
from documents.schemas import assert_valid
from documents.signing import XmlSigner

MODAL_SCHEMAS = {"rodo": ROAD_SCHEMA}


@dataclass(frozen=True)
class SignedMdfe:
    """A signed, schema-valid MDF-e ready to transmit (gzip+base64) and to store."""

    key: AccessKey
    xml: bytes  # UTF-8, no XML declaration, no formatting
    digest_value: str  # equals the protocol's digVal when authorized


def prepare_mdfe(data: MDFeData, signer: XmlSigner) -> SignedMdfe:
    """The signed MDF-e. Raises `InvalidDocumentDataError` for data the layout cannot hold (the
    spec's layout rules included) and `SchemaViolationError` if the result breaks the official
    schemas (document or road modal)."""
    built = build_mdfe(data, signer.sign_bytes)
    signer.sign(built.root, built.reference_id)
    assert_valid(built.root, DOCUMENT_SCHEMA)
    for modal in built.root.iterfind("{*}infMDFe/{*}infModal/*"):
        name = etree.QName(modal).localname
        assert_valid(etree.fromstring(etree.tostring(modal)), MODAL_SCHEMAS[name])
    xml = etree.tostring(built.root, encoding="UTF-8")
    return SignedMdfe(built.key, xml, digest_value_of(built.root))
