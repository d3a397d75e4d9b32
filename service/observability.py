"""Request ids, structured JSON logs with secrets scrubbed, and Prometheus metrics."""

from __future__ import annotations

import json
import logging
import re
import secrets
import time
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

SECRET_PATTERNS = (
    re.compile(r"fiscal_(live|test)_[0-9a-f]{40}"),
    re.compile(r"(?i)(bearer\s+)\S+"),
    re.compile(r'(?i)("?(senha|password|csc|arquivo_base64|secret|segredo)"?\s*[:=]\s*)"[^"]*"'),
)


SECRET_WORDS = ("senha", "password", "csc", "arquivo_base64", "secret", "segredo")
"""The names `SECRET_PATTERNS[2]` looks for (kept equal to its alternation)."""
_FOLD = str.maketrans({"\u0130": "i", "\u0131": "i"})
"""İ and ı: the only letters `re`'s case-insensitive matching takes for a letter of those names
(or of "bearer") that `str.casefold` does not fold to it (`tests/unit/service/test_scrub.py`
checks every code point)."""


def scrub(text: str) -> str:
    """Remove anything that looks like a credential from a log line. Each pattern runs only
    when the line holds what it must match (a key's prefix, "bearer", a secret's name, in any
    case): the case-insensitive search for a secret's name cost about 20 µs per line, the
    access log's line of every request."""
    if "fiscal_" in text:
        text = SECRET_PATTERNS[0].sub("fiscal_***", text)
    folded = text.translate(_FOLD).casefold()
    if "bearer" in folded:
        text = SECRET_PATTERNS[1].sub(r"\1***", text)
    if any(word in folded for word in SECRET_WORDS):
        text = SECRET_PATTERNS[2].sub(r'\1"***"', text)
    return text


_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message"}
"""Attributes every log record has; anything else on a record came from `extra=`."""


class JsonFormatter(logging.Formatter):
    """One JSON object per line, with the request id when there is one and every `extra=`
    field the call gave (a document id, a reason: what an operator searches for)."""

    FIELDS = ("request_id", "method", "path", "status", "duration_ms", "key_prefix", "route")

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update({k: getattr(record, k) for k in self.FIELDS if hasattr(record, k)})
        entry.update(
            (k, v) for k, v in vars(record).items()
            if k not in _STANDARD and k not in entry and not k.startswith("_")
        )  # fmt: skip
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return scrub(json.dumps(entry, ensure_ascii=False, default=str))


def configure_logging(json_logs: bool) -> None:
    root = logging.getLogger()
    if any(getattr(h, "_fiscal", False) for h in root.handlers):
        return
    handler = logging.StreamHandler()
    handler._fiscal = True  # type: ignore[attr-defined]
    if json_logs:
        handler.setFormatter(JsonFormatter())
    root.addHandler(handler)
    root.setLevel(logging.INFO)


class Metrics:
    """Request counters and latency histogram, one registry per app."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "fiscal_http_requests",
            "HTTP requests by route and status",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "fiscal_http_request_duration_seconds",
            "Request latency by route",
            ["method", "route"],
            registry=self.registry,
            buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
        )

    def render(self) -> Response:
        return Response(generate_latest(self.registry), mimetype=CONTENT_TYPE_LATEST)


access_log = logging.getLogger("service.access")


def _before() -> None:
    incoming = request.headers.get("X-Request-Id", "")
    g.request_id = (
        incoming
        if re.fullmatch(r"req_[0-9a-zA-Z]{8,64}", incoming)
        else ("req_" + secrets.token_hex(12))
    )
    g.started = time.perf_counter()


def _after_factory(metrics: Metrics) -> Any:
    def _after(response: Response) -> Response:
        response.headers["X-Request-Id"] = g.get("request_id", "")
        route = request.url_rule.rule if request.url_rule else "unmatched"
        elapsed = time.perf_counter() - g.get("started", time.perf_counter())
        metrics.requests.labels(request.method, route, str(response.status_code)).inc()
        metrics.latency.labels(request.method, route).observe(elapsed)
        credential = g.get("credential")
        access_log.info(
            "request",
            extra={
                "request_id": g.get("request_id"),
                "method": request.method,
                "path": request.path,
                "route": route,
                "status": response.status_code,
                "duration_ms": round(elapsed * 1000, 2),
                "key_prefix": getattr(credential, "prefix", None),
            },
        )
        return response

    return _after


def install(app: Flask) -> Metrics:
    metrics = Metrics()
    app.before_request(_before)
    app.after_request(_after_factory(metrics))
    return metrics
