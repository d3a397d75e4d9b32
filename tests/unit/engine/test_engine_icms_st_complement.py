"""A complement of ICMS-ST (finNFe 2, quantity and value zero): the rule's ST code on a declared
vBCST, at the declared rate, else the rule's ST rate, else the destination's internal rate
rule; no own ICMS. Worked by hand. Source: the layout's zero-quantity complement (MOC 7.0,
qCom/vUnCom/vProd zero) and the ST groups of layout 4.00 (NT 2016.002)."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from engine_factories import company_rule, make_ctx
from test_engine_compute import TRIB, with_company

from engine import ContextError, IcmsStComplement, Item, compute
from engine.calculators.icms import IcmsSpec
from engine.calculators.icms_st import StSpec
from engine.calculators.st_complement import complement_icms_st
from engine.errors import MissingValueError
from engine.loading import context_from_dict

ST_10 = company_rule("st10", criterios={"crt": "3"},
                     resultado={**TRIB.resultado, "cfop": "5403", "cst_icms": "10"})  # fmt: skip


def _st_only(base: str, aliquota: str | None = None) -> Item:
    declared = IcmsStComplement(D(base), D(aliquota) if aliquota else None)
    return Item(1, D("0"), D("0"), origem="0", complemento_icms=declared)


def test_complement_at_the_destination_internal_rate() -> None:
    # CST 10, no ST rate on the rule: SP internal rate 18 % (global pack); 200.00 × 18 % = 36.00
    r = compute(make_ctx(itens=(_st_only("200.00"),)), with_company(ST_10))
    icms = r.itens[0].icms
    assert icms is not None
    assert (icms.grupo, icms.CST, icms.vBCST, icms.pICMSST, icms.vICMSST) == (
        "ICMS10", "10", D("200.00"), D("18.00"), D("36.00"),
    )  # fmt: skip
    assert (icms.modBC, icms.vBC, icms.pICMS, icms.vICMS) == ("3", D("0"), D("0"), D("0"))
    assert r.itens[0].vProd == D("0.00") and r.itens[0].icms_uf_dest is None
    assert (r.totais["vBCST"], r.totais["vST"], r.totais["vICMS"]) == (
        D("200.00"), D("36.00"), D("0.00"),
    )  # fmt: skip
    assert r.totais["vNF"] == D("36.00")  # vProd 0 + vST
    assert r.missing == ()


def test_complement_of_a_rate_difference_is_at_the_declared_rate() -> None:
    # 12 % charged where 18 % was due on 300.00: 300.00 × 6 % = 18.00, no FCP-ST
    r = compute(make_ctx(itens=(_st_only("300.00", "6"),)), with_company(ST_10))
    icms = r.itens[0].icms
    assert icms is not None
    assert (icms.pICMSST, icms.vICMSST, icms.vFCPST) == (D("6"), D("18.00"), None)


def test_the_rule_st_rate_comes_before_the_destination_rate() -> None:
    rule = company_rule("st30", criterios={"crt": "3"}, resultado={
        **TRIB.resultado, "cst_icms": "30", "aliq_icms_st": "20", "aliq_fcp_st": "2"})  # fmt: skip
    r = compute(make_ctx(itens=(_st_only("100.00"),)), with_company(rule))
    icms = r.itens[0].icms
    assert icms is not None
    assert (icms.grupo, icms.vBC, icms.vICMSST) == ("ICMS30", None, D("20.00"))
    assert (icms.vBCFCPST, icms.pFCPST, icms.vFCPST) == (D("100.00"), D("2"), D("2.00"))


def test_a_rule_without_substitution_cannot_complement_it() -> None:
    r = compute(make_ctx(itens=(_st_only("100.00"),)), with_company(TRIB))  # CST 00
    assert r.itens[0].icms is None
    assert [m.codigo for m in r.missing] == ["CST_COMPLEMENTO_ICMS_ST"]


def test_simples_csosn_and_cst70() -> None:
    st = StSpec(aliquota=D("18"))
    g = complement_icms_st(D("50.00"), None, "0", IcmsSpec(csosn="202"), st, simples=True)
    assert (g.grupo, g.CSOSN, g.vICMSST, g.vBC, g.modBCST) == (
        "ICMSSN202", "202", D("9.00"), None, "4",
    )  # fmt: skip
    with pytest.raises(MissingValueError) as exc:
        complement_icms_st(D("50.00"), None, "0", IcmsSpec(csosn="102"), st, simples=True)
    assert exc.value.codigo == "CST_COMPLEMENTO_ICMS_ST"
    g = complement_icms_st(D("50.00"), None, "0", IcmsSpec(cst="70", red_bc=D("10")), st, False)
    assert (g.pRedBC, g.vBC, g.vICMS, g.vICMSST) == (D("10"), D("0"), D("0"), D("9.00"))
    with pytest.raises(MissingValueError) as exc:
        complement_icms_st(D("50.00"), None, "0", IcmsSpec(cst="10"), StSpec(), simples=False)
    assert exc.value.codigo == "ALIQUOTA_ICMS_ST"  # no rate anywhere: never invented


def test_a_complement_line_with_a_value_or_no_base_is_refused() -> None:
    valued = Item(1, D("1"), D("10.00"), origem="0", complemento_icms=IcmsStComplement(D("5")))
    with pytest.raises(ContextError):
        compute(make_ctx(itens=(valued,)), with_company(ST_10))
    with pytest.raises(ContextError) as exc:
        compute(make_ctx(itens=(_st_only("0"),)), with_company(ST_10))
    assert exc.value.field == "itens.0.complemento_icms.base_st"


def test_the_engine_json_reads_base_st_as_a_complement_of_st() -> None:
    ctx = context_from_dict({
        "documento": "NFE", "data_operacao": "2026-05-10",
        "empresa": {"crt": 3, "uf": "SP", "cod_municipio": "3550308"},
        "contraparte": {"uf": "SP"},
        "itens": [{"numero": 1, "quantidade": "0", "valor_unitario": "0",
                   "complemento_icms": {"base_st": "10.00", "aliquota_st": "4"}}],
    })  # fmt: skip
    assert ctx.itens[0].complemento_icms == IcmsStComplement(D("10.00"), D("4"))
