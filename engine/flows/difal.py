"""DIFAL step of a goods item: whether it is owed is a `DIFAL_INCIDENCIA` rule (EC 87/2015 for
interstate sales to non-contributor final consumers; Simples Nacional outside it after ADI 5464),
and the destination's rates and base method are a `DIFAL_UF_DESTINO` rule per UF. A change of
law is a change of those rules, never of this code; a UF without data is `missing`."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from engine.calculators.difal import compute_difal, destination_from_result, share_from_result
from engine.errors import MissingValueError
from engine.facts import Facts
from engine.result import IcmsGroup, IcmsUfDestGroup
from engine.rules import RuleType
from engine.run import Run


def difal_step(run: Run, facts: Facts, n: int, icms: IcmsGroup | None) -> IcmsUfDestGroup | None:
    """The item's ICMSUFDest group, or None when no DIFAL is owed (or it cannot be computed)."""
    incidence = run.resolve(RuleType.DIFAL_INCIDENCIA, facts, n)
    if incidence.winner is None:
        return None
    result = incidence.winner.rule.resultado
    if result.get("aplicar") is False:
        run.use(incidence, "DIFAL", n, motivo=str(result.get("motivo", "DIFAL não se aplica")))
        return None
    run.use(incidence, "DIFAL", n, motivo="DIFAL devido à UF de destino")
    if icms is None or icms.vBC is None or icms.pICMS is None:
        run.note("DIFAL", "sem ICMS interestadual destacado no item: nada a partilhar", n)
        return None
    return _destination(run, facts, n, icms.vBC, icms.pICMS, result)


def _destination(
    run: Run, facts: Facts, n: int, vbc: Decimal, inter: Decimal, incidence: Mapping[str, Any]
) -> IcmsUfDestGroup | None:
    uf = facts.get("uf_destino")
    res = run.resolve(RuleType.DIFAL_UF_DESTINO, facts, n)
    if res.winner is None:
        run.need("ALIQUOTA_ICMS_UF_DESTINO", _no_rule(n, uf), n, RuleType.DIFAL_UF_DESTINO.value)
        return None
    dest = run.parsed(res.winner, "difal_destination", destination_from_result)
    try:
        group = compute_difal(vbc, inter, dest, share_from_result(incidence))
    except MissingValueError as exc:
        run.use(res, "DIFAL_UF_DESTINO", n, motivo=exc.message)
        ask = res.winner.rule.resultado.get("motivo")
        detail = f"{exc.message} ({uf})" + (f": {ask}" if ask else "")
        run.need(exc.codigo, f"item {n}: {detail}", n, res.tipo.value)
        return None
    run.use(res, "DIFAL_UF_DESTINO", n, base=group.vBCUFDest, aliquota=group.pICMSUFDest,
            valor=group.vICMSUFDest, motivo=f"base {dest.base}; interestadual {inter}")  # fmt: skip
    return group


def _no_rule(n: int, uf: object) -> str:
    return (
        f"item {n}: nenhuma regra DIFAL_UF_DESTINO vigente para a UF de destino {uf} "
        "(alíquota interna, FCP e método da base do DIFAL)"
    )
