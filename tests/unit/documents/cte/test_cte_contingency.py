"""CT-e and CT-e OS in contingency: tpEmis 2 (offline), 7 (SVC-RS) and 8 (SVC-SP) in `ide` and
in the key's position 35, dhCont/xJust where the 4.00 XSD puts them, and the offline QR code's
`&sign=` (RSA-SHA1 of chCTe with the issuer's key); normal documents keep tpEmis 1."""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Callable

import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.padding import PKCS1v15
from cryptography.hazmat.primitives.asymmetric.rsa import RSAPublicKey
from lxml import etree

from documents.certificates import A1Certificate
from documents.cte.builder import CTE_NS, build_cte, build_cteos
from documents.cte.model import Contingency, TpEmisCte
from documents.cte.pipeline import prepare_cte, prepare_cteos
from documents.errors import InvalidDocumentDataError
from documents.keys import mod11_digit
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from documents.xml import parse_untrusted

from .data import ISSUED_AT, cte_data, cteos_data

Q = f"{{{CTE_NS}}}"
REASON = "SEFAZ autorizadora fora do ar desde as nove horas"
STARTED = dt.datetime(2026, 1, 15, 12, 30, tzinfo=dt.UTC)  # 09:30 in São Paulo
OFFLINE = Contingency(STARTED, REASON)


def _ide(xml: bytes) -> etree._Element:
    found = parse_untrusted(xml).find(f"{Q}infCte/{Q}ide")
    assert found is not None
    return found


def _qr(xml: bytes) -> str:
    return str(parse_untrusted(xml).findtext(f"{Q}infCTeSupl/{Q}qrCodCTe"))


def _check_sign(qr: str, key: str, a1: A1Certificate) -> None:
    """`&sign=` is base64 RSA-SHA1 (PKCS#1 v1.5) of the 44 digits, by the issuer's key."""
    base, _, signature = qr.partition("&sign=")
    assert base.endswith(f"?chCTe={key}&tpAmb=2")
    public_key = a1.certificate.public_key()
    assert isinstance(public_key, RSAPublicKey)
    public_key.verify(base64.b64decode(signature), key.encode(), PKCS1v15(), hashes.SHA1())


def test_offline_cte_is_valid_signed_and_keyed_with_tp_emis_2(
    signer: XmlSigner, company_a1: A1Certificate, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_cte(cte_data(tp_emis=TpEmisCte.OFFLINE, contingency=OFFLINE), signer)
    assert validate(signed.xml, "cte/4.00/CTe") == []
    verify_signature(parse_untrusted(signed.xml), reference_id=f"CTe{signed.key}")
    xmlsec_verify(signed.xml, "infCte", CTE_NS)
    key = signed.key.text
    assert key[34] == "2" and signed.key.tp_emis == 2 and int(key[43]) == mod11_digit(key[:43])
    ide = _ide(signed.xml)
    assert ide.findtext(Q + "tpEmis") == "2" and ide.findtext(Q + "cDV") == key[43]
    assert ide.findtext(Q + "dhCont") == "2026-01-15T09:30:00-03:00"
    assert ide.findtext(Q + "xJust") == REASON
    # The XSD's optional contingency sequence closes ide (after toma3 / toma4).
    assert [etree.QName(e).localname for e in ide][-3:] == ["toma3", "dhCont", "xJust"]
    _check_sign(_qr(signed.xml), key, company_a1)


def test_offline_cteos_carries_dhcont_after_the_route_and_a_signed_qr_code(
    signer: XmlSigner, company_a1: A1Certificate, xmlsec_verify: Callable[..., str]
) -> None:
    data = cteos_data(route=("MG",), tp_emis=TpEmisCte.OFFLINE, contingency=OFFLINE)
    signed = prepare_cteos(data, signer)
    assert validate(signed.xml, "cte/4.00/CTeOS") == []
    xmlsec_verify(signed.xml, "infCte", CTE_NS)
    assert signed.key.modelo == 67 and signed.key.tp_emis == 2
    names = [etree.QName(e).localname for e in _ide(signed.xml)]
    assert names[-3:] == ["infPercurso", "dhCont", "xJust"]
    _check_sign(_qr(signed.xml), signed.key.text, company_a1)


@pytest.mark.parametrize("tp_emis", [TpEmisCte.SVC_RS, TpEmisCte.SVC_SP])
@pytest.mark.parametrize("contingency", [None, OFFLINE])
def test_svc_documents_are_valid_with_or_without_dhcont_and_keep_the_plain_qr_code(
    signer: XmlSigner, tp_emis: TpEmisCte, contingency: Contingency | None
) -> None:
    """An SVC authorizes online before printing: the QR code is not signed; dhCont/xJust are
    optional there (sped-cte writes them offline only, the simulator requires them for 2)."""
    for prepare, data, schema in (
        (prepare_cte, cte_data(tp_emis=tp_emis, contingency=contingency), "cte/4.00/CTe"),
        (prepare_cteos, cteos_data(tp_emis=tp_emis, contingency=contingency), "cte/4.00/CTeOS"),
    ):
        signed = prepare(data, signer)  # type: ignore[operator]
        assert validate(signed.xml, schema) == []
        assert signed.key.text[34] == tp_emis.value
        assert _ide(signed.xml).findtext(Q + "tpEmis") == tp_emis.value
        assert (_ide(signed.xml).find(Q + "dhCont") is None) == (contingency is None)
        assert _qr(signed.xml).endswith(f"?chCTe={signed.key}&tpAmb=2")


def test_normal_documents_keep_tp_emis_1_and_no_contingency_fields(signer: XmlSigner) -> None:
    for signed in (prepare_cte(cte_data(), signer), prepare_cteos(cteos_data(), signer)):
        ide = _ide(signed.xml)
        assert ide.findtext(Q + "tpEmis") == "1" and signed.key.tp_emis == 1
        assert ide.find(Q + "dhCont") is None and ide.find(Q + "xJust") is None
        assert "&sign=" not in _qr(signed.xml)


def test_explicit_normal_emission_builds_the_same_bytes_as_the_default() -> None:
    default = etree.tostring(build_cte(cte_data()).root)
    explicit = etree.tostring(build_cte(cte_data(tp_emis=TpEmisCte.NORMAL), lambda _: "x").root)
    assert default == explicit


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"tp_emis": TpEmisCte.OFFLINE}, "dhCont"),  # 587
        ({"contingency": OFFLINE}, "dhCont"),  # 586
        ({"tp_emis": TpEmisCte.OFFLINE,
          "contingency": Contingency(ISSUED_AT + dt.timedelta(minutes=1), REASON)}, "dhCont"),
        ({"tp_emis": TpEmisCte.SVC_RS, "contingency": Contingency(STARTED, "curta")}, "xJust"),
        ({"tp_emis": TpEmisCte.SVC_SP, "contingency": Contingency(STARTED, "x" * 257)}, "xJust"),
    ],
)  # fmt: skip
def test_contingency_data_the_authority_refuses_is_refused_first(
    changes: dict[str, object], field: str
) -> None:
    for build, data in ((build_cte, cte_data(**changes)), (build_cteos, cteos_data(**changes))):
        with pytest.raises(InvalidDocumentDataError) as caught:
            build(data, lambda _: "c2lnbg==")  # type: ignore[operator]
        assert caught.value.field == field


def test_an_offline_qr_code_cannot_be_built_without_the_issuer_key() -> None:
    data = cte_data(tp_emis=TpEmisCte.OFFLINE, contingency=OFFLINE)
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_cte(data)
    assert caught.value.field == "qrCodCTe"
