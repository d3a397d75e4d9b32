"""Company selection rules (spec, "Cross-cutting request rules"), with two accounts of two
companies each. The probe routes call the one resolver every resource uses."""

from __future__ import annotations

import pytest
from flask import jsonify

from service.accounts.scopes import Scope
from service.audit import operations as audit
from service.audit.models import AuditEntry
from service.auth import current_credential, requires
from service.companies.models import Module
from service.companies.resolver import effective_environment, owned_or_404, resolve_company
from service.db import transaction
from service.runtime import db
from tests.factories import auth, make_account, make_company


@pytest.fixture
def probe_app(app_factory):
    app = app_factory()

    @app.route("/probe/nfse", methods=["GET", "POST"])
    @requires(Scope.CONSULTAR)
    def probe_nfse():
        company = resolve_company(Module.NFSE)
        return jsonify(empresa=company.id, ambiente=effective_environment(company).value)

    @app.route("/probe/any", methods=["GET", "POST"])
    @requires(Scope.CONSULTAR)
    def probe_any():
        return jsonify(empresa=resolve_company().id, conta=current_credential().account_id)

    @app.route("/probe/registro/<entry_id>")
    @requires(Scope.CONSULTAR)
    def probe_record(entry_id):
        company = resolve_company()
        entry = owned_or_404(db().get(AuditEntry, entry_id), company)
        return jsonify(id=entry.id)

    return app


@pytest.fixture
def world(probe_app):
    rt = probe_app.extensions["fiscal"]
    a, b = make_account(rt), make_account(rt)
    companies = {
        "a1": make_company(rt, a.id, codigo="a1", modulos=["nfe", "nfse"]),
        "a2": make_company(rt, a.id, codigo="a2", modulos=["nfe"]),
        "b1": make_company(rt, b.id, codigo="b1", modulos=["nfe", "nfse"]),
        "b2": make_company(rt, b.id, codigo="b2", modulos=["nfe"], ativo=False),
    }
    return rt, a, b, companies


def _code(response):
    return response.get_json()["error"]["code"]


def test_selects_by_id_or_code_in_query_or_body(probe_app, world):
    _rt, a, _b, c = world
    client = probe_app.test_client()
    for kwargs in (
        {"query_string": {"empresa_id": c["a1"].id}},
        {"query_string": {"empresa": "a1"}},
        {"json": {"empresa": "a1"}, "method": "POST"},
        {"json": {"empresa_id": c["a1"].id}, "method": "POST"},
    ):
        method = kwargs.pop("method", "GET")
        response = client.open("/probe/nfse", method=method, headers=auth(a.live), **kwargs)
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["empresa"] == c["a1"].id


def test_other_account_unknown_or_inactive_company_is_403(probe_app, world):
    _rt, a, b, c = world
    client = probe_app.test_client()
    cases = [
        (a, {"empresa_id": c["b1"].id}),
        (a, {"empresa": "b1"}),
        (a, {"empresa": "nada"}),
        (b, {"empresa": "b2"}),
        (b, {"empresa_id": c["a2"].id}),
    ]
    for who, query in cases:
        response = client.get("/probe/any", headers=auth(who.live), query_string=query)
        assert response.status_code == 403
        assert _code(response) == "EMPRESA_NAO_AUTORIZADA"


def test_module_not_enabled_is_403(probe_app, world):
    _rt, a, _b, _c = world
    response = probe_app.test_client().get(
        "/probe/nfse", headers=auth(a.live), query_string={"empresa": "a2"}
    )
    assert response.status_code == 403
    assert _code(response) == "MODULO_NAO_HABILITADO"


def test_selection_optional_with_exactly_one_active_company(probe_app, world):
    _rt, a, b, c = world
    client = probe_app.test_client()
    only = client.get("/probe/any", headers=auth(b.live))
    assert only.status_code == 200 and only.get_json()["empresa"] == c["b1"].id
    several = client.get("/probe/any", headers=auth(a.live))
    assert several.status_code == 422
    assert several.get_json()["error"]["errors"][0]["field"] == "empresa"


def test_record_of_another_company_is_404(probe_app, world):
    rt, a, _b, c = world
    with transaction(rt.sessions) as session:
        entry = audit.record(
            session,
            account_id=a.id,
            acao="CRIAR",
            entidade="natureza",
            registro_id="x",
            company_id=c["a2"].id,
        )
        entry_id = entry.id
    client = probe_app.test_client()
    own = client.get(
        f"/probe/registro/{entry_id}", headers=auth(a.live), query_string={"empresa": "a2"}
    )
    assert own.status_code == 200
    other = client.get(
        f"/probe/registro/{entry_id}", headers=auth(a.live), query_string={"empresa": "a1"}
    )
    assert other.status_code == 404 and _code(other) == "NAO_ENCONTRADO"


def test_test_key_always_works_in_homologation(probe_app, world):
    rt, a, _b, c = world
    from service.companies.models import Company

    with transaction(rt.sessions) as session:
        session.get(Company, c["a1"].id).ambiente = "PRODUCAO"
    client = probe_app.test_client()
    live = client.get("/probe/nfse", headers=auth(a.live), query_string={"empresa": "a1"})
    test = client.get("/probe/nfse", headers=auth(a.test), query_string={"empresa": "a1"})
    assert live.get_json()["ambiente"] == "PRODUCAO"
    assert test.get_json()["ambiente"] == "HOMOLOGACAO"


def test_company_listing_shows_only_own_companies(probe_app, world):
    _rt, a, _b, c = world
    body = probe_app.test_client().get("/api/v1/empresas", headers=auth(a.live)).get_json()
    assert body["total"] == 2
    assert {item["codigo"] for item in body["itens"]} == {"a1", "a2"}
    other = probe_app.test_client().get(f"/api/v1/empresas/{c['b1'].id}", headers=auth(a.live))
    assert other.status_code == 403
