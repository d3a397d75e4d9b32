"""NFS-e service: municipality of incidence, ISS rate and bounds, ISS withholding, federal
withholdings and IBS/CBS. Declared overrides win and are reported; configuration of the
registered service comes next; versioned base rules last."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from engine.calculators import opt_decimal, opt_text
from engine.calculators.iss import bounds_violation, compute_iss, incidence_municipality
from engine.calculators.withholding import compute_withholding
from engine.codes import TP_RET_BY_TAKER, TP_RET_NOT_WITHHELD
from engine.context import Item
from engine.errors import InvalidRuleError
from engine.facts import Facts, FactValue
from engine.flows.common import ibs_cbs_resolution, ibs_cbs_step, line_values, rule_match
from engine.resolve import matching, pick
from engine.result import IssGroup, ItemTaxes, Withholding
from engine.rules import RuleType
from engine.ruleset import CompiledRule
from engine.run import Run


def service_item(run: Run, facts: Facts, item: Item) -> ItemTaxes:
    """All taxes of one NFS-e service."""
    n = item.numero
    vserv, vdesc = line_values(item)
    base = vserv - vdesc
    iss = None
    municipality = _municipality(run, facts, item)
    if municipality is not None:
        facts = {**facts, "cod_municipio_incidencia": municipality}
        iss = _iss(run, facts, item, base, municipality)
    retencoes = _federal(run, facts, n, base)
    iva = ibs_cbs_resolution(run, facts, n)
    ibs_base = base - (iss.vISSQN if iss else Decimal(0))
    ibs = ibs_cbs_step(run, iva, ibs_base, n)
    return ItemTaxes(
        numero=n, vProd=vserv, vDesc=vdesc, iss=iss, retencoes=retencoes, ibs_cbs=ibs,
        regra_iva=rule_match(run, iva),
    )  # fmt: skip


def _municipality(run: Run, facts: Facts, item: Item) -> str | None:
    """LC 116 art. 3 by rule; the service's declared municipality only when no rule decides."""
    n = item.numero
    res = run.resolve(RuleType.MUNICIPIO_INCIDENCIA, facts, n)
    found = None
    if res.winner is not None:
        local = str(res.winner.rule.resultado.get("local"))
        found = incidence_municipality(local, facts)
        if found is not None:
            run.use(res, "MUNICIPIO_INCIDENCIA", n, motivo=f"{local}: {found}")
    declared = item.municipio_incidencia
    if found is not None and declared and declared != found:
        run.warn("MUNICIPIO_INCIDENCIA_DIVERGENTE",
                 f"serviço declara {declared}, LC 116 art. 3 indica {found}", n)  # fmt: skip
    if found is None and declared:
        run.fallback("MUNICIPIO_INCIDENCIA", f"município declarado no serviço: {declared}", n)
        return declared
    if found is None:
        run.need("MUNICIPIO_INCIDENCIA", f"item {n}: município de incidência indeterminado",
                 n, RuleType.MUNICIPIO_INCIDENCIA.value)  # fmt: skip
    return found


def _iss(run: Run, facts: Facts, item: Item, base: Decimal, municipality: str) -> IssGroup | None:
    n = item.numero
    rate = _iss_rate(run, facts, item)
    if item.c_trib_nac is None:
        run.need("C_TRIB_NAC", f"item {n}: serviço sem código de tributação nacional", n, None)
    if rate is None or item.c_trib_nac is None:
        return None
    _check_bounds(run, facts, n, rate)
    tp_ret = _withholding_type(run, facts, item)
    group = compute_iss(base, rate, municipality, tp_ret, item.c_trib_nac, _text(facts, "lc116"))
    run.note("ISS", f"ISS devido em {municipality}", n, base=base, aliquota=rate,
             valor=group.vISSQN)  # fmt: skip
    return group


def _iss_rate(run: Run, facts: Facts, item: Item) -> Decimal | None:
    """Override, then the registered service's rate, then the ISS rule of the municipality."""
    n, ov = item.numero, run.ctx.overrides
    if ov is not None and ov.aliquota_iss is not None:
        run.warn("OVERRIDE_ALIQUOTA_ISS", f"alíquota ISS {ov.aliquota_iss} declarada: "
                 f"{ov.override_motivo}", n)  # fmt: skip
        run.note("ALIQUOTA_ISS", f"override: {ov.override_motivo}", n, aliquota=ov.aliquota_iss)
        return ov.aliquota_iss
    if item.aliquota_iss is not None:
        run.note("ALIQUOTA_ISS", "alíquota do serviço cadastrado", n, aliquota=item.aliquota_iss)
        return item.aliquota_iss
    res = run.resolve(RuleType.ISS, facts, n)
    rate = opt_decimal(res.winner.rule.resultado, "aliquota") if res.winner else None
    if rate is None:
        run.need("ALIQUOTA_ISS", f"item {n}: nenhuma alíquota de ISS vigente para o município "
                 f"{facts.get('cod_municipio_incidencia')}", n, RuleType.ISS.value)  # fmt: skip
        return None
    run.use(res, "ALIQUOTA_ISS", n, aliquota=rate)
    return rate


def _check_bounds(run: Run, facts: Facts, n: int, rate: Decimal) -> None:
    """LC 116 bounds: a rate outside them is reported and forces review."""
    res = run.resolve(RuleType.ISS_LIMITES, facts, n)
    if res.winner is None:
        return
    result = res.winner.rule.resultado
    problem = bounds_violation(
        rate, opt_decimal(result, "aliquota_minima"), opt_decimal(result, "aliquota_maxima")
    )
    run.use(res, "LIMITES_ISS", n, aliquota=rate, motivo=problem or "dentro dos limites")
    if problem:
        run.warn("ALIQUOTA_ISS_FORA_DOS_LIMITES", problem, n)
        run.review(f"item {n}: {problem}")


def _withholding_type(run: Run, facts: Facts, item: Item) -> str:
    """tpRetISSQN: override, then the service's configuration, then ISS_RETENCAO rules."""
    n, ov = item.numero, run.ctx.overrides
    if ov is not None and ov.iss_retido is not None:
        run.warn("OVERRIDE_ISS_RETIDO", f"retenção ISS declarada: {ov.override_motivo}", n)
        run.note("RETENCAO_ISS", f"override: {ov.override_motivo}", n)
        return TP_RET_BY_TAKER if ov.iss_retido else TP_RET_NOT_WITHHELD
    if item.iss_retido is not None:
        run.note("RETENCAO_ISS", "configuração do serviço cadastrado", n)
        return TP_RET_BY_TAKER if item.iss_retido else TP_RET_NOT_WITHHELD
    res = run.resolve(RuleType.ISS_RETENCAO, facts, n)
    if res.winner is None:
        run.fallback("RETENCAO_ISS", "nenhuma regra de retenção aplicável: não retido", n)
        return TP_RET_NOT_WITHHELD
    result = res.winner.rule.resultado
    run.use(res, "RETENCAO_ISS", n)
    if not result.get("iss_retido"):
        return TP_RET_NOT_WITHHELD
    return opt_text(result, "tp_ret_issqn") or TP_RET_BY_TAKER


def _federal(run: Run, facts: Facts, n: int, base: Decimal) -> tuple[Withholding, ...]:
    """Every RETENCAO_FEDERAL rule that matches applies, resolved within its `tributo`."""
    try:
        live, expired = matching(run.ruleset, RuleType.RETENCAO_FEDERAL, facts,
                                 run.ctx.data_operacao, run.explain)  # fmt: skip
    except InvalidRuleError as exc:  # a condition that failed to evaluate
        exc.tipo = exc.tipo or RuleType.RETENCAO_FEDERAL.value
        raise
    groups: dict[str, list[CompiledRule]] = defaultdict(list)
    for cr in live:
        groups[str(cr.rule.resultado.get("tributo"))].append(cr)
    out = []
    for tributo in sorted(groups):
        res = pick(RuleType.RETENCAO_FEDERAL, groups[tributo], expired, explain=run.explain, item=n)
        result = res.winner.rule.resultado if res.winner else {}
        rates = {k: Decimal(str(v)) for k, v in dict(result.get("aliquotas", {})).items()}
        w = compute_withholding(tributo, base, rates, opt_decimal(result, "dispensa_ate"))
        run.use(res, f"RETENCAO_{tributo}", n, base=base, valor=w.valor, motivo=w.motivo)
        out.append(w)
    return tuple(out)


def _text(facts: Facts, name: str) -> str | None:
    value: FactValue = facts.get(name)
    return value if isinstance(value, str) else None
