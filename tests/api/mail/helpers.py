"""Driving the outbox by hand: record in a transaction, list rows, perform due rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Flask
from sqlalchemy import select

from service.config import MailSettings
from service.db import transaction
from service.notify.mail.models import MailMessage
from service.notify.mail.outbox import record_notification
from service.notify.mail.work import perform
from service.runtime import Runtime
from tests.factories import AccountHandle, auth, make_account, make_company

PANEL = "https://painel.exemplo.test/painel"


def mail_settings(port: int) -> dict[str, Any]:
    """App overrides: plain SMTP on the sink, a compressed retry schedule, a known panel URL."""
    return {
        "mail": MailSettings(host="127.0.0.1", port=port, tls=False, timeout=5),
        "mail_retry_schedule": (0.05, 0.05, 0.05),
        "panel_url": PANEL,
    }


@dataclass(frozen=True)
class Tenant:
    account: AccountHandle
    company_id: str
    codigo: str
    email: str

    @property
    def headers(self) -> dict[str, str]:
        return auth(self.account.live)


def tenant(rt: Runtime, email: str | None = None) -> Tenant:
    kwargs = {"email": email} if email else {}
    account = make_account(rt, **kwargs)
    company = make_company(rt, account.id)
    with transaction(rt.sessions) as session:
        from service.accounts.models import Account

        found = session.get(Account, account.id)
        assert found is not None
        address = found.email
    return Tenant(account, company.id, company.codigo, address)


def record(
    app: Flask,
    who: Tenant,
    kind: str,
    summary: dict[str, Any],
    *,
    reference: str | None = None,
    company_id: str | None = None,
) -> int:
    rt: Runtime = app.extensions["fiscal"]
    with app.app_context(), transaction(rt.sessions) as session:
        return record_notification(
            session,
            kind=kind,
            account_id=who.account.id,
            company_id=company_id or who.company_id,
            ambiente=str(summary.get("ambiente") or "HOMOLOGACAO"),
            reference=reference or str(summary["id"]),
            summary=summary,
        )


def rows(app: Flask) -> list[MailMessage]:
    rt: Runtime = app.extensions["fiscal"]
    with transaction(rt.sessions) as session:
        return list(session.execute(select(MailMessage).order_by(MailMessage.created_at)).scalars())


def perform_all(app: Flask) -> None:
    """What a worker does with every announcement: perform each row (due or not)."""
    with app.app_context():
        for row in rows(app):
            perform(row.id)
