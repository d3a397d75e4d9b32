"""The `mail` kind of work: send one outbox row (queue `notificacoes`).

claim the lease -> commit -> SMTP (no transaction open) -> record the outcome in a new
transaction. A duplicate or stale announcement finds nothing to claim and does nothing. A
worker that dies after the server accepted the mail but before the outcome was recorded
leaves a row whose lease expires and which is sent again (at least once); the stable
Message-ID lets mail systems recognise the repeat.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.orm import Session

from service import runtime
from service.companies.models import Company
from service.config import Settings
from service.db import transaction, utcnow
from service.notify.mail import compose, smtp
from service.notify.mail.models import MailMessage, MailStatus
from service.notify.mail.outbox import KIND
from service.queue import lease
from service.queue.dispatch import WorkKind
from service.queue.retry import RetryPolicy

log = logging.getLogger("service.notify.mail")

OPEN = MailMessage.status == MailStatus.PENDENTE.value


def lease_duration(settings: Settings) -> timedelta:
    """Longer than the slowest SMTP session (a few commands, each up to the timeout)."""
    return timedelta(seconds=max(60.0, 6 * settings.mail.timeout))


def policy(settings: Settings) -> RetryPolicy:
    return RetryPolicy(settings.mail_retry_schedule)


def _due(session: Session, now: datetime, limit: int) -> list[str]:
    """Nothing is due while mail is disabled: rows wait instead of spinning the worker."""
    if not runtime.current().settings.mail.enabled:
        return []
    return lease.due_ids(session, MailMessage, OPEN, now, limit)


def _issuer(session: Session, company_id: str) -> compose.Company | None:
    company = session.get(Company, company_id)
    if company is None:
        return None
    return compose.Company(
        company.razao_social,
        compose.issuer_document(company.cnpj, company.cpf),
        pessoa_fisica=not company.cnpj and bool(company.cpf),
    )


def _compose(session: Session, row: MailMessage, settings: Settings) -> EmailMessage:
    rendered = compose.render(
        row.tipo, row.resumo, row.ambiente, _issuer(session, row.company_id), settings.panel_url
    )
    return compose.message(
        rendered, sender=settings.mail.sender, to=row.destinatario, message_id=row.id
    )


@dataclass(frozen=True)
class Claimed:
    owner: str
    mail: EmailMessage | None
    """None when the message could not be built (a template bug): the row fails."""
    build_error: str | None = None


def _claim(row_id: str, settings: Settings) -> Claimed | None:
    rt = runtime.current()
    with transaction(rt.sessions) as session:
        row = lease.claim(
            session, MailMessage, row_id, OPEN, now=utcnow(), duration=lease_duration(settings)
        )
        if row is None:
            return None
        owner = row.lease_dono or ""
        try:
            return Claimed(owner, _compose(session, row, settings))
        except Exception as exc:  # a rendering bug must not retry forever
            log.exception("could not build mail", extra={"row_id": row_id})
            return Claimed(owner, None, f"mensagem não montada: {type(exc).__name__}")


def record_outcome(
    session: Session, row_id: str, owner: str, outcome: smtp.Outcome, retry: RetryPolicy
) -> MailMessage | None:
    """Apply one attempt's result to the row we hold; None if the lease was lost meanwhile."""
    row = session.execute(
        select(MailMessage).where(MailMessage.id == row_id).with_for_update()
    ).scalar_one_or_none()
    if row is None or row.lease_dono != owner or row.status != MailStatus.PENDENTE.value:
        return None
    now = utcnow()
    row.tentativas += 1
    if outcome.sent:
        row.status, row.enviado_em = MailStatus.ENVIADO.value, now
        lease.release(row)
    elif outcome.permanent or retry.exhausted(row.tentativas):
        row.status, row.ultimo_erro = MailStatus.FALHOU.value, outcome.error
        lease.release(row)
    else:
        row.ultimo_erro = outcome.error
        lease.release(row, next_at=now + retry.delay(row.tentativas))
    return row


def perform(row_id: str) -> None:
    """Send one due row, if it is still due and nobody else holds it."""
    rt = runtime.current()
    settings = rt.settings
    if not settings.mail.enabled:
        return
    claimed = _claim(row_id, settings)
    if claimed is None:
        return
    if claimed.mail is None:
        outcome = smtp.Outcome(sent=False, permanent=True, error=claimed.build_error)
    else:
        outcome = smtp.deliver(settings.mail, claimed.mail)
    with transaction(rt.sessions) as session:
        row = record_outcome(session, row_id, claimed.owner, outcome, policy(settings))
    if row is not None and not outcome.sent:
        log.warning(
            "mail not sent",
            extra={"row_id": row_id, "status": row.status, "error": outcome.error},
        )


MAIL = WorkKind(KIND, "notificacoes", _due, perform)
