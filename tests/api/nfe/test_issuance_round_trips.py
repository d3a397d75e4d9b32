"""Issue 19: a new order is claimed without being looked up first, and a replay is still
answered as it was.

The claim's statement refuses an order that exists and one whose queued request has no
document yet; only a request that claims nothing reads why. So a warm issuance of a new order
sends at most six statements on PostgreSQL (auth, company, claim, the document with its
order's attachment and the hold, the answer's conditional update (which takes the row lock)
and the debit), and none of them reads `orders`.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from lxml import etree
from sqlalchemy import text
from sqlalchemy.orm.attributes import set_committed_value

from documents.transmission.outcome import Authorized
from service.db import transaction
from service.issuance import outcome
from service.issuance.models import DocumentStatus, FiscalDocument
from service.wallet.operations import available, reserved
from tests.api.nfe.helpers import (
    attached_meanwhile,
    attempts_of,
    balance_held,
    count_rows,
    ledger,
    nfe_body,
    ready_to_issue,
)
from tests.api.nfe.test_register_caches import (
    _hooked_app,
    closed_port,
    issue,
    statements,
    tables_of,
)
from tests.stored import authorized_of

API = "/api/v1"
NFE_NS = "http://www.portalfiscal.inf.br/nfe"


def test_a_new_order_is_not_looked_up_before_its_claim(client, rt, sim, backend):
    ready = ready_to_issue(client, rt, sim)
    frio = issue(client, ready, "FRIO")
    with statements(rt) as sql:
        novo = issue(client, ready, "NOVO")
    reads = [s for s in sql if s.lstrip().upper().startswith("SELECT")]
    assert not any("FROM orders" in s for s in reads), reads
    if backend == "postgres":
        assert len(sql) <= 6, sql
        assert tables_of(sql)["fiscal_tasks"] == 1  # inside the claim's statement
    with transaction(rt.sessions) as session:  # the debit, written with the authorization
        entries = session.execute(
            text("SELECT id, documento_id, valor, saldo_anterior, saldo_posterior "
                 "FROM ledger_entries WHERE tipo = 'DEBITO_EMISSAO' ORDER BY data")
        ).all()  # fmt: skip
        held = reserved(session, ready.account_id)
    assert [e.documento_id for e in entries] == [frio["id"], novo["id"]]
    assert all(e.id.startswith("mov_") for e in entries), entries
    assert all(-Decimal(str(e.valor)) > 0 and e.saldo_posterior is None for e in entries), (
        entries
    )  # fmt: skip  (balances: the settlement's)
    assert held == 0


def test_a_replay_is_answered_even_when_the_request_would_now_fail(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    first = issue(client, ready, "PED-R")
    product = client.get(API + "/produtos?codigo=P1", headers=ready.headers).get_json()
    product_id = product["itens"][0]["id"]
    deleted = client.delete(f"{API}/produtos/{product_id}", headers=ready.headers)
    assert deleted.status_code == 200, deleted.get_json()
    again = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-R"))
    assert again.status_code == 200, again.get_json()
    assert again.headers.get("Idempotent-Replay") == "true"
    assert again.get_json()["id"] == first["id"]
    new = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-NOVO"))
    assert new.status_code == 422, new.get_json()


def test_an_answer_for_an_attempt_changed_meanwhile_is_decided_under_the_lock(client, rt, sim):
    """The authorization's conditional update writes only the attempt as it was committed
    (PROCESSANDO); a row another request resolved meanwhile is locked and decided instead:
    nothing rewritten, nothing debited twice."""
    ready = ready_to_issue(client, rt, sim)
    issued = issue(client, ready, "PED-STALE")
    with transaction(rt.sessions) as session:
        stale = session.get(FiscalDocument, issued["id"])
    assert stale is not None and stale.xml_protocolo is not None
    authorized_at, protocol = stale.autorizado_em, stale.protocolo
    set_committed_value(stale, "status", DocumentStatus.PROCESSANDO)  # as accepted, before
    authorized = authorized_of(client.application, issued["id"])
    proto = etree.tostring(etree.fromstring(authorized).find(f"{{{NFE_NS}}}protNFe"))
    answer = Authorized(proto, "999999999999999", None, "100", "Autorizado", "x", b"")
    with client.application.app_context():  # as a request or the worker records it
        recorded = outcome.record(rt.sessions, stale, answer)
    assert recorded.status == DocumentStatus.AUTORIZADA
    assert (recorded.autorizado_em, recorded.protocolo) == (authorized_at, protocol)
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert len(debits) == 1


def test_an_order_attached_meanwhile_leaves_no_row_of_the_statement(client, rt, sim, backend):
    """PostgreSQL writes a new order's document, its attachment and the hold in one statement;
    when a concurrent request attached another attempt between the claim and that statement,
    the whole transaction rolls back: no document row, nothing held."""
    if backend != "postgres":
        pytest.skip("one statement on PostgreSQL only")
    ready = ready_to_issue(client, rt, sim)
    other = issue(client, ready, "PED-OUTRO")
    with attached_meanwhile(rt, "PED-CORRIDA", other["id"]):
        answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-CORRIDA"))
    assert answer.get_json()["id"] == other["id"]  # decided again, under the order's lock
    assert attempts_of(rt, "PED-CORRIDA") == 0
    assert balance_held(rt, ready.account_id) == 0
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert len(debits) == 1


def test_a_balance_spent_after_the_claim_does_not_refuse_the_order(client, rt, sim, backend):
    """The claim held the order's price with its number (`Order.reservado`): a balance spent
    between the claim and the acceptance cannot refuse it any more (before, that 402 left the
    order with a number no document used). PostgreSQL's hot acceptance, one autocommitted
    statement, touches no slice and hands the claim's hold to the document."""
    if backend != "postgres":
        pytest.skip("one statement on PostgreSQL only")
    from service.issuance import acceptance

    ready = ready_to_issue(client, rt, sim)
    real, forms = acceptance._insert_attach_and_hold_statement, []

    def spent_meanwhile(hold: bool, autocommit: bool = False) -> object:
        forms.append((hold, autocommit))
        with transaction(rt.sessions) as session:  # 16 slices of 0.01: less than one price
            session.execute(text("UPDATE wallet_slices SET disponivel = 0.01"))
        return real(hold, autocommit)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(acceptance, "_insert_attach_and_hold_statement", spent_meanwhile)
        answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-GASTO"))
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "AUTORIZADA"
    assert forms == [(False, True)]  # no hold in it, autocommitted
    assert attempts_of(rt, "PED-GASTO") == 1
    with transaction(rt.sessions) as session:  # nothing more was taken from the slices
        assert available(session, ready.account_id) == Decimal("0.16")


def test_the_hot_path_sends_no_begin_and_no_commit(client, rt, sim, backend):
    """PostgreSQL: a warm new order's key and company are read by one statement outside any
    transaction, and its claim, its acceptance and its answer are each one statement,
    autocommitted (three transactions per issuance as before, none with `BEGIN` and `COMMIT`
    of its own); an unlimited account's document is stored at 0.00 by the acceptance's
    statement."""
    if backend != "postgres":
        pytest.skip("autocommit on PostgreSQL only")
    import sqlalchemy as sa

    from service import compiled

    seen: list[tuple[str, bool]] = []

    def statement(_c: object, _cur: object, sql: str, _p: object, context: object, *_: object):
        seen.append((sql.split()[0], context is compiled.AUTOCOMMITTED))

    def commit(_conn: object) -> None:
        seen.append(("COMMIT", False))

    for unlimited in (False, True):
        ready = ready_to_issue(client, rt, sim, credits="10.00", unlimited=unlimited)
        issue(client, ready, "AQUECE")
        seen.clear()
        sa.event.listen(rt.engine, "before_cursor_execute", statement)
        sa.event.listen(rt.engine, "commit", commit)
        try:
            issued = issue(client, ready, f"QUENTE-{unlimited}")
        finally:
            sa.event.remove(rt.engine, "before_cursor_execute", statement)
            sa.event.remove(rt.engine, "commit", commit)
        assert seen == [
            ("SELECT", True),  # the key and the company, one statement outside a transaction
            ("WITH", True),  # the claim (counter and order), its own transaction
            ("WITH", True),  # the acceptance (document, attachment, hold), its own
            ("UPDATE" if unlimited else "WITH", True),  # the answer (and the debit), its own
        ], seen  # fmt: skip
        with transaction(rt.sessions) as session:
            stored = session.get(FiscalDocument, issued["id"])
            assert stored is not None
            assert stored.preco == (Decimal("0.00") if unlimited else Decimal("0.20"))


def test_a_claim_that_writes_no_order_takes_no_number(client, rt, sim, backend):
    """PostgreSQL claims a new order with one autocommitted statement that aborts, counter
    increment and all, unless the order row was written. A short balance, an existing order
    and an exhausted series each abort it; the claim's transaction then tells why (402, the
    replay, the series), and the next new order gets the next number: none is skipped."""
    if backend != "postgres":
        pytest.skip("autocommit on PostgreSQL only")
    import sqlalchemy as sa

    from service import compiled
    from service.issuance import numbering

    ready = ready_to_issue(client, rt, sim)
    first = issue(client, ready, "PED-1")
    claims: list[bool] = []

    def statement(_c: object, _cur: object, sql: str, _p: object, context: object, *_: object):
        if "number_sequences" in sql and "INSERT INTO orders" in sql:
            claims.append(context is compiled.AUTOCOMMITTED)

    def counter() -> int:
        with transaction(rt.sessions) as session:
            return int(session.execute(text("SELECT proximo FROM number_sequences")).scalar_one())

    sa.event.listen(rt.engine, "before_cursor_execute", statement)
    try:
        with transaction(rt.sessions) as session:
            spendable = session.execute(text("SELECT fatia, disponivel FROM wallet_slices")).all()
            session.execute(text("UPDATE wallet_slices SET disponivel = 0.01"))
        short = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-2"))
        assert short.status_code == 402, short.get_json()
        assert claims == [True], claims  # aborted in autocommit; the general form decided
        with transaction(rt.sessions) as session:
            for fatia, disponivel in spendable:
                session.execute(text("UPDATE wallet_slices SET disponivel = :d WHERE fatia = :f"),
                                {"d": disponivel, "f": fatia})  # fmt: skip
        assert issue(client, ready, "PED-1")["id"] == first["id"]  # an existing order: replay
        before = counter()
        with transaction(rt.sessions) as session:
            session.execute(text("UPDATE number_sequences SET proximo = :n"),
                            {"n": numbering.MAX_NUMBER + 1})  # fmt: skip
        exhausted = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-3"))
        assert exhausted.status_code == 422, exhausted.get_json()  # was a 500
        error = exhausted.get_json()["error"]
        assert error["code"] == "CONFIG_FISCAL_INCOMPLETA"
        assert "Série 1 do modelo 55 esgotada" in error["message"], error
        assert counter() == numbering.MAX_NUMBER + 1  # the aborted claim took nothing
        with transaction(rt.sessions) as session:
            session.execute(text("UPDATE number_sequences SET proximo = :n"), {"n": before})
    finally:
        sa.event.remove(rt.engine, "before_cursor_execute", statement)
    with transaction(rt.sessions) as session:
        orders = session.execute(text("SELECT pedido FROM orders ORDER BY pedido")).scalars()
        assert list(orders) == ["PED-1"]  # neither the short nor the exhausted one
    assert issue(client, ready, "PED-4")["numero"] == first["numero"] + 1


def test_an_answer_that_announces_is_written_with_its_outbox_rows(app_factory, sim, backend):
    """The answer is autocommitted only when it announces nothing; with a webhook
    subscription that wants it, the authorization, the debit and the event's outbox rows are
    one transaction, as before."""
    if backend != "postgres":
        pytest.skip("autocommit on PostgreSQL only")
    import sqlalchemy as sa

    from service import compiled
    from service.notify.webhooks.models import WebhookDelivery
    from tests.api.webhooks.helpers import subscribe

    app = _hooked_app(app_factory, sim)
    client, rt = app.test_client(), app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "AQUECE")
    url = f"https://localhost:{closed_port()}/hook"
    subscribe(client, ready.headers, url, eventos=["nfe.authorized"])
    seen: list[tuple[str, bool]] = []

    def statement(_c: object, _cur: object, sql: str, _p: object, context: object, *_: object):
        seen.append((sql.split()[0], context is compiled.AUTOCOMMITTED))

    sa.event.listen(rt.engine, "before_cursor_execute", statement)
    try:
        issue(client, ready, "ANUNCIA")
    finally:
        sa.event.remove(rt.engine, "before_cursor_execute", statement)
    assert ("WITH", False) in seen and seen[-1] != ("WITH", True), seen  # in a transaction
    assert count_rows(rt, WebhookDelivery) == 1


def test_an_answer_is_debited_whatever_happened_to_the_credit_meanwhile(client, rt, sim):
    """The hold took the price from the credit slices at acceptance; the answer's debit is one
    ledger entry and moves nothing, so credit spent meanwhile by other requests (here: every
    slice drained) cannot make an answer the authority gave fail or go unrecorded."""
    ready = ready_to_issue(client, rt, sim)
    real = outcome.send

    def drained(*args: object) -> object:
        with transaction(rt.sessions) as session:
            session.execute(text("UPDATE wallet_slices SET disponivel = 0"))
        return real(*args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(outcome, "send", drained)
        answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-SECO"))
    assert answer.status_code == 200, answer.get_json()
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert [e[2] for e in debits] == [answer.get_json()["id"]]
    assert balance_held(rt, ready.account_id) == Decimal("100.00") - Decimal("0.20")


def test_a_first_issuance_opens_the_pkcs12_outside_the_requests_transaction(
    client, rt, sim, monkeypatch
):
    """A process's first issuance for a certificate reads it in the request's session, then
    ends that read-only transaction before decrypting and opening the PKCS#12 (tens of ms):
    PostgreSQL saw those sessions idle in a transaction at 64 clients; SQLite's write lock
    was held meanwhile. The issuance goes on as usual."""
    from service import runtime
    from service.db import holds_connection
    from service.issuance import credentials

    ready = ready_to_issue(client, rt, sim)
    opened: list[bool] = []
    real = credentials.load_pkcs12

    def opening(data: bytes, password: str):
        opened.append(holds_connection(runtime.db()))
        return real(data, password)

    monkeypatch.setattr(credentials, "load_pkcs12", opening)
    issued = issue(client, ready, "PRIMEIRA")
    assert opened == [False]
    assert issued["status"] == "AUTORIZADA"
