"""`GET /fiscal/autoridades` [consultar]: the authorities the caller's companies use, with the
breaker's state; filters `empresa`, `uf`, `modelo`; a test key sees homologation."""

from __future__ import annotations

from typing import Any

from flask import Flask

from documents.transmission.outcome import NotSent, NotSentReason
from service.authorities import breaker
from service.authorities.keys import AuthorityKey
from service.companies.models import Company
from service.db import transaction
from service.runtime import Runtime
from tests.factories import auth, make_account, make_company, make_key

URL = "/api/v1/fiscal/autoridades"


def _company(rt: Runtime, account_id: str, uf: str, **values: Any) -> Company:
    company = make_company(rt, account_id, modulos=values.pop("modulos", None))
    with transaction(rt.sessions) as session:
        row = session.get(Company, company.id)
        assert row is not None
        row.uf = uf
        for name, value in values.items():
            setattr(row, name, value)
    return company


def _get(client: Any, key: str, **query: str) -> tuple[int, dict[str, Any]]:
    answer = client.get(URL, headers=auth(key), query_string=query)
    return answer.status_code, answer.get_json()


def _keys(body: dict[str, Any]) -> list[tuple[str, str, str]]:
    return [(i["modelo"], i["autorizador"], i["ambiente"]) for i in body["itens"]]


def test_needs_a_key_and_the_consultar_scope(client: Any, rt: Runtime) -> None:
    assert client.get(URL).status_code == 401
    account = make_account(rt)
    _company(rt, account.id, "SP")
    narrow = make_key(rt, account.id, scopes=["emitir"])
    status, body = _get(client, narrow)
    assert status == 403 and body["error"]["code"] == "FORBIDDEN"
    status, body = _get(client, make_key(rt, account.id, scopes=["consultar"]))
    assert status == 200 and body["success"] is True


def test_lists_each_authority_of_the_companies_with_its_state(
    app: Flask, client: Any, rt: Runtime
) -> None:
    account = make_account(rt)
    sp = _company(rt, account.id, "SP", modulos=["nfe", "nfce", "mdfe"])
    _company(rt, account.id, "SC", modulos=["nfe"])
    with app.app_context():
        failed = NotSent(NotSentReason.CONNECTION_REFUSED, "refused")
        breaker.not_delivered(rt, AuthorityKey("55", "SP", "HOMOLOGACAO"), failed)
    status, body = _get(client, account.live)
    assert status == 200, body
    assert _keys(body) == [("55", "SP", "HOMOLOGACAO"), ("55", "SVRS", "HOMOLOGACAO"),
                           ("58", "SVRS", "HOMOLOGACAO"), ("65", "SP", "HOMOLOGACAO")]  # fmt: skip
    assert body["total"] == 4
    degraded, svrs = body["itens"][0], body["itens"][1]
    assert degraded["status"] == "DEGRADADA" and degraded["falhas_consecutivas"] == 1
    assert degraded["documento"] == "NFE" and degraded["empresas"] == [sp.codigo]
    assert degraded["desde"] and degraded["contingencia"] is None
    answer = degraded["ultima_resposta"]
    assert answer["causa"] == "CONNECTION_REFUSED" and answer["c_stat"] is None
    assert answer["motivo"] == "a autoridade recusou a conexão" and answer["em"]
    assert svrs["status"] == "ONLINE" and svrs["ufs"] == ["SC"]
    assert svrs["ultima_resposta"] is None and svrs["verificado_em"] is None
    assert set(svrs) == {"modelo", "documento", "autorizador", "ambiente", "status", "desde",
                         "ultima_resposta", "verificado_em", "falhas_consecutivas",
                         "contingencia", "ufs", "empresas"}  # fmt: skip


def test_filters_by_company_uf_and_model(client: Any, rt: Runtime) -> None:
    account, stranger = make_account(rt), make_account(rt)
    sp = _company(rt, account.id, "SP", modulos=["nfe", "cte"])
    rs = _company(rt, account.id, "RS", modulos=["nfe", "cte"])
    foreign = _company(rt, stranger.id, "SP")
    _, body = _get(client, account.live, empresa=rs.codigo)
    assert _keys(body) == [("55", "RS", "HOMOLOGACAO"), ("57", "RS", "HOMOLOGACAO")]
    _, body = _get(client, account.live, uf="sp")
    assert {i["autorizador"] for i in body["itens"]} == {"SP"}
    _, body = _get(client, account.live, modelo="57")
    assert _keys(body) == [("57", "RS", "HOMOLOGACAO"), ("57", "SP", "HOMOLOGACAO")]
    assert body["itens"][1]["empresas"] == [sp.codigo]
    status, body = _get(client, account.live, empresa=foreign.codigo)
    assert status == 403 and body["error"]["code"] == "EMPRESA_NAO_AUTORIZADA"
    status, body = _get(client, account.live, modelo="99")
    assert status == 422 and body["error"]["errors"][0]["field"] == "modelo"


def test_a_test_key_sees_the_homologation_authorities(client: Any, rt: Runtime) -> None:
    account = make_account(rt)
    _company(rt, account.id, "MG", modulos=["nfe"], ambiente="PRODUCAO")
    _, live = _get(client, account.live)
    _, test = _get(client, account.test)
    assert _keys(live) == [("55", "MG", "PRODUCAO")]
    assert _keys(test) == [("55", "MG", "HOMOLOGACAO")]


def test_the_route_is_in_the_openapi_document(client: Any) -> None:
    spec = client.get("/api/v1/openapi.json").get_json()
    operation = spec["paths"]["/api/v1/fiscal/autoridades"]["get"]
    names = {p["name"] for p in operation["parameters"]}
    assert {"empresa", "empresa_id", "uf", "modelo"} <= names
    assert "200" in operation["responses"] and "403" in operation["responses"]
