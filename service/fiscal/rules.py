"""The engine's rule set for a company: global packs below, the company's own rules on top.

Global packs are loaded once per process. A company's rules are compiled once per rule
revision (`RuleRevision`), so lookups cost nothing until somebody changes a rule.

Rules are compiled by the engine when they are written, so a stored rule should always
compile; one that does not (stored before that check, or after the engine's vocabulary
changed) makes the whole set unbuildable. That is `BrokenRulesError`, naming every such rule
and where to fix it, which the edge answers as 422 `FISCAL_CONFIGURATION_REQUIRED`: computing
with the rule left out would silently decide taxes the company did not configure.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from engine import Rule, RuleOrigin, RuleSet, RuleType
from engine.errors import InvalidRuleError
from engine.packs import global_packs
from engine.ruleset import compile_rule
from service.companies.models import Company
from service.db import read_apart
from service.fiscal.models import BaseRule, RuleRevision
from service.urls import API_PREFIX

if TYPE_CHECKING:
    from service.rulepacks.models import RulePack

Loaded = Rule | InvalidRuleError
"""A stored row as an engine rule, or why it cannot even become one."""
RuleSource = Callable[[Session, str], Iterable[Loaded]]
"""Other registers (tax rules, IVA rules) contribute company rules through a source."""
T = TypeVar("T")
BASE_RULES_PATH = "/configuracao-fiscal/regras-base"
_TYPES = tuple(t.value for t in RuleType)


def _same(field: str) -> str:
    return field


@dataclass(frozen=True)
class RuleRegister:
    """Where a company edits the rules of some types, and the name it gives each field.

    `api_field` turns the engine's path of a rule's field (`criterios.ncm_prefixo`,
    `resultado.aliq_icms`, `fonte`) into the register's own field name, so a refusal points
    at what the user wrote.
    """

    paths: Mapping[RuleType, str]
    api_field: Callable[[str], str] = _same


_registers: dict[str, RuleRegister] = {}
"""Register by rule type (its text, as `InvalidRuleError.tipo` carries it)."""
_sources: list[RuleSource] = []


def register_source(source: RuleSource, register: RuleRegister | None = None) -> None:
    """Called by registers whose rows become engine rules (e.g. `tributacao`, `iva`)."""
    if source not in _sources:
        _sources.append(source)
    if register is not None:
        _registers.update(dict.fromkeys(map(str, register.paths), register))


@dataclass(frozen=True)
class BrokenRule:
    """A stored company rule the engine refuses: which, where to fix it, and why (the fields
    are the API's `error.details[]` members)."""

    regra_id: str
    tipo: str
    campo: str
    mensagem: str
    corrigir_em: str


def describe(exc: InvalidRuleError) -> BrokenRule:
    """The engine's refusal of a rule in the words of the register the rule comes from."""
    tipo = exc.tipo or ""
    register = _registers.get(tipo)
    campo = exc.field or "regra"
    path = BASE_RULES_PATH
    if register is not None:
        campo, path = register.api_field(campo), register.paths[RuleType(tipo)]
    return BrokenRule(exc.rule_id, tipo, campo, exc.message, f"{API_PREFIX}{path}/{exc.rule_id}")


class BrokenRulesError(Exception):
    """Stored company rules that no longer compile: the company's rule set cannot be built."""

    def __init__(self, broken: tuple[BrokenRule, ...]) -> None:
        super().__init__("; ".join(f"{b.regra_id}: {b.mensagem}" for b in broken))
        self.broken = broken


def broken_rules(rules: Iterable[Rule]) -> tuple[BrokenRule, ...]:
    """Every rule of the list the engine refuses, each compiled alone (the set stops at the
    first): the answer names them all, so one round of fixes is enough."""
    found = []
    for rule in rules:
        try:
            compile_rule(rule)
        except InvalidRuleError as exc:
            found.append(describe(exc))
    return tuple(found)


@lru_cache(maxsize=1)
def global_rules() -> RuleSet:
    """Every pack of the global layer under `rulepacks/global/`, read once per process."""
    rules: list[Rule] = []
    for pack in global_packs():
        rules.extend(pack.ruleset().rules)
    return RuleSet(rules)


def loaded(
    rows: Iterable[T], convert: Callable[[T], Rule], tipo: str | None = None
) -> list[Loaded]:
    """Each stored row as an engine rule, or the refusal of a row that cannot even become one
    (a `tipo` the engine no longer knows, a result that is not an object): such a row is
    reported like any rule that does not compile, never a 500."""
    out: list[Loaded] = []
    for row in rows:
        try:
            out.append(convert(row))
        except InvalidRuleError as exc:
            out.append(exc)
        except (ValueError, TypeError, ArithmeticError) as exc:
            rule_id, kind = getattr(row, "id", "?"), tipo or getattr(row, "tipo", None)
            out.append(InvalidRuleError(rule_id, f"regra ilegível: {exc}", "regra", kind))
    return out


def to_engine_rule(row: BaseRule) -> Rule:
    if row.tipo not in _TYPES:
        raise InvalidRuleError(
            row.id, f"tipo desconhecido: {row.tipo}; use {', '.join(_TYPES)}", "tipo", row.tipo
        )
    return Rule(
        id=row.regra_id or row.id,
        tipo=RuleType(row.tipo),
        criterios=dict(row.criterios or {}),
        condicao=row.condicao,
        resultado=dict(row.resultado or {}),
        vigencia_inicio=row.vigencia_inicio,
        vigencia_fim=row.vigencia_fim,
        versao=row.versao,
        fonte=row.fonte,
        prioridade=row.prioridade,
        confianca=Decimal(row.confianca),
        origem=RuleOrigin.EMPRESA,
        tags=tuple(row.tags or ()),
        descricao=row.descricao,
        pacote=row.pacote,
        revisao_pacote=row.revisao_pacote,
    )


def base_rules(session: Session, company_id: str) -> list[Loaded]:
    query = select(BaseRule).where(BaseRule.company_id == company_id, BaseRule.ativo.is_(True))
    return loaded(session.execute(query).scalars(), to_engine_rule)


def revision(session: Session, company_id: str) -> int:
    row = session.get(RuleRevision, company_id)
    return row.revisao if row is not None else 0


def bump_revision(session: Session, company_id: str) -> None:
    """Call in the transaction that changes any rule of the company. The company row keeps a
    copy (`revisao_regras`) that issuances read with the company itself."""
    row = session.get(RuleRevision, company_id, with_for_update=True)
    if row is None:
        row = RuleRevision(company_id=company_id, revisao=1)
        session.add(row)
    else:
        row.revisao += 1
    companies = Company.__table__.c
    session.execute(
        update(Company.__table__)  # type: ignore[arg-type]
        .where(companies.id == company_id)
        .values(revisao_regras=row.revisao, updated_at=companies.updated_at)
    )
    known = session.identity_map.get(identity_key(Company, company_id))
    if known is not None:
        set_committed_value(known, "revisao_regras", row.revisao)


class CompanyRuleCache:
    """Compiled rule sets by (company, revision); small and per process.

    A set that cannot be built is cached as its broken rules under the same revision: every
    request until somebody fixes a rule gets the same answer without recompiling (a fresh
    exception each time: one raised again and again would grow its traceback).
    """

    def __init__(self, capacity: int = 256) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, tuple[int, RuleSet | tuple[BrokenRule, ...]]] = {}
        self._capacity = capacity

    def ruleset(self, session: Session, company_id: str, known: int | None = None) -> RuleSet:
        """The company's compiled set; BrokenRulesError when a stored rule does not compile.
        `known`: the rule revision as read with the company (`revisao_regras`), else it is
        read here."""
        current = revision(session, company_id) if known is None else known
        with self._lock:
            cached = self._entries.get(company_id)
        if cached is None or cached[0] != current:
            cached = (current, self._build(session, company_id))
            with self._lock:
                if len(self._entries) >= self._capacity:
                    self._entries.pop(next(iter(self._entries)))
                self._entries[company_id] = cached
        if isinstance(cached[1], tuple):
            raise BrokenRulesError(cached[1])
        return cached[1]

    def _build(self, session: Session, company_id: str) -> RuleSet | tuple[BrokenRule, ...]:
        """Reads the company's rules and platform packs, then compiles them with no
        transaction of the read left open (`db.read_apart`)."""
        with read_apart(session):
            found = self._company_rules(session, company_id)
            packs = self._platform_packs(session, company_id)
        rules = [r for r in found if isinstance(r, Rule)]
        unreadable = tuple(describe(r) for r in found if isinstance(r, InvalidRuleError))
        if unreadable:
            return unreadable + broken_rules(rules)
        try:
            below = self._below(packs)
        except InvalidRuleError as exc:  # a published platform rule the engine now refuses
            where = getattr(exc, "pacote", "?")
            return (BrokenRule(exc.rule_id, exc.tipo or "", exc.field or "regra", exc.message,
                               f"pacote de plataforma {where}"),)  # fmt: skip
        try:
            return RuleSet(rules, base=below)
        except InvalidRuleError as exc:
            return broken_rules(rules) or (describe(exc),)

    @staticmethod
    def _platform_packs(session: Session, company_id: str) -> list[RulePack]:
        """The platform packs attached to the company (read; compiled by `_below`)."""
        from service.rulepacks.layers import platform_packs

        company = session.get(Company, company_id)
        return platform_packs(session, company) if company is not None else []

    @staticmethod
    def _below(packs: list[RulePack]) -> RuleSet:
        """The layers under the company's own rules: its platform packs on the global ones."""
        from service.rulepacks.layers import PLATFORM_SETS

        return PLATFORM_SETS.layer(packs, global_rules())

    @staticmethod
    def _company_rules(session: Session, company_id: str) -> list[Loaded]:
        rules = base_rules(session, company_id)
        for source in _sources:
            rules.extend(source(session, company_id))
        return rules


CACHE = CompanyRuleCache()
