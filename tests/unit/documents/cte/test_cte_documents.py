"""CT-e and CT-e OS 4.00 built from data: official XSDs (document and modal), SEFAZ-profile
signature (our verifier and xmlsec1), access key, QR code, ICMS groups and IBS/CBS."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from decimal import Decimal

import pytest
from lxml import etree

from documents.cte.builder import CTE_NS, build_cte, build_cteos
from documents.cte.model import Charter, Icms, IcmsGroup, RoadOS, Taxes, TpAmb
from documents.cte.pipeline import prepare_cte, prepare_cteos
from documents.cte.qrcode import qr_code_url
from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import AccessKey, mod11_digit
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from documents.xml import parse_untrusted

from .data import TAKER_CNPJ, address, cte_data, cteos_data, issuer, party, simples, with_ibs_cbs

Q = f"{{{CTE_NS}}}"


def _modal(xml: bytes, name: str) -> etree._Element:
    found = parse_untrusted(xml).find(f"{Q}infCte/{Q}infCTeNorm/{Q}infModal/{Q}{name}")
    assert found is not None
    return etree.fromstring(etree.tostring(found))


def _text(xml: bytes, path: str) -> str | None:
    return parse_untrusted(xml).findtext("/".join(Q + part for part in path.split("/")))


def test_cte_passes_the_official_xsds_and_both_verifiers(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_cte(cte_data(), signer)
    assert validate(signed.xml, "cte/4.00/CTe") == []
    assert validate(_modal(signed.xml, "rodo"), "cte/4.00/rodo") == []
    verified = verify_signature(parse_untrusted(signed.xml), reference_id=f"CTe{signed.key}")
    assert verified.reference_uri == f"#CTe{signed.key}"
    xmlsec_verify(signed.xml, "infCte", CTE_NS)
    root = parse_untrusted(signed.xml)
    assert [etree.QName(c).localname for c in root] == ["infCte", "infCTeSupl", "Signature"]
    assert signed.digest_value and signed.digest_value in signed.xml.decode()


def test_cteos_passes_the_official_xsds_and_both_verifiers(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_cteos(cteos_data(), signer)
    assert validate(signed.xml, "cte/4.00/CTeOS") == []
    assert validate(_modal(signed.xml, "rodoOS"), "cte/4.00/rodoOS") == []
    verify_signature(parse_untrusted(signed.xml), reference_id=f"CTe{signed.key}")
    xmlsec_verify(signed.xml, "infCte", CTE_NS)
    assert signed.key.modelo == 67
    assert _text(signed.xml, "infCte/infCTeNorm/infModal/rodoOS/TAF") == "123456789012"


def test_access_key_fields_and_check_digit_follow_the_issuer_local_time() -> None:
    """00:30 UTC on 1 February is still 31 January in São Paulo: AAMM is 2601."""
    moment = dt.datetime(2026, 2, 1, 0, 30, tzinfo=dt.UTC)
    built = build_cte(cte_data(number=4321, issued_at=moment))
    key = built.key
    assert AccessKey.parse(key.text) == key
    assert (key.cuf, key.year, key.month, key.modelo, key.serie, key.numero) == (
        35, 26, 1, 57, 1, 4321,
    )  # fmt: skip
    assert (key.registration, key.tp_emis, key.cnf) == ("11222333000181", 1, "48213577")
    assert key.dv == mod11_digit(key.text[:43])
    ide = built.root.find(f"{Q}infCte/{Q}ide")
    assert ide is not None
    assert ide.findtext(Q + "cDV") == str(key.dv)
    assert ide.findtext(Q + "dhEmi") == "2026-01-31T21:30:00-03:00"
    assert built.root.find(Q + "infCte").get("Id") == f"CTe{key.text}"  # type: ignore[union-attr]


def test_cteos_key_has_model_67() -> None:
    key = build_cteos(cteos_data()).key
    assert key.modelo == 67 and key.dv == mod11_digit(key.text[:43])


@pytest.mark.parametrize(
    ("uf", "tp_amb", "base"),
    [
        ("SP", "2", "https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode"),
        ("SP", "1", "https://nfe.fazenda.sp.gov.br/CTeConsulta/qrCode"),
        ("SC", "1", "https://dfe-portal.svrs.rs.gov.br/cte/qrCode"),
        ("MG", "2", "https://portalcte.fazenda.mg.gov.br/portalcte/sistema/qrcode.xhtml"),
        ("PE", "2", "https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode"),
    ],
)
def test_qr_code_url_per_uf_and_environment(uf: str, tp_amb: str, base: str) -> None:
    """Own authoriser (SP, MG), SVRS (SC) and SVSP (PE, served by SP's portal)."""
    key = AccessKey.build(35, (2026, 1), "11222333000181", 57, 1, 1, 1, "48213577")
    assert qr_code_url(key, tp_amb, uf) == f"{base}?chCTe={key.text}&tpAmb={tp_amb}"


def test_document_carries_the_qr_code_of_its_uf_and_environment(signer: XmlSigner) -> None:
    rs = dataclasses.replace(address(), uf="RS", city_code="4314902", city="PORTO ALEGRE")
    data = cte_data(issuer=dataclasses.replace(issuer(), address=rs), tp_amb=TpAmb.PRODUCAO)
    signed = prepare_cte(data, signer)
    assert _text(signed.xml, "infCTeSupl/qrCodCTe") == (
        f"https://dfe-portal.svrs.rs.gov.br/cte/qrCode?chCTe={signed.key}&tpAmb=1"
    )
    assert signed.key.cuf == 43


def test_icms00_is_mapped_field_by_field(signer: XmlSigner) -> None:
    signed = prepare_cte(cte_data(), signer)
    group = parse_untrusted(signed.xml).find(f"{Q}infCte/{Q}imp/{Q}ICMS/{Q}ICMS00")
    assert group is not None
    assert [(etree.QName(c).localname, c.text) for c in group] == [
        ("CST", "00"), ("vBC", "1000.00"), ("pICMS", "12.00"), ("vICMS", "120.00"),
    ]  # fmt: skip


def test_simples_nacional_writes_icmssn_with_ind_sn(signer: XmlSigner) -> None:
    data = cte_data(issuer=issuer(crt=issuer().crt.SIMPLES_NACIONAL), taxes=simples())
    signed = prepare_cte(data, signer)
    group = parse_untrusted(signed.xml).find(f"{Q}infCte/{Q}imp/{Q}ICMS/{Q}ICMSSN")
    assert group is not None
    assert [(etree.QName(c).localname, c.text) for c in group] == [("CST", "90"), ("indSN", "1")]
    assert _text(signed.xml, "infCte/emit/CRT") == "1"


@pytest.mark.parametrize(
    "icms",
    [
        Icms(
            IcmsGroup.ICMS20,
            "20",
            Decimal("800.00"),
            Decimal("12.00"),
            Decimal("96.00"),
            reduction=Decimal("20.00"),
        ),
        Icms(IcmsGroup.ICMS45, "40"),
        Icms(IcmsGroup.ICMS45, "51"),
        Icms(
            IcmsGroup.ICMS60,
            "60",
            Decimal("1000.00"),
            Decimal("12.00"),
            Decimal("120.00"),
            credit=Decimal("24.00"),
        ),
        Icms(
            IcmsGroup.ICMS90,
            "90",
            Decimal("1000.00"),
            Decimal("12.00"),
            Decimal("120.00"),
            credit=Decimal("24.00"),
        ),
    ],
    ids=lambda icms: f"{icms.group}-{icms.cst}",
)
def test_every_transport_icms_group_passes_the_xsd(signer: XmlSigner, icms: Icms) -> None:
    signed = prepare_cte(cte_data(taxes=Taxes(icms)), signer)
    group = parse_untrusted(signed.xml).find(f"{Q}infCte/{Q}imp/{Q}ICMS/{Q}{icms.group}")
    assert group is not None and group.findtext(Q + "CST") == icms.cst


def test_ibs_cbs_group_and_document_total(signer: XmlSigner) -> None:
    signed = prepare_cte(cte_data(taxes=with_ibs_cbs(cte_data().taxes)), signer)
    assert _text(signed.xml, "infCte/imp/IBSCBS/cClassTrib") == "000001"
    assert _text(signed.xml, "infCte/imp/IBSCBS/gIBSCBS/vIBS") == "1.00"
    assert _text(signed.xml, "infCte/imp/IBSCBS/gIBSCBS/gCBS/vCBS") == "9.00"
    assert _text(signed.xml, "infCte/imp/vTotDFe") == "1010.00"
    os_signed = prepare_cteos(cteos_data(taxes=with_ibs_cbs(simples())), signer)
    assert _text(os_signed.xml, "infCte/imp/IBSCBS/CST") == "000"


def test_other_taker_is_toma4_and_a_role_is_toma3(signer: XmlSigner) -> None:
    other = party("11444777000161", "TOMADOR TERCEIRO SA", trade_name="TERCEIRO")
    signed = prepare_cte(cte_data(taker=other), signer)
    assert _text(signed.xml, "infCte/ide/toma4/toma") == "4"
    assert _text(signed.xml, "infCte/ide/toma4/CNPJ") == "11444777000161"
    assert _text(signed.xml, "infCte/ide/toma4/enderToma/UF") == "SP"
    assert _text(prepare_cte(cte_data(), signer).xml, "infCte/ide/toma3/toma") == "0"


def test_cteos_route_references_and_state_registration(signer: XmlSigner) -> None:
    road = RoadOS(state_registration="1" * 25)
    signed = prepare_cteos(cteos_data(route=("MG",), road=road, references=()), signer)
    assert _text(signed.xml, "infCte/ide/infPercurso/UFPer") == "MG"
    assert _text(signed.xml, "infCte/infCTeNorm/infModal/rodoOS/NroRegEstadual") == "1" * 25
    assert _text(signed.xml, "infCte/infCTeNorm/infDocRef/nDoc") is None


def test_cteos_needs_exactly_one_of_taf_or_state_registration() -> None:
    with pytest.raises(InvalidDocumentDataError) as neither:
        build_cteos(cteos_data(road=RoadOS()))
    assert neither.value.field == "rodoOS"
    with pytest.raises(InvalidDocumentDataError):
        build_cteos(cteos_data(road=RoadOS(taf="123456789012", state_registration="SP1")))


def test_money_with_more_places_than_the_layout_is_refused() -> None:
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_cte(cte_data(service_total=Decimal("1000.005")))
    assert caught.value.field == "vTPrest"
    rate = Icms(IcmsGroup.ICMS00, "00", Decimal("1000.00"), Decimal("12.505"), Decimal("125.05"))
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_cte(cte_data(taxes=Taxes(rate)))
    assert caught.value.field == "pICMS"
    assert build_cte(cte_data(taxes=Taxes(dataclasses.replace(rate, rate=Decimal("12.5")))))


def test_a_party_without_trade_name_in_the_layout_refuses_one() -> None:
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_cte(cte_data(recipient=party(TAKER_CNPJ, "DESTINO SA", trade_name="DESTINO")))
    assert caught.value.field == "enderDest"


def test_schema_breaking_data_is_refused_by_the_pipeline(signer: XmlSigner) -> None:
    """The RNTRC has 8 digits (or ISENTO); the modal XSD catches what the CT-e XSD skips."""
    with pytest.raises(SchemaViolationError) as caught:
        prepare_cte(cte_data(rntrc="1234"), signer)
    assert "RNTRC" in str(caught.value.violations)


def test_charter_departure_is_written_in_the_issuer_local_time() -> None:
    road = RoadOS(
        taf="123456789012", charter=Charter("1", dt.datetime(2026, 1, 20, 10, tzinfo=dt.UTC))
    )
    built = build_cteos(cteos_data(road=road))
    path = f"{Q}infCte/{Q}infCTeNorm/{Q}infModal/{Q}rodoOS/{Q}infFretamento/{Q}dhViagem"
    assert built.root.findtext(path) == "2026-01-20T07:00:00-03:00"
