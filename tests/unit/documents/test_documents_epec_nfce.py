"""EPEC (110140) of an SP NFC-e (NT 2015.003): cOrgao 35, dest optional with only the
consumer's id, vNF and vICMS in detEvento, SP's schema (nfelib's NF-e EPEC XSD does not fit it),
the SEFAZ signature profile (xmlsec1) and every summarized field equal to the note's (checked with
the simulator's own conferral, the one SEFAZ-SP runs before answering 467)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from types import ModuleType

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.events.epec import (
    assert_valid_nfce_epec,
    build_epec,
    nfce_epec_violations,
    prepare_epec,
    read_epec_data,
)
from documents.nfce.qrcode import Csc
from documents.nfe.model import Contingency, TpEmis
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner
from documents.xml import parse_untrusted
from simulator.epec_nfce import diverging_tag

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
Q = f"{{{NFE_NS}}}"
BRT = dt.timezone(dt.timedelta(hours=-3))
ISSUED = dt.datetime(2026, 1, 15, 10, 0, tzinfo=BRT)
LATER = ISSUED + dt.timedelta(minutes=2)
REASON = "SEFAZ-SP NFC-e indisponivel desde as 9h"
CSC = Csc("000001", "0123456789")


def _nfce(factory: ModuleType, signer: XmlSigner, **changes: object) -> SignedNFe:
    data = dataclasses.replace(
        factory.nfce_data(2), tp_emis=TpEmis.EPEC, issued_at=ISSUED,
        contingency=Contingency(ISSUED - dt.timedelta(minutes=10), REASON),
    )  # fmt: skip
    return prepare_nfe(dataclasses.replace(data, **changes), signer, csc=CSC)


def _detail(xml: bytes) -> etree._Element:
    found = parse_untrusted(xml).find(f"{Q}infEvento/{Q}detEvento")
    assert found is not None
    return found


def test_an_sp_nfce_epec_has_sp_s_layout_and_repeats_the_note(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: object
) -> None:
    note = _nfce(nfe_factory, signer)
    epec = prepare_epec(note.xml, signer, LATER)
    root = parse_untrusted(epec.xml)
    info = root.find(f"{Q}infEvento")
    assert info is not None and epec.key == note.key
    assert info.findtext(f"{Q}cOrgao") == "35"  # SEFAZ-SP, not the AN's 91
    detail = _detail(epec.xml)
    assert [etree.QName(e).localname for e in detail] == [
        "descEvento", "cOrgaoAutor", "tpAutor", "verAplic", "dhEmi", "tpNF", "IE", "dest",
        "vNF", "vICMS",
    ]  # fmt: skip
    dest = detail.find(f"{Q}dest")
    assert dest is not None
    assert [(etree.QName(e).localname, e.text) for e in dest] == [
        ("UF", "SP"),
        ("CPF", "12345678909"),
    ]  # the issuer's UF: the NFC-e's consumer has no address (sped-nfe)
    assert detail.findtext(f"{Q}tpNF") == "1"
    assert nfce_epec_violations(root) == []
    xmlsec_verify(epec.xml, "infEvento")  # type: ignore[operator]
    nfce = parse_untrusted(note.xml).find(f"{Q}infNFe")
    assert nfce is not None and diverging_tag(nfce, root) is None


def test_nfelib_s_nfe_epec_schema_does_not_fit_the_nfce_layout(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    epec = prepare_epec(_nfce(nfe_factory, signer).xml, signer, LATER)
    assert validate(epec.xml, "nfe/1.00/evento-110140") != []


def test_an_anonymous_nfce_has_no_dest_in_its_epec(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    note = _nfce(nfe_factory, signer, recipient=None)
    epec = prepare_epec(note.xml, signer, LATER)
    detail = _detail(epec.xml)
    assert detail.find(f"{Q}dest") is None
    assert detail.findtext(f"{Q}vNF") == parse_untrusted(note.xml).findtext(f".//{Q}ICMSTot/{Q}vNF")


def test_a_foreign_consumer_is_sent_with_id_estrangeiro(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    consumer = dataclasses.replace(
        nfe_factory.nfce_data(1).recipient, cpf=None, foreign_id="AB123456"
    )
    data = read_epec_data(_nfce(nfe_factory, signer, recipient=consumer).xml)
    assert data.recipient is not None
    assert (data.recipient.id_tag, data.recipient.id_value) == ("idEstrangeiro", "AB123456")


def test_an_nfce_outside_sp_has_no_epec(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    base = nfe_factory.nfce_data(1)
    address = dataclasses.replace(base.issuer.address, uf="RS", city_code="4314902",
                                  city="PORTO ALEGRE")  # fmt: skip
    note = _nfce(nfe_factory, signer, issuer=dataclasses.replace(base.issuer, address=address))
    with pytest.raises(InvalidDocumentDataError) as caught:
        read_epec_data(note.xml)
    assert caught.value.field == "mod"


def test_an_nfce_epec_off_sp_s_schema_is_refused(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    built = build_epec(read_epec_data(_nfce(nfe_factory, signer).xml), LATER)
    detail = built.root.find(f"{Q}infEvento/{Q}detEvento")
    assert detail is not None
    etree.SubElement(detail, f"{Q}vST").text = "0.00"  # the NF-e's field, not the NFC-e's
    signer.sign(built.root, built.reference_id)
    with pytest.raises(SchemaViolationError):
        assert_valid_nfce_epec(built.root)


def test_the_nfe_epec_is_unchanged_by_the_nfce_path(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    data = dataclasses.replace(
        nfe_factory.nfe_data(1, reform=False), tp_emis=TpEmis.EPEC, issued_at=ISSUED,
        contingency=Contingency(ISSUED, REASON),
    )  # fmt: skip
    epec = prepare_epec(prepare_nfe(data, signer).xml, signer, LATER)
    info = parse_untrusted(epec.xml).find(f"{Q}infEvento")
    assert info is not None and info.findtext(f"{Q}cOrgao") == "91"
    dest = _detail(epec.xml).find(f"{Q}dest")
    assert dest is not None
    assert [etree.QName(e).localname for e in dest][-3:] == ["vNF", "vICMS", "vST"]
    assert validate(epec.xml, "nfe/1.00/evento-110140") == []
