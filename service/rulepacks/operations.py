"""What `GET /configuracao-fiscal/pacotes` answers: the pack revisions in force for a company,
layer by layer, its own rules by origin, and the revisions published before."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from engine.packs import Pack, global_packs
from service.companies.models import Company
from service.rulepacks import layers, rows
from service.rulepacks.models import RulePack

HISTORY = 20
"""Earlier revisions listed (newest first)."""


def packs_in_force(session: Session, company: Company) -> dict[str, Any]:
    shipped = [_shipped(p) for p in global_packs()]
    platform = [_published(p) for p in layers.platform_packs(session, company)]
    own = layers.company_pack(session, company.id)
    return {
        "empresa_id": company.id,
        "pacotes": shipped + platform + ([_published(own)] if own else []),
        "regras_empresa": _by_origin(session, company.id),
        "historico": [_published(p) for p in _history(session, company)],
    }


def _shipped(pack: Pack) -> dict[str, Any]:
    return {"camada": pack.layer.value, "nome": pack.name, "revisao": pack.revision,
            "regras": len(pack.rules), "origem": "produto"}  # fmt: skip


def _published(pack: RulePack) -> dict[str, Any]:
    return {
        "camada": pack.camada, "nome": pack.nome, "revisao": pack.revisao,
        "regras": len(pack.regras or ()), "origem": "publicado", "digest": pack.digest,
        "publicado_em": pack.publicado_em.isoformat(), "publicado_por": pack.publicado_por,
        "empresas": None if pack.camada != layers.PLATFORM else len(pack.empresas or ()),
        "todas_empresas": pack.todas_empresas if pack.camada == layers.PLATFORM else None,
    }  # fmt: skip


def _by_origin(session: Session, company_id: str) -> dict[str, int]:
    counts = {"api": 0, "pacote": 0}
    for table in rows.TABLES:
        model = table.model
        query = (
            select(model.origem, func.count())
            .where(model.company_id == company_id, model.ativo.is_(True))
            .group_by(model.origem)
        )
        for origem, count in session.execute(query):
            counts[origem] = counts.get(origem, 0) + int(count)
    return counts


def _history(session: Session, company: Company) -> list[RulePack]:
    query = (
        select(RulePack)
        .where(RulePack.account_id == company.account_id, RulePack.vigente.is_(False))
        .order_by(RulePack.publicado_em.desc())
        .limit(HISTORY * 5)
    )
    found = [
        p for p in session.execute(query).scalars()
        if p.company_id == company.id or (p.company_id is None and layers.attached(p, company.id))
    ]  # fmt: skip
    return found[:HISTORY]
