"""Fixtures: the app on each backend, a client, and a clean database for every test.

`backend` is `sqlite` (embedded mode: SQLite file, in-memory limiter) or `postgres`
(production mode: PostgreSQL + Redis). Each backend gets one fresh database per test
session, migrated with Alembic; every test starts from empty tables.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import text

from service.app import create_app
from service.companies import revision
from service.config import RuntimeMode, Settings
from service.db import Base
from service.migrate import upgrade
from service.models import load_all
from service.runtime import Runtime
from tests import backends

BACKENDS = ["sqlite", "postgres"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("backend") == "postgres":
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(scope="session")
def redis_prefix() -> Iterator[str]:
    prefix = f"fiscal-test-{secrets.token_hex(4)}:"
    yield prefix
    if backends.redis_available():
        import redis

        client = redis.Redis.from_url(backends.REDIS_URL)
        for key in client.scan_iter(match=prefix + "*"):
            client.delete(key)


@pytest.fixture(scope="session")
def database_urls(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """One migrated database per backend for the whole session."""
    urls = {"sqlite": f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"}
    upgrade(urls["sqlite"])
    if backends.postgres_available() or backends.IN_CI:
        with backends.fresh_postgres_database() as pg_url:
            upgrade(pg_url)
            urls["postgres"] = pg_url
            yield urls
        return
    yield urls


def make_settings(
    backend: str, urls: dict[str, str], data_dir: Path, prefix: str, **overrides: Any
) -> Settings:
    production = backend == "postgres"
    settings = Settings(
        data_dir=data_dir,
        database_url=urls[backend],
        redis_url=backends.REDIS_URL if production else None,
        encryption_key="test-secret-" + "x" * 32,
        mode=RuntimeMode.PRODUCTION if production else RuntimeMode.EMBEDDED,
        testing=True,
        log_json=True,
        redis_prefix=prefix,
    )
    return settings.with_overrides(**overrides)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, database_urls: dict[str, str]) -> str:
    name: str = request.param
    if name == "postgres":
        reason = backends.require_or_skip(
            "postgres" in database_urls and backends.redis_available(), "PostgreSQL and Redis"
        )
        if reason:
            pytest.skip(reason)
    return name


def _wipe(app: Flask) -> None:
    load_all()
    engine = app.extensions["fiscal"].engine
    with engine.begin() as connection:
        for table in reversed(Base.metadata.sorted_tables):
            connection.execute(table.delete())


@pytest.fixture
def app_factory(
    backend: str, database_urls: dict[str, str], tmp_path: Path, redis_prefix: str
) -> Iterator[Any]:
    """Builds apps on the chosen backend; tables are emptied after the test."""
    made: list[Flask] = []

    def factory(**overrides: Any) -> Flask:
        prefix = redis_prefix + secrets.token_hex(3) + ":"
        settings = make_settings(backend, database_urls, tmp_path, prefix, **overrides)
        app = create_app(settings)
        made.append(app)
        return app

    yield factory
    revision.clear()  # per-process register caches: no entry outlives its test's rows
    for app in made:
        worker = app.extensions.get("fiscal_worker")
        if worker is not None:
            worker.stop()
    if made:
        _wipe(made[0])
    for app in made:
        app.extensions["fiscal"].engine.dispose()


@pytest.fixture
def app(app_factory: Any) -> Flask:
    return app_factory()


@pytest.fixture
def rt(app: Flask) -> Runtime:
    runtime: Runtime = app.extensions["fiscal"]
    return runtime


@pytest.fixture
def client(app: Flask) -> Any:
    return app.test_client()


@pytest.fixture
def db_backend_name(app: Flask) -> str:
    with app.extensions["fiscal"].engine.connect() as connection:
        connection.execute(text("SELECT 1"))
        return str(connection.dialect.name)


@pytest.fixture
def authorized_as_built(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """Every authorized XML the families' wrappers build in the test, by document id: the
    bytes the service stored whole before issue 41 (`xml_autorizado` was the wrapper's
    answer), to which the XML it now rebuilds from the signed XML and `xml_protocolo`
    must be identical."""
    from service.issuance import outcome

    built: dict[str, bytes] = {}
    wrapped = outcome._wrapped

    def recording(document: Any, protocol_xml: bytes) -> tuple[bytes, bytes]:
        xml, kept = wrapped(document, protocol_xml)
        built[document.id] = xml
        return xml, kept

    monkeypatch.setattr(outcome, "_wrapped", recording)
    return built
