"""One SMTP delivery, and whether its failure is worth another attempt.

`MAIL_TLS=true` (default) means STARTTLS on the submission port (587) and is required: a
server that does not offer it fails the attempt instead of receiving the password and the
mail in clear. On port 465 it means implicit TLS (SMTPS, RFC 8314). `MAIL_TLS=false` is plain
SMTP, for a local relay. Certificates are verified against the system CAs.

Permanent failures are the server refusing *this message* with a 5xx (sender, recipient or
data refused); the row fails at once. Everything else (connection refused, timeouts, 4xx,
authentication or TLS problems) is temporary: it is usually the deployment's configuration
or the server's health, and the row is retried on the schedule.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage

from service.config import MailSettings

IMPLICIT_TLS_PORT = 465


@dataclass(frozen=True)
class Outcome:
    sent: bool
    permanent: bool = False
    error: str | None = None


SENT = Outcome(sent=True)


def _connect(config: MailSettings) -> smtplib.SMTP:
    if config.tls and config.port == IMPLICIT_TLS_PORT:
        context = ssl.create_default_context()
        return smtplib.SMTP_SSL(config.host, config.port, timeout=config.timeout, context=context)
    return smtplib.SMTP(config.host, config.port, timeout=config.timeout)


def _session(smtp: smtplib.SMTP, config: MailSettings) -> None:
    """EHLO, STARTTLS when required, login when configured."""
    smtp.ehlo()
    if config.tls and config.port != IMPLICIT_TLS_PORT:
        smtp.starttls(context=ssl.create_default_context())
        smtp.ehlo()
    if config.user:
        smtp.login(config.user, config.password)


def _describe(exc: BaseException) -> str:
    code = getattr(exc, "smtp_code", None)
    detail = getattr(exc, "smtp_error", None)
    if isinstance(detail, bytes):
        detail = detail.decode("utf-8", "replace")
    if isinstance(exc, smtplib.SMTPRecipientsRefused) and exc.recipients:
        code, raw = next(iter(exc.recipients.values()))
        detail = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    text = f"{code} {detail}" if code else f"{type(exc).__name__}: {exc}"
    return " ".join(text.split())[:500]


def is_permanent(exc: BaseException) -> bool:
    """5xx refusals of this message; never connection, TLS or authentication problems."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [code for code, _ in exc.recipients.values()]
        return bool(codes) and all(500 <= code < 600 for code in codes)
    if isinstance(exc, smtplib.SMTPSenderRefused | smtplib.SMTPDataError):
        return 500 <= exc.smtp_code < 600
    return False


FAILURES = (OSError, smtplib.SMTPException, ValueError)
"""smtplib's errors are OSErrors; ValueError covers an address the library refuses."""


def _failed(exc: BaseException) -> Outcome:
    return Outcome(sent=False, permanent=is_permanent(exc), error=_describe(exc))


def _quit(smtp: smtplib.SMTP) -> None:
    """Say goodbye; a failure here comes after the server accepted the mail, so it is not one."""
    try:
        smtp.quit()
    except FAILURES:
        smtp.close()


def deliver(config: MailSettings, mail: EmailMessage) -> Outcome:
    """Send one message; the outcome says whether to retry. Never raises for SMTP/network."""
    try:
        smtp = _connect(config)
    except FAILURES as exc:
        return _failed(exc)
    try:
        _session(smtp, config)
        smtp.send_message(mail)
    except FAILURES as exc:
        return _failed(exc)
    finally:
        _quit(smtp)
    return SENT
