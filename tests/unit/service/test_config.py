"""Settings: the embedded default and the production refusals."""

from __future__ import annotations

import stat

import pytest

from service.config import RuntimeMode, load_settings
from service.errors import ConfigurationError


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for name in ("DATABASE_URL", "REDIS_URL", "FISCAL_ENCRYPTION_KEY", "FISCAL_MODE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FISCAL_DATA_DIR", str(tmp_path))
    return monkeypatch


def test_embedded_default_generates_and_keeps_a_key(clean_env, tmp_path):
    first = load_settings()
    assert first.mode is RuntimeMode.EMBEDDED
    assert first.database_url == f"sqlite:///{tmp_path / 'fiscal.db'}"
    key_file = tmp_path / "encryption.key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert load_settings().encryption_key == first.encryption_key
    assert first.encryption_key not in repr(first)


def test_production_refuses_to_start_without_a_key(clean_env):
    clean_env.setenv("DATABASE_URL", "postgresql://u@127.0.0.1/x")
    clean_env.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    with pytest.raises(ConfigurationError, match="FISCAL_ENCRYPTION_KEY"):
        load_settings()


def test_production_needs_redis(clean_env):
    clean_env.setenv("DATABASE_URL", "postgresql://u@127.0.0.1/x")
    clean_env.setenv("FISCAL_ENCRYPTION_KEY", "k" * 40)
    with pytest.raises(ConfigurationError, match="REDIS_URL"):
        load_settings()


def test_environment_values_are_read(clean_env):
    clean_env.setenv("RATE_LIMIT_PER_MINUTE", "42")
    clean_env.setenv("MAIL_HOST", "smtp.local")
    clean_env.setenv("PRICE_NFE", "0.35")
    settings = load_settings()
    assert settings.rate_limit_per_minute == 42
    assert settings.mail.enabled and settings.mail.host == "smtp.local"
    assert str(settings.prices["NFE"]) == "0.35"


def test_the_signed_xml_stays_in_the_database_unless_an_object_store_is_named(clean_env):
    assert load_settings().blob_store == "database"
    clean_env.setenv("FISCAL_BLOB_STORE", "s3")
    with pytest.raises(ConfigurationError, match="FISCAL_S3_BUCKET"):
        load_settings()
    clean_env.setenv("FISCAL_S3_BUCKET", "documentos")
    clean_env.setenv("FISCAL_S3_ACCESS_KEY_ID", "AKIA-CHAVE-DE-ACESSO")
    clean_env.setenv("FISCAL_S3_SECRET_ACCESS_KEY", "segredo-do-armazenamento")
    settings = load_settings()
    assert (settings.blob_store, settings.s3.bucket, settings.s3.prefix) == (
        "s3", "documentos", "documentos/")  # fmt: skip
    assert "segredo-do-armazenamento" not in repr(settings)
    assert "AKIA-CHAVE-DE-ACESSO" not in repr(settings)
    clean_env.setenv("FISCAL_BLOB_STORE", "disquete")
    with pytest.raises(ConfigurationError, match="FISCAL_BLOB_STORE"):
        load_settings()
