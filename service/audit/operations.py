"""Recording audit entries; secrets are dropped before anything is stored."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from service.audit.models import AuditEntry
from service.ids import new_id

SECRET_FIELDS = frozenset({"senha", "password", "csc", "arquivo_base64", "token", "secret"})


def redact(values: dict[str, Any] | None) -> dict[str, Any] | None:
    """Audit what changed, never the secret itself."""
    if values is None:
        return None
    return {k: ("***" if k in SECRET_FIELDS else v) for k, v in values.items()}


def record(
    session: Session,
    *,
    account_id: str,
    acao: str,
    entidade: str,
    registro_id: str | None,
    antes: dict[str, Any] | None = None,
    depois: dict[str, Any] | None = None,
    company_id: str | None = None,
    ip: str | None = None,
    actor_key_id: str | None = None,
) -> AuditEntry:
    entry = AuditEntry(
        id=new_id("aud"),
        account_id=account_id,
        company_id=company_id,
        acao=acao,
        entidade=entidade,
        registro_id=registro_id,
        valor_anterior=redact(antes),
        valor_novo=redact(depois),
        ip=ip,
        actor_key_id=actor_key_id,
    )
    session.add(entry)
    return entry
