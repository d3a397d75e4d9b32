"""`fiscal rulepacks sync DIR`: publish a platform or company pack revision into the database.

First a plan: the pack is loaded and checked (its own tests over the global packs, the rule
sets it would give every company it touches), then diffed against what is in force (added,
changed field by field, retired). Publishing applies the plan in one transaction, audited rule
by rule, and bumps the rule revision of every company it touches so every process recompiles.
A plan with problems is refused whole; nothing is half written.

What a company pack owns: the rule types of its manifest's `scope`. A company rule of such a
type that the pack does not have is retired (the pack in git is the source of truth; the plan
shows each such rule, with `origem` api when it was written through the API). A platform
revision replaces the previous revision of the same pack name entirely.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine import Rule, RuleOrigin, RuleSet, RuleType
from engine.errors import EngineError, PackError
from engine.lint import Severity, lint_packs
from engine.loading import rule_to_dict
from engine.pack_diff import RuleDiff, diff_rules
from engine.pack_tests import case_errors, run_pack_cases
from engine.packs import Pack, load_pack
from engine.snapshot import canonical_bytes
from service.audit import operations as audit
from service.companies.models import Company
from service.db import utcnow
from service.fiscal.rules import bump_revision, global_rules
from service.ids import new_id
from service.rulepacks import layers, rows, targets
from service.rulepacks.models import RulePack


class SyncError(Exception):
    """A pack that cannot even be planned (invalid, global, names no company)."""


@dataclass
class SyncPlan:
    """What publishing a pack revision would do, and why it would be refused."""

    pack: Pack
    account_id: str
    layer: RuleOrigin
    diff: RuleDiff
    digest: str
    company: Company | None = None
    attached: tuple[Company, ...] = ()
    """Platform: the companies the revision is attached to."""
    detached: tuple[str, ...] = ()
    """Platform: companies (ids) the revision in force is attached to and this one is not."""
    todas: bool = False
    published: RulePack | None = None
    """The same revision, already published with this content."""
    problems: list[str] = field(default_factory=list)

    @property
    def refused(self) -> bool:
        return bool(self.problems)

    @property
    def touched(self) -> list[str]:
        """Companies whose rules change if the plan is applied."""
        if self.company is not None:
            return [self.company.id]
        return sorted({c.id for c in self.attached} | set(self.detached))

    def to_dict(self) -> dict[str, Any]:
        return {
            "pacote": self.pack.name, "revisao": self.pack.revision, "camada": self.layer.value,
            "conta": self.account_id, "digest": self.digest,
            "empresa": _label(self.company) if self.company else None,
            "empresas": [_label(c) for c in self.attached], "todas_empresas": self.todas,
            "empresas_retiradas": list(self.detached),
            "ja_publicada": self.published is not None,
            "diferencas": self.diff.to_dict(), "problemas": list(self.problems),
        }  # fmt: skip


def _label(company: Company) -> str:
    return f"{company.codigo} ({company.cnpj or company.cpf or company.id})"


def pack_digest(pack: Pack) -> str:
    """SHA-256 of the canonical manifest and rules (same files, same digest)."""
    rules = sorted((rule_to_dict(r) for r in pack.rules), key=lambda r: (r["id"], r["versao"]))
    return hashlib.sha256(
        canonical_bytes({"manifesto": pack.manifest, "regras": rules})
    ).hexdigest()


def plan_sync(session: Session, pack_dir: Path, account_id: str | None = None) -> SyncPlan:
    """Load, check and diff a pack revision against what is in force."""
    pack = load_pack(pack_dir)
    if pack.errors:
        raise SyncError("; ".join(str(e) for e in pack.errors))
    if pack.layer is RuleOrigin.GLOBAL:
        raise SyncError(
            f"{pack.label} é um pacote global: ele é publicado com o produto (rulepacks/global); "
            "use `fiscal rulepacks replay` para medir seu efeito nos documentos emitidos"
        )
    try:
        if pack.layer is RuleOrigin.EMPRESA:
            plan = _company_plan(session, pack, account_id)
        else:
            plan = _platform_plan(session, pack, account_id)
    except targets.TargetError as exc:
        raise SyncError(str(exc)) from exc
    plan.problems.extend(pack_test_failures(pack, _new_content(plan.diff)))
    _check_revision(session, plan)
    return plan


def pack_test_failures(pack: Pack, new_content: frozenset[str] | None = None) -> list[str]:
    """The pack's own cases (its rules over the global packs) and its lint errors: a pack
    that would tie at issuance (422 CONFLITO_REGRAS) is not published, nor one whose added or
    changed rules cite no source (`new_content`: their ids; None, every rule). A rule carried
    over unchanged (a company rule written through the API without a source) is not refused
    for it: publishing the company's rules as they are must not be blocked by their past."""
    try:
        failures = [f"teste {e}" for e in case_errors(run_pack_cases(pack))]
    except PackError as exc:
        failures = [f"testes: {exc}"]
    for finding in lint_packs([pack]).findings:
        if finding.severity is not Severity.ERRO:
            continue
        if (
            finding.code == "SEM_FONTE"
            and new_content is not None
            and not (set(finding.rule_ids) & new_content)
        ):
            continue
        failures.append(f"lint {finding.describe()}")
    return failures


def _new_content(diff: RuleDiff) -> frozenset[str]:
    return frozenset(r.id for r in diff.adicionadas) | {c.regra_id for c in diff.alteradas}


def _check_revision(session: Session, plan: SyncPlan) -> None:
    """A published revision is immutable: the same content is a no-op (or a rollback to it),
    other content under the same revision is refused."""
    query = _same_pack(plan).where(
        RulePack.nome == plan.pack.name, RulePack.revisao == plan.pack.revision
    )
    for row in session.execute(query).scalars():
        if row.digest == plan.digest:
            plan.published = row
        else:
            plan.problems.append(
                f"a revisão {plan.pack.revision} de {plan.pack.name} já foi publicada com outro "
                f"conteúdo (digest {row.digest[:12]}…): publique as mudanças numa nova revisão"
            )


def _same_pack(plan: SyncPlan) -> Any:
    """The revisions a plan's pack competes with: a platform pack's by name within the
    account; a company pack's, any of the company (a company has one pack in force)."""
    query = select(RulePack).where(
        RulePack.account_id == plan.account_id, RulePack.camada == plan.layer.value
    )
    if plan.company is not None:
        return query.where(RulePack.company_id == plan.company.id)
    return query.where(RulePack.nome == plan.pack.name, RulePack.company_id.is_(None))


# -- company packs -------------------------------------------------------------------------


def _company_plan(session: Session, pack: Pack, account_id: str | None) -> SyncPlan:
    ref = pack.manifest.get("empresa")
    if not ref:
        raise SyncError(f"{pack.label}: um pacote de empresa precisa de `empresa` no manifesto")
    company = targets.one_company(session, str(ref), account_id)
    stored = rows.stored_rules(session, company.id)
    scope = _scope(pack)
    diff = diff_rules([s.rule for s in stored], pack.rules, scope)
    plan = SyncPlan(pack, company.account_id, pack.layer, diff, pack_digest(pack), company=company)
    kept = [s.rule for s in stored if s.rule.tipo not in scope]
    plan.problems.extend(_compiles(session, company, kept + pack.rules, None))
    return plan


def _scope(pack: Pack) -> frozenset[RuleType]:
    return frozenset(RuleType(t) for t in pack.manifest.get("scope") or ())


def _compiles(
    session: Session, company: Company, own: list[Rule], platform: list[RulePack | Pack] | None
) -> list[str]:
    """Whether the company's rule set would build with these layers (ids that collide across
    layers, rules the engine refuses); `platform` None: the platform packs in force."""
    try:
        if platform is None:
            below = layers.PLATFORM_SETS.layer(layers.platform_packs(session, company),
                                               global_rules())  # fmt: skip
        else:
            below = RuleSet(_platform_rules(platform), base=global_rules())
        RuleSet(own, base=below)
    except EngineError as exc:
        return [f"empresa {company.codigo}: {exc}"]
    return []


def _platform_rules(packs: Iterable[RulePack | Pack]) -> list[Rule]:
    out: list[Rule] = []
    for pack in packs:
        out.extend(pack.rules if isinstance(pack, Pack) else layers.pack_rules(pack))
    return out


# -- platform packs ------------------------------------------------------------------------


def _platform_plan(session: Session, pack: Pack, account_id: str | None) -> SyncPlan:
    todas = bool(pack.manifest.get("todas_empresas"))
    refs = [str(r) for r in pack.manifest.get("empresas") or ()]
    if todas == bool(refs):
        raise SyncError(
            f"{pack.label}: um pacote de plataforma diz a que empresas se aplica com `empresas` "
            "(CNPJ ou código) ou `todas_empresas: true`, e só um dos dois"
        )
    if todas:
        if account_id is None:
            raise SyncError("`todas_empresas`: informe --conta, a conta dona do pacote")
        attached = targets.account_companies(session, account_id)
    else:
        attached = targets.companies_of(session, refs, account_id)
        account_id = attached[0].account_id
    assert account_id is not None
    current = _platform_in_force(session, account_id, pack.name)
    before = layers.pack_rules(current) if current else []
    diff = diff_rules(before, pack.rules)
    now = {c.id for c in attached}
    was = set(_attached_ids(session, current, account_id)) if current else set()
    plan = SyncPlan(pack, account_id, pack.layer, diff, pack_digest(pack), attached=tuple(attached),
                    detached=tuple(sorted(was - now)), todas=todas)  # fmt: skip
    for company in attached:
        others: list[RulePack | Pack] = [
            p for p in layers.platform_packs(session, company) if p.nome != pack.name
        ]
        own = [s.rule for s in rows.stored_rules(session, company.id)]
        plan.problems.extend(_compiles(session, company, own, [*others, pack]))
    return plan


def _platform_in_force(session: Session, account_id: str, name: str) -> RulePack | None:
    query = select(RulePack).where(
        RulePack.account_id == account_id,
        RulePack.camada == layers.PLATFORM,
        RulePack.nome == name,
        RulePack.vigente.is_(True),
    )
    return session.execute(query).scalars().first()


def _attached_ids(session: Session, pack: RulePack, account_id: str) -> list[str]:
    if pack.todas_empresas:
        return [c.id for c in targets.account_companies(session, account_id)]
    return list(pack.empresas or ())


# -- applying ------------------------------------------------------------------------------


def apply_sync(session: Session, plan: SyncPlan, autor: str) -> RulePack:
    """Publish the plan in the caller's transaction (refused plans never reach here).

    The rule revision of every company it touches is locked (and bumped) first, then the plan
    is made again under those locks: two syncs of the same company run one after the other, and
    one whose diff changed meanwhile (another sync, an API edit) is refused rather than applied
    as it was shown."""
    if plan.refused:
        raise SyncError("; ".join(plan.problems))
    for company_id in plan.touched:
        bump_revision(session, company_id)
    again = plan_sync(session, plan.pack.path, plan.account_id)
    if again.refused or again.diff.to_dict() != plan.diff.to_dict():
        raise SyncError(
            "as regras em vigor mudaram desde o plano mostrado (outra publicação ou uma edição "
            "pela API): rode `fiscal rulepacks sync --dry-run` de novo"
        )
    if plan.company is not None:
        _apply_company(session, plan, autor)
    else:
        _apply_platform_rules_audit(session, plan, autor)
    published = _record(session, plan, autor)
    _audit_publication(session, plan, published, autor)
    return published


def _apply_company(session: Session, plan: SyncPlan, autor: str) -> None:
    company = plan.company
    assert company is not None
    stored = {(s.rule.id, s.rule.versao): s for s in rows.stored_rules(session, company.id)}
    ref = rows.PackRef(plan.pack.name, plan.pack.revision)
    new = {(r.id, r.versao): r for r in plan.pack.rules}
    for rule in plan.diff.adicionadas:
        _create(session, company, rule, ref, autor)
    for change in plan.diff.alteradas:
        s, rule = stored[(change.regra_id, change.versao)], new[(change.regra_id, change.versao)]
        if rows.table_for(rule.tipo) is not s.table:  # a rule that changed its type
            _retire(session, company, s, autor)
            _create(session, company, rule, ref, autor)
            continue
        before = rows.audit_view(s.rule)
        rows.write(s.row, rule, ref)
        s.row.revisao += 1
        _rule_audit(session, company, s.table.alterar, s.table.entidade, s.row.id, before, rule,
                    autor)  # fmt: skip
    for rule in plan.diff.retiradas:
        _retire(session, company, stored[(rule.id, rule.versao)], autor)
    for key, s in stored.items():  # unchanged rules of an earlier revision now come from this one
        if key in new and s.row.origem == "pacote" and s.row.revisao_pacote != ref.revisao:
            s.row.pacote, s.row.revisao_pacote = ref.nome, ref.revisao
    session.flush()


def _create(session: Session, company: Company, rule: Rule, ref: rows.PackRef, autor: str) -> None:
    row = rows.new_row(company, rule, ref)
    session.add(row)
    table = rows.table_for(rule.tipo)
    _rule_audit(session, company, "CRIAR", table.entidade, row.id, None, rule, autor)


def _retire(session: Session, company: Company, s: rows.StoredRule, autor: str) -> None:
    s.row.ativo = False
    audit.record(
        session, account_id=company.account_id, company_id=company.id, acao="DESATIVAR",
        entidade=s.table.entidade, registro_id=s.row.id, antes=rows.audit_view(s.rule),
        depois={"ativo": False, "publicado_por": autor}, actor_key_id=None,
    )  # fmt: skip


def _rule_audit(
    session: Session, company: Company, acao: str, entidade: str, row_id: str,
    before: dict[str, Any] | None, rule: Rule, autor: str,
) -> None:  # fmt: skip
    audit.record(
        session, account_id=company.account_id, company_id=company.id, acao=acao,
        entidade=entidade, registro_id=row_id, antes=before,
        depois={**rows.audit_view(rule), "publicado_por": autor}, actor_key_id=None,
    )  # fmt: skip


def _apply_platform_rules_audit(session: Session, plan: SyncPlan, autor: str) -> None:
    """A platform's rules are no company's rows: each change is audited at the account."""
    new = {(r.id, r.versao): r for r in plan.pack.rules}
    entries: list[tuple[str, dict[str, Any] | None, dict[str, Any] | None, str]] = []
    for rule in plan.diff.adicionadas:
        entries.append(("CRIAR", None, rows.audit_view(rule), f"{rule.id}@{rule.versao}"))
    for change in plan.diff.alteradas:
        rule = new[(change.regra_id, change.versao)]
        changed = {m.campo: m.antes for m in change.mudancas}
        entries.append(("ALTERAR", changed, rows.audit_view(rule), f"{rule.id}@{rule.versao}"))
    for rule in plan.diff.retiradas:
        entries.append(("DESATIVAR", rows.audit_view(rule), None, f"{rule.id}@{rule.versao}"))
    for acao, before, after, identity in entries:
        audit.record(
            session, account_id=plan.account_id, company_id=None, acao=acao,
            entidade="regra_plataforma", registro_id=identity[:60], antes=before,
            depois={**(after or {"ativo": False}), "publicado_por": autor}, actor_key_id=None,
        )  # fmt: skip


def _record(session: Session, plan: SyncPlan, autor: str) -> RulePack:
    """The revision row, in force from now; the one it replaces is kept, no longer in force."""
    query = _same_pack(plan).where(RulePack.vigente.is_(True))
    now = utcnow()
    for row in session.execute(query).scalars():
        if row is not plan.published:
            row.vigente, row.substituido_em = False, now
    if plan.published is not None:
        plan.published.vigente, plan.published.substituido_em = True, None
        return plan.published
    row = RulePack(
        id=new_id("pct"), account_id=plan.account_id, camada=plan.layer.value,
        nome=plan.pack.name, revisao=plan.pack.revision,
        company_id=plan.company.id if plan.company else None,
        empresas=[c.id for c in plan.attached] if not plan.todas else [],
        todas_empresas=plan.todas, manifesto=dict(plan.pack.manifest),
        regras=[rule_to_dict(r) for r in plan.pack.rules], digest=plan.digest, vigente=True,
        publicado_em=now, publicado_por=autor[:120],
    )  # fmt: skip
    session.add(row)
    session.flush()
    return row


def _audit_publication(session: Session, plan: SyncPlan, published: RulePack, autor: str) -> None:
    summary = {
        "camada": plan.layer.value, "pacote": plan.pack.name, "revisao": plan.pack.revision,
        "digest": plan.digest, "publicado_por": autor,
        "adicionadas": len(plan.diff.adicionadas), "alteradas": len(plan.diff.alteradas),
        "retiradas": len(plan.diff.retiradas), "inalteradas": plan.diff.inalteradas,
    }  # fmt: skip
    for company_id in plan.touched or [None]:  # type: ignore[list-item]
        audit.record(
            session, account_id=plan.account_id, company_id=company_id, acao="PUBLICAR",
            entidade="pacote_regras", registro_id=published.id, depois=summary, actor_key_id=None,
        )  # fmt: skip
