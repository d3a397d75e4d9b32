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
