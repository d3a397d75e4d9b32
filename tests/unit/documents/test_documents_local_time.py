"""Every date-time a document or event carries is the issuer's UF wall clock with its offset
(TDateTimeUTC; protocol_facts.md), whatever zone the caller's moment is in; the access key's
AAMM and the QR code's day follow the same clock."""

from __future__ import annotations

import dataclasses
import datetime as dt
from types import ModuleType

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.events.cancel import build_cancel
from documents.events.common import EventHeader
from documents.keys import AccessKey
from documents.localtime import UF_TIME_ZONES, issuer_date, issuer_time, uf_zone
from documents.nfe.builder import build_nfe
from documents.nfe.model import Contingency, NFeData, TpAmb, TpEmis
from documents.ufs import UF_CODES

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
NEW_YEAR_UTC = dt.datetime(2027, 1, 1, 1, 0, 0, tzinfo=dt.UTC)  # 22:00 on 31 Dec in Brasília


def ide(root: etree._Element, tag: str) -> str:
    return str(root.xpath(f"//n:ide/n:{tag}", namespaces=NS)[0].text)


def in_uf(data: NFeData, uf: str) -> NFeData:
    address = dataclasses.replace(data.issuer.address, uf=uf)
    return dataclasses.replace(data, issuer=dataclasses.replace(data.issuer, address=address))


def test_dh_emi_before_midnight_in_brasilia_is_the_31st(nfe_factory: ModuleType) -> None:
    built = build_nfe(nfe_factory.nfe_data(1, issued_at=NEW_YEAR_UTC))
    assert ide(built.root, "dhEmi") == "2026-12-31T22:00:00-03:00"
    assert (built.key.year, built.key.month) == (26, 12)  # AAMM of the local date, not 2701


@pytest.mark.parametrize(
    ("uf", "expected"),
    [
        ("AM", "2026-12-31T21:00:00-04:00"),
        ("MT", "2026-12-31T21:00:00-04:00"),
        ("MS", "2026-12-31T21:00:00-04:00"),
        ("RO", "2026-12-31T21:00:00-04:00"),
        ("RR", "2026-12-31T21:00:00-04:00"),
        ("AC", "2026-12-31T20:00:00-05:00"),
        ("PE", "2026-12-31T22:00:00-03:00"),  # Fernando de Noronha is PE, but PE is -03:00
        ("BA", "2026-12-31T22:00:00-03:00"),
    ],
)
def test_dh_emi_carries_the_issuer_uf_offset(
    nfe_factory: ModuleType, uf: str, expected: str
) -> None:
    built = build_nfe(in_uf(nfe_factory.nfe_data(1, issued_at=NEW_YEAR_UTC), uf))
    assert ide(built.root, "dhEmi") == expected


def test_contingency_and_exit_times_are_local_too(nfe_factory: ModuleType) -> None:
    data = nfe_factory.nfe_data(
        1, issued_at=NEW_YEAR_UTC, left_at=NEW_YEAR_UTC, tp_emis=TpEmis.SVC_AN,
        contingency=Contingency(NEW_YEAR_UTC, "SEFAZ DE ORIGEM FORA DO AR PARA TESTE"),
    )  # fmt: skip
    root = build_nfe(in_uf(data, "AM")).root
    assert ide(root, "dhSaiEnt") == ide(root, "dhCont") == "2026-12-31T21:00:00-04:00"


def test_event_time_is_the_issuer_uf_clock() -> None:
    key = AccessKey.build(13, (2026, 12), "11222333000181", 55, 1, 1, 1, "48213577")  # AM
    header = EventHeader(key, TpAmb.HOMOLOGACAO, "11222333000181", NEW_YEAR_UTC)
    built = build_cancel(header, "113260000000001", "Cliente desistiu da compra apos a emissao")
    [when] = built.root.xpath("//n:dhEvento", namespaces=NS)
    assert when.text == "2026-12-31T21:00:00-04:00"


def test_every_uf_has_a_zone_and_the_operation_date_is_local() -> None:
    assert set(UF_TIME_ZONES) == set(UF_CODES)
    for uf in UF_CODES:
        assert uf_zone(uf).utcoffset(NEW_YEAR_UTC) in {
            dt.timedelta(hours=-3), dt.timedelta(hours=-4), dt.timedelta(hours=-5)
        }  # fmt: skip
    assert issuer_date("SP", NEW_YEAR_UTC) == dt.date(2026, 12, 31)
    assert issuer_date("SP", NEW_YEAR_UTC + dt.timedelta(hours=2)) == dt.date(2027, 1, 1)


def test_naive_moment_or_unknown_uf_is_refused() -> None:
    with pytest.raises(InvalidDocumentDataError):
        issuer_time("SP", dt.datetime(2026, 12, 31, 22, 0))
    with pytest.raises(InvalidDocumentDataError):
        issuer_time("XX", NEW_YEAR_UTC)
