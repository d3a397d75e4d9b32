"""EPEC (event 110140) built from a signed tpEmis 4 NF-e: nfelib's EPEC XSDs, the SEFAZ
signature profile (xmlsec1), cOrgao 91, and every summarized field equal to the note's (checked
with the simulator's own conferral, the one the UF runs before answering 467)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from types import ModuleType

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.events.common import batch
from documents.events.epec import EPEC, build_epec, prepare_epec, read_epec_data
from documents.nfce.qrcode import Csc
from documents.nfe.model import Contingency, IndIEDest, TpEmis
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner
from documents.wrappers import proc_evento_nfe
from documents.xml import parse_untrusted
from simulator.epec import diverging_tag

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
Q = f"{{{NFE_NS}}}"
BRT = dt.timezone(dt.timedelta(hours=-3))
ISSUED = dt.datetime(2026, 1, 15, 10, 0, tzinfo=BRT)
LATER = ISSUED + dt.timedelta(minutes=2)
REASON = "SEFAZ autorizadora e SVC indisponiveis"


def _note(factory: ModuleType, signer: XmlSigner, **changes: object) -> SignedNFe:
    fields: dict[str, object] = {
        "tp_emis": TpEmis.EPEC, "issued_at": ISSUED,
        "contingency": Contingency(ISSUED - dt.timedelta(minutes=15), REASON),
    }  # fmt: skip
    fields.update(changes)
    return prepare_nfe(dataclasses.replace(factory.nfe_data(2), **fields), signer)


def _detail(xml: bytes) -> etree._Element:
    found = parse_untrusted(xml).find(f"{Q}infEvento/{Q}detEvento")
    assert found is not None
    return found


def test_epec_is_schema_valid_signed_and_addressed_to_the_ambiente_nacional(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    note = _note(nfe_factory, signer)
    epec = prepare_epec(note.xml, signer, LATER)
    assert epec.key == note.key and epec.reference_id == f"ID{EPEC}{note.key}01"
    xmlsec_verify(epec.xml, "infEvento")
    assert validate(epec.xml, "nfe/1.00/evento-110140") == []
    lot = etree.tostring(batch([parse_untrusted(epec.xml)], 7))
    assert validate(lot, "nfe/1.00/envEvento-110140") == []
    info = parse_untrusted(epec.xml).find(Q + "infEvento")
    assert info is not None
    assert [info.findtext(Q + t) for t in ("cOrgao", "tpEvento", "nSeqEvento", "CNPJ")] == [
        "91", "110140", "1", "11222333000181",
    ]  # fmt: skip
    assert info.findtext(Q + "dhEvento") == "2026-01-15T10:02:00-03:00"
    detail = _detail(epec.xml)
    assert [detail.findtext(Q + t) for t in ("descEvento", "cOrgaoAutor", "tpAutor")] == [
        "EPEC", "35", "1",
    ]  # fmt: skip
    ver_proc = parse_untrusted(note.xml).findtext(f"{Q}infNFe/{Q}ide/{Q}verProc")
    assert detail.findtext(Q + "verAplic") == ver_proc  # sped-nfe's default


def test_every_summarized_field_equals_the_note(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    note = _note(nfe_factory, signer)
    epec = prepare_epec(note.xml, signer, LATER, ver_aplic="ERP 2.1")
    info = parse_untrusted(note.xml).find(Q + "infNFe")
    assert info is not None
    assert diverging_tag(info, parse_untrusted(epec.xml)) is None
    detail = _detail(epec.xml)
    assert detail.findtext(Q + "dhEmi") == info.findtext(f"{Q}ide/{Q}dhEmi")
    assert detail.findtext(Q + "IE") == "123456789012"
    assert detail.findtext(Q + "verAplic") == "ERP 2.1"
    dest = detail.find(Q + "dest")
    assert dest is not None
    assert [etree.QName(e).localname for e in dest] == [
        "UF", "CNPJ", "IE", "vNF", "vICMS", "vST",
    ]  # fmt: skip
    total = f"{Q}total/{Q}ICMSTot/{Q}"
    for tag in ("vNF", "vICMS", "vST"):
        assert dest.findtext(Q + tag) == info.findtext(total + tag)


def test_a_recipient_with_cpf_and_no_ie_is_summarized_as_such(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    person = dataclasses.replace(
        nfe_factory.recipient(), cnpj=None, cpf="12345678909", ie=None,
        ind_ie_dest=IndIEDest.NAO_CONTRIBUINTE,
    )  # fmt: skip
    note = _note(nfe_factory, signer, recipient=person, final_consumer=True)
    data = read_epec_data(note.xml)
    assert (data.recipient.id_tag, data.recipient.id_value, data.recipient.ie) == (
        "CPF", "12345678909", None,
    )  # fmt: skip
    assert data.v_nf > Decimal("0")
    epec = prepare_epec(note.xml, signer, LATER)
    assert validate(epec.xml, "nfe/1.00/evento-110140") == []
    info = parse_untrusted(note.xml).find(Q + "infNFe")
    assert info is not None and diverging_tag(info, parse_untrusted(epec.xml)) is None


def test_the_registered_epec_wraps_into_proc_evento_nfe(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    epec = prepare_epec(_note(nfe_factory, signer).xml, signer, LATER)
    answer = (
        f'<retEvento xmlns="{NFE_NS}" versao="1.00"><infEvento><tpAmb>2</tpAmb>'
        "<verAplic>AN_EPEC_1.0</verAplic><cOrgao>91</cOrgao><cStat>136</cStat>"
        "<xMotivo>Evento registrado, mas nao vinculado a NF-e</xMotivo>"
        f"<chNFe>{epec.key}</chNFe><tpEvento>110140</tpEvento><xEvento>EPEC autorizado</xEvento>"
        "<nSeqEvento>1</nSeqEvento><cOrgaoAutor>35</cOrgaoAutor>"
        "<dhRegEvento>2026-01-15T10:02:05-03:00</dhRegEvento><nProt>891260000000001</nProt>"
        "</infEvento></retEvento>"
    ).encode()
    assert validate(proc_evento_nfe(epec.xml, answer), "nfe/1.00/procEventoNFe-110140") == []


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"tp_emis": TpEmis.NORMAL, "contingency": None}, "tpEmis"),  # 484
        ({"tp_emis": TpEmis.CONTINGENCIA_FSDA}, "tpEmis"),
    ],
)
def test_only_a_tp_emis_4_note_has_an_epec(
    nfe_factory: ModuleType, signer: XmlSigner, changes: dict[str, object], field: str
) -> None:
    note = _note(nfe_factory, signer, **changes)
    with pytest.raises(InvalidDocumentDataError) as caught:
        read_epec_data(note.xml)
    assert caught.value.field == field


def test_an_nfce_has_no_epec_at_the_ambiente_nacional(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    base = nfe_factory.nfce_data(1)  # outside SP: SP's own EPEC-NFC-e is test_documents_epec_nfce
    address = dataclasses.replace(base.issuer.address, uf="RS", city_code="4314902",
                                  city="PORTO ALEGRE")  # fmt: skip
    data = dataclasses.replace(
        base, tp_emis=TpEmis.EPEC, issued_at=ISSUED, contingency=Contingency(ISSUED, REASON),
        issuer=dataclasses.replace(base.issuer, address=address),
    )  # fmt: skip
    note = prepare_nfe(data, signer, csc=Csc("000001", "0123456789"))
    with pytest.raises(InvalidDocumentDataError) as caught:
        read_epec_data(note.xml)
    assert caught.value.field == "mod"


def test_an_issuer_without_a_numeric_ie_cannot_register_an_epec(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    issuer = dataclasses.replace(nfe_factory.issuer(), ie="ISENTO")
    note = _note(nfe_factory, signer, issuer=issuer)
    with pytest.raises(InvalidDocumentDataError) as caught:
        read_epec_data(note.xml)
    assert caught.value.field == "IE"


def test_the_event_cannot_precede_the_note_and_ver_aplic_is_bounded(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    data = read_epec_data(_note(nfe_factory, signer).xml)
    with pytest.raises(InvalidDocumentDataError) as early:
        build_epec(data, ISSUED - dt.timedelta(seconds=1))  # 577
    assert early.value.field == "dhEvento"
    with pytest.raises(InvalidDocumentDataError) as long_version:
        build_epec(data, LATER, ver_aplic="x" * 21)
    assert long_version.value.field == "verAplic"


def test_a_recipientless_note_cannot_be_summarized(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    note = _note(nfe_factory, signer)
    root = parse_untrusted(note.xml)
    info = root.find(Q + "infNFe")
    assert info is not None
    dest = info.find(Q + "dest")
    assert dest is not None
    info.remove(dest)
    with pytest.raises(InvalidDocumentDataError) as caught:
        read_epec_data(root)
    assert caught.value.field == "dest"
