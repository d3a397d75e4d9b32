"""Replay of candidate rules over a company's (or an account's) issued documents.

The documents are read from their stored snapshots (`fiscal_documents.snapshot`), in issue
order, a batch at a time; the candidate takes the place of its layer for the companies it
touches, every other layer stays as it is in force; the engine does the rest
(`engine.replay`). Nothing is written.

Which documents: those still in force (AUTORIZADA, ENCERRADA, CONTINGENCIA) issued since the
given day (00:00 UTC); a cancelled document carries no tax any more.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Text, cast, select
from sqlalchemy.orm import Session

try:
    import orjson
except ImportError:  # pragma: no cover - a declared dependency; json reads the same text
    orjson = None  # type: ignore[assignment]

from engine import Rule, RuleOrigin, RuleSet, RuleType
from engine.packs import Pack, global_packs
from engine.replay import ReplayReport, StoredDocument, replay
from service.companies.models import Company
from service.fiscal.rules import global_rules
from service.issuance.models import DocumentStatus, FiscalDocument
from service.rulepacks import layers, rows, targets
from service.rulepacks.models import RulePack

IN_FORCE = (DocumentStatus.AUTORIZADA, DocumentStatus.ENCERRADA, DocumentStatus.CONTINGENCIA)
BATCH = 1000
"""Snapshots read per round trip."""


@dataclass(frozen=True)
class Candidate:
    """What replaces what is in force: a pack revision (its layer), or a company's own
    candidate rules (a simulation: they replace the company's rules of the same ids, and
    `retiradas` ids are left out)."""

    pack: Pack | None = None
    rules: tuple[Rule, ...] = ()
    retiradas: frozenset[str] = frozenset()

    @property
    def layer(self) -> RuleOrigin:
        return self.pack.layer if self.pack is not None else RuleOrigin.EMPRESA

    def owns(self, rule: Rule) -> bool:
        """The rule is the candidate's (what the report marks `candidata`)."""
        if self.pack is not None:
            return rule.origem is self.pack.layer and rule.pacote == self.pack.name
        return any(rule.id == r.id and rule.versao == r.versao for r in self.rules)


@dataclass
class Layers:
    """Builds, once per company, the rule set a document of that company is replayed with."""

    session: Session
    candidate: Candidate
    _sets: dict[str, RuleSet] = field(default_factory=dict)
    _global: RuleSet | None = None

    def for_document(self, doc: StoredDocument) -> RuleSet:
        return self.for_company(doc.empresa)

    def for_company(self, company_id: str) -> RuleSet:
        found = self._sets.get(company_id)
        if found is None:
            found = self._sets[company_id] = self._build(company_id)
        return found

    def _build(self, company_id: str) -> RuleSet:
        company = self.session.get(Company, company_id)
        assert company is not None
        own = [s.rule for s in rows.stored_rules(self.session, company_id)]
        packs = layers.platform_packs(self.session, company)
        pack, layer = self.candidate.pack, self.candidate.layer
        if pack is not None and layer is RuleOrigin.PLATAFORMA:
            others = [r for p in packs if p.nome != pack.name for r in layers.pack_rules(p)]
            attached = _attaches(self.session, pack, company)
            below = RuleSet(others + (pack.rules if attached else []), base=self.global_layer())
            return RuleSet(own, base=below)
        below = layers.PLATFORM_SETS.layer(packs, self.global_layer())
        if pack is not None and layer is RuleOrigin.EMPRESA:
            scope = frozenset(RuleType(t) for t in pack.manifest.get("scope") or ())
            own = [r for r in own if r.tipo not in scope] + list(pack.rules)
        elif pack is None:
            replaced = {r.id for r in self.candidate.rules} | self.candidate.retiradas
            own = [r for r in own if r.id not in replaced] + list(self.candidate.rules)
        return RuleSet(own, base=below)

    def global_layer(self) -> RuleSet:
        """The global packs, with a global candidate in place of its own pack."""
        pack = self.candidate.pack
        if pack is None or pack.layer is not RuleOrigin.GLOBAL:
            return global_rules()
        if self._global is None:
            kept = [r for p in global_packs() if p.name != pack.name for r in p.rules]
            self._global = RuleSet(kept + list(pack.rules))
        return self._global


def _attaches(session: Session, pack: Pack, company: Company) -> bool:
    if pack.manifest.get("todas_empresas"):
        return True
    refs = [str(r) for r in pack.manifest.get("empresas") or ()]
    return any(c.id == company.id for ref in refs for c in targets.find_companies(session, ref))


def documents(
    session: Session, since: date, company_ids: Sequence[str] | None = None,
    until: date | None = None,
) -> Iterator[StoredDocument]:  # fmt: skip
    """The snapshots of the documents in force issued from `since` (and before `until`).

    Snapshots are fetched as their stored text, a batch of rows at a time, and decoded one
    document at a time as the replay reaches it: a batch of decoded snapshots kept alive
    together made the garbage collector rescan them again and again (bench/results/replay.md:
    about a third of the replay's time)."""
    text = cast(FiscalDocument.snapshot, Text)
    query = select(FiscalDocument.id, FiscalDocument.company_id, text).where(
        FiscalDocument.status.in_([s.value for s in IN_FORCE]),
        FiscalDocument.created_at >= _midnight(since),
    )
    if until is not None:
        query = query.where(FiscalDocument.created_at < _midnight(until))
    if company_ids is not None:
        query = query.where(FiscalDocument.company_id.in_(list(company_ids)))
    query = query.order_by(FiscalDocument.created_at, FiscalDocument.id)
    for doc_id, company_id, raw in session.execute(query.execution_options(yield_per=BATCH)):
        snap = _decode(raw)
        if snap and "contexto" in snap:
            yield StoredDocument(doc_id, company_id, snap)


def _decode(raw: str | bytes | None) -> dict[str, Any] | None:
    if not raw:
        return None
    found = orjson.loads(raw) if orjson is not None else json.loads(raw)
    return found if isinstance(found, dict) else None


def _midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def affected_companies(session: Session, candidate: Candidate) -> list[str] | None:
    """The companies whose documents the candidate can change (None: every company)."""
    pack = candidate.pack
    if pack is None or pack.layer is RuleOrigin.GLOBAL:
        return None
    if pack.layer is RuleOrigin.EMPRESA:
        ref = str(pack.manifest.get("empresa") or "")
        return [c.id for c in targets.find_companies(session, ref)]
    named = {c.id for ref in pack.manifest.get("empresas") or () for c in
             targets.find_companies(session, str(ref))}  # fmt: skip
    in_force = select(RulePack).where(
        RulePack.camada == layers.PLATFORM, RulePack.nome == pack.name,
        RulePack.vigente.is_(True),
    )  # fmt: skip
    for row in session.execute(in_force).scalars():
        if row.todas_empresas or pack.manifest.get("todas_empresas"):
            return None
        named |= set(row.empresas or ())
    return sorted(named)


def replay_candidate(
    session: Session, candidate: Candidate, since: date, company_ids: Iterable[str] | None = None,
    until: date | None = None,
) -> ReplayReport:  # fmt: skip
    """Replay the candidate over the documents it can change (optionally fewer companies)."""
    affected = affected_companies(session, candidate)
    wanted = None if company_ids is None else list(company_ids)
    if affected is not None and wanted is not None:
        wanted = [c for c in wanted if c in affected]
    elif wanted is None:
        wanted = affected
    found = Layers(session, candidate)
    return replay(documents(session, since, wanted, until), found.for_document, candidate.owns)


def load_candidate(path: Path) -> Candidate:
    from engine.packs import load_pack

    pack = load_pack(path)
    if pack.errors:
        raise ValueError("; ".join(str(e) for e in pack.errors))
    return Candidate(pack=pack)
