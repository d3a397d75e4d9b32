"""Benchmark: bytes a stored document costs in PostgreSQL, per family (not a test).

    python bench/storage.py [--nfe 2000] [--others 300] [--families nfe,nfce,...] [--quick]
                            [--s3] [--seed 2026] [--json FILE] [--write FILE] [--label TEXT]

What runs, all on this machine: the authority simulator in this process (HTTPS with mutual TLS
on loopback) and, per family, a fresh PostgreSQL database (created from `test` on
127.0.0.1:5432, migrated to head with Alembic, dropped at the end) with Redis on
127.0.0.1:6379 (the production mode's rate limiter). Each family's documents are issued
through the API with Flask's test client, one after the other, by a company set up as the API
tests set theirs up (`tests/api/*/helpers.py`: issuer, an A1 from the simulator's CA, the
registers and rules the family needs), so what is stored is exactly what an issuance stores.

Sizes are those of real documents: an NF-e has 1 item (40 %), 2-4 (35 %), 5-10 (17 %), 11-30
(6 %) or 31-60 (2 %) items, each a product of its own (the corpus of `../shared/corpus/nfe`
has 1-4 items for most documents, up to 41); an NFC-e 1-6 items; a CT-e 1-3 NF-e keys, an MDF-e
1-10; an NFS-e one service. Every document must come back 200 AUTORIZADA.

Measured once the family's documents are in, after `VACUUM (FULL, ANALYZE)` (what a document
costs at rest: the authorization's UPDATE leaves a dead version of each row, which autovacuum
gives back for reuse), less the same measures of the empty database:

- `fiscal_documents`, its heap (`pg_relation_size`), its TOAST table with the TOAST index
  (`pg_total_relation_size(reltoastrelid)`) and its indexes (`pg_indexes_size`); per document,
  their sum is the number the target is about;
- each column's `sum(pg_column_size(column))` (the stored, possibly compressed, datum; a
  TOASTed value counts its compressed bytes, not its pointer), the XML columns apart;
- the whole database (`pg_database_size`): the document with its order, ledger entry, outbox
  and idempotency rows;
- the signed and the authorized XML as served (`GET /{family}/{id}/xml`), uncompressed.

`--s3`: the signed XML in an object store (`FISCAL_BLOB_STORE=s3`), a moto S3 server on
loopback (`tests/s3.py`); the database then keeps the object's key, not the XML.

`--quick` (CI): 100 NF-e and 20 of each other family. `--json FILE` writes the figures (a
before/after comparison reads two such files); `--write FILE` the markdown table.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import platform
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import psycopg

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import api  # noqa: E402
from service.app import create_app  # noqa: E402
from service.config import RuntimeMode, S3Settings, Settings  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from simulator.testing import SimulatorHandle, running_simulator  # noqa: E402
from tests.api.cte.helpers import cte_body, cte_ready, cteos_body  # noqa: E402
from tests.api.mdfe.helpers import mdfe_body, mdfe_ready  # noqa: E402
from tests.api.nfe.helpers import (  # noqa: E402
    Ready,
    add_customer,
    add_product,
    authority_settings,
    cnpj_digits,
    ready_company,
)
from tests.api.nfse.helpers import nfse_body, nfse_ready  # noqa: E402
from tests.s3 import running_s3  # noqa: E402

PG_ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
FAMILIES = ("nfe", "nfce", "nfse", "cte", "cteos", "mdfe")
XML_COLUMNS = frozenset({"xml_assinado", "xml_autorizado", "xml_dados", "xml_protocolo",
                         "xml_objeto", "xml_sha256", "xml_tamanho"})  # fmt: skip
"""The columns that hold a document's XML, before (`xml_assinado`, `xml_autorizado`) and after
issue 41 (`xml_dados`, the signed XML compressed; `xml_protocolo`, the rest of the authorized
one; the object's key, the SHA-256 and size); whichever the schema has are measured."""
NFE_ITEMS = ((1, 1, 0.40), (2, 4, 0.35), (5, 10, 0.17), (11, 30, 0.06), (31, 60, 0.02))
"""(fewest, most, share) of the NF-e's item counts."""
PRODUCTS = 60
WORDS = ("Refrigerante", "Parafuso", "Cabo", "Caixa", "Tinta", "Papel", "Filtro", "Lâmpada",
         "Sabão", "Café", "Arroz", "Óleo", "Tomada", "Bateria", "Camiseta")  # fmt: skip


@dataclass
class Measure:
    """One family's figures, per document unless the name says otherwise."""

    family: str
    documents: int
    seconds: float
    heap: float
    toast: float
    indexes: float
    table: float
    dictionaries: float
    """`xml_dicionarios` (with its TOAST and indexes), where the schema has it."""
    database: float
    xml_columns: float
    other_columns: float
    columns: dict[str, float] = field(default_factory=dict)
    signed_xml: float = 0.0
    authorized_xml: float = 0.0
    empty: dict[str, int] = field(default_factory=dict)
    """The empty database's sizes, whole bytes (subtracted from every figure above)."""


# ---------------------------------------------------------------- infrastructure


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """A migrated database of its own (`bench/api.py`'s), dropped on the way out."""
    with api.fresh_database() as name:
        url = f"{PG_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
        upgrade(url)
        yield url


def service_settings(
    url: str, data_dir: Path, sim: SimulatorHandle, s3: S3Settings | None = None
) -> Settings:
    """Production mode (PostgreSQL + Redis) against the simulator; no limit to speak of; the
    object store `s3` when given."""
    base = Settings(
        data_dir=data_dir, database_url=url, redis_url=REDIS_URL,
        encryption_key=secrets.token_urlsafe(48), mode=RuntimeMode.PRODUCTION, testing=True,
        log_json=True, redis_prefix=f"fiscal-bench-storage-{secrets.token_hex(4)}:",
    )  # fmt: skip
    stores = {"blob_store": "s3", "s3": s3} if s3 is not None else {}
    return base.with_overrides(
        **authority_settings(sim, rate_limit_per_minute=10_000_000), **stores
    )


def sizes(url: str) -> dict[str, int]:
    """After `VACUUM (FULL, ANALYZE)`: `fiscal_documents` by part, and the whole database."""
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("VACUUM (FULL, ANALYZE)")
        heap, toast, indexes, total = conn.execute(
            "SELECT pg_relation_size(c.oid), "
            "COALESCE(pg_total_relation_size(NULLIF(c.reltoastrelid, 0)), 0), "
            "pg_indexes_size(c.oid), pg_total_relation_size(c.oid) "
            "FROM pg_class c WHERE c.relname = 'fiscal_documents'"
        ).fetchone()
        (dictionaries,) = conn.execute(
            "SELECT COALESCE(pg_total_relation_size(to_regclass('xml_dicionarios')), 0)"
        ).fetchone()
        (database,) = conn.execute("SELECT pg_database_size(current_database())").fetchone()
    return {"heap": heap, "toast": toast, "indexes": indexes, "table": total,
            "dictionaries": dictionaries, "database": database}  # fmt: skip


def column_sizes(url: str) -> dict[str, int]:
    """`sum(pg_column_size(c))` of every column of `fiscal_documents`."""
    with psycopg.connect(url, autocommit=True) as conn:
        names = [row[0] for row in conn.execute(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_name = 'fiscal_documents' ORDER BY ordinal_position"
        )]  # fmt: skip
        sums = ", ".join(f'COALESCE(sum(pg_column_size("{n}")), 0)' for n in names)
        row = conn.execute(f"SELECT {sums} FROM fiscal_documents").fetchone()
    return dict(zip(names, (int(v) for v in row), strict=True))


# ---------------------------------------------------------------- documents


def nfe_items(rng: random.Random, families: tuple[tuple[int, int, float], ...]) -> int:
    roll, edge = rng.random(), 0.0
    for fewest, most, share in families:
        edge += share
        if roll < edge:
            return rng.randint(fewest, most)
    return families[-1][1]


def with_products(rt: Any, ready: Ready) -> None:
    """P1..P60: distinct codes, descriptions and prices (the pack's rules cover their NCM)."""
    for n in range(1, PRODUCTS + 1):
        word = WORDS[n % len(WORDS)]
        add_product(rt, ready, f"P{n}", descricao=f"{word} modelo {n:03d} linha comercial",
                    preco=f"{3 + n * 1.37:.2f}")  # fmt: skip


def goods_body(rng: random.Random, pedido: str, count: int, *, customer: bool) -> dict[str, Any]:
    codes = rng.sample(range(1, PRODUCTS + 1), count)
    items = [{"codigo": f"P{c}", "quantidade": rng.randint(1, 12)} for c in codes]
    body: dict[str, Any] = {"pedido": pedido, "itens": items, "pagamento": "pix"}
    return {**body, "cliente": "C1"} if customer else body


def nfe_keys(rng: random.Random, count: int) -> list[str]:
    """NF-e keys of other issuers (valid check digits), as a CT-e or an MDF-e lists them."""
    keys = []
    for _ in range(count):
        cnpj = cnpj_digits(f"{rng.randint(10_000_000, 99_999_999):08d}0001")
        base = f"352601{cnpj}55001{rng.randint(1, 999_999_999):09d}1{rng.randint(0, 10**8 - 1):08d}"
        total = sum(int(d) * (2 + i % 8) for i, d in enumerate(reversed(base)))
        digit = 11 - total % 11
        keys.append(base + ("0" if digit >= 10 else str(digit)))
    return keys


@dataclass(frozen=True)
class Plan:
    """How one family's company is set up and what each of its requests is."""

    module: str
    setup: Callable[[Any, Any, SimulatorHandle], Ready]
    body: Callable[[random.Random, str], dict[str, Any]]


def _goods_ready(client: Any, rt: Any, sim: SimulatorHandle) -> Ready:
    ready = ready_company(client, rt, sim, credits="1000000.00")
    with_products(rt, ready)
    add_customer(rt, ready)
    return ready


def _cte(rng: random.Random, pedido: str) -> dict[str, Any]:
    return cte_body(pedido, documentos=nfe_keys(rng, rng.randint(1, 3)))


def _mdfe(rng: random.Random, pedido: str) -> dict[str, Any]:
    documents = [{"chave_nfe": k, "municipio_descarga": "3509502"}
                 for k in nfe_keys(rng, rng.randint(1, 10))]  # fmt: skip
    return mdfe_body(pedido, documentos=documents)


def _funded(setup: Callable[..., Ready]) -> Callable[[Any, Any, SimulatorHandle], Ready]:
    def made(client: Any, rt: Any, sim: SimulatorHandle) -> Ready:
        ready = setup(client, rt, sim)
        fund(rt, ready.account_id)
        return ready

    return made


def fund(rt: Any, account_id: str) -> None:
    """Enough credit for every request (the helpers give 100.00)."""
    from service.db import transaction
    from service.wallet.models import Wallet

    with transaction(rt.sessions) as session:
        wallet = session.get(Wallet, account_id)
        assert wallet is not None
        wallet.saldo = Decimal("1000000.00")


PLANS = {
    "nfe": Plan("nfe", _goods_ready,
                lambda rng, p: goods_body(rng, p, nfe_items(rng, NFE_ITEMS), customer=True)),
    "nfce": Plan("nfce", _goods_ready,
                 lambda rng, p: goods_body(rng, p, rng.randint(1, 6), customer=False)),
    "nfse": Plan("nfse", _funded(nfse_ready), lambda rng, p: nfse_body(p)),
    "cte": Plan("cte", _funded(cte_ready), _cte),
    "cteos": Plan("cteos", _funded(cte_ready), lambda rng, p: cteos_body(p)),
    "mdfe": Plan("mdfe", _funded(mdfe_ready), _mdfe),
}  # fmt: skip


def issue(client: Any, ready: Ready, plan: Plan, rng: random.Random, count: int) -> list[str]:
    """`count` documents through the API; every one must be authorized."""
    ids = []
    for n in range(count):
        answer = client.post(f"/api/v1/{plan.module}", headers=ready.headers,
                             json=plan.body(rng, f"BENCH-{n:06d}"))  # fmt: skip
        data = answer.get_json()
        if answer.status_code != 200 or data.get("status") != "AUTORIZADA":
            raise RuntimeError(f"{plan.module} #{n}: {answer.status_code} {data}")
        ids.append(data["id"])
    return ids


def xml_sizes(client: Any, ready: Ready, module: str, ids: list[str]) -> float:
    """Mean bytes of the authorized XML as downloaded."""
    got = [client.get(f"/api/v1/{module}/{i}/xml", headers=ready.headers) for i in ids]
    assert all(a.status_code == 200 for a in got)
    return statistics.fmean(len(a.data) for a in got)


def signed_sizes(url: str) -> float:
    """Mean bytes of the signed XML itself (uncompressed): `xml_tamanho` where the schema has
    it, else the length of `xml_assinado`."""
    with psycopg.connect(url, autocommit=True) as conn:
        names = {row[0] for row in conn.execute(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_name = 'fiscal_documents'"
        )}  # fmt: skip
        size = "xml_tamanho" if "xml_tamanho" in names else "length(xml_assinado)"
        (mean,) = conn.execute(f"SELECT avg({size}) FROM fiscal_documents").fetchone()
    return float(mean)


def measure(
    family: str, count: int, sim: SimulatorHandle, seed: int, s3: S3Settings | None = None
) -> Measure:
    plan = PLANS[family]
    with fresh_database() as url, tempfile.TemporaryDirectory() as data:
        empty = sizes(url)
        app = create_app(service_settings(url, Path(data), sim, s3))
        rt = app.extensions["fiscal"]
        client = app.test_client()
        ready = plan.setup(client, rt, sim)
        start = time.perf_counter()
        ids = issue(client, ready, plan, random.Random(seed), count)
        seconds = time.perf_counter() - start
        authorized = xml_sizes(client, ready, family, ids)
        rt.engine.dispose()
        signed = signed_sizes(url)
        full, columns = sizes(url), column_sizes(url)
    per = {name: (full[name] - empty[name]) / count for name in full}
    xml = sum(v for k, v in columns.items() if k in XML_COLUMNS) / count
    other = sum(v for k, v in columns.items() if k not in XML_COLUMNS) / count
    return Measure(
        family=family, documents=count, seconds=seconds, heap=per["heap"], toast=per["toast"],
        indexes=per["indexes"], table=per["table"], dictionaries=per["dictionaries"],
        database=per["database"],
        xml_columns=xml, other_columns=other,
        columns={k: v / count for k, v in columns.items()},
        signed_xml=signed, authorized_xml=authorized, empty=empty,
    )  # fmt: skip


# ---------------------------------------------------------------- report


def machine(label: str | None = None) -> str:
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    with psycopg.connect(PG_ADMIN_URL) as conn:
        (version,) = conn.execute("SHOW server_version").fetchone()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True, check=False).stdout.strip()  # fmt: skip
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                           capture_output=True, text=True, check=False).stdout.strip()  # fmt: skip
    state = label or f"{commit}{' + working tree' if dirty else ''}"
    return (f"CPython {platform.python_version()}, {os.cpu_count()} cores, PostgreSQL {version} "
            f"on loopback; code {state}; load average {load}")  # fmt: skip


def table(measures: list[Measure]) -> str:
    head = ("| family | documents | signed XML B | authorized XML B | XML columns B | other "
            "columns B | heap B | TOAST B | indexes B | **fiscal_documents B** | dictionaries B "
            "| database B |\n|---|" + "---:|" * 11)  # fmt: skip
    rows = [
        f"| {m.family} | {m.documents:,} | {m.signed_xml:,.0f} | {m.authorized_xml:,.0f} | "
        f"{m.xml_columns:,.0f} | {m.other_columns:,.0f} | {m.heap:,.0f} | {m.toast:,.0f} | "
        f"{m.indexes:,.0f} | **{m.table:,.0f}** | {m.dictionaries:,.0f} | {m.database:,.0f} |"
        for m in measures
    ]
    return "\n".join([head, *rows])


def columns_table(measures: list[Measure]) -> str:
    """Per column, bytes per document (`pg_column_size`), the columns over 16 B on average."""
    names = sorted({k for m in measures for k, v in m.columns.items() if v > 16},
                   key=lambda k: -max(m.columns.get(k, 0) for m in measures))  # fmt: skip
    head = "| column | " + " | ".join(m.family for m in measures) + " |"
    rule = "|---|" + "---:|" * len(measures)
    rows = [f"| `{n}` | " + " | ".join(f"{m.columns.get(n, 0):,.0f}" for m in measures) + " |"
            for n in names]  # fmt: skip
    return "\n".join([head, rule, *rows])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nfe", type=int, default=2000, help="NF-e to issue")
    parser.add_argument("--others", type=int, default=300, help="documents of each other family")
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="100 NF-e, 20 of each other")
    parser.add_argument("--s3", action="store_true", help="the signed XML in a local S3 server")
    parser.add_argument("--json", type=Path, help="write the figures as JSON")
    parser.add_argument("--write", type=Path, help="write the markdown tables")
    parser.add_argument("--label", help="what code runs (default: the git commit)")
    args = parser.parse_args()
    logging.disable(logging.INFO)  # one access-log line per request otherwise
    if args.quick:
        args.nfe, args.others = 100, 20
    families = [f for f in args.families.split(",") if f]
    print(machine(args.label), flush=True)
    measures = []
    with contextlib.ExitStack() as stack:
        sim = stack.enter_context(running_simulator(Path(stack.enter_context(
            tempfile.TemporaryDirectory())) / "sim"))  # fmt: skip
        s3 = stack.enter_context(running_s3()) if args.s3 else None
        for family in families:
            count = args.nfe if family == "nfe" else args.others
            result = measure(family, count, sim, args.seed, s3)
            print(f"{family}: {count} documents in {result.seconds:.1f} s, "
                  f"{result.table:,.0f} B each in fiscal_documents", flush=True)  # fmt: skip
            measures.append(result)
    report = (
        f"{machine(args.label)}\n\n{table(measures)}\n\nPer column:\n\n{columns_table(measures)}\n"
    )
    print(report)
    if args.json:
        args.json.write_text(json.dumps([asdict(m) for m in measures], indent=1))
    if args.write:
        args.write.write_text(report)


if __name__ == "__main__":
    main()
