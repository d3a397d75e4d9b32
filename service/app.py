"""The application factory: settings in, a wired Flask app out."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service import observability, runtime
from service.api import Api
from service.config import Settings, load_settings
from service.crypto import KeyHasher, SecretBox
from service.db import make_engine, make_session_factory
from service.issuance.authority import Authority
from service.limits import MemoryRateLimiter, RateLimiter, RedisRateLimiter

API_PREFIX = "/api/v1"


def _redis_client(settings: Settings) -> Any | None:
    if settings.redis_url is None:
        return None
    import redis

    return redis.Redis.from_url(settings.redis_url)


def _limiter(settings: Settings, client: Any | None) -> RateLimiter:
    if client is not None:
        return RedisRateLimiter(client, settings.redis_prefix)
    return MemoryRateLimiter()


def build_runtime(settings: Settings) -> runtime.Runtime:
    engine = make_engine(settings.database_url)
    client = _redis_client(settings)
    return runtime.Runtime(
        settings=settings,
        engine=engine,
        sessions=make_session_factory(engine),
        hasher=KeyHasher(settings.encryption_key),
        secrets=SecretBox(settings.encryption_key),
        limiter=_limiter(settings, client),
        redis=client,
        authority=Authority.from_settings(settings),
    )


def _flask_config(settings: Settings) -> dict[str, Any]:
    return {
        "MAX_CONTENT_LENGTH": settings.max_body_bytes,
        "API_TITLE": "Fiscal — emissão de documentos fiscais eletrônicos",
        "API_VERSION": "v1",
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": API_PREFIX,
        "OPENAPI_JSON_PATH": "openapi.json",
        "API_SPEC_OPTIONS": {
            "security": [{"bearerAuth": []}, {"apiKeyHeader": []}],
            "servers": [{"url": "/"}],
        },
        "TESTING": settings.testing,
    }


def _register_security(api: Api) -> None:
    api.spec.components.security_scheme("bearerAuth", {"type": "http", "scheme": "bearer"})
    api.spec.components.security_scheme(
        "apiKeyHeader", {"type": "apiKey", "in": "header", "name": "X-API-Key"}
    )


def _register_blueprints(app: Flask, api: Api) -> None:
    import service.configuration.engine_rules  # noqa: F401  (tax/IVA rules feed the engine)
    from service.accounts.blueprint import blp as api_keys
    from service.cnpj_lookup.blueprint import blp as cnpj_lookup
    from service.companies.blueprint import blp as companies
    from service.configuration.blueprint import blp as configuration
    from service.docs import blp as docs
    from service.fiscal.blueprint import calc, rules_blp
    from service.health.blueprint import blp as health
    from service.nfe.blueprint import nfce, nfe
    from service.nfe.voiding_blueprint import blp as inutilizacao
    from service.registers.blueprint import customers, products
    from service.wallet.blueprint import blp as wallet

    for blueprint in (api_keys, companies, wallet, calc, rules_blp, configuration,
                      cnpj_lookup, products, customers, nfe, nfce, inutilizacao):  # fmt: skip
        api.register_blueprint(blueprint, url_prefix=API_PREFIX + blueprint.url_prefix)
    app.register_blueprint(health)
    app.register_blueprint(docs, url_prefix=API_PREFIX)


def create_app(settings: Settings | None = None) -> Flask:
    """Build the app; `settings` defaults to the environment (embedded mode by default)."""
    settings = settings or load_settings()
    observability.configure_logging(settings.log_json)
    app = Flask("service")
    app.config.update(_flask_config(settings))
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["fiscal"] = build_runtime(settings)
    app.extensions["fiscal_metrics"] = observability.install(app)
    app.teardown_appcontext(runtime.close_db)
    api = Api(app)
    _register_security(api)
    _register_blueprints(app, api)
    return app
