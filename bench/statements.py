"""Micro-benchmark (not a test): process CPU of sending one hot statement through psycopg, the
named-placeholder way against the `$n` way `service.compiled` uses since issue 19's ninth
session. Prints a markdown table.

The statement has the acceptance's shape: an `INSERT` of every column of `fiscal_documents`
(one bound parameter each, 52) `RETURNING id, preco`, into a copy of that table without keys
or constraints, with realistic values (a signed NF-e from the corpus as `xml_assinado`, the
request and a snapshot as JSON). Both ways run on one connection in autocommit, with the same
values already processed by SQLAlchemy's bind processors, so the difference is the driver's:

- named: `cursor.execute("... %(d_id)s ...", {...})`, as SQLAlchemy's psycopg dialect sends
  a statement. psycopg parses such a query on each run to find its placeholders, and caches
  the parse only for a query under 4 KiB with at most 50 parameters.
- numbered: `psycopg.RawCursor.execute(b"... $1 ...", [...])`, the query sent as written.

A third row, `compiled.autocommitted`, is the whole path an issuance's acceptance takes (pool
checkout, bind processing, the numbered execution, the connection returned).

Then what a transaction of one small statement costs (a counter's `UPDATE ... RETURNING`, as
the claim takes a number): in a new ORM `Session` (`BEGIN`, the statement, `COMMIT`), against
`compiled.autocommitted` (the statement alone, in autocommit, on a pool checkout). Rounds
alternate the ways so that the machine's drift falls on each alike; the tables give the
median of the rounds' per-statement CPU.

    python bench/statements.py [--rounds 15] [--per-round 200] [--write FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import itertools
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
import sqlalchemy as sa  # noqa: E402
from sqlalchemy.orm import sessionmaker  # noqa: E402

from service import compiled, db  # noqa: E402
from service.issuance.models import FiscalDocument  # noqa: E402
from service.models import load_all  # noqa: E402

ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
SIGNED = ROOT.parent / "shared/corpus/nfe/erpbrasil.assinatura__tests_xml_nfe-400-assinado.xml"


def copy_table() -> sa.Table:
    """`fiscal_documents`' columns (types, server defaults) without keys or constraints."""
    load_all()  # a foreign key column's type is its target's
    columns = [
        sa.Column(c.name, c.type, primary_key=c.primary_key, server_default=c.server_default)
        for c in FiscalDocument.__table__.columns
    ]
    return sa.Table("bench_statement_documents", sa.MetaData(), *columns)


def acceptance_shaped(table: sa.Table) -> Any:
    values = {c.key: sa.bindparam(f"d_{c.key}", type_=c.type) for c in table.columns}
    return sa.insert(table).values(values).returning(table.c.id, table.c.preco)


def document_values(identifier: str) -> dict[str, Any]:
    """One attempt's row as the acceptance writes it (the values' kinds and sizes)."""
    now = dt.datetime.now(dt.UTC)
    xml = SIGNED.read_bytes() if SIGNED.exists() else b"<NFe>" + b"x" * 6000 + b"</NFe>"
    item = {"codigo": "P1", "quantidade": "1", "valor_unitario": "10.00", "ncm": "61091000"}
    return {
        "id": identifier, "order_id": "ord_" + identifier, "account_id": "acc_bench",
        "company_id": "emp_bench", "modulo": "nfe", "modelo": "55", "ambiente": "HOMOLOGACAO",
        "pedido": identifier, "serie": 1, "numero": 1234, "status": "PROCESSANDO",
        "chave": "35" + "1" * 42, "fingerprint": "f" * 64, "xml_assinado": xml,
        "digest_value": "d" * 28, "valor_total": Decimal("10.00"), "preco": Decimal("0.10"),
        "requisicao": {"pedido": identifier, "destinatario": {"codigo": "C1"}, "itens": [item]},
        "snapshot": {"itens": [{**item, "icms": {"cst": "00", "aliquota": "18.00"}}] * 3},
        "snapshot_sha256": "a" * 64, "criado_por_chave_id": "key_bench",
        "resumo": {"valor_total": "10.00", "itens": 1}, "nao_recebido_desde": None,
        "nao_recebido_consultas": 0, "created_at": now, "updated_at": now,
    }  # fmt: skip


def full_row(table: sa.Table, identifier: str) -> dict[str, Any]:
    given = document_values(identifier)
    return {f"d_{c.key}": given.get(c.key) for c in table.columns}


def cpu_per_run(run: Callable[[str], None], count: int, ids: Any) -> float:
    began = time.process_time()
    for _ in range(count):
        run(next(ids))
    return (time.process_time() - began) / count * 1e6


def measure(url: str, rounds: int, per_round: int) -> dict[str, list[float]]:
    engine = db.make_engine(url)
    table = copy_table()
    table.metadata.create_all(engine)
    statement = acceptance_shaped(table)
    dialect = engine.dialect
    plan = compiled._plan(statement, dialect)
    named = statement.compile(dialect=dialect)
    named_sql = str(named)
    order = [name for name, *_ in plan.slots]
    driver = psycopg.connect(url.replace("+psycopg", ""), autocommit=True)
    ids = (f"doc_{n}" for n in itertools.count())

    def named_way(identifier: str) -> None:
        values = plan.values(full_row(table, identifier))
        cursor = driver.cursor()
        cursor.execute(named_sql, dict(zip(order, values, strict=True)))
        cursor.fetchall()
        cursor.close()

    def numbered_way(identifier: str) -> None:
        values = plan.values(full_row(table, identifier))
        cursor = psycopg.RawCursor(driver)
        cursor.execute(plan.query, values)
        cursor.fetchall()
        cursor.close()

    def whole_path(identifier: str) -> None:
        compiled.autocommitted(engine, statement, full_row(table, identifier))

    counter = sa.Table("bench_statement_counter", table.metadata,
                       sa.Column("id", sa.Integer, primary_key=True),
                       sa.Column("proximo", sa.Integer, nullable=False))  # fmt: skip
    counter.create(engine)
    with engine.begin() as conn:
        conn.execute(counter.insert().values(id=1, proximo=1))
    take = (
        sa.update(counter)
        .where(counter.c.id == sa.bindparam("p_id"))
        .values(proximo=counter.c.proximo + 1)
        .returning(counter.c.proximo)
    )
    sessions = sessionmaker(bind=engine)

    def in_a_session(_identifier: str) -> None:
        with sessions() as session:
            compiled.run(session, take, {"p_id": 1})
            session.commit()

    def autocommitted(_identifier: str) -> None:
        compiled.autocommitted(engine, take, {"p_id": 1})

    groups = {
        "statement": {"named (`%(name)s`, psycopg parses)": named_way,
                      "numbered (`$n`, `RawCursor`)": numbered_way,
                      "`compiled.autocommitted` (whole path)": whole_path},
        "transaction": {"new `Session`: `BEGIN`, statement, `COMMIT`": in_a_session,
                        "`compiled.autocommitted`: the statement alone": autocommitted},
    }  # fmt: skip
    ways = {name: run for group in groups.values() for name, run in group.items()}
    for run in ways.values():  # warm: psycopg prepares a statement on its fifth run
        cpu_per_run(run, 20, ids)
    spent: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(rounds):
        for name, run in ways.items():
            spent[name].append(cpu_per_run(run, per_round, ids))
        with engine.begin() as conn:
            conn.execute(table.delete())
    driver.close()
    engine.dispose()
    return {group: {name: spent[name] for name in runs} for group, runs in groups.items()}


def report(spent: dict[str, dict[str, list[float]]], rounds: int, per_round: int) -> str:
    lines = [
        f"CPython {platform.python_version()}, psycopg {psycopg.__version__} "
        f"({psycopg.pq.__impl__}), SQLAlchemy {sa.__version__}; {rounds} rounds × {per_round} "
        "runs per way, all ways alternated; process CPU per run (client side).",
    ]
    titles = {"statement": "The acceptance-shaped `INSERT` (52 parameters)",
              "transaction": "A transaction of one counter `UPDATE ... RETURNING`"}  # fmt: skip
    for group, ways in spent.items():
        lines += ["", f"{titles[group]}:", "", "| way | median µs | min µs | max µs |",
                  "|---|---:|---:|---:|"]  # fmt: skip
        for name, values in ways.items():
            lines.append(f"| {name} | {statistics.median(values):.0f} | {min(values):.0f} "
                         f"| {max(values):.0f} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--per-round", type=int, default=200)
    parser.add_argument("--write", type=Path, help="also write the table here")
    args = parser.parse_args()
    from tests.backends import fresh_postgres_database

    with fresh_postgres_database() as url:
        spent = measure(url, args.rounds, args.per_round)
    text = report(spent, args.rounds, args.per_round)
    print(text)
    if args.write:
        args.write.write_text(text)


if __name__ == "__main__":
    main()
