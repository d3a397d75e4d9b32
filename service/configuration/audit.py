"""Audit entries of configuration changes, with the request's actor and IP."""

from __future__ import annotations

from typing import Any

from flask import request

from service import runtime
from service.audit import operations as audit
from service.auth import current_credential
from service.companies.models import Company
from service.configuration.fields import plain


def snapshot(values: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if values is None else {k: plain(v) for k, v in values.items()}


def log_change(
    company: Company,
    acao: str,
    entidade: str,
    registro_id: str | None,
    antes: dict[str, Any] | None = None,
    depois: dict[str, Any] | None = None,
) -> None:
    """Record one change in the caller's transaction; secrets are redacted by `audit`."""
    credential = current_credential()
    audit.record(
        runtime.db(),
        account_id=credential.account_id,
        company_id=company.id,
        acao=acao,
        entidade=entidade,
        registro_id=registro_id,
        antes=snapshot(antes),
        depois=snapshot(depois),
        ip=request.remote_addr,
        actor_key_id=credential.key_id,
    )
