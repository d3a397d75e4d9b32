"""`compute`: TaxContext + RuleSet → TaxResult. Pure: no I/O, no clock, no randomness."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from decimal import Decimal
from typing import Any

from engine.context import DocumentType, IcmsStComplement, Item, TaxContext
from engine.defaults import REVIEW_CAP_STEP, REVIEW_THRESHOLD
from engine.errors import ContextError
from engine.facts import Facts, document_facts, item_facts
from engine.flows.goods import goods_item
from engine.flows.services import service_item
from engine.flows.transport import transport_item
from engine.result import ItemTaxes, RuleMatch, TaxResult
from engine.rounding import money, total
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
    check_non_negative(items)
    forced = bool(run.review_reasons)
    score = reviewed_score(run.confidence(), review_threshold) if forced else run.confidence()
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
        requires_review=forced or score < review_threshold,
        decisions=tuple(run.decisions) if explain else None,
        _rules=run.rules(),
        _compiled=tuple(run.used.values()),
    )


def reviewed_score(score: Decimal, threshold: Decimal) -> Decimal:
    """The score of a result whose review was forced (a rule's `requer_revisao`, a failed check).

    Such a result must not claim the confidence of a clean one (a 1.00 next to
    `requires_review: true` reads as a contradiction), so its score is capped one hundredth
    below the review threshold: `requires_review` is then always `score < threshold`.
    """
    return max(Decimal(0), min(score, threshold - REVIEW_CAP_STEP))


def _check(ctx: TaxContext) -> None:
    if ctx.documento in FLOWS and not ctx.itens:
        raise ContextError("itens", "ao menos um item é obrigatório")
    if ctx.documento in SINGLE_ITEM and len(ctx.itens) > 1:
        raise ContextError("itens", f"{ctx.documento.value} tem um único serviço/prestação")
    if ctx.documento in (DocumentType.CTE, DocumentType.CTEOS) and ctx.transporte is None:
        raise ContextError("transporte", "início e fim da prestação são obrigatórios")
    for index, item in enumerate(ctx.itens):
        _check_line(index, item)


LINE_AMOUNTS = ("quantidade", "valor_unitario", "desconto", "frete", "seguro", "outras_despesas")


def _check_line(index: int, item: Item) -> None:
    """A line whose values would make a negative base: refused before any rule is read.

    Quantities and values below zero, and a discount above the line's gross value, have no
    fiscal meaning (the layouts' bases and taxes are never negative); a caller that let one
    through would otherwise get a negative tax computed and, worse, authorized.
    """
    where = f"itens.{index}"
    if (
        item.quantidade < _ZERO or item.valor_unitario < _ZERO or item.desconto < _ZERO
        or item.frete < _ZERO or item.seguro < _ZERO or item.outras_despesas < _ZERO
    ):  # fmt: skip
        _refuse_negative(where, item, LINE_AMOUNTS)
    if item.st_retido is not None:
        _refuse_negative(f"{where}.st_retido", item.st_retido, RETAINED_AMOUNTS)
    if item.complemento_icms is not None:
        _check_complement(where, item)
    if item.importacao is not None:
        _refuse_negative(f"{where}.importacao", item.importacao, IMPORT_AMOUNTS)
    if item.desconto:  # most lines have none: nothing to round
        gross = money(item.quantidade * item.valor_unitario)
        if money(item.desconto) > gross:
            raise ContextError(
                f"{where}.desconto",
                f"desconto ({money(item.desconto)}) maior que o valor bruto do item ({gross})",
            )


RETAINED_AMOUNTS = ("base", "aliquota", "valor", "valor_substituto", "aliquota_fcp", "valor_fcp")
IMPORT_AMOUNTS = ("valor_aduaneiro", "valor_ii", "valor_iof", "despesas_aduaneiras", "valor_afrmm")


def _refuse_negative(where: str, node: object, names: tuple[str, ...]) -> None:
    """The first of `names` below zero is refused, named (a None is an absent value)."""
    for name in names:
        value = getattr(node, name)
        if value is not None and value < _ZERO:
            raise ContextError(f"{where}.{name}", "não pode ser negativo")


def _check_complement(where: str, item: Item) -> None:
    """A complement of ICMS or ICMS-ST carries only the tax: a positive base, a declared rate
    within (0, 100], and no quantity or value of its own (the layout's zero-quantity
    complement)."""
    declared = item.complemento_icms
    assert declared is not None  # the caller's test
    if isinstance(declared, IcmsStComplement):
        base, rate, suffix = declared.base_st, declared.aliquota_st, "_st"
    else:
        base, rate, suffix = declared.base, declared.aliquota, ""
    if base <= 0:
        raise ContextError(f"{where}.complemento_icms.base{suffix}", "deve ser maior que zero")
    if rate is not None and not 0 < rate <= 100:
        raise ContextError(f"{where}.complemento_icms.aliquota{suffix}", "deve estar entre 0 e 100")
    amounts = (item.quantidade, item.valor_unitario, item.desconto, item.frete, item.seguro,
               item.outras_despesas)  # fmt: skip
    if any(amounts):
        raise ContextError(
            f"{where}.complemento_icms",
            "um complemento de ICMS não tem quantidade, valor, desconto, frete, seguro nem "
            "outras despesas",
        )


def check_non_negative(items: tuple[ItemTaxes, ...]) -> None:
    """The engine's invariant: no base or tax it answers is negative, for any family (rates
    are non-negative by construction: `_is_rate`).

    `_check_line` keeps the inputs that could produce one out; this is the last guard, so a
    defect in a calculator or a rule's data surfaces as a refusal, never as a document.
    """
    for item in items:
        found = _negative(item)
        if found is not None:
            path, value = found
            raise ContextError(
                f"itens.{item.numero - 1}", f"valor negativo calculado em {path} ({value})"
            )


Found = tuple[str, Decimal] | None
_CHECKERS: dict[type, Callable[[Any], Found]] = {}
_PLAIN_ANNOTATIONS = ("str", "int", "bool", "RuleMatch")
_ZERO = Decimal(0)


def _negative(node: Any) -> Found:
    """The first negative Decimal of an item's groups, with its path (`icms.vBC`,
    `retencoes.0.valor`); None when there is none.

    It runs on every item of every call and groups have up to ~45 fields, most None: each
    result dataclass gets a generated checker (its Decimal fields compared inline with a
    Decimal zero, never an int that would be converted at each comparison; its nested groups
    visited), and a path is built only on the way back from a refusal.
    """
    kind = type(node)
    checker = _CHECKERS.get(kind)  # the groups first: most nodes are result dataclasses
    if checker is not None:
        return checker(node)
    if kind is Decimal:
        return ("", node) if node < _ZERO else None
    if kind is tuple:
        for index, child in enumerate(node):
            found = _negative(child)
            if found is not None:
                return _within(str(index), found)
        return None
    if isinstance(node, Mapping):
        for key, child in node.items():
            found = _negative(child)
            if found is not None:
                return _within(str(key), found)
        return None
    checker = _CHECKERS[kind] = _make_checker(kind)
    return checker(node)


def _within(name: str, found: tuple[str, Decimal]) -> tuple[str, Decimal]:
    """`found`'s path under `name` (a refusal only: never on the way of a clean item)."""
    path, value = found
    return (f"{name}.{path}" if path else name), value


def _is_rate(name: str) -> bool:
    """A layout rate (`p`, `pICMS`, `pMVAST`, `pAliqEfet`...): never negative by construction,
    so the guard skips it (a third of the ICMS group's fields). A rate is a rule's (0 to 100,
    `results.decimal_field`, checked when the rule enters a set), a declared one (checked by
    `_check_line`) or a product of those (the adjusted MVA, the effective IBS/CBS rate, the
    returned proportion), none of them a difference."""
    return name == "p" or (len(name) > 1 and name[0] == "p" and name[1].isupper())


def _make_checker(kind: type) -> Callable[[Any], Found]:
    """A checker for one dataclass, from its field annotations (text under `annotations`):
    amounts compared, rates skipped (`_is_rate`), nested groups visited."""
    lines = ["def check(node):"]
    namespace: dict[str, Any] = {"negative": _negative, "within": _within, "ZERO": _ZERO}
    for name, spec in getattr(kind, "__dataclass_fields__", {}).items():
        annotation = str(spec.type)
        if annotation.startswith("Decimal"):
            if _is_rate(name):
                continue
            lines += [f"    v = node.{name}",
                      f"    if v is not None and v < ZERO: return ({name!r}, v)"]  # fmt: skip
        elif annotation.split(" ")[0] not in _PLAIN_ANNOTATIONS and not name.startswith("_"):
            test = "v" if annotation.startswith("tuple") else "v is not None"  # () is common
            call = _nested_checker(kind, annotation, namespace)
            lines += [f"    v = node.{name}", f"    if {test}:",
                      f"        found = {call}(v)",
                      f"        if found is not None: return within({name!r}, found)"]  # fmt: skip
    lines.append("    return None")
    exec("\n".join(lines), namespace)
    checker: Callable[[Any], Found] = namespace["check"]
    return checker


def _nested_checker(kind: type, annotation: str, namespace: dict[str, Any]) -> str:
    """The name to call for a nested field: its dataclass's own checker when the annotation
    names one (`IcmsGroup | None`), called directly; `negative` (the dispatcher) otherwise."""
    nested = getattr(sys.modules[kind.__module__], annotation.split(" ")[0], None)
    if not isinstance(nested, type) or not hasattr(nested, "__dataclass_fields__"):
        return "negative"
    checker = _CHECKERS.get(nested)
    if checker is None:
        checker = _CHECKERS[nested] = _make_checker(nested)
    namespace[f"check_{nested.__name__}"] = checker
    return f"check_{nested.__name__}"


def _amounts(node: Any, path: str = "") -> Iterator[tuple[str, Decimal]]:
    """Every Decimal of an item's groups, with its path (`icms.vBC`, `retencoes.0.valor`): the
    slow, complete walk (tests compare `_negative` with it)."""
    if isinstance(node, Decimal):
        yield path, node
    elif isinstance(node, tuple):
        for index, child in enumerate(node):
            yield from _amounts(child, f"{path}.{index}")
    elif isinstance(node, Mapping):
        for key, child in node.items():
            yield from _amounts(child, f"{path}.{key}")
    elif hasattr(node, "__dataclass_fields__") and not isinstance(node, RuleMatch):
        for name in node.__dataclass_fields__:
            child = getattr(node, name)
            if child is not None:
                yield from _amounts(child, f"{path}.{name}" if path else name)


VNF_ADDED = ("vST", "vFCPST", "vFrete", "vSeg", "vOutro", "vII", "vIPI")
"""Totals added to vProd − vDesc in vNF (MOC 4.0, W16: vProd − vDesc − vICMSDeson + vST +
vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol + vServ; the engine computes no
desoneração, returned IPI or ISSQN services in an NF-e; vII is the declared import tax)."""


def totals(items: tuple[ItemTaxes, ...]) -> dict[str, Decimal]:
    """Sums of item values; a total appears only when some item has the value.

    `vNF` follows the MOC formula over the totals the engine computes (`VNF_ADDED`).
    """
    out: dict[str, Decimal] = {}
    for name, values in _columns(items).items():
        if values:
            out[name] = total(values)
    out.update(_withheld(items))
    if items:
        out["vNF"] = (
            out["vProd"]
            - out["vDesc"]
            + sum((out[name] for name in VNF_ADDED if name in out), Decimal(0))
        )
    return out


def _columns(items: tuple[ItemTaxes, ...]) -> dict[str, list[Decimal]]:
    """Each total's item values (items without the value are skipped), in output order."""
    icms = [i.icms for i in items if i.icms is not None]
    ibs = [i.ibs_cbs for i in items if i.ibs_cbs is not None]
    difal = [i.icms_uf_dest for i in items if i.icms_uf_dest is not None]
    return {
        "vProd": [i.vProd for i in items],
        "vDesc": [i.vDesc for i in items],
        "vBC": [v for g in icms if (v := g.vBC) is not None],
        "vICMS": [v for g in icms if (v := g.vICMS) is not None],
        "vFCP": [v for g in icms if (v := g.vFCP) is not None],
        "vBCST": [v for g in icms if (v := g.vBCST) is not None],
        "vST": [v for g in icms if (v := g.vICMSST) is not None],
        "vFCPST": [v for g in icms if (v := g.vFCPST) is not None],
        "vFCPSTRet": [v for g in icms if (v := g.vFCPSTRet) is not None],
        "vFrete": [v for i in items if (v := i.vFrete) is not None],
        "vSeg": [v for i in items if (v := i.vSeg) is not None],
        "vOutro": [v for i in items if (v := i.vOutro) is not None],
        "vII": [i.ii.vII for i in items if i.ii is not None],
        "vIPI": [v for i in items if i.ipi is not None and (v := i.ipi.vIPI) is not None],
        "vCredICMSSN": [v for g in icms if (v := g.vCredICMSSN) is not None],
        "vFCPUFDest": [v for g in difal if (v := g.vFCPUFDest) is not None],
        "vICMSUFDest": [g.vICMSUFDest for g in difal],
        "vICMSUFRemet": [g.vICMSUFRemet for g in difal],
        "vPIS": [i.pis.v for i in items if i.pis is not None],
        "vCOFINS": [i.cofins.v for i in items if i.cofins is not None],
        "vBCIBSCBS": [v for b in ibs if (v := b.vBC) is not None],
        "vIBSUF": [b.gIBSUF.v for b in ibs if b.gIBSUF is not None],
        "vIBSMun": [b.gIBSMun.v for b in ibs if b.gIBSMun is not None],
        "vIBS": [v for b in ibs if (v := b.vIBS) is not None],
        "vCBS": [b.gCBS.v for b in ibs if b.gCBS is not None],
        "vISSQN": [i.iss.vISSQN for i in items if i.iss is not None],
    }


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
    """The item's codes that have a value."""
    codes: dict[str, Any] = {"item": i.numero}
    if i.cfop is not None:
        codes["cfop"] = i.cfop
    icms, pis, cofins, ibs, iss = i.icms, i.pis, i.cofins, i.ibs_cbs, i.iss
    if icms is not None:
        _put(codes, "cst", icms.CST)
        _put(codes, "csosn", icms.CSOSN)
    if pis is not None and cofins is not None:
        codes["cst_pis"], codes["cst_cofins"] = pis.CST, cofins.CST
    if ibs is not None:
        codes["cst_ibs_cbs"], codes["cClassTrib"] = ibs.CST, ibs.cClassTrib
    if iss is not None:
        _put(codes, "cTribNac", iss.cTribNac)
        codes["municipio_incidencia"] = iss.municipio_incidencia
        codes["tpRetISSQN"] = iss.tpRetISSQN
    return codes


def _put(codes: dict[str, Any], key: str, value: str | None) -> None:
    if value is not None:
        codes[key] = value
