"""Real answers validate against the schemas the OpenAPI document declares for them.

The schemathesis job (`scripts/fuzz`) checks this on generated requests; these cases pin the
mismatches it found (issue 12, defect 6) on answers made on purpose.
"""

from __future__ import annotations

from typing import Any

import jsonschema

from tests.api.nfe.helpers import nfe_body, ready_to_issue
from tests.factories import auth, make_account, make_company

DOCS = "/api/v1/openapi.json"


def _plain(document: dict[str, Any], schema: Any) -> Any:
    """OpenAPI 3.0 schema -> JSON Schema: `$ref` inlined, `nullable` as a null alternative."""
    if isinstance(schema, list):
        return [_plain(document, s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return _plain(document, document["components"]["schemas"][name])
    plain = {k: _plain(document, v) for k, v in schema.items() if k != "nullable"}
    if schema.get("nullable"):
        return {"anyOf": [plain, {"type": "null"}]}
    return plain


def assert_conforms(client: Any, method: str, path: str, answer: Any) -> None:
    document = client.get(DOCS).get_json()
    operation = document["paths"][path][method]
    response = operation["responses"].get(str(answer.status_code))
    assert response is not None, f"{method} {path}: {answer.status_code} not documented"
    schema = response["content"]["application/json"]["schema"]
    jsonschema.validate(answer.get_json(), _plain(document, schema))


def test_wallet_answers_conform(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    for name in ("status", "saldo", "extrato"):
        path = f"/api/v1/financeiro/{name}"
        assert_conforms(client, "get", path, client.get(path, headers=ready.headers))


def test_validar_answers_conform_incomplete_and_ready(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    path = "/api/v1/configuracao-fiscal/validar"
    ok = client.get(path, headers=ready.headers)
    assert ok.status_code == 200
    assert_conforms(client, "get", path, ok)
    overview = "/api/v1/configuracao-fiscal"
    assert_conforms(client, "get", overview, client.get(overview, headers=ready.headers))
    account = make_account(rt)
    make_company(rt, account.id)
    incomplete = client.get(path, headers=auth(account.live))
    assert incomplete.status_code == 422
    assert "pronta_para_emitir" in incomplete.get_json()
    assert_conforms(client, "get", path, incomplete)


def test_issuer_update_answer_conforms(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    path = "/api/v1/configuracao-fiscal/emitente"
    answer = client.put(path, headers=ready.headers, json={"nome_fantasia": "Loja"})
    assert answer.status_code == 200
    assert_conforms(client, "put", path, answer)


def test_not_implemented_answers_conform(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    path = "/api/v1/fiscal/calcular"
    answer = client.post(path, headers=ready.headers, json={"documento": "NFF", "operacao": {}})
    assert answer.status_code == 501
    assert_conforms(client, "post", path, answer)
    path = "/api/v1/fiscal/solicitacoes"
    answer = client.post(path, headers=ready.headers, json={**nfe_body(), "documento": "NFF"})
    assert answer.status_code == 422
    assert_conforms(client, "post", path, answer)


def test_issued_document_and_its_list_conform(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    issued = client.post("/api/v1/nfe", headers=ready.headers, json=nfe_body())
    assert issued.status_code == 200
    assert_conforms(client, "post", "/api/v1/nfe", issued)
    listed = client.get("/api/v1/nfe", headers=ready.headers)
    assert_conforms(client, "get", "/api/v1/nfe", listed)
    one = client.get(f"/api/v1/nfe/{issued.get_json()['id']}", headers=ready.headers)
    assert_conforms(client, "get", "/api/v1/nfe/{document_id}", one)


def test_queued_task_conforms(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    path = "/api/v1/fiscal/solicitacoes"
    queued = client.post(path, headers=ready.headers, json={**nfe_body("Q-1"), "documento": "NFE"})
    assert queued.status_code == 202
    assert_conforms(client, "post", path, queued)
    task = client.get(f"{path}/{queued.get_json()['solicitacao_id']}", headers=ready.headers)
    assert_conforms(client, "get", path + "/{task_id}", task)
