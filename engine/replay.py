"""Replay: re-run the engine with candidate rules on the inputs stored with issued documents.

Each issued document keeps its snapshot: the canonical context it was computed from, the
result it carries and the full rules it used. Replaying recomputes that context with a
candidate rule set and compares, tax line by tax line (`taxes.tributos`: item, tax, base,
rate, value) and total by total, with the result the document carries. For a document that
changes, the rules that made the difference are named: rules the candidate used that the
document did not (or used with other content), and rules it used that the candidate no longer
uses. Nothing is written: this is a pure function of the snapshots and the rules.

The candidate's result needs no explain to be compared, so the common case (nothing changes)
costs one computation and one comparison per document.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from engine.compute import compute
from engine.errors import EngineError, RuleConflictError
from engine.loading import context_from_dict, rule_from_snapshot
from engine.pack_diff import field_changes
from engine.packs import Pack
from engine.result import TaxResult
from engine.rules import Rule, RuleOrigin
from engine.ruleset import RuleSet

ZERO = Decimal("0")
LineKey = tuple[int, str]


@dataclass(frozen=True)
class StoredDocument:
    """What replay reads of one issued document."""

    id: str
    empresa: str
    snapshot: Mapping[str, Any]
    """`formato`, `contexto`, `resultado` (the result it carries), `regras` (rules it used)."""


@dataclass(frozen=True)
class TaxChange:
    """One tax line (or total) whose value, base or rate differs."""

    tributo: str
    item: int | None
    antes: Decimal | None
    depois: Decimal | None
    base_antes: str | None = None
    base_depois: str | None = None
    aliquota_antes: str | None = None
    aliquota_depois: str | None = None

    @property
    def diferenca(self) -> Decimal:
        return (self.depois or ZERO) - (self.antes or ZERO)


@dataclass(frozen=True)
class RuleDifference:
    """A rule that made the difference: `adicionada` (used now, not before), `alterada` (same
    id and version, other content), `retirada` (used before, no longer)."""

    regra_id: str
    versao: str
    tipo: str
    camada: str
    mudanca: str
    campos: tuple[str, ...] = ()
    """For `alterada`: the parts that differ (`resultado.aliq_icms`, ...)."""
    candidata: bool = False
    """The rule is the candidate's (its pack and layer): a difference no candidate rule made
    comes from a rule published after the document was issued."""


@dataclass(frozen=True)
class DocumentReplay:
    id: str
    empresa: str
    documento: str
    data_operacao: str
    mudancas: tuple[TaxChange, ...] = ()
    regras: tuple[RuleDifference, ...] = ()
    erro: str | None = None
    """The candidate cannot compute the document: a conflict, or something missing."""


@dataclass
class ReplayReport:
    documentos: int = 0
    alterados: list[DocumentReplay] = field(default_factory=list)
    totais: dict[str, Decimal] = field(default_factory=lambda: defaultdict(lambda: ZERO))
    """Sum of the differences of each tax line kind (`ICMS`, `ICMS_ST`, ...) and total (`vNF`)."""

    @property
    def erros(self) -> int:
        return sum(1 for d in self.alterados if d.erro)

    def add(self, found: DocumentReplay | None) -> None:
        self.documentos += 1
        if found is None:
            return
        self.alterados.append(found)
        for change in found.mudancas:
            key = change.tributo if change.item is not None else f"total.{change.tributo}"
            self.totais[key] += change.diferenca


RulesFor = Callable[[StoredDocument], RuleSet]
Owned = Callable[[Rule], bool]
"""Whether a rule is the candidate's (for `RuleDifference.candidata`)."""


def _nobody(_rule: Rule) -> bool:
    return False


def replay(
    docs: Iterable[StoredDocument], rules_for: RulesFor, candidate: Owned = _nobody
) -> ReplayReport:
    """Every document against the candidate rules `rules_for(doc)` gives for it."""
    report = ReplayReport()
    for doc in docs:
        report.add(replay_one(doc, rules_for(doc), candidate))
    return report


def of_pack(pack: Pack) -> Owned:
    """The rules of a candidate pack: its layer and its name."""

    def owned(rule: Rule) -> bool:
        return rule.origem is pack.layer and rule.pacote == pack.name

    return owned


def replay_one(
    doc: StoredDocument, rules: RuleSet, candidate: Owned = _nobody
) -> DocumentReplay | None:
    """The document's differences under `rules`, or None when it would carry the same taxes."""
    snap = doc.snapshot
    stored = snap.get("resultado") or {}
    context = snap["contexto"]
    head = (doc.id, doc.empresa, str(context.get("documento")), str(context.get("data_operacao")))
    try:
        result = compute(context_from_dict(context), rules)
    except RuleConflictError as exc:
        return DocumentReplay(*head, erro=f"{exc.code}: {exc}")
    except EngineError as exc:
        return DocumentReplay(*head, erro=f"{type(exc).__name__}: {exc}")
    had = {m.get("codigo") for m in stored.get("missing") or ()}
    needed = sorted({m.codigo for m in result.missing} - had)
    if needed:
        return DocumentReplay(*head, erro=f"passaria a exigir configuração: {', '.join(needed)}")
    now = result.to_dict()
    changes = tuple(_line_changes(stored, now)) + tuple(_total_changes(stored, now))
    if not changes:
        return None
    return DocumentReplay(*head, mudancas=changes, regras=rule_differences(snap, result, candidate))


def _lines(data: Mapping[str, Any]) -> dict[LineKey, Mapping[str, Any]]:
    taxes = data.get("taxes") or {}
    return {(line["item"], line["tipo"]): line for line in taxes.get("tributos") or ()}


def _line_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> Iterator[TaxChange]:
    old, new = _lines(before), _lines(after)
    for key in sorted(set(old) | set(new), key=lambda k: (k[0], k[1])):
        a, b = old.get(key), new.get(key)
        if a is not None and b is not None and _same_line(a, b):
            continue
        yield TaxChange(
            key[1], key[0], _amount(a, "valor"), _amount(b, "valor"),
            _text(a, "base"), _text(b, "base"), _text(a, "aliquota"), _text(b, "aliquota"),
        )  # fmt: skip


def _same_line(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Both sides are the engine's canonical text: equal texts are equal amounts, and only a
    text that differs is read as a number ("18" against "18.00" is no change)."""
    for key in ("valor", "base", "aliquota"):
        x, y = a.get(key), b.get(key)
        if x != y and _decimal(x) != _decimal(y):
            return False
    return True


def _total_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> Iterator[TaxChange]:
    old = (before.get("taxes") or {}).get("totais") or {}
    new = (after.get("taxes") or {}).get("totais") or {}
    for name in sorted(set(old) | set(new)):
        if old.get(name) == new.get(name):
            continue
        a, b = _decimal(old.get(name)), _decimal(new.get(name))
        if (a or ZERO) != (b or ZERO):
            yield TaxChange(name, None, a, b)


def _decimal(value: Any) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def _amount(line: Mapping[str, Any] | None, key: str) -> Decimal | None:
    return None if line is None else _decimal(line.get(key))


def _text(line: Mapping[str, Any] | None, key: str) -> str | None:
    if line is None or line.get(key) is None:
        return None
    return str(line[key])


def rule_differences(
    snap: Mapping[str, Any], result: TaxResult, candidate: Owned = _nobody
) -> tuple[RuleDifference, ...]:
    """Rules the candidate used and the document did not (or with other content), then rules
    the document used and the candidate does not."""
    before: dict[tuple[str, str], Rule] = {}
    for data in snap.get("regras") or ():
        try:
            rule = rule_from_snapshot(data)
        except EngineError:
            continue
        before[(rule.id, rule.versao)] = rule
    after = {(r.id, r.versao): r for r in result._rules}
    out: list[RuleDifference] = []
    for key, rule in after.items():
        old = before.get(key)
        if old is None:
            out.append(_difference(rule, "adicionada", candidate))
            continue
        changed = field_changes(old, rule)
        if changed:
            out.append(_difference(rule, "alterada", candidate, tuple(c.campo for c in changed)))
    out.extend(
        _difference(r, "retirada", candidate) for key, r in before.items() if key not in after
    )
    return tuple(out)


def _difference(
    rule: Rule, what: str, candidate: Owned, campos: tuple[str, ...] = ()
) -> RuleDifference:
    return RuleDifference(rule.id, rule.versao, rule.tipo.value, rule.camada, what, campos,
                          candidate(rule))  # fmt: skip


# -- a sample of snapshots, replayed without the database (a tax team's CI) ------------------


class SampleLayers:
    """The rule set of a sampled document without the database: the rules it used, with the
    candidate pack in place of its own pack's rules, over the global packs.

    A sample line carries only the rules its document used, so a candidate can change a
    document through them (a changed rate, a retired rule, a new more specific rule of the
    candidate), while the company's rules that did not win are not known: the database replay
    (`fiscal rulepacks replay DIR --desde`) sees them all.
    """

    def __init__(self, candidate: Pack, global_rules: list[Rule]) -> None:
        self.candidate = candidate
        kept = [r for r in global_rules if not self._replaced(r)]
        if candidate.layer is RuleOrigin.GLOBAL:
            kept += candidate.rules
        self._global = RuleSet(kept)
        self._sets: dict[tuple[str, ...], RuleSet] = {}

    def for_document(self, doc: StoredDocument) -> RuleSet:
        stored = [rule_from_snapshot(r) for r in doc.snapshot.get("regras") or ()]
        own = [r for r in stored if r.origem is not RuleOrigin.GLOBAL and not self._replaced(r)]
        if self.candidate.layer is not RuleOrigin.GLOBAL and self._attaches(doc):
            own += [r for r in self.candidate.rules if (r.id, r.versao) not in
                    {(o.id, o.versao) for o in own}]  # fmt: skip
        key = tuple(sorted(f"{r.id}@{r.versao}@{r.origem.value}" for r in own))
        found = self._sets.get(key)
        if found is None:
            platform = [r for r in own if r.origem is RuleOrigin.PLATAFORMA]
            company = [r for r in own if r.origem is RuleOrigin.EMPRESA]
            found = self._sets[key] = RuleSet(company, base=RuleSet(platform, base=self._global))
        return found

    def _replaced(self, rule: Rule) -> bool:
        return rule.origem is self.candidate.layer and rule.pacote == self.candidate.name

    def _attaches(self, doc: StoredDocument) -> bool:
        manifest = self.candidate.manifest
        ids = {doc.empresa, *(doc.snapshot.get("empresa_refs") or ())}
        if self.candidate.layer is RuleOrigin.EMPRESA:
            return str(manifest.get("empresa")) in ids
        return bool(manifest.get("todas_empresas")) or bool(
            ids & {str(r) for r in manifest.get("empresas") or ()}
        )


SAMPLE_FORMAT = "fiscal-amostra/1"
"""A line of a sample of snapshots (`fiscal rulepacks amostra`)."""


def read_sample(path: Path) -> Iterator[StoredDocument]:
    """The documents of a sample file (JSON lines: id, empresa, empresa_refs, snapshot)."""
    with path.open(encoding="utf-8") as f:
        for number, text in enumerate(f, 1):
            if not text.strip():
                continue
            line = json.loads(text)
            if line.get("formato") != SAMPLE_FORMAT:
                raise ValueError(f"{path}:{number}: não é uma linha de amostra ({SAMPLE_FORMAT})")
            snap = dict(line["snapshot"])
            snap["empresa_refs"] = line.get("empresa_refs") or []
            yield StoredDocument(line["id"], line["empresa"], snap)


# -- reports -------------------------------------------------------------------------------


def report_dict(report: ReplayReport, limit: int | None = None) -> dict[str, Any]:
    """JSON-ready: totals, and each changed document (the first `limit` of them)."""
    shown = report.alterados if limit is None else report.alterados[:limit]
    return {
        "documentos": report.documentos,
        "alterados": len(report.alterados),
        "erros": report.erros,
        "totais": {k: str(v) for k, v in sorted(report.totais.items()) if v},
        "documentos_alterados": [_doc_dict(d) for d in shown],
    }


def _doc_dict(doc: DocumentReplay) -> dict[str, Any]:
    return {
        "id": doc.id, "empresa": doc.empresa, "documento": doc.documento,
        "data_operacao": doc.data_operacao, "erro": doc.erro,
        "mudancas": [
            {"tributo": c.tributo, "item": c.item, "antes": _str(c.antes),
             "depois": _str(c.depois), "diferenca": str(c.diferenca), "base_antes": c.base_antes,
             "base_depois": c.base_depois, "aliquota_antes": c.aliquota_antes,
             "aliquota_depois": c.aliquota_depois}
            for c in doc.mudancas
        ],
        "regras": [
            {"regra_id": r.regra_id, "versao": r.versao, "tipo": r.tipo, "camada": r.camada,
             "mudanca": r.mudanca, "campos": list(r.campos), "candidata": r.candidata}
            for r in doc.regras
        ],
    }  # fmt: skip


def _str(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def report_text(report: ReplayReport, limit: int = 50) -> str:
    """Plain lines for a terminal: the totals, then each changed document."""
    lines = [f"{report.documentos} documento(s) refeitos; {len(report.alterados)} mudariam"
             f" ({report.erros} com erro)"]  # fmt: skip
    for name, value in sorted(report.totais.items()):
        if value:
            lines.append(f"  soma das diferenças {name}: {value:+}")
    for doc in report.alterados[:limit]:
        lines.append(f"- {doc.id} ({doc.documento} de {doc.data_operacao}, empresa {doc.empresa})")
        if doc.erro:
            lines.append(f"    erro: {doc.erro}")
        for c in doc.mudancas:
            where = f"item {c.item} " if c.item is not None else "total "
            lines.append(f"    {where}{c.tributo}: {c.antes} → {c.depois} ({c.diferenca:+})")
        for r in doc.regras:
            extra = f" [{', '.join(r.campos)}]" if r.campos else ""
            lines.append(
                f"    regra {r.mudanca}: {r.regra_id}@{r.versao} ({r.tipo}, {r.camada}){extra}"
            )
    if len(report.alterados) > limit:
        lines.append(f"… e mais {len(report.alterados) - limit} documento(s) (use --json)")
    return "\n".join(lines)


def _change_text(c: TaxChange) -> str:
    """`item 2 ICMS: 35.82 → 13.93 (-21.89)`; a line whose value stays but whose base or rate
    moves says so."""
    where = f"item {c.item} " if c.item is not None else "total "
    if c.antes == c.depois and c.item is not None:
        parts = [f"base {c.base_antes} → {c.base_depois}" if c.base_antes != c.base_depois else "",
                 f"alíquota {c.aliquota_antes} → {c.aliquota_depois}"
                 if c.aliquota_antes != c.aliquota_depois else ""]  # fmt: skip
        return f"{where}{c.tributo}: {'; '.join(p for p in parts if p)} (valor {c.antes})"
    return f"{where}{c.tributo}: {c.antes} → {c.depois} ({c.diferenca:+})"


def report_markdown(report: ReplayReport, title: str, limit: int = 20) -> str:
    """A summary for a pull request's reviewer."""
    out = [f"### {title}", "",
           f"**{report.documentos}** documento(s) refeitos com o pacote candidato: "
           f"**{len(report.alterados)}** mudariam ({report.erros} com erro).", ""]  # fmt: skip
    totals = [(k, v) for k, v in sorted(report.totais.items()) if v]
    if totals:
        out += ["| tributo | diferença total |", "|---|---:|"]
        out += [f"| {k} | {v:+} |" for k, v in totals]
        out.append("")
    if report.alterados:
        out += ["| documento | data | mudanças | regras |", "|---|---|---|---|"]
        for doc in report.alterados[:limit]:
            changes = doc.erro or "; ".join(
                f"{'item ' + str(c.item) + ' ' if c.item is not None else ''}{c.tributo} "
                f"{c.antes} → {c.depois}"
                for c in doc.mudancas
                if c.item is not None
            )
            rules = ", ".join(
                f"{r.regra_id}@{r.versao} ({r.mudanca}{', candidata' if r.candidata else ''})"
                for r in doc.regras
            )
            out.append(f"| {doc.id} | {doc.data_operacao} | {changes} | {rules} |")
        if len(report.alterados) > limit:
            out.append(f"\n… e mais {len(report.alterados) - limit} documento(s).")
    return "\n".join(out) + "\n"
