"""The platform layer of a company: the platform packs of its account attached to it.

A platform pack is published once for many companies, so its compiled rules are shared: one
RuleSet per combination of pack revisions (on the global packs), kept while the process lives
(published revisions never change, so an entry never goes stale; a new revision is a new key).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import Rule, RuleOrigin, RuleSet
from engine.errors import InvalidRuleError
from engine.loading import rule_from_dict
from service.companies.models import Company
from service.rulepacks.models import RulePack

PLATFORM = RuleOrigin.PLATAFORMA.value
COMPANY = RuleOrigin.EMPRESA.value
PLATFORM_SETS_KEPT = 64
"""Distinct combinations of platform revisions compiled per process (most accounts have one)."""


def platform_packs(session: Session, company: Company) -> list[RulePack]:
    """The revisions in force of the account's platform packs attached to the company, by name
    (the order their rules are compiled in, so explain and conflicts read the same everywhere)."""
    query = (
        select(RulePack)
        .where(
            RulePack.account_id == company.account_id,
            RulePack.camada == PLATFORM,
            RulePack.vigente.is_(True),
        )
        .order_by(RulePack.nome, RulePack.id)
    )
    return [p for p in session.execute(query).scalars() if attached(p, company.id)]


def attached(pack: RulePack, company_id: str) -> bool:
    return pack.todas_empresas or company_id in (pack.empresas or ())


def company_pack(session: Session, company_id: str) -> RulePack | None:
    """The company pack revision in force (a record of the last sync), if any."""
    query = select(RulePack).where(
        RulePack.company_id == company_id, RulePack.camada == COMPANY, RulePack.vigente.is_(True)
    )
    return session.execute(query.order_by(RulePack.publicado_em.desc())).scalars().first()


def pack_rules(pack: RulePack) -> list[Rule]:
    """A stored platform revision's rules as the engine's, in the platform layer."""
    return [rule_from_dict(r, RuleOrigin.PLATAFORMA, pack.nome, pack.revisao) for r in pack.regras]


class PlatformSets:
    """Compiled platform layers by the ids of their revisions; bounded and thread-safe."""

    def __init__(self, capacity: int = PLATFORM_SETS_KEPT) -> None:
        self._lock = threading.Lock()
        self._sets: OrderedDict[tuple[str, ...], RuleSet] = OrderedDict()
        self._capacity = capacity

    def layer(self, packs: Sequence[RulePack], base: RuleSet) -> RuleSet:
        """The packs' rules on `base` (the global packs), or `base` itself without packs.
        InvalidRuleError when a stored rule no longer compiles (the caller names it)."""
        if not packs:
            return base
        key = tuple(p.id for p in packs)
        with self._lock:
            found = self._sets.get(key)
            if found is not None and found.base is base:
                self._sets.move_to_end(key)
                return found
        built = RuleSet([rule for pack in packs for rule in _rules_of(pack)], base=base)
        with self._lock:
            self._sets[key] = built
            while len(self._sets) > self._capacity:
                self._sets.popitem(last=False)
        return built


def _rules_of(pack: RulePack) -> list[Rule]:
    try:
        return pack_rules(pack)
    except InvalidRuleError as exc:
        exc.pacote = f"{pack.nome}/{pack.revisao}"  # type: ignore[attr-defined]
        raise


PLATFORM_SETS = PlatformSets()
