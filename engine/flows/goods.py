"""NF-e / NFC-e items: the company TRIBUTACAO rule gives CFOP, ICMS and PIS/COFINS; a blank
ICMS rate comes from the global internal/interstate rate rules; rural context applies RURAL_*
rules; IBS/CBS comes from IVA or IBS_CBS rules."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from engine.calculators import opt_decimal, opt_text
from engine.calculators.ibs_cbs import goods_base
from engine.calculators.icms import IcmsSpec, compute_icms, spec_from_result
from engine.calculators.pis_cofins import compute_pis_cofins
from engine.calculators.rural import apply_benefit, is_normal
from engine.context import Item
from engine.errors import MissingValueError
from engine.facts import Facts
from engine.flows.common import ibs_cbs_resolution, ibs_cbs_step, line_values, rule_match
from engine.result import IcmsGroup, ItemTaxes, PisCofinsGroup
from engine.rules import Rule, RuleType
from engine.run import Run

RATE_TYPES = {
    "interna": RuleType.ICMS_ALIQUOTA_INTERNA,
    "interestadual": RuleType.ICMS_ALIQUOTA_INTERESTADUAL,
}


def goods_item(run: Run, facts: Facts, item: Item) -> ItemTaxes:
    """All taxes of one goods item."""
    n = item.numero
    vprod, vdesc = line_values(item)
    net = vprod - vdesc
    res = run.resolve(RuleType.TRIBUTACAO, facts, n)
    icms = pis = cofins = None
    cfop = inf_cpl = None
    if res.winner is None:
        run.need("REGRA_TRIBUTACAO", _no_rule_message(n, facts), n, RuleType.TRIBUTACAO.value)
    else:
        rule = run.use(res, "TRIBUTACAO", n)
        result = rule.resultado
        cfop, inf_cpl = opt_text(result, "cfop"), opt_text(result, "inf_cpl")
        icms = _icms(run, facts, item, net, rule)
        pis = _contribution(run, "PIS", net, result, n)
        cofins = _contribution(run, "COFINS", net, result, n)
    _difal_notice(run, facts, n)
    base = goods_base(net, *_deductions(icms, pis, cofins))
    iva = ibs_cbs_resolution(run, facts, n)
    ibs = ibs_cbs_step(run, iva, base, n)
    return ItemTaxes(
        numero=n, vProd=vprod, vDesc=vdesc, cfop=cfop, icms=icms, pis=pis, cofins=cofins,
        ibs_cbs=ibs, regra_tributaria=rule_match(run, res), regra_iva=rule_match(run, iva),
        inf_cpl=inf_cpl,
    )  # fmt: skip


def _no_rule_message(n: int, facts: Facts) -> str:
    return (
        f"item {n}: nenhuma regra de tributação vigente (NCM {facts.get('ncm')}, "
        f"operação {facts.get('operacao')}, CRT {facts.get('crt')})"
    )


def _deductions(
    icms: IcmsGroup | None, pis: PisCofinsGroup | None, cofins: PisCofinsGroup | None
) -> list[Decimal | None]:
    return [
        icms.vICMS if icms else None,
        icms.vFCP if icms else None,
        pis.v if pis else None,
        cofins.v if cofins else None,
    ]


def _icms(run: Run, facts: Facts, item: Item, net: Decimal, rule: Rule) -> IcmsGroup | None:
    spec = _rural(run, facts, item.numero, run.parsed(rule, "icms", spec_from_result))
    if spec.needs_rate:
        spec = _global_rate(run, facts, item.numero, spec)
    try:
        group = compute_icms(net, item.origem, spec, run.ctx.empresa.simples)
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {item.numero}: {exc.message}", item.numero, "TRIBUTACAO")
        return None
    run.note("ICMS", f"grupo {group.grupo}", item.numero, base=group.vBC,
             aliquota=group.pICMS, valor=group.vICMS)  # fmt: skip
    return group


def _global_rate(run: Run, facts: Facts, n: int, spec: IcmsSpec) -> IcmsSpec:
    """The rule left the rate blank: take the internal or interstate rate rule in force."""
    tipo = RATE_TYPES.get(str(facts.get("operacao")))
    if tipo is None:
        return spec
    res = run.resolve(tipo, facts, n)
    if res.winner is None:
        return spec
    result = res.winner.rule.resultado
    rate = opt_decimal(result, "aliquota")
    run.use(res, "ALIQUOTA_ICMS", n, aliquota=rate, motivo="alíquota em branco na regra")
    if rate is None:
        return spec
    fcp = opt_decimal(result, "p_fcp")
    return run.cached(("rate", id(spec), id(res)), lambda: spec.with_rate(rate, fcp))


def _rural(run: Run, facts: Facts, n: int, spec: IcmsSpec) -> IcmsSpec:
    """Rural producer: a benefit rule, else a non-normal RURAL_ICMS rule, changes the spec."""
    if not run.ctx.rural:
        return spec
    for tipo in (RuleType.RURAL_BENEFICIO, RuleType.RURAL_ICMS):
        res = run.resolve(tipo, facts, n)
        if res.winner is None:
            continue
        result = res.winner.rule.resultado
        run.use(res, tipo.value, n, motivo=str(result.get("fundamento", "tratamento normal")))
        if tipo is RuleType.RURAL_ICMS and is_normal(result):
            return spec
        return apply_benefit(spec, result)
    return spec


def _contribution(
    run: Run, tax: str, base: Decimal, result: Mapping[str, Any], n: int
) -> PisCofinsGroup | None:
    low = tax.lower()
    try:
        group = compute_pis_cofins(tax, base, opt_text(result, f"cst_{low}"),
                                   opt_decimal(result, f"aliq_{low}"))  # fmt: skip
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {n}: {exc.message}", n, "TRIBUTACAO")
        return None
    run.note(tax, f"CST {group.CST}", n, base=group.vBC, aliquota=group.p, valor=group.v)
    return group


def _difal_notice(run: Run, facts: Facts, n: int) -> None:
    """Interstate sale to a non-contributor final consumer owes DIFAL, not computed yet."""
    if (
        facts.get("operacao") == "interestadual"
        and facts.get("consumidor_final") is True
        and facts.get("contribuinte") is False
    ):
        run.warn("DIFAL_NAO_CALCULADO", "DIFAL (EC 87/2015) não é calculado pelo motor", n)
        run.review(f"item {n}: DIFAL não calculado")
