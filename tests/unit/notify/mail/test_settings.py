"""The mail settings read from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.config import load_settings
from service.errors import ConfigurationError

MAIL_VARS = ("MAIL_HOST", "MAIL_PORT", "MAIL_TLS", "MAIL_TIMEOUT", "MAIL_RETRY_SCHEDULE")


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    for name in ("DATABASE_URL", "REDIS_URL", "FISCAL_ENCRYPTION_KEY", "FISCAL_MODE", *MAIL_VARS):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FISCAL_DATA_DIR", str(tmp_path))
    return monkeypatch


def test_defaults_disable_mail_with_the_documented_schedule(env: pytest.MonkeyPatch) -> None:
    settings = load_settings()
    assert settings.mail.enabled is False
    assert (settings.mail.port, settings.mail.tls, settings.mail.timeout) == (587, True, 30.0)
    assert settings.mail_retry_schedule == (60, 300, 900, 3600, 21600)


def test_environment_overrides(env: pytest.MonkeyPatch) -> None:
    env.setenv("MAIL_HOST", "smtp.exemplo.com")
    env.setenv("MAIL_PORT", "465")
    env.setenv("MAIL_TLS", "false")
    env.setenv("MAIL_TIMEOUT", "5")
    env.setenv("MAIL_RETRY_SCHEDULE", "1, 2,3")
    settings = load_settings()
    assert settings.mail.enabled is True
    assert (settings.mail.host, settings.mail.port, settings.mail.tls) == (
        "smtp.exemplo.com",
        465,
        False,
    )
    assert settings.mail.timeout == 5.0
    assert settings.mail_retry_schedule == (1.0, 2.0, 3.0)


def test_a_bad_schedule_refuses_to_start(env: pytest.MonkeyPatch) -> None:
    env.setenv("MAIL_RETRY_SCHEDULE", "60,cinco")
    with pytest.raises(ConfigurationError, match="MAIL_RETRY_SCHEDULE"):
        load_settings()
