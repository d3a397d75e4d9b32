"""Webhook settings: documented defaults, parsing, and refusals at start."""

from __future__ import annotations

import pytest

from service.config import load_settings
from service.errors import ConfigurationError

NAMES = ("WEBHOOK_RETRY_SCHEDULE", "WEBHOOK_TIMEOUT_SECONDS", "WEBHOOK_ALLOWED_HOSTS",
         "WEBHOOK_CA_BUNDLE", "WEBHOOK_SECRET_OVERLAP_SECONDS")  # fmt: skip


@pytest.fixture
def env(monkeypatch, tmp_path):
    for name in ("DATABASE_URL", "REDIS_URL", "FISCAL_ENCRYPTION_KEY", "FISCAL_MODE", *NAMES):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FISCAL_DATA_DIR", str(tmp_path))
    return monkeypatch


def test_defaults_are_the_specs(env):
    settings = load_settings()
    assert settings.webhook_retry_schedule == (60, 300, 900, 3600, 21600)
    assert settings.webhook_timeout_seconds == 8
    assert settings.webhook_allowed_hosts == ()
    assert settings.webhook_ca_bundle is None
    assert settings.webhook_secret_overlap_seconds == 86400


def test_values_are_read_from_the_environment(env, tmp_path):
    bundle = tmp_path / "ca.pem"
    bundle.write_text("-----BEGIN CERTIFICATE-----\n")
    env.setenv("WEBHOOK_RETRY_SCHEDULE", "0.1, 0.2")
    env.setenv("WEBHOOK_TIMEOUT_SECONDS", "2.5")
    env.setenv("WEBHOOK_ALLOWED_HOSTS", "LocalHost, sink.test. ,")
    env.setenv("WEBHOOK_CA_BUNDLE", str(bundle))
    env.setenv("WEBHOOK_SECRET_OVERLAP_SECONDS", "60")
    settings = load_settings()
    assert settings.webhook_retry_schedule == (0.1, 0.2)
    assert settings.webhook_timeout_seconds == 2.5
    assert settings.webhook_allowed_hosts == ("localhost", "sink.test")
    assert settings.webhook_ca_bundle == str(bundle)
    assert settings.webhook_secret_overlap_seconds == 60


@pytest.mark.parametrize(
    ("name", "value"),
    [("WEBHOOK_RETRY_SCHEDULE", "1,x"), ("WEBHOOK_RETRY_SCHEDULE", "-1"),
     ("WEBHOOK_TIMEOUT_SECONDS", "0"), ("WEBHOOK_TIMEOUT_SECONDS", "oito"),
     ("WEBHOOK_SECRET_OVERLAP_SECONDS", "-5"), ("WEBHOOK_CA_BUNDLE", "/nao/existe.pem")],
)  # fmt: skip
def test_bad_values_refuse_to_start(env, name, value):
    env.setenv(name, value)
    with pytest.raises(ConfigurationError, match=name):
        load_settings()
