"""CT-e / CT-e OS prestação: CFOP (declared or CFOP_OPERACAO), transport ICMS (ICMS_TRANSPORTE,
ICMSSN for Simples) and IBS/CBS."""

from __future__ import annotations

from decimal import Decimal

from engine.calculators import opt_text
from engine.calculators.transport import compute_transport_icms
from engine.context import Item
from engine.errors import MissingValueError
from engine.facts import Facts
from engine.flows.common import ibs_cbs_resolution, ibs_cbs_step, line_values, rule_match
from engine.result import IcmsGroup, ItemTaxes
from engine.rules import RuleType
from engine.run import Run


def transport_item(run: Run, facts: Facts, item: Item) -> ItemTaxes:
    """All taxes of the prestação (the service layer sends it as one item)."""
    n = item.numero
    vprest, vdesc = line_values(item)
    base = vprest - vdesc
    cfop = _cfop(run, facts, n)
    icms = _icms(run, facts, n, base)
    iva = ibs_cbs_resolution(run, facts, n)
    ibs_base = base - (icms.vICMS if icms and icms.vICMS else Decimal(0))
    ibs = ibs_cbs_step(run, iva, ibs_base, n)
    return ItemTaxes(
        numero=n, vProd=vprest, vDesc=vdesc, cfop=cfop, icms=icms, ibs_cbs=ibs,
        regra_iva=rule_match(run, iva),
    )  # fmt: skip


def _cfop(run: Run, facts: Facts, n: int) -> str | None:
    """The CFOP is never guessed: declared in `fiscal.cfop` or taken from a rule."""
    transport = run.ctx.transporte
    if transport is not None and transport.cfop:
        run.note("CFOP", "CFOP declarado em fiscal.cfop", n)
        return transport.cfop
    res = run.resolve(RuleType.CFOP_OPERACAO, facts, n)
    cfop = opt_text(res.winner.rule.resultado, "cfop") if res.winner else None
    if cfop is None:
        run.need("CFOP_OPERACAO", f"nenhuma regra CFOP_OPERACAO para {facts.get('documento')} "
                 f"({facts.get('operacao')}, tomador {facts.get('tipo_estabelecimento_tomador')})",
                 n, RuleType.CFOP_OPERACAO.value)  # fmt: skip
        return None
    run.use(res, "CFOP", n, motivo=f"CFOP {cfop}")
    return cfop


def _icms(run: Run, facts: Facts, n: int, base: Decimal) -> IcmsGroup | None:
    res = run.resolve(RuleType.ICMS_TRANSPORTE, facts, n)
    if res.winner is None:
        run.need("ICMS_TRANSPORTE", f"nenhuma regra ICMS_TRANSPORTE vigente "
                 f"({facts.get('uf_inicio')} → {facts.get('uf_fim')})", n,
                 RuleType.ICMS_TRANSPORTE.value)  # fmt: skip
        return None
    try:
        group = compute_transport_icms(base, res.winner.rule.resultado)
    except MissingValueError as exc:
        run.need(exc.codigo, exc.message, n, RuleType.ICMS_TRANSPORTE.value)
        return None
    run.use(res, "ICMS_TRANSPORTE", n, base=group.vBC, aliquota=group.pICMS, valor=group.vICMS)
    return group
