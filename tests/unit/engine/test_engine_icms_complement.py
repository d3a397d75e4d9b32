"""A complement of ICMS (finNFe 2, quantity and value zero): the rule's CST on a declared base,
at the rule's rate (or the rate in force) or the declared rate of the difference; worked by
hand. Source: the layout's zero-quantity complement (MOC 7.0, qCom/vUnCom/vProd zero)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from engine_factories import company_rule, make_ctx
from test_engine_compute import TRIB, with_company

from engine import ContextError, IcmsComplement, Item, compute
from engine.calculators.icms import IcmsSpec, complement_icms
from engine.errors import MissingValueError


def _tax_only(base: str, aliquota: str | None = None) -> Item:
    declared = IcmsComplement(D(base), D(aliquota) if aliquota else None)
    return Item(1, D("0"), D("0"), origem="0", complemento_icms=declared)


def test_complement_at_the_rate_in_force() -> None:
    # SP internal rate 18 % (global pack): 100.00 × 18 % = 18.00; no value, so vNF stays 0
    r = compute(make_ctx(itens=(_tax_only("100.00"),)), with_company(TRIB))
    icms = r.itens[0].icms
    assert icms is not None
    assert (icms.grupo, icms.CST, icms.vBC, icms.pICMS, icms.vICMS) == (
        "ICMS00", "00", D("100.00"), D("18.00"), D("18.00"),
    )  # fmt: skip
    assert r.itens[0].vProd == D("0.00")
    assert r.totais["vICMS"] == D("18.00")
    assert r.missing == ()


def test_complement_of_a_rate_difference_is_at_the_declared_rate() -> None:
    # 12 % charged where 18 % was due: 250.00 × 6 % = 15.00
    r = compute(make_ctx(itens=(_tax_only("250.00", "6"),)), with_company(TRIB))
    icms = r.itens[0].icms
    assert icms is not None and (icms.pICMS, icms.vICMS, icms.vFCP) == (D("6"), D("15.00"), None)


def test_a_rule_without_own_icms_cannot_be_complemented() -> None:
    exempt = company_rule("isento", criterios={"crt": "3"},
                          resultado={**TRIB.resultado, "cst_icms": "40"})  # fmt: skip
    r = compute(make_ctx(itens=(_tax_only("100.00"),)), with_company(exempt))
    assert r.itens[0].icms is None
    assert [m.codigo for m in r.missing] == ["CST_COMPLEMENTO_ICMS"]


def test_simples_complements_with_csosn_900() -> None:
    spec = IcmsSpec(csosn="900", aliquota=D("18"))
    g = complement_icms(D("50.00"), "0", spec, simples=True)
    assert (g.grupo, g.CSOSN, g.CST, g.vICMS) == ("ICMSSN900", "900", None, D("9.00"))
    with pytest.raises(MissingValueError) as exc:
        complement_icms(D("50.00"), "0", IcmsSpec(csosn="102"), simples=True)
    assert exc.value.codigo == "CST_COMPLEMENTO_ICMS"


def test_cst20_writes_the_declared_base_as_is() -> None:
    spec = IcmsSpec(cst="20", aliquota=D("18"), red_bc=D("33.33"))
    g = complement_icms(D("100.00"), "0", spec, simples=False)
    assert (g.vBC, g.pRedBC, g.vICMS) == (D("100.00"), D("33.33"), D("18.00"))


def test_a_complement_line_with_a_value_is_refused() -> None:
    valued = Item(1, D("1"), D("10.00"), origem="0", complemento_icms=IcmsComplement(D("5")))
    with pytest.raises(ContextError):
        compute(make_ctx(itens=(valued,)), with_company(TRIB))
    with pytest.raises(ContextError):
        compute(make_ctx(itens=(_tax_only("0"),)), with_company(TRIB))
