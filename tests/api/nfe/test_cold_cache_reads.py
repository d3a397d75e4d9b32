"""Issue 41: a request whose per-process caches miss reads what they need in transactions that
end with the reads, so no transaction stays open while Python works.

`bench/api.py` sampled PostgreSQL backends idle in a transaction at 16 and 64 clients, after
`SELECT ... FROM rule_packs`, `certificates`, `tax_rules`, `customers`: a cold process's
cache read began the request session's transaction, which stayed open while the rule set
compiled and until the claim committed it. PostgreSQL only: on SQLite a request's key and
company are read in its session's transaction (no read is autocommitted there), which the
claim ends as before.
"""

from __future__ import annotations

from typing import Any

import pytest

from service import runtime
from service.db import holds_connection
from service.fiscal import rules
from service.issuance import acceptance
from service.registers.models import Product
from tests.api.nfe.helpers import ready_to_issue
from tests.api.nfe.test_register_caches import issue, row_id, tables_of

API = "/api/v1"


@pytest.fixture(autouse=True)
def _postgres_only(backend: str) -> None:
    if backend != "postgres":
        pytest.skip("reads outside a transaction on PostgreSQL only")


def test_a_cold_rule_set_compiles_with_no_transaction_of_the_request_open(
    client, rt, sim, monkeypatch
):
    """The company's rules and platform packs are read, the read's transaction ends, then the
    set compiles (the registers read before it ended theirs too)."""
    ready = ready_to_issue(client, rt, sim)
    compiled_while: list[bool] = []
    real = rules.RuleSet

    def watched(*args: Any, **kwargs: Any) -> Any:
        compiled_while.append(holds_connection(runtime.db()))
        return real(*args, **kwargs)

    monkeypatch.setattr(rules, "RuleSet", watched)
    issued = issue(client, ready, "FRIA")
    assert issued["status"] == "AUTORIZADA"
    assert compiled_while and not any(compiled_while), compiled_while


def test_an_issuance_after_a_register_edit_claims_with_no_read_left_open(
    client, rt, sim, monkeypatch
):
    """A product edit bumps the company's revision: the next issuance reads its product,
    customer, nature and certificate reference again (its PKCS#12 is still open in the
    process), each in a transaction of its own, and reaches its claim holding none."""
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "AQUECE")
    edited = client.put(
        f"{API}/produtos/{row_id(rt, Product, ready, 'P1')}",
        headers=ready.headers,
        json={"preco": "12.50"},
    )
    assert edited.status_code == 200, edited.get_json()
    claimed_while: list[bool] = []
    real = acceptance.claim_committed

    def watched(*args: Any, **kwargs: Any) -> Any:
        within = kwargs.get("within")
        claimed_while.append(within is not None and holds_connection(within))
        return real(*args, **kwargs)

    monkeypatch.setattr(acceptance, "claim_committed", watched)
    issued = issue(client, ready, "DEPOIS-DA-EDICAO")
    assert issued["status"] == "AUTORIZADA"
    assert claimed_while == [False]


def test_cold_reads_are_autocommitted(client, rt, sim):
    """PostgreSQL: each cold read is a transaction of its own on a connection in autocommit,
    so no `BEGIN` waits, with the transaction open, for the thread's turn on its process's
    GIL to send the read."""
    import sqlalchemy as sa

    ready = ready_to_issue(client, rt, sim)
    cached = ("products", "customers", "natures", "certificates", "rule_packs", "tax_rules")
    seen: dict[str, set[bool]] = {}

    def statement(conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        for table in tables_of([sql]):
            if table in cached and sql.lstrip().upper().startswith("SELECT"):
                driver = conn.connection.dbapi_connection if conn is not None else None
                seen.setdefault(table, set()).add(driver is None or driver.autocommit)

    sa.event.listen(rt.engine, "before_cursor_execute", statement)
    try:
        issue(client, ready, "FRIA")
    finally:
        sa.event.remove(rt.engine, "before_cursor_execute", statement)
    assert set(seen) >= {"products", "customers", "certificates", "rule_packs"}, seen
    assert all(modes == {True} for modes in seen.values()), seen
