"""MDF-e 3.00 in contingency (tpEmis 2): the digit in `ide` and in the key's position 35, no
dhCont/xJust (the 3.00 layout has none) and a QR code with `&sign=`, which the `qrCodMDFe`
pattern of the XSD allows; a normal manifest is unchanged."""

from __future__ import annotations

import base64
from collections.abc import Callable

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.padding import PKCS1v15
from cryptography.hazmat.primitives.asymmetric.rsa import RSAPublicKey
from lxml import etree

from documents.certificates import A1Certificate
from documents.errors import InvalidDocumentDataError
from documents.keys import mod11_digit
from documents.mdfe.builder import MDFE_NS, build_mdfe
from documents.mdfe.model import TpEmisMdfe
from documents.mdfe.pipeline import prepare_mdfe
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from documents.xml import parse_untrusted

from .data import mdfe_data

Q = f"{{{MDFE_NS}}}"
QR_BASE = "https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode"


def _ide(xml: bytes) -> etree._Element:
    found = parse_untrusted(xml).find(f"{Q}infMDFe/{Q}ide")
    assert found is not None
    return found


def test_offline_mdfe_is_valid_signed_and_its_qr_code_carries_the_key_signature(
    signer: XmlSigner, company_a1: A1Certificate, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_mdfe(mdfe_data(tp_emis=TpEmisMdfe.OFFLINE), signer)
    assert validate(signed.xml, "mdfe/3.00/MDFe") == []
    verify_signature(parse_untrusted(signed.xml), reference_id=f"MDFe{signed.key}")
    xmlsec_verify(signed.xml, "infMDFe", MDFE_NS)
    key = signed.key.text
    assert key[34] == "2" and int(key[43]) == mod11_digit(key[:43])
    ide = _ide(signed.xml)
    assert ide.findtext(Q + "tpEmis") == "2" and ide.findtext(Q + "cDV") == key[43]
    assert ide.find(Q + "dhCont") is None and ide.find(Q + "xJust") is None
    qr = str(parse_untrusted(signed.xml).findtext(f"{Q}infMDFeSupl/{Q}qrCodMDFe"))
    base, _, signature = qr.partition("&sign=")
    assert base == f"{QR_BASE}?chMDFe={key}&tpAmb=2"
    public_key = company_a1.certificate.public_key()
    assert isinstance(public_key, RSAPublicKey)
    public_key.verify(base64.b64decode(signature), key.encode(), PKCS1v15(), hashes.SHA1())


def test_normal_mdfe_keeps_tp_emis_1_and_the_plain_qr_code(signer: XmlSigner) -> None:
    signed = prepare_mdfe(mdfe_data(), signer)
    assert _ide(signed.xml).findtext(Q + "tpEmis") == "1" and signed.key.tp_emis == 1
    qr = parse_untrusted(signed.xml).findtext(f"{Q}infMDFeSupl/{Q}qrCodMDFe")
    assert qr == f"{QR_BASE}?chMDFe={signed.key}&tpAmb=2"
    default = etree.tostring(build_mdfe(mdfe_data()).root)
    explicit = etree.tostring(build_mdfe(mdfe_data(tp_emis=TpEmisMdfe.NORMAL), str).root)
    assert default == explicit


def test_an_offline_qr_code_cannot_be_built_without_the_issuer_key() -> None:
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_mdfe(mdfe_data(tp_emis=TpEmisMdfe.OFFLINE))
    assert caught.value.field == "qrCodMDFe"
