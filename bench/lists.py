"""Benchmark of the list endpoints at scale (not a test): N stored documents in PostgreSQL, then
page 1, page 5,000 and cursor pages deep in the data of every list, through the service under
gunicorn on loopback. The product's target (issue 41): **at 10,000,000 documents every list
answers page 1 and page 5,000 with filters in p99 < 50 ms, and the cursor `apos` stays fast at
any depth.**

Why: an ERP reconciling a month, an accountant exporting a year and a support agent looking
for one order all read the same lists; a platform keeps years of documents, and a list that
counts or skips by walking the table gets slower with every document ever issued.

The population (seeded, the same at every run; `--documents N`, default 10,000,000), spread as
a platform's would be, over four accounts:

| account | companies | documents | modules (share of its documents, %) | metered |
|---|---:|---:|---|---|
| `plataforma` (ERP reseller) | 5,000 | 40 % | NF-e 55, NFC-e 25, NFS-e 15, CT-e 3, MDF-e 2 | yes |
| `varejo` (retail chain) | 1 | 30 % | NFC-e 85, NF-e 15 | no (unlimited) |
| `atacado` (wholesaler) | 1 | 20 % | NF-e 80, NFS-e 20 | yes |
| `transportes` (carrier) | 1 | 10 % | CT-e 70, MDF-e 25, CT-e OS 5 | yes |

The platform's documents follow Zipf's law over its companies (s = 1: the largest has about
11 % of them, the median a few hundred); every document is issued between 2025-01-01 and
2026-11-30 (uniform, written in time order), 2 % in homologation (tests beside production), with
status AUTORIZADA 92.5 %, CANCELADA 3 %, REJEITADA 3 %, CONTINGENCIA 0.5 %, NAO_ENVIADA 0.5 %,
PENDENTE 0.3 %, DENEGADA 0.2 % (an MDF-e authorized is ENCERRADA four times in five). Each
document has its order (one attempt per order); 10 % were issued through the queue and have
their task (`fiscal_tasks`, status from the document's); a metered account's ledger has one
DEBITO_EMISSAO per authorized document (its price, a running balance) and a CREDITO_COMPRA
every 5,000 debits; the audit log has 20 entries per platform company, 300,000 for `varejo`
(its ERP writes its catalogue through the API), 100,000 for `atacado` and 50,000 for
`transportes` (scaled with N), 70 % `produto`, 15 % `cliente`, 10 % `regra`, 5 % `emitente`.

Storage: a scratch database (`createdb`, dropped at the end unless `--keep`; `--reuse NAME`
measures an existing one), migrated by `service.migrate.upgrade`; the accounts (with their API
keys) and companies by the service's own operations, then orders, documents, tasks, ledger
entries and audit entries with `COPY` into the models' tables, every column the model has:
values for what a list reads or filters on, the model's defaults, and small placeholders for
the payloads lists never read (the signed and authorized XML, the request, the snapshot, the
fingerprints): those make a production row longer, not a list slower, since no list reads them.
For the load, the tables' plain indexes are dropped and built again afterwards from their own
definitions (`pg_indexes`), the constraints stay (foreign keys unchecked while loading:
`session_replication_role = replica`, the generator writes them consistent); then `VACUUM
ANALYZE`, as autovacuum would have done on a long-lived table.

Measured, through `fiscal serve` (gunicorn, production mode, PostgreSQL and Redis on loopback;
rate limit lifted), one request at a time on a keep-alive connection, `--requests` per case
after 5 warm-up requests: p50, p99 and max of the wall time on the client. Cases: each list on
the account or company where it is longest, page 1 and page 5,000 (`por_pagina` 20) without
and with its filters (status, period `de`/`ate`, `tipo`, `entidade`, a test key's homologation
scope), cursors crafted at random depths (`service.pagination.encode_cursor` at a random
instant of the data) and the walk on from page 5,000's `proximo`; a typical small company's
page 1. Then, in this process, one request of each case through the Flask test client with its
SQL recorded: `EXPLAIN (ANALYZE, BUFFERS)` of the statements of the slowest cases and of page
5,000, the sizes of every index of the tables (`pg_relation_size`, `pg_indexes_size`), the
cost of counting (bounded at several limits, and exactly) and how close the planner's estimate
is to the exact total where a list answers it (`total_estimado`).

    python bench/lists.py [--documents 10000000] [--companies 5000] [--requests 300]
                          [--quick] [--keep] [--reuse NAME] [--out bench/results/lists.md]

`--quick`: 20,000 documents, 20 platform companies, 10 requests per case, deep pages at the
middle of each list instead of page 5,000; nothing written unless `--out` is given (CI).
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import datetime as dt
import http.client
import json
import os
import platform
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import accumulate
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psycopg  # noqa: E402
import sqlalchemy as sa  # noqa: E402

from bench.api import stop  # noqa: E402
from service.config import DEFAULT_PRICES, load_settings  # noqa: E402
from service.db import transaction  # noqa: E402
from service.pagination import Position, encode_cursor  # noqa: E402

ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
TARGET_MS = 50.0
TARGET_DOCUMENTS = 10_000_000
FIRST_DAY, LAST_DAY = dt.date(2025, 1, 1), dt.date(2026, 11, 30)
DEEP_PAGE = 5_000
PAGE_SIZE = 20
HOMOLOGATION_SHARE = 0.02
TASK_SHARE = 0.10
CREDIT_EVERY = 5_000
CREDIT = Decimal("2000.00")
FLUSH_ROWS = 50_000
"""Rows buffered per table before one `COPY`."""
STATUSES = (("AUTORIZADA", 925), ("CANCELADA", 30), ("REJEITADA", 30), ("CONTINGENCIA", 5),
            ("NAO_ENVIADA", 5), ("PENDENTE", 3), ("DENEGADA", 2))  # fmt: skip
"""Per mille of the documents."""
CHARGED = frozenset({"AUTORIZADA", "CANCELADA", "CONTINGENCIA", "ENCERRADA"})
"""Statuses of documents that were debited (a rejection or a document never sent is not)."""
TASK_STATUS = {"AUTORIZADA": "AUTORIZADA", "CANCELADA": "AUTORIZADA", "ENCERRADA": "AUTORIZADA",
               "CONTINGENCIA": "AUTORIZADA", "REJEITADA": "REJEITADA", "DENEGADA": "REJEITADA",
               "PENDENTE": "AGUARDANDO_RETORNO", "NAO_ENVIADA": "FALHA_TEMPORARIA"}  # fmt: skip
ENTITIES = (("produto", 70), ("cliente", 15), ("regra", 10), ("emitente", 5))
AUDIT_ACTIONS = {"produto": "ATUALIZAR", "cliente": "CRIAR", "regra": "ATUALIZAR",
                 "emitente": "ATUALIZAR"}  # fmt: skip
LOADED = ("orders", "fiscal_documents", "fiscal_tasks", "ledger_entries", "audit_log")


@dataclass(frozen=True)
class AccountSpec:
    name: str
    companies: int
    share: float
    modules: tuple[tuple[str, int], ...]
    metered: bool
    audit: int
    """Audit entries per company at 10,000,000 documents (scaled with N)."""


ACCOUNTS = (
    AccountSpec("plataforma", 5_000, 0.40,
                (("nfe", 55), ("nfce", 25), ("nfse", 15), ("cte", 3), ("mdfe", 2)), True, 20),
    AccountSpec("varejo", 1, 0.30, (("nfce", 85), ("nfe", 15)), False, 300_000),
    AccountSpec("atacado", 1, 0.20, (("nfe", 80), ("nfse", 20)), True, 100_000),
    AccountSpec("transportes", 1, 0.10, (("cte", 70), ("mdfe", 25), ("cteos", 5)), True, 50_000),
)  # fmt: skip


# -- the population ---------------------------------------------------------------------------


@dataclass
class CompanyRow:
    id: str
    codigo: str
    account: str
    account_id: str
    weight: float
    modules: tuple[str, ...]
    module_weights: list[float]
    audit: int
    numbers: Counter[tuple[str, str]] = field(default_factory=Counter)


@dataclass
class AccountRow:
    spec: AccountSpec
    id: str
    live: str
    test: str
    balance: Decimal = Decimal("0.00")
    debits: int = 0


@dataclass
class Population:
    accounts: dict[str, AccountRow]
    companies: list[CompanyRow]
    counts: Counter[str] = field(default_factory=Counter)
    by_company: Counter[tuple[str, str]] = field(default_factory=Counter)
    seconds: dict[str, float] = field(default_factory=dict)
    rows: Counter[str] = field(default_factory=Counter)
    """The longest task, ledger and audit lists (varejo's, plataforma's, varejo's)."""


def _zipf(count: int) -> list[float]:
    weights = [1.0 / (rank + 1) for rank in range(count)]
    total = sum(weights)
    return [w / total for w in weights]


def create_accounts(url: str, platform_companies: int, audit_scale: float) -> Population:
    """Accounts, their keys and companies through the service's operations (the API keys are
    what the HTTP cases authenticate with)."""
    from service.accounts import operations as accounts
    from service.app import create_app
    from service.companies import operations as companies
    from service.companies.models import Company

    app = create_app(load_settings())
    runtime = app.extensions["fiscal"]
    population = Population({}, [])
    with transaction(runtime.sessions) as session:
        for spec in ACCOUNTS:
            count = platform_companies if spec.companies > 1 else 1
            made = accounts.create_account(
                session, runtime.hasher, name=spec.name, email=f"{spec.name}@bench.example",
                unlimited=not spec.metered, max_companies=count + 1,
            )  # fmt: skip
            row = AccountRow(spec, made.account.id, made.live_key, made.test_key)
            population.accounts[spec.name] = row
            shares = _zipf(count)
            modules = tuple(m for m, _ in spec.modules)
            weights = list(accumulate(w for _, w in spec.modules))
            audit = max(1, round(spec.audit * audit_scale))
            for index in range(count):
                codigo = spec.name if count == 1 else f"{spec.name}-{index + 1:04d}"
                company = companies.create_company(
                    session, account_id=row.id, max_companies=count + 1, codigo=codigo,
                    razao_social=f"{codigo} Ltda", cnpj="11222333000181", modulos=list(modules),
                )  # fmt: skip
                company.ambiente = "PRODUCAO"
                population.companies.append(CompanyRow(
                    company.id, codigo, spec.name, row.id, spec.share * shares[index],
                    modules, weights, audit,
                ))  # fmt: skip
        session.flush()
        assert session.query(Company).count() == len(population.companies)
    runtime.engine.dispose()
    return population


class Columns:
    """The rows one model's table takes by `COPY`: the given columns, then every other column
    at the model's default (a placeholder where it has none and may not be empty)."""

    def __init__(self, table: Any, given: Sequence[str]) -> None:
        self.table = table
        self.given = tuple(given)
        names, values = [], []
        for column in table.columns:
            if column.name in self.given or column.server_default is not None:
                continue
            names.append(column.name)
            values.append(_default(column))
        unknown = set(self.given) - {c.name for c in table.columns}
        if unknown:
            raise RuntimeError(f"{table.name} has no columns {sorted(unknown)}")
        self.names = self.given + tuple(names)
        self.constants = tuple(values)

    def statement(self) -> str:
        return f"COPY {self.table.name} ({', '.join(self.names)}) FROM STDIN"


def _default(column: sa.Column[Any]) -> Any:
    if column.default is not None and getattr(column.default, "is_scalar", False):
        return _plain(column.default.arg)  # type: ignore[attr-defined]
    if column.default is not None and getattr(column.default, "is_callable", False):
        return _plain(column.default.arg(None))  # type: ignore[attr-defined]
    if column.nullable:
        return None
    return _plain(_placeholder(column.type))


def _placeholder(kind: Any) -> Any:
    if isinstance(kind, sa.String):
        return "0" * min(kind.length or 8, 8)
    if isinstance(kind, sa.Integer):
        return 0
    if isinstance(kind, sa.Numeric):
        return Decimal("0.00")
    if isinstance(kind, sa.Boolean):
        return False
    if isinstance(kind, sa.DateTime | sa.TypeDecorator):
        return dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    if isinstance(kind, sa.LargeBinary):
        return b"<x/>"
    if isinstance(kind, sa.JSON):
        return {}
    raise RuntimeError(f"no placeholder for {kind!r}")


def _plain(value: Any) -> Any:
    """A value as COPY's text takes it (JSON columns as their text; enums as their value)."""
    if isinstance(value, dict | list):
        return json.dumps(value)
    return getattr(value, "value", value)


class Loader:
    """Buffers rows per table and writes them with `COPY` on one connection."""

    def __init__(self, connection: psycopg.Connection[Any], tables: dict[str, Columns]) -> None:
        self.connection = connection
        self.tables = tables
        self.buffers: dict[str, list[tuple[Any, ...]]] = defaultdict(list)
        self.rows: Counter[str] = Counter()

    def add(self, table: str, values: tuple[Any, ...]) -> None:
        buffer = self.buffers[table]
        buffer.append(values + self.tables[table].constants)
        if len(buffer) >= FLUSH_ROWS:
            self.flush(table)

    def flush(self, table: str | None = None) -> None:
        for name in [table] if table else list(self.buffers):
            rows = self.buffers.pop(name, [])
            if not rows:
                continue
            statement = self.tables[name].statement()
            with self.connection.cursor() as cursor, cursor.copy(statement) as copy:
                for row in rows:
                    copy.write_row(row)
            self.rows[name] += len(rows)
        self.connection.commit()


def _tables() -> dict[str, Columns]:
    from service.audit.models import AuditEntry
    from service.issuance.models import FiscalDocument, Order
    from service.queue.models import FiscalTask
    from service.wallet.models import LedgerEntry

    return {
        "orders": Columns(Order.__table__, ("id", "account_id", "company_id", "modulo", "ambiente",
                          "pedido", "documento_id", "serie", "numero", "created_at",
                          "updated_at")),
        "fiscal_documents": Columns(FiscalDocument.__table__, (
            "id", "order_id", "account_id", "company_id", "modulo", "modelo", "ambiente",
            "pedido", "serie", "numero", "chave", "status", "valor_total", "protocolo",
            "created_at", "updated_at", "autorizado_em")),
        "fiscal_tasks": Columns(FiscalTask.__table__, (
            "id", "account_id", "company_id", "documento", "ambiente", "pedido", "status",
            "documento_id", "created_at", "updated_at", "finalizada_em")),
        "ledger_entries": Columns(LedgerEntry.__table__, (
            "id", "account_id", "tipo", "valor", "saldo_anterior", "saldo_posterior",
            "tipo_documento", "documento_id", "descricao", "data")),
        "audit_log": Columns(AuditEntry.__table__, (
            "id", "account_id", "company_id", "acao", "entidade", "registro_id", "criado_em")),
    }  # type: ignore[arg-type]  # fmt: skip


class Generator:
    """Streams one day of the platform at a time, in time order."""

    def __init__(self, population: Population, loader: Loader, documents: int, seed: int) -> None:
        from service.issuance import registry

        registry.load()
        self.population = population
        self.loader = loader
        self.documents = documents
        self.random = random.Random(seed)
        self.days = (LAST_DAY - FIRST_DAY).days + 1
        self.cumulative = list(accumulate(c.weight for c in population.companies))
        self.statuses = list(accumulate(w for _, w in STATUSES))
        self.entities = list(accumulate(w for _, w in ENTITIES))
        self.families = {m: registry.by_module(m) for m in ("nfe", "nfce", "nfse", "cte",
                                                            "cteos", "mdfe")}  # fmt: skip
        self.audit_weights = list(accumulate(c.audit for c in population.companies))
        self.audit_total = self.audit_weights[-1]

    def new_id(self, prefix: str) -> str:
        return f"{prefix}_{self.random.getrandbits(96):024x}"

    def run(self) -> None:
        for day in range(self.days):
            start = dt.datetime.combine(FIRST_DAY + dt.timedelta(days=day), dt.time(),
                                        tzinfo=dt.UTC)  # fmt: skip
            count = self.documents * (day + 1) // self.days - self.documents * day // self.days
            for moment in self._moments(start, count):
                self.document(moment)
            audits = self.audit_total * (day + 1) // self.days - self.audit_total * day // self.days
            for moment in self._moments(start, audits):
                self.audit(moment)
            if day % 30 == 29:
                self.loader.flush()
                print(f"  … {FIRST_DAY + dt.timedelta(days=day)}: {dict(self.loader.rows)}",
                      flush=True)  # fmt: skip
        self.loader.flush()

    def _moments(self, start: dt.datetime, count: int) -> list[dt.datetime]:
        offsets = sorted(self.random.random() * 86_400 for _ in range(count))
        return [start + dt.timedelta(seconds=s) for s in offsets]

    def _pick(self, cumulative: list[float]) -> int:
        return bisect.bisect(cumulative, self.random.random() * cumulative[-1])

    def document(self, moment: dt.datetime) -> None:
        company = self.population.companies[self._pick(self.cumulative)]
        module = company.modules[self._pick(company.module_weights)]
        ambiente = "HOMOLOGACAO" if self.random.random() < HOMOLOGATION_SHARE else "PRODUCAO"
        status = STATUSES[self._pick(self.statuses)][0]
        if module == "mdfe" and status == "AUTORIZADA" and self.random.random() < 0.8:
            status = "ENCERRADA"
        company.numbers[(module, ambiente)] += 1
        numero = company.numbers[(module, ambiente)]
        family = self.families[module]
        order_id, document_id = self.new_id("ord"), self.new_id(module)
        pedido = f"PED-{ambiente[0]}{numero:08d}"
        authorized = moment + dt.timedelta(seconds=1) if status in CHARGED else None
        valor = Decimal(self.random.randrange(500, 500_000)) / 100
        chave = self._key(company, family.model, ambiente, numero)
        self.loader.add("orders", (order_id, company.account_id, company.id, module, ambiente,
                                   pedido, document_id, 1, numero, moment, moment))  # fmt: skip
        self.loader.add("fiscal_documents", (
            document_id, order_id, company.account_id, company.id, module, family.model,
            ambiente, pedido, 1, numero, chave, status, valor,
            f"{numero:015d}" if authorized else None, moment, authorized or moment, authorized,
        ))  # fmt: skip
        self.population.counts[module] += 1
        self.population.by_company[(company.codigo, module)] += 1
        if self.random.random() < TASK_SHARE:
            self.task(company, family.documento, ambiente, pedido, status, document_id, moment)
        if authorized is not None and ambiente == "PRODUCAO":
            self.debit(company, family.documento, document_id, authorized)

    def _key(self, company: CompanyRow, model: str, ambiente: str, numero: int) -> str:
        """Unique per company, model, environment and number; 50 positions for the NFS-e."""
        index = int(company.id[-8:], 16) % 10**14
        base = f"35{index:014d}{model}{1 if ambiente == 'PRODUCAO' else 2}{numero:09d}"
        return base.ljust(50 if model == self.families["nfse"].model else 44, "0")

    def task(self, company: CompanyRow, documento: str, ambiente: str, pedido: str,
             status: str, document_id: str, moment: dt.datetime) -> None:  # fmt: skip
        created = moment - dt.timedelta(milliseconds=400)
        self.loader.add("fiscal_tasks", (
            self.new_id("sol"), company.account_id, company.id, documento, ambiente, pedido,
            TASK_STATUS[status], document_id, created, moment, moment,
        ))  # fmt: skip
        self.population.counts["tasks"] += 1

    def debit(self, company: CompanyRow, documento: str, document_id: str,
              moment: dt.datetime) -> None:  # fmt: skip
        account = self.population.accounts[company.account]
        if not account.spec.metered:
            return
        if account.debits % CREDIT_EVERY == 0:
            self._entry(account, "CREDITO_COMPRA", CREDIT, None, None, "Compra de créditos",
                        moment - dt.timedelta(milliseconds=1))  # fmt: skip
        account.debits += 1
        self._entry(account, "DEBITO_EMISSAO", -DEFAULT_PRICES[documento], documento,
                    document_id, f"Emissão {documento}", moment)  # fmt: skip

    def _entry(self, account: AccountRow, tipo: str, valor: Decimal, documento: str | None,
               document_id: str | None, descricao: str | None,
               moment: dt.datetime) -> None:  # fmt: skip
        before = account.balance
        account.balance = before + valor
        self.loader.add("ledger_entries", (
            self.new_id("mov"), account.id, tipo, valor, before, account.balance, documento,
            document_id, descricao, moment,
        ))  # fmt: skip
        self.population.counts["ledger"] += 1

    def audit(self, moment: dt.datetime) -> None:
        company = self.population.companies[self._pick(self.audit_weights)]
        entidade = ENTITIES[self._pick(self.entities)][0]
        self.loader.add("audit_log", (
            self.new_id("aud"), company.account_id, company.id, AUDIT_ACTIONS[entidade],
            entidade, self.new_id(entidade[:3]), moment,
        ))  # fmt: skip
        self.population.counts["audit"] += 1


# -- the database ------------------------------------------------------------------------------


def database_url(name: str) -> str:
    return f"{ADMIN_URL.rsplit('/', 1)[0]}/{name}"


def psycopg_url(name: str) -> str:
    return database_url(name).replace("postgresql+psycopg://", "postgresql://")


@contextlib.contextmanager
def scratch_database(name: str, keep: bool, reuse: bool) -> Iterator[str]:
    if not reuse:
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        if not keep and not reuse:
            with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE datname = %s", (name,))  # fmt: skip
                admin.execute(f'DROP DATABASE IF EXISTS "{name}"')


def plain_indexes(connection: psycopg.Connection[Any]) -> list[tuple[str, str, str]]:
    """(table, name, definition) of the loaded tables' indexes that back no constraint."""
    rows = connection.execute(
        "SELECT t.relname, i.relname, pg_get_indexdef(x.indexrelid) FROM pg_index x "
        "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid "
        "WHERE t.relname = ANY(%s) AND NOT EXISTS "
        "(SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid) ORDER BY 1, 2",
        (list(LOADED),),
    ).fetchall()
    return [(str(t), str(n), str(d)) for t, n, d in rows]


def generate(name: str, documents: int, platform_companies: int, seed: int) -> Population:
    url = database_url(name)
    started = time.monotonic()
    from service.migrate import upgrade

    upgrade(url)
    migrated = time.monotonic()
    population = create_accounts(url, platform_companies, documents / TARGET_DOCUMENTS)
    created = time.monotonic()
    with psycopg.connect(psycopg_url(name)) as connection:
        indexes = plain_indexes(connection)
        for _, index, _ in indexes:
            connection.execute(f'DROP INDEX "{index}"')
        connection.execute("SET session_replication_role = replica")
        connection.commit()
        Generator(population, Loader(connection, _tables()), documents, seed).run()
        loaded = time.monotonic()
        connection.execute("SET session_replication_role = DEFAULT")
        connection.execute("SET maintenance_work_mem = '512MB'")
        connection.execute("SET max_parallel_maintenance_workers = 1")
        connection.commit()
        builds = {}
        for table, index, definition in indexes:
            began = time.monotonic()
            connection.execute(definition)
            connection.commit()
            builds[index] = time.monotonic() - began
            print(f"  index {index} ({table}): {builds[index]:.1f} s", flush=True)
    indexed = time.monotonic()
    with psycopg.connect(psycopg_url(name), autocommit=True) as connection:
        for table in LOADED:
            connection.execute(f"VACUUM (ANALYZE) {table}")
    vacuumed = time.monotonic()
    population.seconds = {
        "migration": migrated - started, "accounts and companies": created - migrated,
        "COPY": loaded - created, "indexes": indexed - loaded, "VACUUM ANALYZE": vacuumed - indexed,
        "total": vacuumed - started, **{f"index {k}": v for k, v in builds.items()},
    }  # fmt: skip
    return population


def existing_population(name: str) -> Population:
    """`--reuse`: the accounts and companies of a database generated earlier (new API keys)."""
    from service.accounts import operations as accounts
    from service.accounts.models import Account, KeyMode
    from service.accounts.scopes import ALL_SCOPES
    from service.app import create_app
    from service.companies.models import Company

    app = create_app(load_settings())
    runtime = app.extensions["fiscal"]
    population = Population({}, [])
    specs = {s.name: s for s in ACCOUNTS}
    with transaction(runtime.sessions) as session:
        for account in session.query(Account).all():
            keys = [accounts.issue_key(session, runtime.hasher, account_id=account.id,
                                       name="bench", scopes=ALL_SCOPES, mode=mode).plaintext
                    for mode in (KeyMode.LIVE, KeyMode.TEST)]  # fmt: skip
            population.accounts[account.name] = AccountRow(specs[account.name], account.id, *keys)
        for company in session.query(Company).order_by(Company.codigo).all():
            spec = specs[company.codigo.split("-")[0]]
            population.companies.append(CompanyRow(company.id, company.codigo, spec.name,
                                                   company.account_id, 0.0, (), [], 0))  # fmt: skip
    with psycopg.connect(psycopg_url(name)) as connection:
        counted = connection.execute(
            "SELECT c.codigo, d.modulo, count(*) FROM fiscal_documents d "
            "JOIN companies c ON c.id = d.company_id GROUP BY 1, 2").fetchall()  # fmt: skip
        for codigo, modulo, count in counted:
            population.by_company[(codigo, modulo)] = count
            population.counts[modulo] += count
    runtime.engine.dispose()
    return population


# -- the server and the cases --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_healthy(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(OSError, http.client.HTTPException):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return
        time.sleep(0.2)
    raise TimeoutError("gunicorn did not become healthy")


@contextlib.contextmanager
def server(env: dict[str, str], log: Path) -> Iterator[int]:
    port = free_port()
    command = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1",
               "--port", str(port)]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env}, stdout=out,
                                   stderr=subprocess.STDOUT)  # fmt: skip
    try:
        wait_healthy(port, process, log)
        yield port
    finally:
        stop(process)


@dataclass(frozen=True)
class Case:
    """One list request shape: a fixed query string, plus a cursor per request where
    `cursor` is given (the i-th request's `apos`)."""

    name: str
    endpoint: str
    key: str
    fixed: dict[str, Any]
    depth: str
    items: str = "itens"
    cursor: Callable[[int], str] | None = None
    walk: bool = False
    """Also measure the cursor pages met walking on from this page's `proximo`."""

    def query(self, i: int) -> dict[str, Any]:
        return {**self.fixed, "apos": self.cursor(i)} if self.cursor else dict(self.fixed)


@dataclass
class Result:
    case: Case
    times: list[float]
    total: int
    estimated: bool
    items: int
    load: tuple[float, float]

    def quantile(self, q: float) -> float:
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class Client:
    """One keep-alive HTTP connection, as an ERP's integration holds."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def get(self, path: str, key: str, query: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        url = f"/api/v1{path}?{urllib.parse.urlencode(query)}"
        began = time.perf_counter()
        self.connection.request("GET", url, headers={"Authorization": f"Bearer {key}"})
        response = self.connection.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - began) * 1000
        if response.status != 200:
            raise RuntimeError(f"GET {url}: {response.status} {body[:500]!r}")
        return elapsed, json.loads(body)


def measure(client: Client, case: Case, requests: int, warmup: int = 5) -> Result:
    for i in range(warmup):
        client.get(case.endpoint, case.key, case.query(-1 - i))
    load = os.getloadavg()[0]
    times, answer = [], {}
    for i in range(requests):
        elapsed, answer = client.get(case.endpoint, case.key, case.query(i))
        times.append(elapsed)
    total = int(answer.get("total", 0))
    return Result(case, times, total, bool(answer.get("total_estimado")),
                  len(answer.get(case.items, [])), (load, os.getloadavg()[0]))  # fmt: skip


def biggest(population: Population, account: str, module: str) -> str:
    counts = {c.codigo: population.by_company[(c.codigo, module)]
              for c in population.companies if c.account == account}  # fmt: skip
    return max(counts, key=lambda k: counts[k])


def deep_page(quick: bool, rows: int) -> int:
    """Page 5,000, or in `--quick` the middle of the list (a small one has no page 5,000)."""
    return max(2, rows // PAGE_SIZE // 2) if quick else DEEP_PAGE


def crafted(tag: str, prefix: str, seed: int) -> Callable[[int], str]:
    """Cursors at random instants of the data (`encode_cursor` as the service writes them):
    the page after one starts at the newest item older than its instant."""
    rnd = random.Random(seed)
    span = (LAST_DAY - FIRST_DAY).days * 86_400
    start = dt.datetime.combine(FIRST_DAY, dt.time(), tzinfo=dt.UTC)

    def cursor(_i: int) -> str:
        moment = start + dt.timedelta(seconds=rnd.random() * span)
        return encode_cursor(Position(tag, moment.isoformat(), f"{prefix}_{'f' * 24}", 2))

    return cursor


def cases(population: Population, quick: bool, walk: Callable[[Case], list[str]]) -> list[Case]:
    """The cases of every list, each on the account or company where it is longest."""
    out: list[Case] = []
    for module, status, account in (
        ("nfe", "AUTORIZADA", "atacado"), ("nfce", "AUTORIZADA", "varejo"),
        ("nfse", "AUTORIZADA", "atacado"), ("cte", "AUTORIZADA", "transportes"),
        ("mdfe", "ENCERRADA", "transportes"),
    ):  # fmt: skip
        out += _document_cases(population, quick, module, status, account)
    small = sorted((c for c in population.companies if c.account == "plataforma"),
                   key=lambda c: population.by_company[(c.codigo, "nfe")])  # fmt: skip
    median = small[len(small) // 2].codigo
    docs = population.by_company[(median, "nfe")]
    out.append(Case(f"/nfe ({median}, the median platform company, {docs:,} docs) page 1",
                    "/nfe", population.accounts["plataforma"].live,
                    {"empresa": median, "por_pagina": PAGE_SIZE}, "1"))  # fmt: skip
    out += _other_lists(population, quick)
    for case in [c for c in out if c.walk]:
        cursors = walk(case)
        if not cursors:
            continue  # the list has no such deep page
        rest = {k: v for k, v in case.fixed.items() if k != "pagina"}
        out.append(Case(f"{case.name.rsplit(' page', 1)[0]} cursor, walking on from page "
                        f"{case.depth}", case.endpoint, case.key, rest, "cursor",
                        cursor=lambda i, c=cursors: c[i % len(c)]))  # type: ignore[misc]  # fmt: skip
    return out


def _document_cases(population: Population, quick: bool, module: str, status: str,
                    account: str) -> list[Case]:  # fmt: skip
    codigo = biggest(population, account, module)
    rows = population.by_company[(codigo, module)]
    deep = deep_page(quick, rows)
    key, path = population.accounts[account].live, f"/{module}"
    scope = {"empresa": codigo, "por_pagina": PAGE_SIZE}
    month = {"de": "2026-10-01", "ate": "2026-10-31"}
    year = {"de": "2025-06-01", "ate": "2026-05-31"}
    label = f"{path} ({codigo}, {rows:,} docs)"
    seed = len(module) * 1000 + rows
    out = [
        Case(f"{label} page 1", path, key, scope, "1"),
        Case(f"{label} page 1, status={status}", path, key, {**scope, "status": status}, "1"),
        Case(f"{label} page 1, de/ate one month", path, key, {**scope, **month}, "1"),
        Case(f"{label} page {deep:,}", path, key, {**scope, "pagina": deep}, str(deep),
             walk=module in ("nfe", "nfce")),
        Case(f"{label} page {deep:,}, status={status}", path, key,
             {**scope, "pagina": deep, "status": status}, str(deep)),
        Case(f"{label} page {deep:,}, de/ate one year", path, key,
             {**scope, "pagina": deep, **year}, str(deep)),
        Case(f"{label} cursor at a random depth", path, key, scope, "cursor",
             cursor=crafted(f"{module}:created_at", module, seed)),
    ]  # fmt: skip
    if module == "nfce":
        test = population.accounts[account].test
        out += [
            Case(f"{label} page 1, test key (homologation)", path, test, scope, "1"),
            Case(f"{label} cursor at a random depth, test key", path, test, scope, "cursor",
                 cursor=crafted("nfce:created_at", "nfce", seed + 1)),
        ]  # fmt: skip
    return out


def _other_lists(population: Population, quick: bool) -> list[Case]:
    accounts = population.accounts
    size = {"por_pagina": PAGE_SIZE}
    d_tasks, d_ledger, d_audit = (deep_page(quick, population.rows[k])
                                  for k in ("tasks", "ledger", "audit"))  # fmt: skip
    varejo, plataforma = accounts["varejo"].live, accounts["plataforma"].live
    sol = {"empresa": "varejo", **size}
    logs = {"empresa": "varejo", "limit": PAGE_SIZE}
    year = {"de": "2025-06-01", "ate": "2026-05-31"}
    tasks, ledger, audit = (
        "/fiscal/solicitacoes",
        "/financeiro/extrato",
        "/configuracao-fiscal/logs",
    )
    moves, entries = "movimentacoes", "items"
    companies = max(2, len(population.companies) // 40)
    return [
        Case(f"{tasks} (varejo) page 1", tasks, varejo, sol, "1"),
        Case(f"{tasks} (varejo) page 1, status=REJEITADA", tasks, varejo,
             {**sol, "status": "REJEITADA"}, "1"),
        Case(f"{tasks} (varejo) page {d_tasks:,}", tasks, varejo, {**sol, "pagina": d_tasks},
             str(d_tasks)),
        Case(f"{tasks} (varejo) page {d_tasks:,}, status=AUTORIZADA", tasks, varejo,
             {**sol, "pagina": d_tasks, "status": "AUTORIZADA"}, str(d_tasks)),
        Case(f"{tasks} (varejo) cursor at a random depth", tasks, varejo, sol, "cursor",
             cursor=crafted("solicitacoes:created_at", "sol", 11)),
        Case(f"{ledger} (plataforma) page 1", ledger, plataforma, size, "1", moves),
        Case(f"{ledger} (plataforma) page 1, tipo=CREDITO_COMPRA", ledger, plataforma,
             {**size, "tipo": "CREDITO_COMPRA"}, "1", moves),
        Case(f"{ledger} (plataforma) page {d_ledger:,}", ledger, plataforma,
             {**size, "pagina": d_ledger}, str(d_ledger), moves),
        Case(f"{ledger} (plataforma) page {d_ledger:,}, de/ate one year", ledger, plataforma,
             {**size, "pagina": d_ledger, **year}, str(d_ledger), moves),
        Case(f"{ledger} (plataforma) cursor at a random depth", ledger, plataforma, size,
             "cursor", moves, crafted("extrato:data", "mov", 12)),
        Case(f"{audit} (varejo) page 1", audit, varejo, logs, "1", entries),
        Case(f"{audit} (varejo) page 1, entidade=emitente", audit, varejo,
             {**logs, "entidade": "emitente"}, "1", entries),
        Case(f"{audit} (varejo) page {d_audit:,}", audit, varejo, {**logs, "page": d_audit},
             str(d_audit), entries),
        Case(f"{audit} (varejo) page {d_audit:,}, entidade=produto", audit, varejo,
             {**logs, "page": d_audit, "entidade": "produto"}, str(d_audit), entries),
        Case(f"{audit} (varejo) cursor at a random depth", audit, varejo, logs, "cursor",
             entries, crafted("logs:criado_em", "aud", 13)),
        Case("/empresas (plataforma) page 1", "/empresas", plataforma, size, "1"),
        Case(f"/empresas (plataforma) page {companies}", "/empresas", plataforma,
             {**size, "pagina": companies}, str(companies)),
    ]  # fmt: skip


def walker(client: Client, steps: int) -> Callable[[Case], list[str]]:
    """The cursors met walking on from a deep page's `proximo` (`steps` pages)."""

    def walk(case: Case) -> list[str]:
        query = case.query(0)
        _, answer = client.get(case.endpoint, case.key, query)
        cursors: list[str] = []
        rest = {k: v for k, v in query.items() if k != "pagina"}
        while answer.get("proximo") and len(cursors) < steps:
            cursors.append(answer["proximo"])
            _, answer = client.get(case.endpoint, case.key, {**rest, "apos": cursors[-1]})
        return cursors

    return walk


# -- what PostgreSQL does ----------------------------------------------------------------------


def recorded_statements(app: Any, case: Case) -> list[tuple[str, Any, float]]:
    """The SQL one request of the case runs, in this process (Flask test client), with the
    time each took."""
    engine = app.extensions["fiscal"].engine
    seen: list[tuple[str, Any, float]] = []
    began: dict[int, float] = {}

    def before(_c: Any, cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        began[id(cursor)] = time.perf_counter()

    def after(_c: Any, cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        elapsed = (time.perf_counter() - began.pop(id(cursor), time.perf_counter())) * 1000
        seen.append((statement, parameters, elapsed))

    sa.event.listen(engine, "before_cursor_execute", before)
    sa.event.listen(engine, "after_cursor_execute", after)
    try:
        response = app.test_client().get(
            f"/api/v1{case.endpoint}", query_string=case.query(0),
            headers={"Authorization": f"Bearer {case.key}"},
        )  # fmt: skip
        assert response.status_code == 200, response.get_json()
    finally:
        sa.event.remove(engine, "before_cursor_execute", before)
        sa.event.remove(engine, "after_cursor_execute", after)
    return [s for s in seen if "api_keys" not in s[0] and "FROM accounts" not in s[0]]


def explain(app: Any, statement: str, parameters: Any) -> str:
    engine = app.extensions["fiscal"].engine
    with engine.connect() as connection:
        rows = connection.exec_driver_sql("EXPLAIN (ANALYZE, BUFFERS) " + statement, parameters)
        return "\n".join(str(r[0]) for r in rows)


def index_sizes(name: str) -> list[tuple[str, str, int]]:
    with psycopg.connect(psycopg_url(name)) as connection:
        rows = connection.execute(
            "SELECT t.relname, i.relname, pg_relation_size(i.oid) FROM pg_index x "
            "JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid "
            "WHERE t.relname = ANY(%s) ORDER BY 1, 3 DESC", (list(LOADED),)).fetchall()  # fmt: skip
    return [(str(t), str(i), int(s)) for t, i, s in rows]


def table_sizes(name: str) -> list[tuple[str, int, int, int, int]]:
    with psycopg.connect(psycopg_url(name)) as connection:
        rows = connection.execute(
            "SELECT relname, reltuples::bigint, pg_table_size(oid), pg_indexes_size(oid), "
            "pg_total_relation_size(oid) FROM pg_class WHERE relname = ANY(%s) ORDER BY 5 DESC",
            (list(LOADED),)).fetchall()  # fmt: skip
        database = connection.execute("SELECT pg_database_size(current_database())").fetchone()
    assert database is not None
    return [(str(r[0]), int(r[1]), int(r[2]), int(r[3]), int(r[4])) for r in rows] + [
        ("(whole database)", 0, 0, 0, int(database[0]))
    ]


def longest_lists(name: str, population: Population) -> Counter[str]:
    accounts = population.accounts
    varejo = next(c.id for c in population.companies if c.codigo == "varejo")
    with psycopg.connect(psycopg_url(name)) as connection:

        def one(sql: str, value: str) -> int:
            row = connection.execute(sql, (value,)).fetchone()
            return int(row[0]) if row else 0

        return Counter({
            "tasks": one("SELECT count(*) FROM fiscal_tasks WHERE company_id = %s", varejo),
            "ledger": one("SELECT count(*) FROM ledger_entries WHERE account_id = %s",
                          accounts["plataforma"].id),
            "audit": one("SELECT count(*) FROM audit_log WHERE company_id = %s", varejo),
        })  # fmt: skip


def counting(name: str, population: Population) -> list[tuple[str, float]]:
    """What `total` would cost: the longest list (varejo's NFC-e, both environments) counted
    up to several limits and exactly (median of 5, ms, in SQL)."""
    company = next(c for c in population.companies if c.codigo == "varejo")
    branch = ("SELECT 1 FROM fiscal_documents WHERE company_id = %(c)s AND modulo = 'nfce' "
              "AND ambiente = '{env}'")  # fmt: skip
    union = " UNION ALL ".join(branch.format(env=e) for e in ("HOMOLOGACAO", "PRODUCAO"))
    out = []
    with psycopg.connect(psycopg_url(name)) as connection:
        for limit in (10_000, 100_000, 1_000_000, None):
            bound = f" LIMIT {limit + 1}" if limit else ""
            sql = f"SELECT count(*) FROM ({union}{bound}) s"
            times = []
            for _ in range(5):
                began = time.perf_counter()
                connection.execute(sql, {"c": company.id}).fetchone()
                times.append((time.perf_counter() - began) * 1000)
            out.append((f"{limit:,}" if limit else "exact", statistics.median(times)))
    return out


def exact_totals(results: list[Result], app: Any) -> dict[str, int]:
    """The exact total of each case whose answer was estimated: its bounded count run again
    with the bound lifted (once, offline)."""
    exact = {}
    for result in results:
        if not result.estimated:
            continue
        statements = recorded_statements(app, result.case)
        count = next((s for s in statements if "count(*)" in s[0]), None)
        bound = re.search(r"LIMIT %\((\w+)\)s", count[0]) if count else None
        if count is None or bound is None:
            continue
        parameters = {**dict(count[1]), bound.group(1): 2**31 - 1}
        with app.extensions["fiscal"].engine.connect() as connection:
            total = connection.exec_driver_sql(count[0], parameters).scalar_one()
        exact[result.case.name] = int(total)
    return exact


# -- the report --------------------------------------------------------------------------------


def machine() -> str:
    import flask
    import gunicorn

    with psycopg.connect(ADMIN_URL) as connection:
        row = connection.execute("SELECT version()").fetchone()
        settings = dict(connection.execute(
            "SELECT name, setting || coalesce(unit, '') FROM pg_settings WHERE name IN "
            "('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit', "
            "'max_parallel_workers_per_gather')").fetchall())  # fmt: skip
    version = str(row[0]).split(" on ")[0] if row else "?"
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                            capture_output=True, check=False).stdout.strip()  # fmt: skip
    return (f"CPython {platform.python_version()}, {os.cpu_count()} cores "
            f"({platform.machine()}), {version} on loopback ({', '.join(f'{k} {v}' for k, v in sorted(settings.items()))}), "  # noqa: E501
            f"psycopg {psycopg.__version__}, SQLAlchemy {sa.__version__}, Flask "
            f"{flask.__version__}, gunicorn {gunicorn.__version__}; main {commit} with the "
            f"working tree")  # fmt: skip


def mib(size: int) -> str:
    return f"{size / 2**20:,.1f}"


def report(args: argparse.Namespace, population: Population, results: list[Result],
           extra: dict[str, Any]) -> str:  # fmt: skip
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    documents = sum(population.counts[m] for m in ("nfe", "nfce", "nfse", "cte", "cteos", "mdfe"))
    lines = [f"## Run of {now}", "", machine() + f"; load average {extra['load_before']} before "
             f"the cases, {extra['load_after']} after (1, 5, 15 min; 2 cores, other jobs share "
             f"them); seed {args.seed}.", ""]  # fmt: skip
    lines += [f"### Population ({documents:,} documents)", "",
              "| rows | count |", "|---|---:|"]  # fmt: skip
    for kind in ("nfe", "nfce", "nfse", "cte", "cteos", "mdfe", "tasks", "ledger", "audit"):
        lines.append(f"| {kind} | {population.counts[kind]:,} |")
    lines.append(f"| companies | {len(population.companies):,} |")
    if population.seconds:
        parts = ", ".join(f"{k} {v:,.1f} s" for k, v in population.seconds.items()
                          if not k.startswith("index "))  # fmt: skip
        lines += ["", f"Generation: {parts}.", ""]
        builds = [(k[6:], v) for k, v in population.seconds.items() if k.startswith("index ")]
        lines += ["Index builds after the load (plain `CREATE INDEX`, maintenance_work_mem "
                  "512MB, one parallel worker; `CONCURRENTLY`, as migration 0025 does it, reads "
                  "the table twice):", "", "| index | s |", "|---|---:|"]  # fmt: skip
        lines += [f"| {k} | {v:,.1f} |" for k, v in sorted(builds, key=lambda b: -b[1])]
    lines += ["", "### Latency per case (ms, wall time on the client, one request at a time)",
              "", "| case | depth | requests | p50 | p99 | max | items | total | estimated | "
              "load 1 min | p99 < 50 ms |",
              "|---|---|---:|---:|---:|---:|---:|---:|---|---|---|"]  # fmt: skip
    for r in results:
        met = "**met**" if r.quantile(0.99) < TARGET_MS else "**missed**"
        lines.append(f"| {r.case.name} | {r.case.depth} | {len(r.times)} | "
                     f"{r.quantile(0.5):.1f} | {r.quantile(0.99):.1f} | {max(r.times):.1f} | "
                     f"{r.items} | {r.total:,} | {'yes' if r.estimated else ''} | "
                     f"{r.load[0]:.2f}–{r.load[1]:.2f} | {met} |")  # fmt: skip
    if extra.get("exact"):
        lines += ["", "### `total` where it was estimated", "",
                  "| case | answered | exact | error |", "|---|---:|---:|---:|"]  # fmt: skip
        for r in results:
            if r.case.name in extra["exact"]:
                exact = extra["exact"][r.case.name]
                lines.append(f"| {r.case.name} | {r.total:,} | {exact:,} | "
                             f"{(r.total - exact) / exact * 100:+.1f} % |")  # fmt: skip
    lines += ["", "### Counting the longest list (varejo's NFC-e), in SQL", "",
              "| limit | ms (median of 5) |", "|---|---:|"]  # fmt: skip
    lines += [f"| {k} | {v:,.1f} |" for k, v in extra["counting"]]
    lines += ["", "### Sizes", "", "| table | rows | table MiB | indexes MiB | total MiB |",
              "|---|---:|---:|---:|---:|"]  # fmt: skip
    lines += [f"| {t} | {n:,} | {mib(a)} | {mib(b)} | {mib(c)} |"
              for t, n, a, b, c in extra["tables"]]  # fmt: skip
    lines += ["", "| table | index | MiB |", "|---|---|---:|"]
    lines += [f"| {t} | {'**' + i + '**' if '_list' in i else i} | {mib(s)} |"
              for t, i, s in extra["indexes"]]  # fmt: skip
    lines += ["", "List indexes (migration 0025) in bold.", "", "### Plans", ""]
    for name, statements in extra["plans"]:
        lines += [f"#### {name}", ""]
        for statement, milliseconds, plan in statements:
            lines += [f"{milliseconds:.1f} ms in process:", "", "```sql", statement.strip(), "```",
                      "", "```", plan, "```", ""]  # fmt: skip
    return "\n".join(lines) + "\n"


# -- main --------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=None)
    parser.add_argument("--companies", type=int, default=None, help="platform companies")
    parser.add_argument("--requests", type=int, default=None)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--reuse", default=None, help="an existing generated database")
    parser.add_argument("--plans", type=int, default=4, help="EXPLAIN the N slowest cases")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--append", action="store_true")
    args = parser.parse_args()
    documents = args.documents or (20_000 if args.quick else TARGET_DOCUMENTS)
    companies = args.companies or (20 if args.quick else 5_000)
    requests = args.requests or (10 if args.quick else 300)
    out = args.out or (None if args.quick else ROOT / "bench" / "results" / "lists.md")
    name = args.reuse or f"bench_lists_{secrets.token_hex(4)}"
    env = {"DATABASE_URL": database_url(name), "REDIS_URL": REDIS_URL,
           "FISCAL_ENCRYPTION_KEY": "bench-lists-" + "k" * 40, "FISCAL_REDIS_PREFIX":
           f"bench-lists-{secrets.token_hex(3)}:", "RATE_LIMIT_PER_MINUTE": "100000000",
           "LOG_JSON": "1", "WORKER_CPU_AFFINITY": "0"}  # fmt: skip
    os.environ.update(env)
    with tempfile.TemporaryDirectory(prefix="bench-lists-") as tmp, \
            scratch_database(name, args.keep, args.reuse is not None):  # fmt: skip
        os.environ["FISCAL_DATA_DIR"] = tmp
        if args.reuse:
            population = existing_population(name)
        else:
            print(f"generating {documents:,} documents into {name}", flush=True)
            population = generate(name, documents, companies, args.seed)
            print(f"generated in {population.seconds['total']:,.0f} s", flush=True)
        results, extra = run_cases(name, population, args.quick, requests, args.plans, Path(tmp))
        text = report(args, population, results, extra)
    print(text)
    if out is not None:
        header = ("# List benchmark\n\n`python bench/lists.py` — page 1, page 5,000 and cursor "
                  "pages of every list at N documents, through gunicorn; population, method and "
                  "cases: the script's docstring. Target: p99 < 50 ms at 10,000,000 "
                  "documents.\n\n")  # fmt: skip
        previous = out.read_text().split("\n## ", 1) if args.append and out.exists() else []
        older = "\n## " + previous[1] if len(previous) == 2 else ""
        out.write_text(header + text + older)
        print(f"written to {out}")
    if args.keep:
        print(f"kept database {name}")


def run_cases(name: str, population: Population, quick: bool, requests: int, plans: int,
              tmp: Path) -> tuple[list[Result], dict[str, Any]]:  # fmt: skip
    from service.app import create_app

    load_before = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    population.rows = longest_lists(name, population)
    results = []
    with server(dict(os.environ), tmp / "gunicorn.log") as port:
        client = Client(port)
        for case in cases(population, quick, walker(client, 50)):
            result = measure(client, case, requests)
            print(f"  {case.name}: p50 {result.quantile(0.5):.1f} ms, "
                  f"p99 {result.quantile(0.99):.1f} ms", flush=True)  # fmt: skip
            results.append(result)
    load_after = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    app = create_app(load_settings())
    slowest = sorted(results, key=lambda r: -r.quantile(0.99))[:plans]
    deep = [r for r in results if r.case.depth == str(DEEP_PAGE) and r.case.endpoint == "/nfce"]
    explained = []
    for result in slowest + [r for r in deep[:1] if r not in slowest]:
        statements = recorded_statements(app, result.case)
        listed = [(s, ms, explain(app, s, p)) for s, p, ms in statements
                  if any(t in s for t in ("fiscal_", "ledger", "audit"))
                  and not s.startswith("EXPLAIN")]  # fmt: skip
        explained.append((result.case.name, listed))
    extra = {
        "load_before": load_before, "load_after": load_after, "plans": explained,
        "indexes": index_sizes(name), "tables": table_sizes(name),
        "counting": counting(name, population), "exact": exact_totals(results, app),
    }  # fmt: skip
    app.extensions["fiscal"].engine.dispose()
    return results, extra


if __name__ == "__main__":
    main()
