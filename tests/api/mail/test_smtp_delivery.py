"""`smtp.deliver` against a real server: what is sent, and what is never sent in clear."""

from __future__ import annotations

from email.message import EmailMessage

from service.config import MailSettings
from service.notify.mail import smtp
from tests.api.mail.smtp_sink import SmtpSink, free_port


def _mail(to: str = "destino@exemplo.com") -> EmailMessage:
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "nao-responda@fiscal.local", to, "Teste"
    mail.set_content("corpo")
    return mail


def test_plain_smtp_delivers(sink: SmtpSink) -> None:
    outcome = smtp.deliver(MailSettings(host="127.0.0.1", port=sink.port, tls=False), _mail())
    assert outcome == smtp.SENT
    assert [r.envelope_to for r in sink.received] == [["destino@exemplo.com"]]


def test_tls_required_never_falls_back_to_plaintext(sink: SmtpSink) -> None:
    """The sink offers no STARTTLS: with MAIL_TLS=true nothing (no password, no mail) is sent."""
    config = MailSettings(
        host="127.0.0.1", port=sink.port, tls=True, user="u", password="segredo", timeout=5
    )
    outcome = smtp.deliver(config, _mail())
    assert not outcome.sent and not outcome.permanent
    assert outcome.error and "STARTTLS" in outcome.error.upper()
    assert sink.received == []


def test_connection_refused_is_temporary() -> None:
    outcome = smtp.deliver(MailSettings(host="127.0.0.1", port=free_port(), tls=False), _mail())
    assert not outcome.sent and not outcome.permanent
    assert outcome.error


def test_recipient_refused_with_5xx_is_permanent_and_4xx_is_not(sink: SmtpSink) -> None:
    config = MailSettings(host="127.0.0.1", port=sink.port, tls=False)
    sink.handler.refuse_recipients = "550 5.1.1 Caixa postal inexistente"
    permanent = smtp.deliver(config, _mail())
    assert (permanent.sent, permanent.permanent) == (False, True)
    assert permanent.error and permanent.error.startswith("550")

    sink.handler.refuse_recipients = "451 4.3.0 Tente mais tarde"
    temporary = smtp.deliver(config, _mail())
    assert (temporary.sent, temporary.permanent) == (False, False)
    assert temporary.error and temporary.error.startswith("451")
