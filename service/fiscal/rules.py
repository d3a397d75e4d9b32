"""The engine's rule set for a company: global packs below, the company's own rules on top.

Global packs are loaded once per process. A company's rules are compiled once per rule
revision (`RuleRevision`), so lookups cost nothing until somebody changes a rule.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from decimal import Decimal
from functools import lru_cache

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import Rule, RuleOrigin, RuleSet, RuleType
from engine.packs import discover, load_pack
from service.fiscal.models import BaseRule, RuleRevision

RuleSource = Callable[[Session, str], Iterable[Rule]]
"""Other registers (tax rules, IVA rules) contribute company rules through a source."""

_sources: list[RuleSource] = []


def register_source(source: RuleSource) -> None:
    """Called by registers whose rows become engine rules (e.g. `tributacao`, `iva`)."""
    if source not in _sources:
        _sources.append(source)


@lru_cache(maxsize=1)
def global_rules() -> RuleSet:
    """Every global pack under `rulepacks/`, read once per process."""
    rules: list[Rule] = []
    for pack_dir in discover():
        rules.extend(load_pack(pack_dir).ruleset().rules)
    return RuleSet(rules)


def to_engine_rule(row: BaseRule) -> Rule:
    return Rule(
        id=row.id,
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
    )


def base_rules(session: Session, company_id: str) -> list[Rule]:
    query = select(BaseRule).where(BaseRule.company_id == company_id, BaseRule.ativo.is_(True))
    return [to_engine_rule(row) for row in session.execute(query).scalars()]


def revision(session: Session, company_id: str) -> int:
    row = session.get(RuleRevision, company_id)
    return row.revisao if row is not None else 0


def bump_revision(session: Session, company_id: str) -> None:
    """Call in the transaction that changes any rule of the company."""
    row = session.get(RuleRevision, company_id, with_for_update=True)
    if row is None:
        session.add(RuleRevision(company_id=company_id, revisao=1))
    else:
        row.revisao += 1


class CompanyRuleCache:
    """Compiled rule sets by (company, revision); small and per process."""

    def __init__(self, capacity: int = 256) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, tuple[int, RuleSet]] = {}
        self._capacity = capacity

    def ruleset(self, session: Session, company_id: str) -> RuleSet:
        current = revision(session, company_id)
        with self._lock:
            cached = self._entries.get(company_id)
        if cached is not None and cached[0] == current:
            return cached[1]
        built = RuleSet(self._company_rules(session, company_id), base=global_rules())
        with self._lock:
            if len(self._entries) >= self._capacity:
                self._entries.pop(next(iter(self._entries)))
            self._entries[company_id] = (current, built)
        return built

    @staticmethod
    def _company_rules(session: Session, company_id: str) -> list[Rule]:
        rules = base_rules(session, company_id)
        for source in _sources:
            rules.extend(source(session, company_id))
        return rules


CACHE = CompanyRuleCache()
