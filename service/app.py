"""The application factory: settings in, a wired Flask app out."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service import edge, guard, observability, runtime
from service.api import Api
from service.authorities import metrics as authority_metrics
from service.companies import revision
from service.config import Settings, load_settings
from service.contingency import metrics as contingency_metrics
from service.crypto import KeyHasher, SecretBox
from service.db import make_engine, make_session_factory
from service.issuance import registry
from service.issuance.authority import Authority
from service.limits import MemoryRateLimiter, RateLimiter, RedisRateLimiter
from service.queue import dispatch
from service.routing import LazyBuildRule
from service.storage.documents import Storage
from service.urls import API_PREFIX


def _redis_client(settings: Settings) -> Any | None:
    if settings.redis_url is None:
        return None
    import redis

    return redis.Redis.from_url(settings.redis_url)


def _limiter(settings: Settings, client: Any | None) -> RateLimiter:
    if client is not None:
        return RedisRateLimiter(client, settings.redis_prefix)
    return MemoryRateLimiter()


def _relay(settings: Settings, client: Any | None) -> dispatch.Relay:
    """Production announces due work to rq; embedded gets its in-process worker in `create_app`."""
    if client is None or settings.runs_inprocess_worker:
        return dispatch.Relay()
    from service.queue.kinds import queue_of

    return dispatch.Relay(dispatch.RqDispatcher(client, settings.redis_prefix, queue_of))


def build_runtime(settings: Settings) -> runtime.Runtime:
    revision.install()  # every session of the process bumps the register revision it writes
    engine = make_engine(settings.database_url)
    client = _redis_client(settings)
    sessions = make_session_factory(engine)
    relay = _relay(settings, client)
    dispatch.install(sessions, relay)
    return runtime.Runtime(
        settings=settings,
        engine=engine,
        sessions=sessions,
        hasher=KeyHasher(settings.encryption_key),
        secrets=SecretBox(settings.encryption_key),
        limiter=_limiter(settings, client),
        redis=client,
        authority=Authority.from_settings(settings),
        dispatcher=relay,
        storage=Storage.from_settings(settings),
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
    from service.authorities.blueprint import blp as authorities
    from service.cnpj_lookup.blueprint import blp as cnpj_lookup
    from service.companies.blueprint import blp as companies
    from service.configuration.blueprint import blp as configuration
    from service.contingency.blueprint import report_blp, settings_blp
    from service.docs import blp as docs
    from service.fiscal.blueprint import calc, rules_blp
    from service.health.blueprint import blp as health
    from service.issuance.routes import blueprint_for
    from service.nfe.voiding_blueprint import blp as inutilizacao
    from service.notify.mail.blueprint import blp as mail_preferences
    from service.notify.webhooks.blueprint import blp as webhooks
    from service.queue.blueprint import blp as solicitacoes
    from service.received.blueprint import blp as received
    from service.received.blueprint import settings_blp as received_settings
    from service.registers.blueprint import customers, drivers, products, services, vehicles
    from service.rulepacks.blueprint import packs_blp, simulations_blp
    from service.rural.blueprint import blp as rural
    from service.wallet.blueprint import blp as wallet

    families = [blueprint_for(family) for family in registry.families()]
    for blueprint in (api_keys, companies, wallet, calc, rules_blp, configuration,
                      cnpj_lookup, products, customers, services, vehicles, drivers, *families,
                      inutilizacao, rural,
                      solicitacoes, mail_preferences, authorities, settings_blp,
                      report_blp, received, received_settings, packs_blp,
                      simulations_blp):  # fmt: skip
        api.register_blueprint(blueprint, url_prefix=API_PREFIX + blueprint.url_prefix)
    api.register_blueprint(webhooks, url_prefix=API_PREFIX + webhooks.url_prefix)
    app.register_blueprint(health)
    app.register_blueprint(docs, url_prefix=API_PREFIX)


class _App(Flask):
    """Flask with URL builders compiled on first use (`service.routing`), its own static
    route's included."""

    url_rule_class = LazyBuildRule


def create_app(settings: Settings | None = None) -> Flask:
    """Build the app; `settings` defaults to the environment (embedded mode by default)."""
    settings = settings or load_settings()
    observability.configure_logging(settings.log_json)
    app = _App("service")
    app.config.update(_flask_config(settings))
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["fiscal"] = build_runtime(settings)
    app.extensions["fiscal_metrics"] = observability.install(app)
    authority_metrics.install(app.extensions["fiscal_metrics"].registry)
    contingency_metrics.install(app.extensions["fiscal_metrics"].registry)
    edge.install(app)  # the URL's length first (transport, like gunicorn's own limit); the
    # body's checks run when it is parsed, so after the guard's
    guard.install(app)  # after the request id is set, before any view parses its body
    app.teardown_appcontext(runtime.close_db)
    api = Api(app)
    _register_security(api)
    registry.load()  # the document families, before their routes, the queue and the outboxes
    _register_blueprints(app, api)
    if settings.runs_inprocess_worker:
        from service.queue.inprocess import start_inprocess_worker

        start_inprocess_worker(app)
    return app
