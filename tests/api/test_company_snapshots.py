"""The request's company from the process's row cache (`service.companies.snapshots`): read
whole once per row version, seen anew after any write, one instance per request."""

from __future__ import annotations

import pytest
import sqlalchemy
from flask import jsonify

from service.accounts.scopes import Scope
from service.auth import requires
from service.companies import snapshots
from service.companies.resolver import resolve_company
from service.db import transaction
from service.runtime import db
from tests.factories import auth, make_account, make_company


@pytest.fixture
def probe(app_factory, db_backend_name):
    if db_backend_name != "postgresql":
        pytest.skip("the row version (xmin) is PostgreSQL's; SQLite reads the entity")
    app = app_factory()

    @app.route("/probe/empresa", methods=["GET"])
    @requires(Scope.CONSULTAR)
    def probe_company():
        company = resolve_company()
        seen = {"razao_social": company.razao_social, "modulos": list(company.modulos)}
        company.modulos.append("mutated-by-this-request")  # never seen by the next request
        return jsonify(seen)

    @app.route("/probe/empresa", methods=["POST"])
    @requires(Scope.CONSULTAR)
    def probe_edit():
        company = resolve_company()
        company.razao_social = "Editada"
        db().commit()
        return jsonify(ok=True)

    rt = app.extensions["fiscal"]
    account = make_account(rt)
    company = make_company(rt, account.id, codigo="loja", modulos=["nfe"])
    return app, rt, account, company


def _whole_row_reads(rt):
    """A counter of statements that read the company's whole row (they select `razao_social`)."""
    seen = []

    def count(_conn, _cursor, statement, *_):
        if "FROM companies" in statement and "razao_social" in statement:
            seen.append(statement)

    sqlalchemy.event.listen(rt.engine, "before_cursor_execute", count)
    return seen


def test_the_row_is_read_once_per_version_and_requests_get_their_own_copy(probe):
    app, rt, account, _company = probe
    client = app.test_client()
    snapshots.ROWS.clear()
    reads = _whole_row_reads(rt)
    answers = [client.get("/probe/empresa", headers=auth(account.live)) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert {tuple(a.get_json()["modulos"]) for a in answers} == {("nfe",)}
    assert len(reads) == 1


def test_a_write_by_any_statement_is_seen_by_the_next_request(probe):
    app, rt, account, company = probe
    client = app.test_client()
    first = client.get("/probe/empresa", headers=auth(account.live)).get_json()
    assert first["razao_social"] != "Nova Razao"
    with transaction(rt.sessions) as session:  # a Core write that leaves updated_at alone
        session.execute(
            sqlalchemy.text("UPDATE companies SET razao_social = 'Nova Razao' WHERE id = :id"),
            {"id": company.id},
        )
    answer = client.get("/probe/empresa", headers=auth(account.live)).get_json()
    assert answer["razao_social"] == "Nova Razao"


def test_an_edit_through_the_resolved_company_is_written(probe):
    app, rt, account, company = probe
    client = app.test_client()
    client.get("/probe/empresa", headers=auth(account.live))  # its row version is cached
    assert client.post("/probe/empresa", headers=auth(account.live)).status_code == 200
    with transaction(rt.sessions) as session:
        stored = session.execute(
            sqlalchemy.text("SELECT razao_social FROM companies WHERE id = :id"),
            {"id": company.id},
        ).scalar_one()
    assert stored == "Editada"
    again = client.get("/probe/empresa", headers=auth(account.live)).get_json()
    assert again["razao_social"] == "Editada"


def test_a_placed_company_is_read_without_sql(app, rt):
    from service.companies import operations

    account = make_account(rt)
    placed = make_company(rt, account.id, codigo="placed")
    other = make_company(rt, account.id, codigo="other")
    statements = []
    sqlalchemy.event.listen(rt.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    with transaction(rt.sessions) as session:
        operations.place(session, placed)
        assert operations.placed_or_get(session, placed.id) is placed
        assert statements == []
        assert operations.placed_or_get(session, other.id).codigo == "other"
        assert [s for s in statements if "FROM companies" in s]  # read by primary key


def _statements(rt):
    seen: list[str] = []

    def count(_conn, _cursor, statement, *_):
        seen.append(statement)

    sqlalchemy.event.listen(rt.engine, "before_cursor_execute", count)
    return seen


@pytest.mark.parametrize(
    "query",
    ["", "?empresa=loja", "?empresa_id={id}", "?empresa_id={id}&empresa=loja"],
    ids=["only", "code", "id", "both"],
)
def test_the_key_and_the_company_are_one_statement(probe, query):
    """The request's company candidates ride on the key's lookup (`auth.Companion`): once the
    row is cached, a request reads its key and its company in one statement, whatever the
    selector (none, code, id, both)."""
    app, rt, account, company = probe
    client = app.test_client()
    path = "/probe/empresa" + query.format(id=company.id)
    assert client.get(path, headers=auth(account.live)).status_code == 200  # caches the row
    seen = _statements(rt)
    answer = client.get(path, headers=auth(account.live))
    assert answer.status_code == 200, answer.get_json()
    assert len(seen) == 1 and "FROM api_keys LEFT OUTER JOIN LATERAL" in seen[0], seen


def test_the_company_read_with_the_key_keeps_the_selection_rules(probe, app_factory):
    """Riding on the key's statement changes no answer: another account's company, an
    inactive one and an unknown code are 403; an account with two active companies and no
    selector is 422; an unknown key is 401 before anything about the company."""
    app, rt, account, _company = probe
    client = app.test_client()
    other = make_account(rt)
    make_company(rt, other.id, codigo="alheia", modulos=["nfe"])
    make_company(rt, account.id, codigo="fechada", modulos=["nfe"], ativo=False)
    for selector in ("alheia", "fechada", "nenhuma"):
        answer = client.get(f"/probe/empresa?empresa={selector}", headers=auth(account.live))
        assert answer.status_code == 403, selector
        assert answer.get_json()["error"]["code"] == "EMPRESA_NAO_AUTORIZADA"
    unknown = "fiscal_live_" + "0" * 40
    answer = client.get("/probe/empresa?empresa=alheia", headers=auth(unknown))
    assert answer.status_code == 401
    make_company(rt, account.id, codigo="segunda", modulos=["nfe"])
    answer = client.get("/probe/empresa", headers=auth(account.live))
    assert answer.status_code == 422
    assert answer.get_json()["error"]["code"] == "VALIDATION_ERROR"


def test_a_second_resolution_in_a_request_reads_again(probe):
    """The candidates read with the key are taken once: a view that resolves its company a
    second time (after editing it, say) reads the candidates anew, never an answer from
    before its own write."""
    app, rt, account, company = probe

    @app.route("/probe/duas-vezes", methods=["GET"])
    @requires(Scope.CONSULTAR)
    def probe_twice():
        first = resolve_company()
        db().commit()
        with transaction(rt.sessions) as session:
            session.execute(
                sqlalchemy.text("UPDATE companies SET razao_social = 'Outra' WHERE id = :id"),
                {"id": company.id},
            )
        db().expunge_all()
        second = resolve_company()
        return jsonify(primeira=first.razao_social, segunda=second.razao_social)

    client = app.test_client()
    answer = client.get("/probe/duas-vezes", headers=auth(account.live))
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["segunda"] == "Outra"
