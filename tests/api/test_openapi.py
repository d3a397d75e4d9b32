"""The OpenAPI document validates and the docs page needs no CDN."""

from __future__ import annotations

from openapi_spec_validator import validate


def test_openapi_document_validates(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    document = response.get_json()
    validate(document)
    assert "/api/v1/api-keys" in document["paths"]
    assert "bearerAuth" in document["components"]["securitySchemes"]


def test_docs_page_serves_local_assets(client):
    page = client.get("/api/v1/docs")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "http" not in html.split("<body>")[0].replace("http-equiv", "")
    asset = client.get("/api/v1/docs/assets/swagger-ui-bundle.js")
    assert asset.status_code == 200 and len(asset.data) > 100_000


def _document(client):
    document = client.get("/api/v1/openapi.json").get_json()
    validate(document)
    return document


def _operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method != "parameters":
                yield f"{method.upper()} {path}", path, operation


def _resolve(document, schema):
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema = document["components"]["schemas"][name]
    return schema


def _success(operation):
    return {s: r for s, r in operation["responses"].items() if s.startswith("2")}


def test_every_operation_documents_its_success_schema_and_its_errors(client):
    document = _document(client)
    for label, _path, operation in _operations(document):
        successes = _success(operation)
        assert successes, label
        for status, response in successes.items():
            content = response.get("content", {})
            assert content, f"{label} {status} has no content"
            json_schema = content.get("application/json", {}).get("schema")
            alternatives = (json_schema or {}).get("oneOf", [json_schema] if json_schema else [])
            for alternative in alternatives:
                properties = _resolve(document, alternative).get("properties", {})
                assert {"success", "request_id"} <= set(properties), f"{label} {status}"
        assert {"401", "403", "429"} <= set(operation["responses"]), label
        if "requestBody" in operation:
            assert "422" in operation["responses"], label


def test_every_operation_has_an_example(client):
    document = _document(client)
    for label, _path, operation in _operations(document):
        body = operation.get("requestBody", {}).get("content", {})
        if body:
            assert any("example" in c or "examples" in c for c in body.values()), label
        examples = [
            c for r in operation["responses"].values() for c in r.get("content", {}).values()
            if "example" in c or "examples" in c
        ]  # fmt: skip
        assert examples, f"{label}: no answer example"


def test_error_envelope_admits_the_members_errors_carry(client):
    document = _document(client)
    envelope = document["components"]["schemas"]["ErrorEnvelope"]
    assert envelope.get("additionalProperties") is not False
    for member in ("ready_to_issue", "documento", "pronta_para_emitir"):
        assert member in envelope["properties"]


def test_money_of_the_wallet_is_a_decimal_string(client):
    document = _document(client)
    for name in ("EnvelopeWalletStatus", "EnvelopeBalance", "LedgerEntry"):
        schema = document["components"]["schemas"][name]
        for member in ("saldo", "saldo_reservado", "alerta_saldo", "valor", "saldo_anterior"):
            if member in schema["properties"]:
                assert schema["properties"][member]["type"] == "string", (name, member)
    precos = document["components"]["schemas"]["EnvelopeWalletStatus"]["properties"]["precos"]
    assert precos["additionalProperties"]["type"] == "string"


def test_nfe_issue_documents_202_and_its_errors_and_the_oneofs(client):
    document = _document(client)
    operation = document["paths"]["/api/v1/nfe"]["post"]
    assert {"200", "202", "402", "409", "422"} <= set(operation["responses"])
    request = _resolve(document, operation["requestBody"]["content"]["application/json"]["schema"])
    for member in ("cliente", "pagamento"):
        assert "oneOf" in request["properties"][member], member
    body = operation["requestBody"]["content"]["application/json"]["example"]
    assert body["cliente"] == "C001" and body["itens"][0]["codigo"] == "P001"


def test_certificate_upload_documents_json_and_multipart(client):
    document = _document(client)
    content = document["paths"]["/api/v1/configuracao-fiscal/certificado"]["post"]["requestBody"][
        "content"
    ]
    assert {"application/json", "multipart/form-data"} <= set(content)


def test_validar_documents_the_overview(client):
    document = _document(client)
    answer = document["paths"]["/api/v1/configuracao-fiscal/validar"]["get"]["responses"]["200"]
    schema = _resolve(document, answer["content"]["application/json"]["schema"])
    for member in ("pronta_para_emitir", "etapas", "pendencias", "emitente", "certificado"):
        assert member in schema["properties"], member


ANY_VALUE = {"AuditEntry.valor_anterior", "AuditEntry.valor_novo"}  # audited values: any JSON


def test_no_member_is_typed_as_anything(client):
    """`{}` tells a client nothing (cliente and pagamento were; issue 12)."""
    document = _document(client)
    typing = {"type", "enum", "oneOf", "anyOf", "allOf", "$ref"}
    untyped = [
        f"{name}.{member}"
        for name, schema in document["components"]["schemas"].items()
        for member, prop in schema.get("properties", {}).items()
        if not typing & set(prop)
    ]
    assert set(untyped) == ANY_VALUE


def _counting_documentation(monkeypatch):
    """Counts the blueprints written into the OpenAPI document (`register_views_in_doc`)."""
    from flask_smorest import Blueprint

    written = []
    original = Blueprint.register_views_in_doc

    def counted(self, *args, **kwargs):
        written.append(kwargs["name"])
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Blueprint, "register_views_in_doc", counted)
    return written


def _documented_blueprints(app):
    return app.extensions["flask-smorest"]["blp_name_to_api"]


def _api_paths(app):
    """Every route of a documented blueprint, as OpenAPI writes its path."""
    import re

    names = _documented_blueprints(app)
    return {
        re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for rule in app.url_map.iter_rules()
        if rule.endpoint.split(".", 1)[0] in names
    }


def test_building_the_app_leaves_the_documentation_for_its_first_read(app_factory, monkeypatch):
    written = _counting_documentation(monkeypatch)
    app = app_factory()
    assert written == []  # no route documented yet: building the app skips that work
    document = _document(app.test_client())
    assert sorted(written) == sorted(_documented_blueprints(app))
    assert _api_paths(app) <= set(document["paths"])
    _document(app.test_client())
    assert len(written) == len(_documented_blueprints(app))  # written once


def test_concurrent_first_reads_all_get_the_whole_document(app_factory, monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    written = _counting_documentation(monkeypatch)
    app = app_factory()
    api = app.extensions["flask-smorest"]["apis"][""]["ext_obj"]
    with ThreadPoolExecutor(8) as pool:
        documents = list(pool.map(lambda _: set(api.spec.to_dict()["paths"]), range(8)))
    assert len(written) == len(_documented_blueprints(app))
    assert all(paths == documents[0] for paths in documents)
    assert _api_paths(app) <= documents[0]
