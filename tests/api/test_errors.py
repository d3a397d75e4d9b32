"""Every error path comes back in the envelope with a catalogue code."""

from __future__ import annotations

from service.accounts.scopes import Scope
from service.auth import requires
from service.errors import CATALOGUE
from tests.factories import auth, make_account


def _error(response):
    body = response.get_json()
    assert body["success"] is False and body["request_id"].startswith("req_")
    return body["error"]


def test_malformed_json_is_validation_error(client, rt):
    account = make_account(rt)
    response = client.post(
        "/api/v1/api-keys",
        headers={**auth(account.live), "Content-Type": "application/json"},
        data=b'{"nome": ',
    )
    assert response.status_code == 422
    assert _error(response)["code"] == "VALIDATION_ERROR"


def test_wrong_types_name_the_fields(client, rt):
    account = make_account(rt)
    response = client.post(
        "/api/v1/api-keys", headers=auth(account.live), json={"nome": 12, "escopos": "emitir"}
    )
    error = _error(response)
    assert response.status_code == 422
    assert {e["field"] for e in error["errors"]} == {"nome", "escopos"}
    assert all(e["message"] for e in error["errors"])


def test_unknown_route_and_wrong_method(client, rt):
    account = make_account(rt)
    missing = client.get("/api/v1/nao-existe", headers=auth(account.live))
    assert missing.status_code == 404 and _error(missing)["code"] == "ROTA_NAO_ENCONTRADA"
    wrong = client.put("/api/v1/api-keys", headers=auth(account.live), json={})
    assert wrong.status_code == 405 and _error(wrong)["code"] == "METODO_NAO_PERMITIDO"
    assert "GET" in wrong.headers["Allow"]


def test_oversized_body_is_413(app_factory):
    app = app_factory(max_body_bytes=1024)
    rt = app.extensions["fiscal"]
    account = make_account(rt)
    response = app.test_client().post(
        "/api/v1/api-keys", headers=auth(account.live), json={"nome": "x" * 5000}
    )
    assert response.status_code == 413
    assert _error(response)["code"] == "CORPO_MUITO_GRANDE"


def test_invalid_query_parameters(client, rt):
    account = make_account(rt)
    response = client.get(
        "/api/v1/empresas", headers=auth(account.live), query_string={"por_pagina": 101}
    )
    assert response.status_code == 422
    assert _error(response)["errors"][0]["field"] == "por_pagina"


def test_unexpected_exception_is_500_in_the_envelope(app_factory):
    app = app_factory()
    account = make_account(app.extensions["fiscal"])

    @app.route("/boom")
    @requires(Scope.CONSULTAR)  # every non-public route declares its scopes (service.guard)
    def boom():
        raise RuntimeError("segredo fiscal_live_" + "a" * 40)

    response = app.test_client().get("/boom", headers=auth(account.live))
    assert response.status_code == 500
    error = _error(response)
    assert error["code"] == "ERRO_INTERNO" and "segredo" not in error["message"]


def test_catalogue_has_every_spec_code():
    spec_codes = {
        "VALIDATION_ERROR",
        "FISCAL_CONFIGURATION_REQUIRED",
        "CONFIG_FISCAL_INCOMPLETA",
        "SEFAZ_REJECTION",
        "SEFAZ_EVENT_REJECTION",
        "NFSE_CANCEL_REJECTION",
        "SEFAZ_UNAVAILABLE",
        "REVISAO_FISCAL_NECESSARIA",
        "IDEMPOTENCY_KEY_REUSED",
        "REQUEST_IN_PROGRESS",
        "SALDO_INSUFICIENTE",
        "RATE_LIMITED",
        "FORBIDDEN",
        "EMPRESA_NAO_AUTORIZADA",
        "EMITENTE_NAO_CONFIGURADO",
        "CARTEIRA_INDISPONIVEL",
        "DOCUMENTO_NAO_ENCONTRADO",
        "NAO_ENCONTRADO",
        "STATUS_INVALIDO",
        "XML_INDISPONIVEL",
        "DOCUMENTO_NAO_AUTORIZADO",
        "DOCUMENTO_SEM_PROTOCOLO",
        "CONDUTOR_JA_INCLUIDO",
        "REGISTRO_DUPLICADO",
        "LIMITE_EMPRESAS",
        "CNPJ_INVALIDO",
        "CNPJ_CONSULTA_INDISPONIVEL",
        "CERTIFICADO_INVALIDO",
        "CERTIFICADO_VENCIDO",
        "CERTIFICADO_DIVERGENTE",
        "NFF_NAO_DISPONIVEL",
        "MODULO_NAO_HABILITADO",
        "NAO_AUTENTICADO",
        "CONFLITO_REGRAS",
    }
    assert spec_codes <= set(CATALOGUE)
    assert CATALOGUE["SALDO_INSUFICIENTE"].status == 402
    assert CATALOGUE["RATE_LIMITED"].status == 429
