"""`compute`: TaxContext + RuleSet → TaxResult. Pure: no I/O, no clock, no randomness."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from engine.context import DocumentType, Item, TaxContext
from engine.defaults import REVIEW_THRESHOLD
from engine.errors import ContextError
from engine.facts import Facts, document_facts, item_facts
from engine.flows.goods import goods_item
from engine.flows.services import service_item
from engine.flows.transport import transport_item
from engine.result import ItemTaxes, TaxResult
from engine.rounding import total
from engine.ruleset import RuleSet
from engine.run import Run

ItemFlow = Callable[[Run, Facts, Item], ItemTaxes]

FLOWS: dict[DocumentType, ItemFlow] = {
    DocumentType.NFE: goods_item,
    DocumentType.NFCE: goods_item,
    DocumentType.NFSE: service_item,
    DocumentType.CTE: transport_item,
    DocumentType.CTEOS: transport_item,
}
"""MDF-e carries no taxes: it has no flow and its result is empty (the context is snapshotted)."""

SINGLE_ITEM = frozenset({DocumentType.NFSE, DocumentType.CTE, DocumentType.CTEOS})


def compute(
    ctx: TaxContext,
    rules: RuleSet,
    *,
    explain: bool = False,
    review_threshold: Decimal = REVIEW_THRESHOLD,
) -> TaxResult:
    """Taxes, classifications and provenance of one operation on its date.

    Raises RuleConflictError on an unresolved tie and ContextError on an impossible context;
    a missing rule is never an exception: it is listed in `missing` and no number is given.
    """
    _check(ctx)
    run = Run(ctx, rules, explain)
    flow = FLOWS.get(ctx.documento)
    base = document_facts(ctx)
    items = tuple(flow(run, item_facts(base, it), it) for it in ctx.itens) if flow else ()
    score = run.confidence()
    return TaxResult(
        documento=ctx.documento.value,
        data_operacao=ctx.data_operacao,
        itens=items,
        totais=totals(items),
        classifications=classifications(ctx.documento, items),
        rules_used=run.usages(),
        warnings=tuple(run.warnings),
        missing=tuple(run.missing),
        confidence_score=score,
        requires_review=bool(run.review_reasons) or score < review_threshold,
        decisions=tuple(run.decisions) if explain else None,
        _rules=tuple(run.used.values()),
    )


def _check(ctx: TaxContext) -> None:
    if ctx.documento in FLOWS and not ctx.itens:
        raise ContextError("itens", "ao menos um item é obrigatório")
    if ctx.documento in SINGLE_ITEM and len(ctx.itens) > 1:
        raise ContextError("itens", f"{ctx.documento.value} tem um único serviço/prestação")
    if ctx.documento in (DocumentType.CTE, DocumentType.CTEOS) and ctx.transporte is None:
        raise ContextError("transporte", "início e fim da prestação são obrigatórios")


TOTAL_FIELDS: dict[str, Callable[[ItemTaxes], Decimal | None]] = {
    "vProd": lambda i: i.vProd,
    "vDesc": lambda i: i.vDesc,
    "vBC": lambda i: i.icms.vBC if i.icms else None,
    "vICMS": lambda i: i.icms.vICMS if i.icms else None,
    "vFCP": lambda i: i.icms.vFCP if i.icms else None,
    "vCredICMSSN": lambda i: i.icms.vCredICMSSN if i.icms else None,
    "vPIS": lambda i: i.pis.v if i.pis else None,
    "vCOFINS": lambda i: i.cofins.v if i.cofins else None,
    "vBCIBSCBS": lambda i: i.ibs_cbs.vBC if i.ibs_cbs else None,
    "vIBSUF": lambda i: i.ibs_cbs.gIBSUF.v if i.ibs_cbs and i.ibs_cbs.gIBSUF else None,
    "vIBSMun": lambda i: i.ibs_cbs.gIBSMun.v if i.ibs_cbs and i.ibs_cbs.gIBSMun else None,
    "vIBS": lambda i: i.ibs_cbs.vIBS if i.ibs_cbs else None,
    "vCBS": lambda i: i.ibs_cbs.gCBS.v if i.ibs_cbs and i.ibs_cbs.gCBS else None,
    "vISSQN": lambda i: i.iss.vISSQN if i.iss else None,
}


def totals(items: tuple[ItemTaxes, ...]) -> dict[str, Decimal]:
    """Sums of item values; a total appears only when some item has the value.

    `vNF` is vProd − vDesc: frete, seguro, outras despesas, IPI and ST are not in the context.
    """
    out: dict[str, Decimal] = {}
    for name, get in TOTAL_FIELDS.items():
        values = [v for v in map(get, items) if v is not None]
        if values:
            out[name] = total(values)
    out.update(_withheld(items))
    if items:
        out["vNF"] = out["vProd"] - out["vDesc"]
    return out


def _withheld(items: tuple[ItemTaxes, ...]) -> dict[str, Decimal]:
    """vRet<component> totals of federal withholdings actually withheld."""
    out: dict[str, list[Decimal]] = {}
    for item in items:
        for w in item.retencoes:
            for name, value in w.valores.items():
                out.setdefault(f"vRet{name}", []).append(value)
    return {k: total(v) for k, v in out.items()}


def classifications(documento: DocumentType, items: tuple[ItemTaxes, ...]) -> dict[str, Any]:
    """Per item codes; single-service documents also carry them at the top level."""
    per_item = [_item_codes(i) for i in items]
    out: dict[str, Any] = {"itens": per_item}
    if documento in SINGLE_ITEM and per_item:
        out.update({k: v for k, v in per_item[0].items() if k != "item"})
    return out


def _item_codes(i: ItemTaxes) -> dict[str, Any]:
    codes: dict[str, Any] = {"item": i.numero, "cfop": i.cfop}
    if i.icms:
        codes["cst"] = i.icms.CST
        codes["csosn"] = i.icms.CSOSN
    if i.pis and i.cofins:
        codes["cst_pis"], codes["cst_cofins"] = i.pis.CST, i.cofins.CST
    if i.ibs_cbs:
        codes["cst_ibs_cbs"], codes["cClassTrib"] = i.ibs_cbs.CST, i.ibs_cbs.cClassTrib
    if i.iss:
        codes["cTribNac"] = i.iss.cTribNac
        codes["municipio_incidencia"] = i.iss.municipio_incidencia
        codes["tpRetISSQN"] = i.iss.tpRetISSQN
    return {k: v for k, v in codes.items() if v is not None}
