"""compute end to end over the global pack plus company rules: overrides, explain, rural,
missing, review, conflicts, confidence."""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D
from functools import cache

import pytest
from engine_factories import company_rule, make_ctx

from engine import (
    Company,
    ContextError,
    Counterpart,
    DocumentType,
    Item,
    Overrides,
    PersonType,
    RuleConflictError,
    RuleSet,
    RuleType,
    Transport,
    compute,
)  # fmt: skip
from engine.packs import DEFAULT_ROOT, load_pack

TRIB = company_rule("trib", criterios={"crt": "3"}, resultado={
    "cfop": "5102", "cst_icms": "00", "cst_pis": "01", "aliq_pis": "1.65",
    "cst_cofins": "01", "aliq_cofins": "7.60"})  # fmt: skip


PR_DEFERRAL = {"instrumento": "RICMS/PR Anexo VIII", "uf": "PR", "tipo_beneficio": "diferimento"}


@cache
def global_rules() -> RuleSet:
    return load_pack(DEFAULT_ROOT / "global" / "nacional" / "2026.1").ruleset()


def with_company(*rules: object) -> RuleSet:
    return RuleSet(rules, base=global_rules())  # type: ignore[arg-type]


def test_totals_are_sums_of_rounded_items() -> None:
    # each item 0.05 × 18 % = 0.009 → 0.01; three items → 0.03 (not round(0.027) = 0.03 by luck:
    # use 0.07 × 18 % = 0.0126 → 0.01, three → 0.03 while the unrounded sum 0.0378 → 0.04)
    items = tuple(Item(n, D("1"), D("0.07"), origem="0") for n in (1, 2, 3))
    r = compute(make_ctx(itens=items), with_company(TRIB))
    assert r.totais["vICMS"] == D("0.03")


def test_company_rate_overrides_global_rate() -> None:
    own = company_rule(
        "own", criterios={"crt": "3"}, resultado={**TRIB.resultado, "aliq_icms": "12"}
    )
    r = compute(make_ctx(), with_company(own))
    assert r.itens[0].icms and r.itens[0].icms.pICMS == D("12")
    assert [u.rule_id for u in r.rules_used][:1] == ["own"]


def test_missing_global_rate_is_missing_not_a_number() -> None:
    # SE is not shipped (date unknown, tax_domain §9.2)
    ctx = make_ctx(empresa=Company(crt=3, uf="SE"), contraparte=Counterpart(uf="SE"))
    r = compute(ctx, with_company(TRIB))
    assert r.itens[0].icms is None
    assert [m.codigo for m in r.missing] == ["ALIQUOTA_ICMS"]


FLAGGED = company_rule("flag", criterios={"crt": "3"}, resultado={
    **TRIB.resultado, "requer_revisao": True, "motivo": "conferir"})  # fmt: skip


def test_forced_review_caps_the_score_below_the_threshold() -> None:
    """Rules of confiança A (1.0) and a rule that asks for review: the result must not claim
    1.00. The score is capped one hundredth below the review threshold, so `requires_review`
    is always `confidence_score < threshold` (the caller's threshold included)."""
    r = compute(make_ctx(), with_company(FLAGGED))
    assert r.requires_review and r.confidence_score == D("0.79")
    lenient = compute(make_ctx(), with_company(FLAGGED), review_threshold=D("0.5"))
    assert lenient.confidence_score == D("0.49")
    assert compute(make_ctx(), with_company(FLAGGED), review_threshold=D("0")).confidence_score == 0
    assert compute(make_ctx(), with_company(TRIB)).confidence_score == D("0.85")  # no cap


def test_confidence_score_is_a_json_number_in_the_result_dict() -> None:
    data = compute(make_ctx(), with_company(TRIB)).to_dict()
    assert data["confidence_score"] == 0.85 and isinstance(data["confidence_score"], float)


def test_confidence_and_threshold() -> None:
    r = compute(make_ctx(), with_company(TRIB))
    assert r.confidence_score == D("0.85") and not r.requires_review  # SP rate: confiança B
    strict = compute(make_ctx(), with_company(TRIB), review_threshold=D("0.9"))
    assert strict.requires_review


def test_explain_has_every_decision() -> None:
    r = compute(make_ctx(), with_company(TRIB), explain=True)
    assert r.decisions is not None
    steps = [d.etapa for d in r.decisions]
    assert steps[:3] == ["TRIBUTACAO", "ALIQUOTA_ICMS", "ICMS"]
    rate = r.decisions[1]
    assert (rate.regra_id, rate.aliquota, rate.fonte) == ("icms.interna.sp", D("18.00"), rate.fonte)
    assert (
        "explain" in r.to_dict()
        and "explain" not in compute(make_ctx(), with_company(TRIB)).to_dict()
    )


def test_conflict_between_company_rules() -> None:
    twin = company_rule("twin", criterios={"crt": "3"}, resultado=TRIB.resultado)
    with pytest.raises(RuleConflictError) as exc:
        compute(make_ctx(), with_company(TRIB, twin))
    assert exc.value.item == 1


def test_rural_deferral_benefit() -> None:
    # RURAL_BENEFICIO with CST 51 and 100 % deferral: nothing due, cBenef reported
    benefit = company_rule("rural.dif", RuleType.RURAL_BENEFICIO, criterios={"ncm_prefixo": "1201"},
                           resultado={"cst_icms": "51", "p_dif": "100", "cbenef": "PR830001",
                                      "fundamento": PR_DEFERRAL})  # fmt: skip
    ctx = make_ctx(empresa=Company(crt=3, uf="PR", contexto="PRODUTOR_RURAL"),
                   contraparte=Counterpart(uf="PR"),
                   itens=(Item(1, D("10"), D("150.00"), ncm="12019000", origem="0"),))  # fmt: skip
    r = compute(ctx, with_company(TRIB, benefit))
    icms = r.itens[0].icms
    assert icms and (icms.CST, icms.vICMSOp, icms.vICMS, icms.cBenef) == (
        "51",
        D("292.50"),
        D("0.00"),
        "PR830001",
    )


def test_rural_non_contributor_ibs_cbs() -> None:
    ctx = make_ctx(empresa=Company(crt=3, uf="SP", contexto="PRODUTOR_RURAL",
                                   contribuinte_ibs_cbs=False))  # fmt: skip
    r = compute(ctx, with_company(TRIB))
    assert r.itens[0].regra_iva_id == "ibscbs.nao_contribuinte_rural"
    assert r.itens[0].ibs_cbs and r.itens[0].ibs_cbs.cClassTrib == "410014"


def nfse(item: Item, overrides: Overrides | None = None) -> object:
    ctx = make_ctx(
        DocumentType.NFSE,
        itens=(item,),
        overrides=overrides,
        contraparte=Counterpart(uf="SP", cod_municipio="3550308", tipo=PersonType.PJ),
    )
    return compute(ctx, with_company(), explain=True)


def test_iss_override_is_applied_and_reported() -> None:
    item = Item(1, D("1"), D("1000.00"), lc116="01.01", c_trib_nac="010101", aliquota_iss=D("2"))
    r = nfse(item, Overrides("decisão judicial", aliquota_iss=D("3.00")))
    assert r.itens[0].iss and r.itens[0].iss.vISSQN == D("30.00")  # type: ignore[attr-defined]
    assert "OVERRIDE_ALIQUOTA_ISS" in [w.codigo for w in r.warnings]  # type: ignore[attr-defined]


def test_iss_rule_of_the_municipality() -> None:
    iss = company_rule("iss.sp", RuleType.ISS, criterios={"cod_municipio_incidencia": "3550308",
                       "c_trib_nac": "010101"}, resultado={"aliquota": "2.90"})  # fmt: skip
    ctx = make_ctx(
        DocumentType.NFSE,
        contraparte=Counterpart(uf="SP", tipo=PersonType.PF),
        itens=(Item(1, D("1"), D("100.00"), lc116="1.01", c_trib_nac="010101"),),
    )
    r = compute(ctx, with_company(iss))
    assert r.itens[0].iss and r.itens[0].iss.pAliq == D("2.90")
    assert r.classifications["tpRetISSQN"] == "1"
    assert r.confidence_score == D("0.90")  # fallback: no retention rule → not withheld


def test_override_needs_reason() -> None:
    with pytest.raises(ContextError):
        Overrides(" ", aliquota_iss=D("2"))


def test_cte_requires_transport_and_declared_cfop_wins() -> None:
    with pytest.raises(ContextError):
        compute(make_ctx(DocumentType.CTE), global_rules())
    ctx = make_ctx(
        DocumentType.CTE,
        transporte=Transport("SP", "BA", cfop="6353"),
        empresa=Company(crt=1, uf="SP"),
    )
    r = compute(ctx, global_rules())
    assert r.classifications["cfop"] == "6353"


def test_mdfe_has_no_taxes() -> None:
    r = compute(make_ctx(DocumentType.MDFE), global_rules())
    assert (r.itens, r.missing, r.rules_used, r.requires_review) == ((), (), (), False)


def test_operation_date_selects_legislation() -> None:
    r = compute(make_ctx(data_operacao=date(2025, 6, 1)), with_company(
        company_rule("t25", criterios={"crt": "3"}, resultado=TRIB.resultado,
                     vigencia_inicio=date(2025, 1, 1))))  # fmt: skip
    assert r.itens[0].ibs_cbs is None and "IBS_CBS_SEM_REGRA" in [w.codigo for w in r.warnings]
