"""Micro-benchmark (not a test): client-side process CPU of the driver path of issue 19's hot
statements, and of one statement's transaction in its two forms. Prints markdown tables.

1. The acceptance's own statement (`acceptance._insert_attach_and_hold_statement`, the form
   an issuance autocommits: the document's row and the order's attachment, which takes the
   claim's hold over; 52 bound parameters), on a migrated database, with realistic values (a
   signed NF-e from the corpus as `xml_dados`, the request and a snapshot as JSON). The
   database's foreign-key triggers are off for the benchmark's connections
   (`session_replication_role = replica`), so no account or company is needed; one order row
   per run is inserted before each round.
   Each way runs on one connection in autocommit, with the values already processed by
   SQLAlchemy's bind processors, so the difference is the driver's:
   - named: `cursor.execute("... %(d_id)s ...", {...})`, as SQLAlchemy's psycopg dialect
     sends a statement. psycopg parses such a query on each run to find its placeholders,
     and caches the parse only for a query under 4 KiB with at most 50 parameters;
   - numbered: `psycopg.RawCursor.execute(b"... $1 ...", [...])`, the query sent as written
     (what `service.compiled` does since 3c7097b, 2026-11-25);
   - `compiled.autocommitted`: the whole path an issuance's acceptance takes (pool checkout,
     bind processing, the numbered execution, the connection returned).
2. A transaction of one small statement (a counter's `UPDATE ... RETURNING`, as the claim
   takes a number): in a new ORM `Session` (`BEGIN`, the statement, `COMMIT`), against
   `compiled.autocommitted` (the statement alone, in autocommit, on a pool checkout).

Rounds alternate all the ways, so that the machine's drift falls on each alike; the tables
give the median, min and max of the rounds' per-run CPU.

    python bench/statements.py [--rounds 15] [--per-round 200] [--quick] [--write FILE]

`--quick` (CI, `scripts/bench-quick`): `--rounds 3 --per-round 50` unless given.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
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
from service.db import column_defaults  # noqa: E402
from service.issuance import acceptance  # noqa: E402
from service.issuance.models import FiscalDocument  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from service.storage import codec  # noqa: E402
from service.wallet.operations import SLICES  # noqa: E402

ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
SIGNED = ROOT.parent / "shared/corpus/nfe/erpbrasil.assinatura__tests_xml_nfe-400-assinado.xml"


ACCOUNT = "acc_bench"


def document_values(identifier: str, numero: int) -> dict[str, Any]:
    """One attempt's row as the acceptance writes it (the values' kinds and sizes)."""
    now = dt.datetime.now(dt.UTC)
    xml = SIGNED.read_bytes() if SIGNED.exists() else b"<NFe>" + b"x" * 6000 + b"</NFe>"
    item = {"codigo": "P1", "quantidade": "1", "valor_unitario": "10.00", "ncm": "61091000"}
    return {
        "id": "doc_" + identifier, "order_id": "ord_" + identifier, "account_id": ACCOUNT,
        "company_id": "emp_bench", "modulo": "nfe", "modelo": "55", "ambiente": "HOMOLOGACAO",
        "pedido": identifier, "serie": 1, "numero": numero, "status": "PROCESSANDO",
        "chave": f"35{numero:042d}", "fingerprint": "f" * 64, "xml_dados": codec.pack(xml),
        "xml_sha256": hashlib.sha256(xml).hexdigest(), "xml_tamanho": len(xml),
        "digest_value": "d" * 28, "valor_total": Decimal("10.00"), "preco": Decimal("0.10"),
        "requisicao": {"pedido": identifier, "cliente": {"codigo": "C1"}, "itens": [item]},
        "snapshot": {"itens": [{**item, "icms": {"cst": "00", "aliquota": "18.00"}}] * 3},
        "snapshot_sha256": "a" * 64, "criado_por_chave_id": "key_bench",
        "resumo": {"valor_total": "10.00", "itens": 1}, "nao_recebido_desde": None,
        "nao_recebido_consultas": 0, "created_at": now, "updated_at": now,
    }  # fmt: skip


def acceptance_params(identifier: str, numero: int) -> dict[str, Any]:
    """`_statement_values`' bound values for one new order's first attempt."""
    row = column_defaults(FiscalDocument, document_values(identifier, numero))
    return {
        "p_order": row["order_id"], "p_document": row["id"], "now": row["created_at"],
        "p_account_id": ACCOUNT, "price": Decimal("0.10"), "p_reservado": Decimal("0.00"),
        **{f"d_{name}": value for name, value in row.items()},
    }  # fmt: skip


def cpu_per_run(run: Callable[[int], None], numbers: list[int]) -> float:
    began = time.process_time()
    for numero in numbers:
        run(numero)
    return (time.process_time() - began) / len(numbers) * 1e6


def _without_foreign_keys(engine: sa.Engine) -> None:
    @sa.event.listens_for(engine, "connect")
    def _replica(dbapi_connection: Any, _record: Any) -> None:
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SET session_replication_role = replica")
        dbapi_connection.commit()


def _orders_for(engine: sa.Engine, numbers: list[int]) -> None:
    """One unattached order per run (`ord_<n>`), inserted before the round."""
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO orders (id, account_id, company_id, modulo, ambiente, pedido, "
            "fingerprint, tentativas, created_at, updated_at) SELECT 'ord_' || n, :a, "
            "'emp_bench', 'nfe', 'HOMOLOGACAO', n::text, 'f', 0, now(), now() "
            "FROM unnest(CAST(:ns AS integer[])) AS n"), {"a": ACCOUNT, "ns": numbers})  # fmt: skip


def measure(url: str, rounds: int, per_round: int) -> dict[str, dict[str, list[float]]]:
    upgrade(url)
    engine = db.make_engine(url)
    _without_foreign_keys(engine)
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO wallets (account_id, saldo, moeda, updated_at) "
                             "VALUES (:a, 1000000000, 'BRL', now())"), {"a": ACCOUNT})  # fmt: skip
        conn.execute(sa.text("INSERT INTO wallet_slices (account_id, fatia, disponivel) SELECT "
                             ":a, n, 1000000000 / :slices FROM generate_series(0, :slices - 1) "
                             "AS n"), {"a": ACCOUNT, "slices": SLICES})  # fmt: skip
    statement = acceptance._insert_attach_and_hold_statement(False, autocommit=True)
    plan = compiled._plan(statement, engine.dialect)
    named_sql = str(statement.compile(dialect=engine.dialect))
    order = [name for name, *_ in plan.slots]
    driver = psycopg.connect(url, autocommit=True)
    driver.execute("SET session_replication_role = replica")

    def named_way(numero: int) -> None:
        values = plan.values(acceptance_params(str(numero), numero))
        cursor = driver.cursor()
        cursor.execute(named_sql, dict(zip(order, values, strict=True)))
        cursor.fetchall()
        cursor.close()

    def numbered_way(numero: int) -> None:
        values = plan.values(acceptance_params(str(numero), numero))
        cursor = psycopg.RawCursor(driver)
        cursor.execute(plan.query, values)
        cursor.fetchall()
        cursor.close()

    def whole_path(numero: int) -> None:
        compiled.autocommitted(engine, statement, acceptance_params(str(numero), numero))

    counter = sa.Table("bench_statement_counter", sa.MetaData(),
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

    def in_a_session(_numero: int) -> None:
        with sessions() as session:
            compiled.run(session, take, {"p_id": 1})
            session.commit()

    def autocommitted(_numero: int) -> None:
        compiled.autocommitted(engine, take, {"p_id": 1})

    groups: dict[str, dict[str, Callable[[int], None]]] = {
        "statement": {"named (`%(name)s`, psycopg parses)": named_way,
                      "numbered (`$n`, `RawCursor`)": numbered_way,
                      "`compiled.autocommitted` (whole path)": whole_path},
        "transaction": {"new `Session`: `BEGIN`, statement, `COMMIT`": in_a_session,
                        "`compiled.autocommitted`: the statement alone": autocommitted},
    }  # fmt: skip
    ways = {name: run for group in groups.values() for name, run in group.items()}
    numbers = itertools.count(1)
    spent: dict[str, list[float]] = {name: [] for name in ways}
    for warm in (True,) + (False,) * rounds:  # warm: psycopg prepares on a statement's 5th run
        count = 20 if warm else per_round
        batches = {name: [next(numbers) for _ in range(count)] for name in ways}
        _orders_for(engine, [n for batch in batches.values() for n in batch])
        for name, run in ways.items():
            cpu = cpu_per_run(run, batches[name])
            if not warm:
                spent[name].append(cpu)
    driver.close()
    engine.dispose()
    return {group: {name: spent[name] for name in runs} for group, runs in groups.items()}


def report(spent: dict[str, dict[str, list[float]]], rounds: int, per_round: int) -> str:
    lines = [
        f"CPython {platform.python_version()}, psycopg {psycopg.__version__} "
        f"({psycopg.pq.__impl__}), SQLAlchemy {sa.__version__}; {rounds} rounds × {per_round} "
        "runs per way, all ways alternated; process CPU per run (client side).",
    ]
    titles = {"statement": "The acceptance's statement (52 parameters)",
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
    parser.add_argument("--rounds", type=int, help="rounds (15; quick 3)")
    parser.add_argument("--per-round", type=int, help="runs of each way per round (200; quick 50)")
    parser.add_argument("--quick", action="store_true", help="CI: --rounds 3 --per-round 50")
    parser.add_argument("--write", type=Path, help="also write the table here")
    args = parser.parse_args()
    if args.rounds is None:
        args.rounds = 3 if args.quick else 15
    if args.per_round is None:
        args.per_round = 50 if args.quick else 200
    from tests.backends import fresh_postgres_database

    with fresh_postgres_database() as url:
        spent = measure(url, args.rounds, args.per_round)
    text = report(spent, args.rounds, args.per_round)
    print(text)
    if args.write:
        args.write.write_text(text)


if __name__ == "__main__":
    main()
