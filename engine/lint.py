"""Lint of rule packs (`fiscal rulepacks lint`): what would break issuance or mislead, found
before a pack is published.

Each finding has a severity (`erro` fails the command; `aviso` fails it only with
`--estrito`), a code, a message in Portuguese saying what to fix, the pack(s) and the rule ids.

Codes:
- `PACOTE_INVALIDO` (erro): the pack does not load (manifest, schema, rule model) or a
  manifest's dates are unusable; the other checks skip it, since a rule missing from a broken
  pack would show as gaps that are not there. Fix it and lint again.
- `REGRA_INVALIDA` (erro): a rule handed to the lint does not compile (only rules built in
  memory: a pack's rules were compiled when it was loaded).
- `EMPATE` (erro): two rules of one type with equal rank (product specificity, specificity,
  layer, `prioridade`), validity windows that meet and criteria some facts satisfy together:
  on such facts the engine raises `RuleConflictError` and the API answers 422 `CONFLITO_REGRAS`,
  and the document cannot be issued.
- `EMPATE_POSSIVEL` (aviso): the same, but the rules' conditions (`condicao`) differ, so whether
  both can hold at once is not decided here; the tie happens if they can.
- `REGRA_REPETIDA` (erro): one `(id, versao)` in two packs of a layer: the layer's revisions are
  loaded into one rule set, which refuses repeated versions (no rule of the layer loads).
- `SEM_FONTE` (erro): a rule whose `fonte` is blank or a placeholder naming no legal source
  (`PLACEHOLDER_SOURCES`): every value a document carries must be traceable to the law.
- `VIGENCIA_SOBREPOSTA` (erro): two versions of one rule id with the same criteria and
  condition in force on the same days: one silently shadows the other (or they tie).
- `VIGENCIA_LACUNA` (aviso): days between the end of one version of a rule id and the start
  of the next with no version in force: documents dated then find no rule (a `missing`, or a
  lower layer's rule applies instead).
- `REVISOES_SOBREPOSTAS` (erro): two revisions of one pack whose manifests' windows
  (`valid_from`..`valid_to`, open end = still valid) overlap: which revision governs those
  days is ambiguous.
- `REVISOES_LACUNA` (aviso): days between one revision's `valid_to` and the next revision's
  `valid_from` that no revision covers.

Rules meet only within a layer: all packs of one layer under the path are checked together
(the service loads every global revision at once), a company pack only with the packs of the
same company (`empresa`), and never across layers (their origin ranks differ, so they cannot
tie). Of a platform or company pack only the newest revision takes part: each published
revision replaces the one before it (`engine.packs.loaded_together`); the revision checks
(`REVISOES_*`, `REGRA_REPETIDA` across revisions) are the global layer's, whose revisions add
up.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum
from itertools import combinations, product
from pathlib import Path
from typing import Any

from engine.errors import InvalidRuleError
from engine.facts import SET_FACTS
from engine.packs import Pack, discover, load_pack, loaded_together
from engine.rules import Criterion, CriterionValue, Mode, Rule, RuleOrigin, RuleType
from engine.ruleset import CompiledRule, RankKey, SharedParts, compile_rule


class Severity(StrEnum):
    """`erro` fails `fiscal rulepacks lint`; `aviso` only with `--estrito`."""

    ERRO = "erro"
    AVISO = "aviso"


PLACEHOLDER_SOURCES = frozenset(
    {
        "regra cadastrada pela empresa",
        "a definir",
        "a confirmar",
        "pendente",
        "sem fonte",
        "fonte",
        "todo",
        "tbd",
        "n/a",
        "xxx",
        "...",
    }
)
"""`fonte` texts that name no legal source (compared trimmed, case-insensitive, with runs of
blanks as one). The first is what the service writes as the source of a company rule created
through the API without a description (`service/configuration/engine_rules.py:
COMPANY_RULE_SOURCE`; copied, since the engine may not import the service): such a rule has
no source at all, it only looks as if it had one. The others are the usual to-do markers."""


@dataclass(frozen=True)
class Finding:
    """One problem found by the lint."""

    severity: Severity
    code: str
    message: str
    """Portuguese, saying what to fix."""
    pack: str
    """The pack label (`nacional/2026.1`); several, comma-separated, when rules of several
    revisions are involved."""
    rule_ids: tuple[str, ...] = ()

    def describe(self) -> str:
        """One line for the terminal: `ERRO [EMPATE] nacional/2026.1: ...`."""
        rules = f" (regras: {', '.join(self.rule_ids)})" if self.rule_ids else ""
        return f"{self.severity.value.upper()} [{self.code}] {self.pack}: {self.message}{rules}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "severidade": self.severity.value,
            "codigo": self.code,
            "mensagem": self.message,
            "pacote": self.pack,
            "regras": list(self.rule_ids),
        }


@dataclass(frozen=True)
class LintReport:
    """Every finding over the packs linted (labels in the order they were found)."""

    packs: tuple[str, ...]
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.ERRO)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.AVISO)

    def failed(self, strict: bool = False) -> bool:
        """Any `erro`; with `strict` (`--estrito`), any finding at all."""
        return self.errors > 0 or (strict and self.warnings > 0)

    def codes(self) -> list[str]:
        return [f.code for f in self.findings]

    def to_dict(self, strict: bool = False) -> dict[str, Any]:
        return {
            "pacotes": list(self.packs),
            "erros": self.errors,
            "avisos": self.warnings,
            "ok": not self.failed(strict),
            "achados": [f.to_dict() for f in self.findings],
        }


def lint_path(path: Path) -> LintReport:
    """Lint every pack under `path` (a rulepacks folder, a layer, a pack or a revision)."""
    return lint_packs([load_pack(d) for d in discover(path)])


def lint_packs(packs: Sequence[Pack]) -> LintReport:
    """Lint loaded packs; a pack with load errors is reported as such and checked no further."""
    findings: list[Finding] = []
    valid = []
    for pack in packs:
        problems = load_findings(pack) or manifest_findings(pack)
        findings.extend(problems)
        if not problems:
            valid.append(pack)
    findings.extend(revision_findings([p for p in valid if p.layer is RuleOrigin.GLOBAL]))
    parts = SharedParts()
    together = loaded_together(valid)
    for scope in sorted(_scopes(together).values(), key=lambda members: members[0].label):
        entries, broken = _entries(scope, parts)
        findings.extend(broken)
        findings.extend(source_findings(scope))
        unique, repeated = _unique(entries)
        findings.extend(repeated)
        findings.extend(version_findings(unique))
        findings.extend(tie_findings(unique))
    return LintReport(tuple(p.label for p in packs), tuple(sorted(findings, key=_finding_order)))


def _finding_order(f: Finding) -> tuple[int, str, str, tuple[str, ...], str]:
    return (0 if f.severity is Severity.ERRO else 1, f.pack, f.code, f.rule_ids, f.message)


# --- packs -------------------------------------------------------------------------------


def load_findings(pack: Pack) -> list[Finding]:
    """Each load error of a pack (`fiscal rulepacks validate` says the same)."""
    return [
        Finding(Severity.ERRO, "PACOTE_INVALIDO", f"{err}; corrija e rode o lint de novo",
                pack.label, (err.rule_id,) if err.rule_id else ())
        for err in pack.errors
    ]  # fmt: skip


def manifest_findings(pack: Pack) -> list[Finding]:
    """A manifest whose window cannot be read or ends before it starts."""
    try:
        starts, ends = _window(pack)
    except KeyError:
        return [_invalid(pack, "manifest.yaml: falta valid_from (AAAA-MM-DD)")]
    except ValueError as exc:
        return [_invalid(pack, f"manifest.yaml: data inválida ({exc}); use AAAA-MM-DD")]
    if ends is not None and ends < starts:
        return [_invalid(pack, f"manifest.yaml: valid_to {ends} anterior a valid_from {starts}")]
    return []


def _invalid(pack: Pack, message: str) -> Finding:
    return Finding(Severity.ERRO, "PACOTE_INVALIDO", message, pack.label)


def _window(pack: Pack) -> tuple[date, date | None]:
    """The manifest's `valid_from`..`valid_to` (None: open)."""
    ends = pack.manifest.get("valid_to")
    return (
        date.fromisoformat(str(pack.manifest["valid_from"])),
        None if ends is None else date.fromisoformat(str(ends)),
    )


Scope = tuple[str, str | None]


def _scope(pack: Pack) -> Scope:
    """Which packs can meet in one rule set: the layer, and for a company pack the company."""
    company = pack.manifest.get("empresa") if pack.layer is RuleOrigin.EMPRESA else None
    return (pack.layer.value, None if company is None else str(company))


def _scopes(packs: Iterable[Pack]) -> dict[Scope, list[Pack]]:
    found: dict[Scope, list[Pack]] = defaultdict(list)
    for pack in packs:
        found[_scope(pack)].append(pack)
    return found


def revision_findings(packs: Iterable[Pack]) -> list[Finding]:
    """Overlaps and gaps between the manifest windows of the revisions of each pack."""
    by_name: dict[tuple[Scope, str], list[Pack]] = defaultdict(list)
    for pack in packs:
        by_name[(_scope(pack), pack.name)].append(pack)
    findings: list[Finding] = []
    for revisions in by_name.values():
        spans = sorted(
            (_Span(*_window(p), p.label, p.revision) for p in revisions),
            key=lambda s: (s.starts, s.name),
        )
        findings.extend(_revision_overlaps(spans))
        findings.extend(_revision_gaps(spans))
    return findings


@dataclass(frozen=True)
class _Span:
    """A validity window (inclusive; `ends` None = open) of a revision or a rule version."""

    starts: date
    ends: date | None
    label: str
    """What messages name: a pack label, or a rule's version."""
    name: str
    """Tie-breaker for a stable order."""


def _meet(a: _Span, b: _Span) -> tuple[date, date | None] | None:
    """The days both windows share, or None."""
    starts = max(a.starts, b.starts)
    ends = a.ends if b.ends is None else b.ends if a.ends is None else min(a.ends, b.ends)
    return None if ends is not None and ends < starts else (starts, ends)


def _days(starts: date, ends: date | None) -> str:
    return f"de {starts} em diante" if ends is None else f"de {starts} a {ends}"


def _gaps(spans: Sequence[_Span]) -> Iterator[tuple[_Span, _Span, date, date]]:
    """(covering span before, span after, first day, last day) of each stretch no span covers
    between the first start and the last end (spans sorted by start)."""
    if not spans:
        return
    last = spans[0]
    for span in spans[1:]:
        if last.ends is None:
            return
        if span.starts > last.ends + timedelta(days=1):
            yield last, span, last.ends + timedelta(days=1), span.starts - timedelta(days=1)
        if span.ends is None or span.ends > last.ends:
            last = span


def _revision_overlaps(spans: Sequence[_Span]) -> Iterator[Finding]:
    for a, b in combinations(spans, 2):
        shared = _meet(a, b)
        if shared is None:
            continue
        yield Finding(
            Severity.ERRO, "REVISOES_SOBREPOSTAS",
            f"as revisões {a.label} ({_days(a.starts, a.ends)}) e {b.label} "
            f"({_days(b.starts, b.ends)}) valem ambas {_days(*shared)}: feche o valid_to da "
            f"revisão anterior na véspera do valid_from da seguinte",
            f"{a.label}, {b.label}",
        )  # fmt: skip


def _revision_gaps(spans: Sequence[_Span]) -> Iterator[Finding]:
    for before, after, first, last in _gaps(spans):
        yield Finding(
            Severity.AVISO, "REVISOES_LACUNA",
            f"nenhuma revisão vale de {first} a {last} (entre {before.label}, até "
            f"{before.ends}, e {after.label}, desde {after.starts}): estenda o valid_to da "
            "anterior ou antecipe o valid_from da seguinte",
            f"{before.label}, {after.label}",
        )  # fmt: skip


# --- rules -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class _Entry:
    """One rule as the checks read it: compiled once, its criteria by fact."""

    rule: Rule
    compiled: CompiledRule
    pack: str
    constraints: Mapping[str, tuple[Criterion, ...]]
    """Fact → the rule's criteria on it (at most one per mode: `ncm`, `ncm_prefixo`, `ncm_in`)."""
    condition: str | None
    """The condition as canonical JSON (identical conditions compare equal)."""
    shape: tuple[tuple[str, str], ...]
    """Sorted (fact, mode) pairs constrained: rules of one shape are joined together."""

    @property
    def span(self) -> _Span:
        return _Span(self.compiled.starts, self.compiled.ends, self.rule.versao, self.pack)

    @property
    def criteria_key(self) -> tuple[frozenset[tuple[str, CriterionValue]], str | None]:
        """What "the same criteria" means between versions: criteria and condition."""
        return frozenset((c.key, c.value) for c in self.compiled.criteria), self.condition

    def describe(self) -> str:
        return f"{self.rule.id} (versão {self.rule.versao}, {self.pack})"


def _entries(packs: Iterable[Pack], parts: SharedParts) -> tuple[list[_Entry], list[Finding]]:
    """Every rule of the packs, compiled (sharing `parts`); refusals as findings (a blank
    `fonte` is left to SEM_FONTE, which reads the rules themselves)."""
    entries, broken = [], []
    for pack in packs:
        for rule in pack.rules:
            try:
                entries.append(_entry(rule, compile_rule(rule, parts), pack.label))
            except InvalidRuleError as exc:
                if exc.field != "fonte":
                    broken.append(Finding(Severity.ERRO, "REGRA_INVALIDA", str(exc),
                                          pack.label, (rule.id,)))  # fmt: skip
    return entries, broken


def _entry(rule: Rule, compiled: CompiledRule, pack: str) -> _Entry:
    constraints: dict[str, tuple[Criterion, ...]] = {}
    for c in compiled.criteria:
        constraints[c.fact] = (*constraints.get(c.fact, ()), c)
    condition = None if not rule.condicao else json.dumps(rule.condicao, sort_keys=True,
                                                          default=str)  # fmt: skip
    shape = tuple(sorted((c.fact, c.mode.value) for c in compiled.criteria))
    return _Entry(rule, compiled, pack, constraints, condition, shape)


def _unique(entries: Sequence[_Entry]) -> tuple[list[_Entry], list[Finding]]:
    """The first entry of each (id, versao), and REGRA_REPETIDA for the copies."""
    first: dict[tuple[str, str], _Entry] = {}
    copies: dict[tuple[str, str], list[_Entry]] = defaultdict(list)
    for e in entries:
        identity = (e.rule.id, e.rule.versao)
        if identity in first:
            copies[identity].append(e)
        else:
            first[identity] = e
    findings = []
    for identity, extra in copies.items():
        packs = sorted({first[identity].pack, *(e.pack for e in extra)})
        findings.append(Finding(
            Severity.ERRO, "REGRA_REPETIDA",
            f"a regra {identity[0]} versão {identity[1]} aparece em {len(extra) + 1} lugares "
            f"({', '.join(packs)}): as revisões de uma camada são carregadas juntas e versões "
            "repetidas são recusadas; dê uma versão nova à regra ou remova a cópia",
            ", ".join(packs), (identity[0],),
        ))  # fmt: skip
    return list(first.values()), findings


def is_placeholder_source(fonte: str | None) -> bool:
    """Blank, or one of `PLACEHOLDER_SOURCES`."""
    text = " ".join((fonte or "").split()).casefold()
    return not text or text in PLACEHOLDER_SOURCES


def source_findings(packs: Iterable[Pack]) -> Iterator[Finding]:
    """SEM_FONTE: rules whose `fonte` names no legal source."""
    for pack in packs:
        for rule in pack.rules:
            if is_placeholder_source(rule.fonte):
                yield Finding(
                    Severity.ERRO, "SEM_FONTE",
                    f"a regra {rule.id} (versão {rule.versao}) não cita fonte legal (fonte "
                    f"{rule.fonte!r}): escreva em fonte a lei, o artigo ou o ato que sustenta "
                    "o resultado",
                    pack.label, (rule.id,),
                )  # fmt: skip


def version_findings(entries: Iterable[_Entry]) -> Iterator[Finding]:
    """Overlaps and gaps between the versions of each rule id."""
    by_id: dict[str, list[_Entry]] = defaultdict(list)
    for e in entries:
        by_id[e.rule.id].append(e)
    for rule_id, versions in by_id.items():
        if len(versions) < 2:
            continue
        versions.sort(key=lambda e: (e.compiled.starts, e.rule.versao))
        yield from _version_overlaps(rule_id, versions)
        yield from _version_gaps(rule_id, versions)


def _version_overlaps(rule_id: str, versions: Sequence[_Entry]) -> Iterator[Finding]:
    for a, b in combinations(versions, 2):
        shared = _meet(a.span, b.span)
        if shared is None or a.criteria_key != b.criteria_key:
            continue
        yield Finding(
            Severity.ERRO, "VIGENCIA_SOBREPOSTA",
            f"as versões {a.rule.versao} ({_days(a.compiled.starts, a.compiled.ends)}) e "
            f"{b.rule.versao} ({_days(b.compiled.starts, b.compiled.ends)}) da regra {rule_id}, "
            f"com os mesmos critérios, valem ambas {_days(*shared)}: feche a vigencia_fim da "
            "versão anterior na véspera da vigencia_inicio da seguinte",
            _packs(a, b), (rule_id,),
        )  # fmt: skip


def _version_gaps(rule_id: str, versions: Sequence[_Entry]) -> Iterator[Finding]:
    spans = [e.span for e in versions]
    by_span = {id(s): e for s, e in zip(spans, versions, strict=True)}
    for before, after, first, last in _gaps(spans):
        a, b = by_span[id(before)], by_span[id(after)]
        yield Finding(
            Severity.AVISO, "VIGENCIA_LACUNA",
            f"nenhuma versão da regra {rule_id} vale de {first} a {last} (a versão "
            f"{a.rule.versao} termina em {before.ends}, a {b.rule.versao} começa em "
            f"{after.starts}): documentos com data nesse intervalo não encontrariam a regra; "
            "ajuste as vigências ou publique uma versão para o intervalo",
            _packs(a, b), (rule_id,),
        )  # fmt: skip


def _packs(*entries: _Entry) -> str:
    return ", ".join(sorted({e.pack for e in entries}))


# --- ties --------------------------------------------------------------------------------


COLLECT_BY = {RuleType.RETENCAO_FEDERAL: "tributo"}
"""Types whose every matching rule applies, one per value of a result field (hit policy
COLLECT: `engine/flows/services.py` resolves RETENCAO_FEDERAL within each `tributo`): rules
with different values there never compete, so they cannot tie."""


def tie_findings(entries: Iterable[_Entry]) -> Iterator[Finding]:
    """EMPATE / EMPATE_POSSIVEL for every pair of rules that can tie in resolution.

    Only rules that compete (one type; for COLLECT types one value of `COLLECT_BY`) with one
    compiled rank can tie, so rules are grouped by those first; then `_tied_pairs` avoids
    comparing every pair of a big group.
    """
    groups: dict[tuple[str, str, RankKey], list[_Entry]] = defaultdict(list)
    for e in entries:
        groups[(e.rule.tipo.value, _competes_in(e.rule), e.compiled.rank)].append(e)
    for key in sorted(groups):
        group = groups[key]
        if len(group) > 1:
            for a, b in _tied_pairs(group):
                yield _tie_finding(a, b)


def _competes_in(rule: Rule) -> str:
    """The result value a COLLECT rule is resolved within ("" for other types)."""
    by = COLLECT_BY.get(rule.tipo)
    return "" if by is None else str(rule.resultado.get(by))


def _tied_pairs(group: Sequence[_Entry]) -> Iterator[tuple[_Entry, _Entry]]:
    """Pairs of one (tipo, rank) group whose validity and criteria meet.

    Rules are split by shape (the facts and modes they constrain); each pair of shapes is
    joined on the equality facts both constrain (hash buckets: only rules with equal values
    there can meet), then, inside a bucket, on one more fact both constrain (an index of
    values and prefixes: `_string_join`); only the pairs that survive are compared in full.
    """
    shapes: dict[tuple[tuple[str, str], ...], list[_Entry]] = defaultdict(list)
    for e in group:
        shapes[e.shape].append(e)
    keys = sorted(shapes)
    for i, left in enumerate(keys):
        for right in keys[i:]:
            for a, b in _join(shapes[left], shapes[right], left, right):
                if _meet(a.span, b.span) is not None and _witness(a, b) is not None:
                    yield a, b


def _join(
    left: Sequence[_Entry],
    right: Sequence[_Entry],
    left_shape: tuple[tuple[str, str], ...],
    right_shape: tuple[tuple[str, str], ...],
) -> Iterator[tuple[_Entry, _Entry]]:
    """Candidate pairs between two shapes (or within one, when they are the same)."""
    same = left_shape == right_shape
    left_facts = {fact for fact, _ in left_shape} - SET_FACTS
    right_facts = {fact for fact, _ in right_shape} - SET_FACTS
    shared = left_facts & right_facts
    eq = Mode.EQ.value
    equal_facts = sorted(f for f in shared if (f, eq) in left_shape and (f, eq) in right_shape)
    rest = sorted(shared - set(equal_facts))
    left_buckets = _buckets(left, equal_facts)
    right_buckets = left_buckets if same else _buckets(right, equal_facts)
    for key, lefts in left_buckets.items():
        rights = right_buckets.get(key)
        if rights:
            yield from _bucket_pairs(lefts, rights, rest, same)


def _buckets(
    entries: Sequence[_Entry], facts: Sequence[str]
) -> dict[tuple[Any, ...], list[_Entry]]:
    """Entries by their equality values on `facts`."""
    found: dict[tuple[Any, ...], list[_Entry]] = defaultdict(list)
    for e in entries:
        found[tuple(_equal_value(e, f) for f in facts)].append(e)
    return found


def _equal_value(e: _Entry, fact: str) -> CriterionValue:
    return next(c.value for c in e.constraints[fact] if c.mode is Mode.EQ)


def _bucket_pairs(
    lefts: Sequence[_Entry], rights: Sequence[_Entry], rest: Sequence[str], same: bool
) -> Iterator[tuple[_Entry, _Entry]]:
    """Pairs of one bucket: joined on the most selective remaining shared fact, else all."""
    if not rest:
        yield from combinations(lefts, 2) if same else product(lefts, rights)
        return
    fact = max(rest, key=lambda f: len({s for e in (*lefts, *rights) for s in _strings(e, f)}))
    yield from _string_join(lefts, rights, fact, same)


Token = tuple[CriterionValue, bool]
"""A value a rule's criterion accepts on a fact: (exact value, False) or (prefix, True)."""


def _strings(e: _Entry, fact: str) -> tuple[Token, ...]:
    """The tokens of the rule's most restrictive criterion on `fact` (equality, else
    membership, else prefix): whatever satisfies every criterion satisfies that one, so a pair
    that can meet always shares a token match on it."""
    criteria = e.constraints[fact]
    c = min(criteria, key=lambda c: _MODE_ORDER[c.mode])
    if c.mode is Mode.EQ:
        return ((c.value, False),)
    if c.mode is Mode.IN:
        assert isinstance(c.value, frozenset)
        return tuple((v, False) for v in sorted(c.value, key=str))
    return ((str(c.value), True),)


_MODE_ORDER = {Mode.EQ: 0, Mode.IN: 1, Mode.PREFIX: 2}


class _TokenIndex:
    """Rules by exact token and by prefix token, with the prefix lengths in use."""

    def __init__(self, entries: Sequence[_Entry], fact: str) -> None:
        self.exact: dict[CriterionValue, list[int]] = defaultdict(list)
        self.prefix: dict[str, list[int]] = defaultdict(list)
        lengths = set()
        for i, e in enumerate(entries):
            for value, is_prefix in _strings(e, fact):
                if is_prefix:
                    self.prefix[str(value)].append(i)
                    lengths.add(len(str(value)))
                else:
                    self.exact[value].append(i)
        self.lengths = sorted(lengths)

    def below(self, token: Token) -> Iterator[int]:
        """Rules with a token equal to `token` (both exact) or a prefix `token` starts with."""
        value, is_prefix = token
        if not is_prefix:
            yield from self.exact.get(value, ())
        if not isinstance(value, str):
            return
        for n in self.lengths:
            if n > len(value):
                break
            yield from self.prefix.get(value[:n], ())


def _string_join(
    lefts: Sequence[_Entry], rights: Sequence[_Entry], fact: str, same: bool
) -> Iterator[tuple[_Entry, _Entry]]:
    """Pairs whose tokens on `fact` can meet: equal exact values, or one side's prefix a
    prefix of the other's token (probed both ways), each pair once."""
    seen: set[tuple[int, int]] = set()
    right_index = _TokenIndex(rights, fact)
    left_index = right_index if same else _TokenIndex(lefts, fact)
    for i, e in enumerate(lefts):
        for token in _strings(e, fact):
            for j in right_index.below(token):
                seen.add((min(i, j), max(i, j)) if same else (i, j))
    if not same:
        for j, e in enumerate(rights):
            for token in _strings(e, fact):
                for i in left_index.below(token):
                    seen.add((i, j))
    for i, j in sorted(seen):
        if i != j or not same:
            yield lefts[i], rights[j]


def _witness(a: _Entry, b: _Entry) -> dict[str, Any] | None:
    """Facts that satisfy the criteria of both rules, or None if none can (a fact only one
    rule constrains takes that rule's value; a blank criterion matches anything)."""
    facts: dict[str, Any] = {}
    for fact in sorted(a.constraints.keys() | b.constraints.keys()):
        criteria = (*a.constraints.get(fact, ()), *b.constraints.get(fact, ()))
        value = _set_value(criteria) if fact in SET_FACTS else satisfying_value(criteria)
        if value is None:
            return None
        facts[fact] = value
    return facts


def satisfying_value(criteria: Sequence[Criterion]) -> CriterionValue | None:
    """A value of one fact that every criterion accepts (as `Criterion.matches` compares), or
    None. An equality fixes the value; else a membership's members are the candidates; else
    prefixes meet only when the longest starts with all the others."""
    equal = [c for c in criteria if c.mode is Mode.EQ]
    members = [c for c in criteria if c.mode is Mode.IN]
    candidates: list[str | bool]
    if equal:
        candidates = [equal[0].value]  # type: ignore[list-item]  # EQ values are not sets
    elif members:
        smallest = min((c.value for c in members), key=len)  # type: ignore[arg-type]
        candidates = sorted(smallest, key=str)  # type: ignore[arg-type]
    else:
        candidates = [max((str(c.value) for c in criteria), key=len)]
    return next((x for x in candidates if all(c.matches(x) for c in criteria)), None)


def _set_value(criteria: Sequence[Criterion]) -> frozenset[str | bool]:
    """A set fact (`enquadramento`) holds several values: each criterion is met by its own
    member, so criteria on it never exclude each other."""
    out: set[str | bool] = set()
    for c in criteria:
        if isinstance(c.value, frozenset):
            out.add(sorted(c.value, key=str)[0])
        else:
            out.add(c.value)
    return frozenset(out)


def _tie_finding(a: _Entry, b: _Entry) -> Finding:
    shared = _meet(a.span, b.span)
    facts = _witness(a, b)
    assert shared is not None and facts is not None
    example = ", ".join(f"{k}={_shown(v)}" for k, v in facts.items()) or "quaisquer fatos"
    tipo, prio = a.rule.tipo.value, a.compiled.rank[3]
    if a.condition == b.condition:
        code, severity, when = "EMPATE", Severity.ERRO, ""
    else:
        code, severity = "EMPATE_POSSIVEL", Severity.AVISO
        when = " se as duas condições (condicao) valerem ao mesmo tempo"
    return Finding(
        severity, code,
        f"as regras {a.describe()} e {b.describe()} do tipo {tipo} empatam{when}: ambas valem "
        f"{_days(*shared)}, por exemplo com {example}, com a mesma especificidade, camada e "
        f"prioridade ({prio}); a emissão responderia 422 CONFLITO_REGRAS. Torne uma delas mais "
        "específica, mude a prioridade de uma delas ou separe as vigências",
        _packs(a, b), (a.rule.id, b.rule.id),
    )  # fmt: skip


def _shown(value: Any) -> str:
    if isinstance(value, frozenset):
        return "[" + ", ".join(sorted(str(v) for v in value)) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
