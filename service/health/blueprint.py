"""`GET /health` checks the database and Redis; `GET /metrics` is Prometheus text."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify
from sqlalchemy import text

from service import runtime
from service.api import envelope

blp = Blueprint("health", __name__)


def _check_database() -> str:
    try:
        with runtime.current().engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception as exc:
        return f"erro: {type(exc).__name__}"
    return "ok"


def _check_redis() -> str | None:
    client = runtime.current().redis
    if client is None:
        return None
    try:
        client.ping()
    except Exception as exc:
        return f"erro: {type(exc).__name__}"
    return "ok"


@blp.get("/health")
def health() -> Any:
    checks = {"database": _check_database(), "redis": _check_redis()}
    healthy = all(v in (None, "ok") for v in checks.values())
    body = envelope(
        status="ok" if healthy else "degradado",
        modo=runtime.current().settings.mode,
        checks={k: v for k, v in checks.items() if v is not None},
    )
    body["success"] = healthy
    return jsonify(body), 200 if healthy else 503


@blp.get("/metrics")
def metrics() -> Any:
    return current_app.extensions["fiscal_metrics"].render()
