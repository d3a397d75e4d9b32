"""The engine never answers a negative base, rate or tax, for any family that carries taxes.

A property over random quantities, unit values and discounts (NF-e, NFC-e, NFS-e, CT-e, CT-e OS,
over the global pack plus company rules): either the context is refused (`ContextError`,
naming the item's field) or every amount of every item is zero or more. A discount above the
line's gross value is always the refusal, never a negative ISS or ICMS.
"""

from __future__ import annotations

from decimal import Decimal as D
from functools import cache

import pytest
from engine_factories import company_rule, make_ctx
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Company,
    ContextError,
    Counterpart,
    DocumentType,
    Item,
    PersonType,
    RuleSet,
    RuleType,
    Transport,
    compute,
)
from engine.compute import _amounts
from engine.packs import DEFAULT_ROOT, load_pack

GOODS = company_rule("trib", criterios={"crt": "3"}, resultado={
    "cfop": "5102", "cst_icms": "20", "aliq_icms": "18", "red_bc": "33.33", "cst_pis": "01",
    "aliq_pis": "1.65", "cst_cofins": "01", "aliq_cofins": "7.60"})  # fmt: skip
ISS = company_rule("iss", RuleType.ISS, criterios={"cod_municipio_incidencia": "3550308"},
                   resultado={"aliquota": "5.00"})  # fmt: skip
TRANSPORT = company_rule("cte", RuleType.ICMS_TRANSPORTE, resultado={"cst": "00",
                         "aliquota": "12.00"})  # fmt: skip
IVA = company_rule("iva", RuleType.IVA, resultado={"cst": "000", "cclasstrib": "000001",
                   "ibs_p_uf": "0.10", "ibs_p_mun": "0.00", "cbs_p": "0.90"})  # fmt: skip

money = st.decimals(min_value=0, max_value=D("999999.99"), places=2)
quantity = st.decimals(min_value=D("0.0001"), max_value=D("9999"), places=4)


@cache
def rules() -> RuleSet:
    base = load_pack(DEFAULT_ROOT / "global" / "nacional" / "2026.1").ruleset()
    return RuleSet((GOODS, ISS, TRANSPORT, IVA), base=base)


def _context(documento: DocumentType, item: Item):  # type: ignore[no-untyped-def]
    if documento in (DocumentType.CTE, DocumentType.CTEOS):
        return make_ctx(documento, itens=(item,), transporte=Transport("SP", "BA", cfop="6353"))
    if documento is DocumentType.NFSE:
        taker = Counterpart(uf="SP", cod_municipio="3550308", tipo=PersonType.PJ)
        return make_ctx(documento, itens=(item,), contraparte=taker)
    return make_ctx(documento, itens=(item,), empresa=Company(crt=3, uf="SP"))


def _item(documento: DocumentType, q: D, value: D, discount: D) -> Item:
    if documento is DocumentType.NFSE:
        return Item(1, D("1"), value, discount, lc116="01.01", c_trib_nac="010101")
    return Item(1, q, value, discount, origem="0", ncm="22021000")


@pytest.mark.parametrize("documento", [DocumentType.NFE, DocumentType.NFCE, DocumentType.NFSE,
                                       DocumentType.CTE, DocumentType.CTEOS])  # fmt: skip
@settings(max_examples=150, deadline=None)
@given(q=quantity, value=money, discount=money)
def test_no_amount_is_negative(documento: DocumentType, q: D, value: D, discount: D) -> None:
    item = _item(documento, q, value, discount)
    gross = (item.quantidade * item.valor_unitario).quantize(D("0.01"))
    try:
        result = compute(_context(documento, item), rules())
    except ContextError as refused:
        assert refused.field == "itens.0.desconto" and discount > gross
        return
    assert discount <= gross
    amounts = [(path, v) for it in result.itens for path, v in _amounts(it)]
    assert amounts, result.missing  # the rules decide something for every family
    assert all(v >= 0 for _, v in amounts), amounts
    assert all(v >= 0 for v in result.totais.values()), result.totais


def test_the_reported_negative_iss_is_refused() -> None:
    """The defect found by probing: a 5,000.00 discount on a 1,500.00 service."""
    item = Item(1, D("1"), D("1500.00"), D("5000.00"), lc116="01.01", c_trib_nac="010101")
    with pytest.raises(ContextError) as refused:
        compute(_context(DocumentType.NFSE, item), rules())
    assert refused.value.field == "itens.0.desconto"
    assert "maior que o valor bruto do item (1500.00)" in refused.value.message


@pytest.mark.parametrize("name", ["quantidade", "valor_unitario", "desconto", "frete"])
def test_a_negative_line_value_is_refused(name: str) -> None:
    values = {"quantidade": D("1"), "valor_unitario": D("10"), name: D("-1")}
    item = Item(numero=1, origem="0", **values)
    with pytest.raises(ContextError) as refused:
        compute(_context(DocumentType.NFE, item), rules())
    assert refused.value.field == f"itens.0.{name}"
