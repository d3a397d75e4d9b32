"""Recording notification e-mails in the caller's transaction (the transactional outbox).

The fiscal code calls `record_notification` in the same transaction as the state change that
causes the notice; if that transaction rolls back, no mail exists. Rows are announced to the
workers only after commit. A second call for the same (reference, kind, recipient) writes
nothing: the unique constraint absorbs it with `ON CONFLICT DO NOTHING`, which keeps the
caller's transaction usable on PostgreSQL (a failed INSERT would abort it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session

from service import runtime
from service.db import insert_ignoring_conflicts
from service.ids import new_id
from service.notify.mail import preferences
from service.notify.mail.models import MailMessage, NotificationKind
from service.queue.dispatch import after_commit

KIND = "mail"
"""Name of the work kind that sends outbox rows."""

SCALARS = (
    "id",
    "documento",
    "status",
    "chave",
    "numero",
    "serie",
    "pedido",
    "ambiente",
    "solicitacao_id",
    "sefaz_code",
    "sefaz_mensagem",
    "protocolo",
    "contexto",
    "finalidade",
    "tipo_operacao",
)
LISTS = ("motivos", "missing")
OBJECTS = ("erro",)
"""The only summary members a mail may carry; anything else (links, XML, secrets) is dropped."""

MAX_TEXT = 500
MAX_ITEMS = 20


def _text(value: Any) -> str | None:
    if value is None or isinstance(value, dict | list | tuple | bytes):
        return None
    return str(value)[:MAX_TEXT]


def _item(value: Any) -> str | dict[str, str] | None:
    """A reason is a text or `{codigo, mensagem, campo}`; nothing deeper survives."""
    if isinstance(value, dict):
        kept = {k: t for k in ("codigo", "mensagem", "campo") if (t := _text(value.get(k)))}
        return kept or None
    return _text(value)


def safe_summary(summary: dict[str, Any]) -> dict[str, Any]:
    """The whitelisted, size-capped part of a document summary that templates may show."""
    kept: dict[str, Any] = {}
    for key in SCALARS:
        if (text := _text(summary.get(key))) is not None:
            kept[key] = text
    for key in LISTS:
        values = summary.get(key)
        if isinstance(values, list | tuple):
            items = [item for v in values[:MAX_ITEMS] if (item := _item(v)) is not None]
            if items:
                kept[key] = items
    for key in OBJECTS:
        if isinstance(item := _item(summary.get(key)), dict):
            kept[key] = item
    return kept


def _insert(session: Session) -> Any:
    """`INSERT ... ON CONFLICT DO NOTHING` for the session's database."""
    return insert_ignoring_conflicts(session, MailMessage, ["referencia", "tipo", "destinatario"])


def notification_recipients(
    session: Session, kind: str, account_id: str, company_id: str
) -> tuple[str, ...]:
    """Who `record_notification` would queue `kind` for (nobody when mail is disabled: no
    `MAIL_HOST`, and then nothing is read)."""
    NotificationKind(kind)  # a bug in the caller, never a client error
    if not runtime.current().settings.mail.enabled:
        return ()
    return preferences.recipients(session, account_id, company_id, kind)


def record_notification(
    session: Session,
    *,
    kind: str,
    account_id: str,
    company_id: str,
    ambiente: str,
    reference: str,
    summary: dict[str, Any] | Callable[[], dict[str, Any]],
) -> int:
    """Queue one e-mail per recipient of `kind` for this company; answers how many were new.

    `summary` may be a function that builds it, called only when someone is to receive it.
    Nothing is written when mail is disabled (no `MAIL_HOST`), when the preferences send
    `kind` to nobody, or when the same notice already went to the recipient.
    """
    addresses = notification_recipients(session, kind, account_id, company_id)
    if not addresses:
        return 0
    resumo = safe_summary(summary() if callable(summary) else summary)
    written = 0
    for address in addresses:
        row_id = new_id("mail")
        values = {
            "id": row_id,
            "account_id": account_id,
            "company_id": company_id,
            "ambiente": ambiente[:12],
            "referencia": reference[:60],
            "tipo": kind,
            "destinatario": address,
            "resumo": resumo,
        }
        inserted = session.execute(_insert(session).values(**values).returning(MailMessage.id))
        if inserted.scalar_one_or_none() is not None:  # rowcount is unreliable here (psycopg)
            after_commit(session, KIND, row_id)
            written += 1
    return written
