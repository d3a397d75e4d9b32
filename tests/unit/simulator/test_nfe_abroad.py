"""The authority's rules of an operation with abroad (idDest 3), on an import built by the
product (supplier abroad, DI and II groups) and signed by xmlsec1: accepted as built; refused
with UF other than EX (727), a CFOP of abroad without idDest 3 (731) and, on idDest 3, a CFOP
of another scope (732 interstate, 733 internal). An export (output, idDest 3) needs its
place of shipment, exporta (355), which no other note carries (356); an item's detExport only
with a CFOP of abroad (336). Codes of the MOC's table (sped-nfe docs/cStat.md)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal
from typing import Any

from lxml import etree

from documents.nfe.model import (
    Addition,
    Address,
    Export,
    ExportDetail,
    IdDest,
    ImportDeclaration,
    ImportTax,
    IndIEDest,
    Item,
    Payment,
    Recipient,
    TpNF,
)
from tests.unit.simulator.factories import SoapClient
from tests.unit.simulator.test_nfe_operations import (
    NO_PAYMENT,
    Q,
    code,
    issue,
    product,
    remove,
    set_text,
)

SUPPLIER = Recipient(
    name="ELEKTRO GERATEBAU GMBH",
    ind_ie_dest=IndIEDest.NAO_CONTRIBUINTE,
    foreign_id="DE811234567",
    address=Address(
        street="Blanc-und-Fischer-Platz", number="1", district="EXTERIOR", city_code="9999999",
        city="EXTERIOR", uf="EX", country_code="0230", country="Alemanha",
    ),
)  # fmt: skip
DI = ImportDeclaration(
    number="2412345678", registered_on=dt.date(2024, 7, 9), clearance_place="PORTO DE SANTOS",
    clearance_uf="SP", cleared_on=dt.date(2024, 7, 10), transport_mode="1", intermediation="1",
    exporter="EGO-01", additions=(Addition(sequence="1", manufacturer="EGO-FAB", number="1"),),
    afrmm=Decimal("13.00"),
)  # fmt: skip


def imported(cfop: str = "3102") -> dict[str, Any]:
    """The NFeData changes of an import of one P00001 (CST 41: no ICMS value to follow)."""
    base: Item = product("1.0000", cfop)
    ii = ImportTax(Decimal("10.00"), Decimal("1.54"), Decimal("1.80"), Decimal("0.00"))
    item = dataclasses.replace(
        base, import_declarations=(DI,), taxes=dataclasses.replace(base.taxes, ii=ii)
    )
    return {"tp_nf": TpNF.ENTRADA, "id_dest": IdDest.EXTERIOR, "recipient": SUPPLIER,
            "items": (item,), "payments": NO_PAYMENT, "nat_op": "COMPRA DO EXTERIOR"}  # fmt: skip


def test_an_import_as_built_is_authorized(client: SoapClient) -> None:
    assert code(client, issue(client.company, 380, **imported())) == "100"


def test_abroad_needs_uf_ex_and_cfops_of_abroad(client: SoapClient) -> None:
    company = client.company
    uf, cfop = "n:dest/n:enderDest/n:UF", "n:det/n:prod/n:CFOP"
    assert code(client, issue(company, 381, set_text(uf, "SP"), **imported())) == "727"
    assert code(client, issue(company, 382, **imported("1102"))) == "733"
    assert code(client, issue(company, 383, **imported("2102"))) == "732"
    internal = {**imported(), "id_dest": IdDest.INTERNA}
    assert code(client, issue(company, 384, set_text(cfop, "3102"), **internal)) == "731"


BUYER = dataclasses.replace(SUPPLIER, name="IMPORTADORA EXEMPLO GMBH", foreign_id="DE123456789")
SHIPMENT = Export(uf="SP", place="PORTO DE SANTOS", dispatch_place="EADI CAMPINAS")


def exported() -> dict[str, Any]:
    """The NFeData changes of an export of one P00001 under drawback (CST 41)."""
    item = dataclasses.replace(
        product("1.0000", "7102"), export_details=(ExportDetail(drawback="20240012345"),)
    )
    return {"id_dest": IdDest.EXTERIOR, "recipient": BUYER, "items": (item,),
            "payments": (Payment(kind="17", amount=Decimal("10.00")),),
            "nat_op": "VENDA PARA O EXTERIOR", "export": SHIPMENT}  # fmt: skip


def test_an_export_as_built_is_authorized(client: SoapClient) -> None:
    assert code(client, issue(client.company, 390, **exported())) == "100"


def _insert(tag: str, parent: str, before: tuple[str, ...], *leaves: tuple[str, str]) -> Any:
    """An edit adding the group `tag` under `parent` ahead of the first of `before` present
    (the layout's order), else at its end; the builder refuses to write it there itself."""

    def edit(info: etree._Element) -> None:
        host = info if parent == "." else info.find(parent.replace("n:", Q))
        group = etree.Element(Q + tag)
        for name, value in leaves:
            etree.SubElement(group, Q + name).text = value
        following = [c for c in host if etree.QName(c).localname in before]
        if following:
            following[0].addprevious(group)
        else:
            host.append(group)

    return edit


def test_the_place_of_shipment_goes_with_an_export_only(client: SoapClient) -> None:
    company = client.company
    assert code(client, issue(company, 391, remove("n:exporta"), **exported())) == "355"
    exporta = _insert("exporta", ".", ("compra", "cana", "infRespTec"),
                      ("UFSaidaPais", "SP"), ("xLocExporta", "PORTO DE SANTOS"))  # fmt: skip
    assert code(client, issue(company, 392, exporta, **imported())) == "356"
    detail = _insert("detExport", "n:det/n:prod", ("xPed", "nItemPed", "nFCI"), ("nDraw", "1"))
    assert code(client, issue(company, 393, detail)) == "336"
