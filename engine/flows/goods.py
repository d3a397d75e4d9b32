"""NF-e / NFC-e items: the company TRIBUTACAO rule gives CFOP, ICMS and PIS/COFINS; a blank
ICMS rate comes from the global internal/interstate rate rules; rural context applies RURAL_*
rules; IBS/CBS comes from IVA or IBS_CBS rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from engine.calculators import opt_decimal, opt_text
from engine.calculators.ibs_cbs import goods_base
from engine.calculators.icms import IcmsSpec, compute_icms, spec_from_result
from engine.calculators.pis_cofins import compute_pis_cofins
from engine.calculators.rural import apply_benefit, basis_text, is_normal
from engine.context import Item
from engine.errors import MissingValueError
from engine.facts import Facts
from engine.flows.common import ibs_cbs_resolution, ibs_cbs_step, line_values
from engine.flows.difal import difal_step
from engine.result import IcmsGroup, IcmsUfDestGroup, ItemTaxes, PisCofinsGroup
from engine.rules import RuleType
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
    icms = pis = cofins = difal = None
    cfop = inf_cpl = None
    if res.winner is None:
        run.need("REGRA_TRIBUTACAO", _no_rule_message(n, facts), n, RuleType.TRIBUTACAO.value)
    else:
        run.use(res, "TRIBUTACAO", n)
        spec = run.parsed(res.winner, "goods", goods_spec)
        cfop, inf_cpl = spec.cfop, spec.inf_cpl
        icms = _icms(run, facts, item, net, spec.icms)
        pis = _contribution(run, "PIS", net, spec.pis, n)
        cofins = _contribution(run, "COFINS", net, spec.cofins, n)
        difal = difal_step(run, facts, n, icms)
    base = goods_base(net, *_deductions(icms, pis, cofins), *_difal_deductions(difal))
    iva = ibs_cbs_resolution(run, facts, n)
    ibs = ibs_cbs_step(run, iva, base, n)
    return ItemTaxes(
        numero=n, vProd=vprod, vDesc=vdesc, cfop=cfop, icms=icms, icms_uf_dest=difal, pis=pis,
        cofins=cofins,
        ibs_cbs=ibs, regra_tributaria=res.match, regra_iva=iva.match, inf_cpl=inf_cpl,
    )  # fmt: skip


@dataclass(frozen=True)
class Contribution:
    """PIS or COFINS as a TRIBUTACAO rule states it."""

    cst: str | None
    rate: Decimal | None


@dataclass(frozen=True)
class GoodsSpec:
    """A TRIBUTACAO result read once: codes as text, rates as Decimal."""

    cfop: str | None
    inf_cpl: str | None
    icms: IcmsSpec
    pis: Contribution
    cofins: Contribution


def goods_spec(result: Mapping[str, Any]) -> GoodsSpec:
    return GoodsSpec(
        cfop=opt_text(result, "cfop"),
        inf_cpl=opt_text(result, "inf_cpl"),
        icms=spec_from_result(result),
        pis=Contribution(opt_text(result, "cst_pis"), opt_decimal(result, "aliq_pis")),
        cofins=Contribution(opt_text(result, "cst_cofins"), opt_decimal(result, "aliq_cofins")),
    )


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


def _difal_deductions(difal: IcmsUfDestGroup | None) -> list[Decimal | None]:
    """vICMSUFDest and vFCPUFDest leave the IBS/CBS base too (NT 2025.002; tax_domain §1.7)."""
    return [difal.vICMSUFDest, difal.vFCPUFDest] if difal else []


def _icms(run: Run, facts: Facts, item: Item, net: Decimal, spec: IcmsSpec) -> IcmsGroup | None:
    if run.rural:
        spec = _rural(run, facts, item.numero, spec)
    if spec.needs_rate:
        spec = _global_rate(run, facts, item.numero, spec)
    try:
        group = compute_icms(net, item.origem, spec, run.simples)
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {item.numero}: {exc.message}", item.numero, "TRIBUTACAO")
        return None
    if run.explain:
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
    rate, fcp = run.parsed(res.winner, "icms_rate", _rate)
    run.use(res, "ALIQUOTA_ICMS", n, aliquota=rate, motivo="alíquota em branco na regra")
    if rate is None:
        return spec
    return run.cached(("rate", spec, res), lambda: spec.with_rate(rate, fcp))


def _rate(result: Mapping[str, Any]) -> tuple[Decimal | None, Decimal | None]:
    """(aliquota, p_fcp) of an ICMS_ALIQUOTA_* rule."""
    return opt_decimal(result, "aliquota"), opt_decimal(result, "p_fcp")


def _rural(run: Run, facts: Facts, n: int, spec: IcmsSpec) -> IcmsSpec:
    """Rural producer: a benefit rule, else a non-normal RURAL_ICMS rule, changes the spec."""
    for tipo in (RuleType.RURAL_BENEFICIO, RuleType.RURAL_ICMS):
        res = run.resolve(tipo, facts, n)
        if res.winner is None:
            continue
        result = res.winner.rule.resultado
        run.use(res, tipo.value, n, motivo=basis_text(result))
        if tipo is RuleType.RURAL_ICMS and is_normal(result):
            return spec
        return apply_benefit(spec, result)
    return spec


def _contribution(
    run: Run, tax: str, base: Decimal, spec: Contribution, n: int
) -> PisCofinsGroup | None:
    try:
        group = compute_pis_cofins(tax, base, spec.cst, spec.rate)
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {n}: {exc.message}", n, "TRIBUTACAO")
        return None
    if run.explain:
        run.note(tax, f"CST {group.CST}", n, base=group.vBC, aliquota=group.p, valor=group.v)
    return group
