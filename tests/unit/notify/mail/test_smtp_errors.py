"""Which SMTP failures end a mail at once (5xx about this message) and which are retried."""

from __future__ import annotations

import smtplib

import pytest

from service.notify.mail.smtp import is_permanent


@pytest.mark.parametrize(
    ("error", "permanent"),
    [
        (smtplib.SMTPRecipientsRefused({"a@x.com": (550, b"no such user")}), True),
        (smtplib.SMTPRecipientsRefused({"a@x.com": (452, b"mailbox full")}), False),
        (smtplib.SMTPSenderRefused(553, b"sender not allowed", "n@f"), True),
        (smtplib.SMTPSenderRefused(451, b"try later", "n@f"), False),
        (smtplib.SMTPDataError(554, b"message rejected"), True),
        (smtplib.SMTPDataError(421, b"closing"), False),
        (smtplib.SMTPAuthenticationError(535, b"bad credentials"), False),
        (smtplib.SMTPConnectError(554, b"no service"), False),
        (smtplib.SMTPServerDisconnected("gone"), False),
        (smtplib.SMTPNotSupportedError("STARTTLS extension not supported by server."), False),
        (ConnectionRefusedError(111, "Connection refused"), False),
        (TimeoutError("timed out"), False),
    ],
)
def test_classification(error: BaseException, permanent: bool) -> None:
    assert is_permanent(error) is permanent
