"""ICMS-ST, FCP-ST, IPI and the bases with freight, worked by hand.

Formulas: engine/calculators/icms_st.py (LC 87/1996 art. 8; Convênio ICMS 142/2018 cl. 13),
engine/calculators/ipi.py (RIPI art. 190), engine/flows/goods.py (bases). Half up per item.
"""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest
from engine_factories import company_rule, make_ctx, make_rule

from engine import Company, Counterpart, Item, RetainedSt, RuleSet, RuleType, compute
from engine.calculators.icms_st import StSpec, adjusted_mva, compute_st
from engine.errors import InvalidRuleError

PIS_COFINS = {"cst_pis": "01", "aliq_pis": "1.65", "cst_cofins": "01", "aliq_cofins": "7.60"}


def trib(**resultado: Any) -> Any:
    return company_rule("trib", resultado={"cfop": "5403", **PIS_COFINS, **resultado})


def item(value: str = "1000.00", **kw: Any) -> Item:
    return Item(1, D("1"), D(value), origem="0", ncm="22030000", **kw)


def run(rules: list[Any], **ctx: Any) -> Any:
    ctx.setdefault("itens", (item(),))
    result = compute(make_ctx(**ctx), RuleSet(rules), explain=True)
    assert not result.missing, result.missing
    return result


# --- MVA ajustada (Convênio ICMS 142/2018 cl. 13 §§1º-2º) ----------------------------------


@pytest.mark.parametrize(
    ("mva", "inter", "intra", "expected"),
    [
        # [(1 + 0.40) × (1 − 0.12) / (1 − 0.18)] − 1 = 0.502439 → 50.24 %
        ("40", "12", "18", "50.24"),
        # [(1.40 × 0.93) / 0.82] − 1 = 0.587805 → 58.78 %
        ("40", "7", "18", "58.78"),
        # [(1.20 × 0.96) / 0.82] − 1 = 0.404878 → 40.49 % (import content, 4 %)
        ("20", "4", "18", "40.49"),
        # ALQ intra (7 % effective) below ALQ inter (12 %): the original MVA (§2º)
        ("15", "12", "7", "15"),
    ],
)
def test_mva_ajustada(mva: str, inter: str, intra: str, expected: str) -> None:
    assert adjusted_mva(D(mva), D(inter), D(intra)) == D(expected)


def test_interstate_cst10_adjusts_the_mva() -> None:
    # SP → MG, 78.23 at 12 %: own ICMS 9.39; MVA 40 % → 50.24 %; vBCST 78.23 × 1.5024 =
    # 117.5328 → 117.53; × 18 % = 21.1554 → 21.16 − 9.39 = 11.77 (the corpus NF-e 476491…)
    rule = trib(cst_icms="10", aliq_icms="12", mva_st="40", aliq_icms_st="18")
    result = run([rule], itens=(item("78.23"),), contraparte=Counterpart(uf="MG"))
    icms = result.itens[0].icms
    assert (icms.grupo, icms.vBC, icms.vICMS) == ("ICMS10", D("78.23"), D("9.39"))
    assert (icms.modBCST, icms.pMVAST, icms.vBCST, icms.pICMSST, icms.vICMSST) == (
        "4",
        D("50.24"),
        D("117.53"),
        D("18"),
        D("11.77"),
    )
    assert result.totais["vST"] == D("11.77") and result.totais["vBCST"] == D("117.53")
    assert result.totais["vNF"] == D("78.23") + D("11.77")


# --- ST with reduction, CST 70 -------------------------------------------------------------


def test_cst70_own_and_st_reduced() -> None:
    # internal SP: own base 1000 × (1 − 20 %) = 800.00, ICMS 18 % = 144.00; ST base
    # 1000 × 1.30 × (1 − 20 %) = 1040.00, × 18 % = 187.20 − 144.00 = 43.20
    rule = trib(
        cst_icms="70", aliq_icms="18", red_bc="20", mva_st="30", red_bc_st="20", aliq_icms_st="18"
    )
    icms = run([rule]).itens[0].icms
    assert (icms.grupo, icms.vBC, icms.vICMS) == ("ICMS70", D("800.00"), D("144.00"))
    assert (icms.pRedBCST, icms.vBCST, icms.vICMSST) == (D("20"), D("1040.00"), D("43.20"))


def test_cst30_deducts_nothing() -> None:
    # exempt own operation: nothing due to deduct (LC 87/1996 art. 8 §5): 1400 × 18 % = 252
    rule = trib(cst_icms="30", mva_st="40", aliq_icms_st="18")
    icms = run([rule]).itens[0].icms
    assert (icms.grupo, icms.vICMS, icms.vBCST, icms.vICMSST) == (
        "ICMS30",
        None,
        D("1400.00"),
        D("252.00"),
    )


# --- Simples Nacional ------------------------------------------------------------------------


def test_csosn202_deducts_the_ownership_icms_at_the_normal_rate() -> None:
    # SP internal, Simples: ST base 1000 × 1.40 = 1400.00 × 18 % = 252.00; own ICMS as
    # if outside the Simples 1000 × 18 % = 180.00; ST 72.00
    rule = trib(
        csosn="202",
        aliq_icms="18",
        mva_st="40",
        aliq_icms_st="18",
        cst_pis="49",
        cst_cofins="49",
        aliq_pis=None,
        aliq_cofins=None,
    )
    result = run([rule], empresa=Company(crt=1, uf="SP"))
    icms = result.itens[0].icms
    assert (icms.grupo, icms.CSOSN, icms.vBC, icms.vICMS) == ("ICMSSN202", "202", None, None)
    assert (icms.pMVAST, icms.vBCST, icms.vICMSST) == (D("40"), D("1400.00"), D("72.00"))


def test_csosn201_interstate_takes_the_rates_from_the_pack_rules() -> None:
    # Simples SP → MG: the original MVA 40 % (a Simples remitter does not adjust it: Conv.
    # ICMS 35/2011, kept by Conv. ICMS 142/2018); the interstate 12 % (Res. SF 22/1989 rule)
    # gives the own ICMS deducted, 120.00; MG internal 18 %: 1400.00 × 18 % = 252.00 − 120
    rules = [
        trib(
            csosn="201",
            aliq_cred_sn="2.5",
            mva_st="40",
            cst_pis="49",
            cst_cofins="49",
            aliq_pis=None,
            aliq_cofins=None,
        ),
        make_rule(
            "inter",
            RuleType.ICMS_ALIQUOTA_INTERESTADUAL,
            criterios={"operacao": "interestadual"},
            resultado={"aliquota": "12"},
        ),
        make_rule(
            "mg",
            RuleType.ICMS_ALIQUOTA_INTERNA,
            criterios={"operacao": "interna", "uf_origem": "MG"},
            resultado={"aliquota": "18"},
        ),
    ]
    result = run(rules, empresa=Company(crt=1, uf="SP"), contraparte=Counterpart(uf="MG"))
    icms = result.itens[0].icms
    assert (icms.grupo, icms.pCredSN, icms.vCredICMSSN) == ("ICMSSN201", D("2.5"), D("25.00"))
    assert (icms.pMVAST, icms.vBCST, icms.pICMSST, icms.vICMSST) == (
        D("40"),
        D("1400.00"),
        D("18"),
        D("132.00"),
    )
    steps = {d.etapa: d for d in result.decisions if d.item == 1}
    assert steps["ICMS_ST"].regra_id == "mg" and steps["ICMS_ST"].fonte == "teste"
    assert steps["ICMS_ST_BASE"].regra_id == "trib"


# --- ICMS_ST, FCP rules; FCP-ST --------------------------------------------------------------


def test_icms_st_rule_by_cest_gives_margin_and_rate_and_fcp_rule_the_fcp_st() -> None:
    # RJ internal: own 20 % + FCP 2 % on 1000 (200.00, 20.00); ST base 1000 × 1.40 = 1400.00;
    # ICMS-ST 1400 × 20 % = 280.00 − 200.00 = 80.00; FCP-ST 1400 × 2 % = 28.00 − 20.00 = 8.00
    rules = [
        trib(cst_icms="10", aliq_icms="20", p_fcp="2"),
        make_rule(
            "st.cerveja",
            RuleType.ICMS_ST,
            criterios={"cest": "0302100"},
            resultado={"mva": "40", "aliq_interna_destino": "20"},
            fonte="Conv. X",
        ),
        make_rule("fcp.rj", RuleType.FCP, criterios={"uf": "RJ"}, resultado={"aliquota": "2"}),
    ]
    result = run(
        rules,
        empresa=Company(crt=3, uf="RJ"),
        contraparte=Counterpart(uf="RJ"),
        itens=(item(cest="0302100"),),
    )
    icms = result.itens[0].icms
    assert (icms.vICMS, icms.vBCFCP, icms.vFCP) == (D("200.00"), D("1000.00"), D("20.00"))
    assert (icms.vBCST, icms.vICMSST, icms.vBCFCPST, icms.pFCPST, icms.vFCPST) == (
        D("1400.00"),
        D("80.00"),
        D("1400.00"),
        D("2"),
        D("8.00"),
    )
    assert result.totais["vFCPST"] == D("8.00")
    assert result.totais["vNF"] == D("1000.00") + D("80.00") + D("8.00")
    steps = {d.etapa: d for d in result.decisions if d.item == 1}
    assert steps["ICMS_ST_BASE"].regra_id == "st.cerveja"
    assert steps["ICMS_ST_BASE"].fonte == "Conv. X"
    assert steps["FCP_ST"].regra_id == "fcp.rj"


def test_st_without_margin_is_missing() -> None:
    result = compute(make_ctx(), RuleSet([trib(cst_icms="10", aliq_icms="18", aliq_icms_st="18")]))
    assert [m.codigo for m in result.missing] == ["MVA_ST"]
    assert result.missing[0].tipo_regra == "ICMS_ST"


def test_pauta_without_a_price_is_missing_not_guessed() -> None:
    rule = trib(cst_icms="10", aliq_icms="18", aliq_icms_st="18", mod_bc_st="5")
    result = compute(make_ctx(), RuleSet([rule]))
    assert [m.codigo for m in result.missing] == ["PRECO_BC_ST"]


def test_pauta_price_per_unit_times_quantity() -> None:
    # 12 units at 5.00 = 60.00, own ICMS 18 % = 10.80; pauta 7.50 per unit: vBCST 90.00 (no
    # margin) × 18 % = 16.20 − 10.80 = 5.40 (LC 87/1996 art. 8 §6º)
    rules = [
        trib(cst_icms="10", aliq_icms="18", mod_bc_st="5"),
        make_rule("pauta.mg", RuleType.ICMS_ST, criterios={"ncm_prefixo": "2203"},
                  resultado={"preco_unitario": "7.50", "aliq_interna_destino": "18"}),
    ]  # fmt: skip
    line = Item(1, D("12"), D("5.00"), origem="0", ncm="22030000")
    icms = run(rules, itens=(line,)).itens[0].icms
    assert (icms.modBCST, icms.pMVAST, icms.vBCST, icms.vICMSST) == (
        "5", None, D("90.00"), D("5.40"))  # fmt: skip


def test_mva_above_100_is_accepted_and_a_bad_mod_refused() -> None:
    values = compute_st(D("100.00"), StSpec(mva=D("140"), aliquota=D("18")), D("18.00"))
    assert (values.vBCST, values.vICMSST) == (D("240.00"), D("25.20"))
    with pytest.raises(InvalidRuleError) as exc:
        RuleSet([trib(cst_icms="10", mod_bc_st="9")])
    assert exc.value.field == "resultado.mod_bc_st"


# --- retained ST (CST 60 / CSOSN 500) ------------------------------------------------------


def test_cst60_writes_the_st_withheld_earlier() -> None:
    ret = RetainedSt(
        base=D("140.00"), aliquota=D("18"), valor=D("7.20"), valor_substituto=D("18.00")
    )
    result = run([trib(cst_icms="60")], itens=(item("100.00", st_retido=ret),))
    icms = result.itens[0].icms
    assert (icms.grupo, icms.vBCSTRet, icms.pST, icms.vICMSSubstituto, icms.vICMSSTRet) == (
        "ICMS60",
        D("140.00"),
        D("18"),
        D("18.00"),
        D("7.20"),
    )
    assert "vST" not in result.totais  # informative: nothing charged again
    assert result.totais["vNF"] == D("100.00")


# --- IPI and the bases with freight ---------------------------------------------------------


def test_freight_insurance_other_in_every_base_and_ipi_to_a_final_consumer() -> None:
    # value 1000 + 50 + 10 + 5 − 65 = 1000.00; IPI 10 % = 100.00; final consumer: ICMS base
    # 1100.00 × 18 % = 198.00; PIS/COFINS on 1000.00; vNF = 1000 + 65 − 65 + 100 = 1100.00
    rule = trib(cst_icms="00", aliq_icms="18", cst_ipi="50", aliq_ipi="10")
    line = item(frete=D("50"), seguro=D("10"), outras_despesas=D("5"), desconto=D("65"))
    result = run([rule], itens=(line,), contraparte=Counterpart(uf="SP", consumidor_final=True))
    it = result.itens[0]
    assert (it.vFrete, it.vSeg, it.vOutro) == (D("50.00"), D("10.00"), D("5.00"))
    assert (it.ipi.CST, it.ipi.cEnq, it.ipi.vBC, it.ipi.vIPI) == (
        "50",
        "999",
        D("1000.00"),
        D("100.00"),
    )
    assert (it.icms.vBC, it.icms.vICMS) == (D("1100.00"), D("198.00"))
    assert (it.pis.vBC, it.cofins.vBC) == (D("1000.00"), D("1000.00"))
    tot = result.totais
    assert (tot["vFrete"], tot["vSeg"], tot["vOutro"], tot["vIPI"], tot["vNF"]) == (
        D("50.00"),
        D("10.00"),
        D("5.00"),
        D("100.00"),
        D("1100.00"),
    )


def test_ipi_stays_out_of_the_icms_base_between_contributors_but_enters_the_st_base() -> None:
    # 1000 + IPI 10 % = 1100 × 1.40 = 1540.00 × 18 % = 277.20 − 180.00 = 97.20
    rule = trib(
        cst_icms="10", aliq_icms="18", mva_st="40", aliq_icms_st="18", cst_ipi="50", aliq_ipi="10"
    )
    ctx = {"contraparte": Counterpart(uf="SP", contribuinte=True, consumidor_final=False)}
    icms = run([rule], **ctx).itens[0].icms
    assert (icms.vBC, icms.vBCST, icms.vICMSST) == (D("1000.00"), D("1540.00"), D("97.20"))


def test_ipi_rate_from_the_tipi_rule_and_not_taxed_cst() -> None:
    rules = [
        trib(cst_icms="00", aliq_icms="18", cst_ipi="50"),
        make_rule(
            "tipi.2203",
            RuleType.IPI,
            criterios={"ncm_prefixo": "2203"},
            resultado={"aliquota": "3.9", "c_enq": "999"},
            fonte="TIPI (Decreto 11.158/2022)",
        ),
    ]
    result = run(rules)
    assert (result.itens[0].ipi.pIPI, result.itens[0].ipi.vIPI) == (D("3.9"), D("39.00"))
    ipi_step = next(d for d in result.decisions if d.etapa == "IPI")
    assert ipi_step.regra_id == "tipi.2203" and ipi_step.fonte.startswith("TIPI")
    nt = run([trib(cst_icms="00", aliq_icms="18", cst_ipi="53")]).itens[0].ipi
    assert (nt.CST, nt.cEnq, nt.vBC, nt.vIPI) == ("53", "999", None, None)


def test_taxed_ipi_without_rate_is_missing() -> None:
    result = compute(make_ctx(), RuleSet([trib(cst_icms="00", aliq_icms="18", cst_ipi="50")]))
    assert [(m.codigo, m.tipo_regra) for m in result.missing] == [("ALIQUOTA_IPI", "IPI")]


def test_every_computed_step_names_its_rule() -> None:
    """Issue 36: ICMS, ST, FCP, IPI, PIS and COFINS steps carry regra_id, versao, fonte, tipo."""
    rules = [
        trib(cst_icms="10", mva_st="40", cst_ipi="50", aliq_ipi="10"),
        make_rule("sp", RuleType.ICMS_ALIQUOTA_INTERNA, criterios={"uf_origem": "SP"},
                  resultado={"aliquota": "18"}, fonte="RICMS/SP", versao="18.00"),
        make_rule("fcp.sp", RuleType.FCP, criterios={"uf": "SP"}, resultado={"aliquota": "2"},
                  fonte="lei do FCP"),
    ]  # fmt: skip
    result = run(rules)
    steps = {d.etapa: d for d in result.decisions if d.base is not None}
    assert {"ICMS", "ICMS_ST_BASE", "ICMS_ST", "FCP_ST", "IPI", "PIS", "COFINS"} <= set(steps)
    for step in steps.values():
        assert step.regra_id and step.versao and step.fonte and step.tipo_regra, step
    assert (steps["ICMS"].regra_id, steps["ICMS"].versao, steps["ICMS"].fonte) == (
        "sp", "18.00", "RICMS/SP")  # fmt: skip
    assert steps["ICMS_ST"].regra_id == "sp"  # the destination's internal rate
    assert steps["PIS"].regra_id == "trib" and steps["PIS"].tipo_regra == "TRIBUTACAO"
    assert steps["FCP_ST"].fonte == "lei do FCP"
    icms = result.itens[0].icms
    # own FCP 2 % from the FCP rule (internal SP): 20.00; FCP-ST 1540 × 2 % = 30.80 − 20 = 10.80
    assert (icms.vFCP, icms.vBCST, icms.vFCPST) == (D("20.00"), D("1540.00"), D("10.80"))


def test_the_non_negative_guard_finds_a_negative_st_value_with_its_path() -> None:
    import dataclasses

    from engine.compute import _amounts, _negative, check_non_negative
    from engine.errors import ContextError

    it = run([trib(cst_icms="10", aliq_icms="18", mva_st="40", aliq_icms_st="18")]).itens[0]
    assert _negative(it) is None
    assert [p for p, _ in _amounts(it)]  # the complete walk sees the same groups
    broken = dataclasses.replace(it, icms=dataclasses.replace(it.icms, vFCPST=D("-0.01")))
    assert _negative(broken) == ("icms.vFCPST", D("-0.01"))
    with pytest.raises(ContextError) as refused:
        check_non_negative((broken,))
    assert "icms.vFCPST" in refused.value.message


def test_pis_cofins_without_icms_is_the_issuers_choice() -> None:
    # 1000.00, ICMS 18 % = 180.00: default base 1000.00; with pis_cofins_sem_icms 820.00
    # (STF Tema 69): PIS 1.65 % = 13.53, COFINS 7.6 % = 62.32
    default = run([trib(cst_icms="00", aliq_icms="18")]).itens[0]
    assert (default.pis.vBC, default.pis.v) == (D("1000.00"), D("16.50"))
    chosen = run([trib(cst_icms="00", aliq_icms="18", pis_cofins_sem_icms=True)]).itens[0]
    assert (chosen.pis.vBC, chosen.pis.v, chosen.cofins.v) == (
        D("820.00"), D("13.53"), D("62.32"))  # fmt: skip
