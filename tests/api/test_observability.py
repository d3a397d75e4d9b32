"""Health, metrics and logs that never carry a secret."""

from __future__ import annotations

import io
import json
import logging

from service.observability import JsonFormatter
from tests.factories import auth, make_account


def test_health_reports_backends(client, backend):
    body = client.get("/health").get_json()
    assert body["success"] is True and body["checks"]["database"] == "ok"
    assert ("redis" in body["checks"]) == (backend == "postgres")


def test_metrics_count_requests_by_route_and_status(client, rt):
    account = make_account(rt)
    client.get("/api/v1/empresas", headers=auth(account.live))
    client.get("/api/v1/empresas")
    text = client.get("/metrics").get_data(as_text=True)
    assert (
        'fiscal_http_requests_total{method="GET",route="/api/v1/empresas",status="200"} 1.0' in text
    )
    assert 'route="/api/v1/empresas",status="401"' in text
    assert "fiscal_http_request_duration_seconds_bucket" in text


def test_logs_are_json_with_request_id_and_no_secrets(client, rt):
    account = make_account(rt)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        response = client.post(
            "/api/v1/api-keys",
            headers=auth(account.live),
            json={"nome": "nova", "senha": "nao-logar"},
        )
        created = client.post(
            "/api/v1/api-keys", headers=auth(account.live), json={"nome": "outra"}
        ).get_json()["chave"]
        logging.getLogger("x").info('vazou %s com senha="abc"', created)
    finally:
        root.removeHandler(handler)
    output = stream.getvalue()
    assert account.live not in output and created not in output and "nao-logar" not in output
    lines = [json.loads(line) for line in output.splitlines() if line.strip()]
    access = [entry for entry in lines if entry["logger"] == "service.access"]
    assert access and all(entry["request_id"].startswith("req_") for entry in access)
    assert response.headers["X-Request-Id"] in {entry["request_id"] for entry in access}
    assert '"abc"' not in output
