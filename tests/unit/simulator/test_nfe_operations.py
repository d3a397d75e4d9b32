"""The authority's content rules for issue 35 (references by purpose, totals, payments,
transport, returned quantities), on documents made by the product's own builder and signed by
xmlsec1. A rule is provoked by editing the built tree before signing, the way a faulty issuer
would send it."""

from __future__ import annotations

import dataclasses
import datetime as dt
import importlib.util
import sys
from collections.abc import Callable
from decimal import Decimal
from types import ModuleType
from typing import Any

from lxml import etree

from documents.keys import AccessKey
from documents.nfe.builder import build_nfe
from documents.nfe.model import (
    Carrier,
    FinNFe,
    Icms,
    Item,
    ItemTaxes,
    ModFrete,
    Payment,
    PisCofins,
    RefKey,
    TpNF,
    Transport,
    Vehicle,
    Volume,
)
from simulator.clock import BRASILIA
from tests.paths import REPOSITORY
from tests.unit.simulator.factories import (
    Company,
    Issued,
    SoapClient,
    cancel_event,
    env_evento,
    envi_nfe,
    val,
    xmlsec_sign,
)

NS = "http://www.portalfiscal.inf.br/nfe"
Q = f"{{{NS}}}"
PROT = "n:protNFe/n:infProt/n:cStat"
NO_PAYMENT = (Payment(kind="90", amount=Decimal("0.00")),)
OTHER_KEY = AccessKey.build(35, (2026, 1), "22333444000172", 55, 1, 7, 1, "12345678").text
Edit = Callable[[etree._Element], None]


def _factory() -> ModuleType:
    """The documents tests' NF-e data factory (a helper module loaded by path there too)."""
    name = "_simulator_tests_nfe_factory"
    if name not in sys.modules:
        path = REPOSITORY / "tests/unit/documents/nfe_factory.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


def issue(company: Company, number: int, edit: Edit | None = None, **changes: Any) -> Issued:
    """An NF-e of `company` built by the product, edited if asked, signed by xmlsec1."""
    data = _factory().nfe_data(1, reform=False, **changes)
    data = dataclasses.replace(data, numero=number, issued_at=dt.datetime.now(BRASILIA))
    built = build_nfe(data)
    if edit is not None:
        edit(built.root.find(f"{Q}infNFe"))
    xml = etree.tostring(built.root)
    return Issued(built.key.text, xmlsec_sign(xml, company, "infNFe", built.reference_id))


def send(client: SoapClient, issued: Issued) -> tuple[str | None, str | None]:
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    return val(answer, PROT), val(answer, "n:protNFe/n:infProt/n:xMotivo")


def code(client: SoapClient, issued: Issued) -> str | None:
    return send(client, issued)[0]


def authorized(client: SoapClient, issued: Issued) -> str:
    """Send and expect 100; the protocol number."""
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, PROT) == "100", val(answer, "n:protNFe/n:infProt/n:xMotivo")
    return val(answer, "n:protNFe/n:infProt/n:nProt") or ""


def set_text(path: str, value: str) -> Edit:
    def edit(info: etree._Element) -> None:
        found = info.find(path.replace("n:", Q))
        assert found is not None, path
        found.text = value

    return edit


def remove(path: str) -> Edit:
    def edit(info: etree._Element) -> None:
        for found in info.findall(path.replace("n:", Q)):
            found.getparent().remove(found)

    return edit


def both(*edits: Edit) -> Edit:
    def edit(info: etree._Element) -> None:
        for each in edits:
            each(info)

    return edit


def product(quantity: str, cfop: str) -> Item:
    """Product P00001 at 10.00 a unit, ICMS CST 41 and PIS/COFINS 07: no tax value to follow."""
    qty, exempt = Decimal(quantity), PisCofins("07")
    base: Item = _factory().item(1, reform=False)
    return dataclasses.replace(
        base, quantity=qty, unit_price=Decimal("10.00"),
        total=(qty * 10).quantize(Decimal("0.01")), cfop=cfop,
        taxes=ItemTaxes(Icms(orig="0", cst="41"), exempt, exempt),
    )  # fmt: skip


def returning(key: str, quantity: str) -> dict[str, Any]:
    """The NFeData changes of a return (tpNF 0, CFOP 1202) of `quantity` of P00001."""
    return {"fin_nfe": FinNFe.DEVOLUCAO, "tp_nf": TpNF.ENTRADA, "references": (RefKey(key),),
            "items": (product(quantity, "1202"),), "payments": NO_PAYMENT,
            "nat_op": "DEVOLUCAO DE VENDA"}  # fmt: skip


def sold(quantity: str) -> dict[str, Any]:
    item = product(quantity, "5102")
    return {"items": (item,), "payments": (Payment(kind="01", amount=item.total),)}


# ---------------------------------------------------------------- accepted


def test_sale_with_freight_carrier_vehicle_volumes_and_references_is_authorized(
    client: SoapClient,
) -> None:
    base = _factory().nfe_data(1, reform=False)
    item = dataclasses.replace(base.items[0], freight=Decimal("7.00"), other=Decimal("1.00"))
    total = item.total + Decimal("8.00")
    transport = Transport(
        ModFrete.EMITENTE, carrier=Carrier("22333444000172", "TRANSPORTES LTDA", "111222333444",
                                           "RUA A 1", "SAO PAULO", "SP"),
        vehicle=Vehicle("ABC1D23", "SP"), trailers=(Vehicle("XYZ9876", "SP"),),
        volumes=(Volume(2, "CAIXA", net_weight=Decimal("1.500")),),
    )  # fmt: skip
    sale = issue(client.company, 301, items=(item,), transport=transport,
                 references=(OTHER_KEY,), payments=(Payment(kind="01", amount=total),))  # fmt: skip
    authorized(client, sale)


def test_partial_returns_add_up_and_a_third_above_the_sale_is_refused(client: SoapClient) -> None:
    sale = issue(client.company, 310, **sold("3.0000"))
    authorized(client, sale)
    first = issue(client.company, 311, **returning(sale.key, "2.0000"))
    authorized(client, first)
    assert code(client, first) == "204"  # sent again: the duplicate answer, never a content rule
    authorized(client, issue(client.company, 312, **returning(sale.key, "1.0000")))
    third, reason = send(client, issue(client.company, 313, **returning(sale.key, "1.0000")))
    assert third == "999" and "P00001" in (reason or "")


def test_a_return_of_our_own_note_needs_it_authorized_and_not_cancelled(
    client: SoapClient,
) -> None:
    unknown = AccessKey.build(35, (2026, 1), client.company.cnpj, 55, 1, 999, 1, "12345678").text
    assert code(client, issue(client.company, 320, **returning(unknown, "1.0000"))) == "267"
    sale = issue(client.company, 321, **sold("2.0000"))
    protocol = authorized(client, sale)
    cancel = cancel_event(client.company, sale.key, protocol)
    answer = client.call("NFeRecepcaoEvento4", env_evento(cancel))
    assert val(answer, "n:retEvento/n:infEvento/n:cStat") == "135"
    assert code(client, issue(client.company, 322, **returning(sale.key, "1.0000"))) == "686"
    # a supplier's note (another CNPJ) is not the authority's to check here
    assert code(client, issue(client.company, 323, **returning(OTHER_KEY, "1.0000"))) == "100"


# ---------------------------------------------------------------- references by purpose


def test_references_required_and_counted_by_purpose(client: SoapClient) -> None:
    company = client.company
    complement = {"fin_nfe": FinNFe.COMPLEMENTAR, "references": (OTHER_KEY,)}
    no_ref = remove("n:ide/n:NFref")
    assert code(client, issue(company, 330, no_ref, **complement)) == "254"
    assert code(client, issue(company, 331, no_ref, **returning(OTHER_KEY, "1.0000"))) == "321"
    adjustment = {"fin_nfe": FinNFe.AJUSTE, "references": (OTHER_KEY,), "payments": NO_PAYMENT}
    assert code(client, issue(company, 332, no_ref, **adjustment)) == "254"

    def second_reference(info: etree._Element) -> None:
        ref = info.find(f"{Q}ide/{Q}NFref")
        assert ref is not None
        ref.addnext(etree.fromstring(f'<NFref xmlns="{NS}"><refNFe>{SECOND}</refNFe></NFref>'))

    assert code(client, issue(company, 333, second_reference, **complement)) == "255"


SECOND = AccessKey.build(35, (2026, 1), "22333444000172", 55, 1, 8, 1, "12345678").text


def test_referenced_keys_are_checked(client: SoapClient) -> None:
    company = client.company
    bad_digit = OTHER_KEY[:-1] + str((int(OTHER_KEY[-1]) + 1) % 10)
    refs = "n:ide/n:NFref/n:refNFe"
    assert code(client, issue(company, 340, set_text(refs, bad_digit),
                              references=(OTHER_KEY,))) == "547"  # fmt: skip

    def same_key_twice(info: etree._Element) -> None:
        for ref in info.iterfind(f"{Q}ide/{Q}NFref/{Q}refNFe"):
            ref.text = OTHER_KEY

    twice = issue(company, 341, same_key_twice, references=(OTHER_KEY, SECOND))
    assert code(client, twice) == "680"

    def itself(info: etree._Element) -> None:
        set_text(refs, (info.get("Id") or "")[3:])(info)

    assert code(client, issue(company, 342, itself, references=(OTHER_KEY,))) == "316"


def test_complement_of_a_complement_is_268(client: SoapClient) -> None:
    sale = issue(client.company, 350, **sold("1.0000"))
    authorized(client, sale)
    complement = issue(client.company, 351, fin_nfe=FinNFe.COMPLEMENTAR, references=(sale.key,))
    authorized(client, complement)
    again = issue(client.company, 352, fin_nfe=FinNFe.COMPLEMENTAR, references=(complement.key,))
    assert code(client, again) == "268"


def test_returned_ipi_on_a_sale_is_354(client: SoapClient) -> None:
    fields = returning(OTHER_KEY, "1.0000")
    item = dataclasses.replace(fields["items"][0], returned_percent=Decimal("100.00"),
                               returned_ipi=Decimal("1.00"))  # fmt: skip
    fields["items"] = (item,)
    as_sale = both(  # a purchase's CFOP: 328 stays quiet
        set_text("n:ide/n:finNFe", "1"),
        remove("n:ide/n:NFref"),
        set_text("n:det/n:prod/n:CFOP", "1102"),
    )
    assert code(client, issue(client.company, 360, as_sale, **fields)) == "354"


def test_cfops_follow_the_direction_and_the_purpose_of_the_note(client: SoapClient) -> None:
    """518/519: an entry CFOP on an output and the reverse; 327: a return with a CFOP that is
    not a return's; 328: a return CFOP on a note that is not a return (MOC rejection table)."""
    company = client.company
    cfop = "n:det/n:prod/n:CFOP"
    assert code(client, issue(company, 370, set_text(cfop, "1102"), **sold("1.0000"))) == "518"
    assert code(client, issue(company, 371, set_text(cfop, "5202"),
                              **returning(OTHER_KEY, "1.0000"))) == "519"  # fmt: skip
    assert code(client, issue(company, 372, set_text(cfop, "1102"),
                              **returning(OTHER_KEY, "1.0000"))) == "327"  # fmt: skip
    assert code(client, issue(company, 373, set_text(cfop, "5202"), **sold("1.0000"))) == "328"
    output_return = {**returning(OTHER_KEY, "1.0000"), "tp_nf": TpNF.SAIDA,
                     "items": (product("1.0000", "5411"),)}  # fmt: skip
    assert code(client, issue(company, 374, **output_return)) == "100"  # a return of a purchase


# ---------------------------------------------------------------- totals


def test_totals_must_be_the_sums_of_the_items_and_vnf_the_formula(client: SoapClient) -> None:
    company = client.company
    base = _factory().nfe_data(1, reform=False)
    item = dataclasses.replace(base.items[0], freight=Decimal("5.00"))
    paid = (Payment(kind="01", amount=item.total + 5),)
    tot = "n:total/n:ICMSTot/n:"
    cases = [
        (set_text(tot + "vFrete", "4.00"), "535"),
        (set_text(tot + "vSeg", "1.00"), "536"),
        (set_text(tot + "vOutro", "1.00"), "604"),
        (set_text(tot + "vProd", "1.00"), "564"),
        (set_text(tot + "vIPIDevol", "1.00"), "863"),
        (set_text(tot + "vST", "1.00"), "534"),
        (set_text(tot + "vNF", str(item.total)), "610"),
    ]
    for number, (edit, expected) in enumerate(cases, 370):
        assert code(client, issue(company, number, edit, items=(item,), payments=paid)) == expected


# ---------------------------------------------------------------- payments and transport


def test_payment_rules(client: SoapClient) -> None:
    company = client.company
    total = _factory().nfe_data(1, reform=False).items[0].total
    on_return = set_text("n:pag/n:detPag/n:tPag", "01")
    assert code(client, issue(company, 380, on_return, **returning(OTHER_KEY, "1.0000"))) == "871"
    adjustment = {"fin_nfe": FinNFe.AJUSTE, "references": (OTHER_KEY,), "payments": NO_PAYMENT}
    assert code(client, issue(company, 381, on_return, **adjustment)) == "871"
    more = set_text("n:pag/n:detPag/n:vPag", str(total + 10))
    assert code(client, issue(company, 382, more)) == "866"
    wrong_change = (Payment(kind="01", amount=total + 10),)
    changed = issue(company, 383, set_text("n:pag/n:vTroco", "9.00"), payments=wrong_change,
                    change=Decimal("10.00"))  # fmt: skip
    assert code(client, changed) == "869"
    less = set_text("n:pag/n:detPag/n:vPag", "1.00")
    assert code(client, issue(company, 384, less)) == "100"  # NF-e: the rest may be in cobr


def test_vehicle_in_an_interstate_operation_is_868_and_carrier_ie_needs_uf(
    client: SoapClient,
) -> None:
    company = client.company
    transport = Transport(ModFrete.EMITENTE, carrier=Carrier(name="TRANSP", ie="111222333444",
                                                             uf="SP"),
                          vehicle=Vehicle("ABC1234", "SP"))  # fmt: skip
    interstate = set_text("n:ide/n:idDest", "2")
    assert code(client, issue(company, 390, interstate, transport=transport)) == "868"
    no_uf = remove("n:transp/n:transporta/n:UF")
    assert code(client, issue(company, 391, no_uf, transport=transport)) == "559"


# ---------------------------------------------------------------- NFC-e


def issue_nfce(company: Company, number: int, edit: Edit) -> Issued:
    data = _factory().nfce_data(1, reform=False)
    data = dataclasses.replace(data, numero=number, issued_at=dt.datetime.now(BRASILIA))
    built = build_nfe(data)
    edit(built.root.find(f"{Q}infNFe"))
    xml = etree.tostring(built.root)
    return Issued(built.key.text, xmlsec_sign(xml, company, "infNFe", built.reference_id))


def test_nfce_is_a_plain_paid_sale_without_references_or_vehicles(client: SoapClient) -> None:
    def reference(info: etree._Element) -> None:
        ide = info.find(f"{Q}ide")
        assert ide is not None
        ide.append(etree.fromstring(f'<NFref xmlns="{NS}"><refNFe>{OTHER_KEY}</refNFe></NFref>'))

    def vehicle(info: etree._Element) -> None:
        mod_frete = info.find(f"{Q}transp/{Q}modFrete")
        assert mod_frete is not None
        mod_frete.addnext(etree.fromstring(f'<veicTransp xmlns="{NS}"><placa>ABC1234</placa>'
                                           "</veicTransp>"))  # fmt: skip

    cases = [
        (set_text("n:ide/n:finNFe", "4"), "715"),
        (reference, "708"),
        (vehicle, "756"),
        (set_text("n:transp/n:modFrete", "0"), "753"),
        (both(set_text("n:pag/n:detPag/n:vPag", "1.00"), remove("n:pag/n:vTroco")), "865"),
    ]
    for number, (edit, expected) in enumerate(cases, 400):
        assert code(client, issue_nfce(client.company, number, edit)) == expected
    assert code(client, issue_nfce(client.company, 409, lambda info: None)) == "100"
