"""Benchmark of replay (not a test): a candidate global pack re-run over N stored NF-e, on the
pure engine, through the service's database path and through the CLI. The product's target:
**replay of 100,000 stored documents on this machine (2 cores) in under 60 s**.

Why: `fiscal rulepacks replay DIR --desde AAAA-MM-DD` is what a tax team runs on every
candidate pack before publishing it; it reads every document in force since the day and
recomputes it, so its cost grows with the account's history. This measures where that time
goes on a population shaped like real issuance, and checks that the answer is right.

The population (seeded, the same at every run; `--documents`, `--companies`):

- one account, 8 companies (`COMPANIES`: six of the normal regime in SP, SP, MG, RJ, PR, BA,
  lucro real or presumido, and two of the Simples Nacional in SP and SC), documents shared
  20/14/12/12/10/10/12/10 %;
- each company's rules as the automatic configuration writes them (`service.configuration.
  automatic`: `[Auto]` venda interna with the UF's internal rate, venda interestadual with the
  rate left to the global pack, the 2026 IBS/CBS rule for the normal regime; the Simples gets
  CSOSN 102), plus a tax specialist's rows through the API (`SPECIALIST`: coffee with a reduced
  base and the rate left to the pack, rice exempt, beer with ICMS withheld earlier, SP's
  reduced internal rate for computers). Stored as `tax_rules` / `iva_rules` rows with
  `origem='api'`; the engine's rules are made from those very rows by
  `service.configuration.engine_rules.to_engine_rule`, so generation and replay read the same;
- 250 products per company over 12 NCMs (`NCMS`), origin 0 (80 %), 5 (4 %), 1, 2 (6 % each),
  3 (4 %); **1–5 items per document: 1 35 %, 2 25 %, 3 18 %, 4 12 %, 5 10 % (mean 2.37)**,
  distinct products, quantities 1–24, a 5 % discount on one line in ten;
- 55 % internal sales, 45 % interstate to 14 UFs; buyers 65 % contributors, 10 % companies
  without IE, 25 % consumers (interstate sales to those two owe DIFAL, so they go only to UFs
  whose DIFAL rule in the pack is complete, as the service would refuse the rest);
- dates spread uniformly from 2026-01-05 to 2026-04-30, stored in that order; status
  AUTORIZADA (99 %) or CONTINGENCIA (1 %), plus 3 % more documents CANCELADA or REJEITADA that
  replay must skip (not counted in N).

Every document's snapshot is computed by the real engine, one `engine.compute` +
`engine.snapshot.snapshot` per document (no context is reused), over
`RuleSet(company_rules, base=RuleSet(rules of every global pack))`, the context built by the
service's own `service.fiscal.context.goods_context` and `service.nfe.assemble.counterpart_of`.
No document may have anything `missing` (the service would not have issued it).

Storage: a scratch PostgreSQL database (`--database`, created and dropped; `--keep` keeps it)
migrated by `service.migrate.upgrade`, then account, companies, natures, rules, orders and
`fiscal_documents` written by Core `insert()` executemany in batches, the snapshot as the
canonical text it was hashed as (what `service.db.json_text` writes for an issuance). Columns
replay does not read hold small placeholders: the signed XML is `<NFe/>` (the service stores
the signed XML, 6–10 KB, in the same row, which only makes the table longer), `requisicao` a
minimal request. No product or customer rows. Then `VACUUM ANALYZE` (a long-lived table is
vacuumed; without it the first reader pays the hint bits). `--sqlite PATH`: the embedded
backend instead (the file is replaced).

The candidate: a copy of `rulepacks/global/nacional/2026.1` as `<tmp>/global/nacional/2026.9`
with `icms.inter.12` at 13.00 instead of 12.00. The generator knows which documents that
changes (Res. SF 22/1989 and 13/2012: an interstate item of the normal regime whose rule leaves
the rate to the pack, origin not 1, 2, 3 or 8, and not from S/SE except ES to N/NE/CO/ES); every
generated document is checked against the engine on that (the rule in its `rules_used`, the
item's pICMS 12.00), and every measured path must report exactly that count and ICMS total
(13 % of each such line's base minus its value), or the script fails.

Measured, on the same data:

- (a) `engine.replay.replay` over snapshots already decoded in memory (decoded in chunks of
  2,000, outside the timing), `rules_for` giving the company's set on the candidate's global
  layer (built as `service.rulepacks.replay.Layers` builds it);
- (b) `service.rulepacks.replay.replay_candidate(session, Candidate(pack=...), 2026-01-01)` in
  this process, a `Session` of `service.db.make_session_factory(make_engine(url))`: reading,
  decoding, rule sets and all; with the database backend's CPU (PostgreSQL: /proc of its pid);
- (c) `fiscal rulepacks replay <candidate> --desde 2026-01-01 --json` as a subprocess, with
  `DATABASE_URL` at the scratch database (production mode: `REDIS_URL`, a throwaway
  `FISCAL_ENCRYPTION_KEY`), its JSON report written to a file and checked; and the same command
  `--desde 2027-01-01` (no document) for the fixed cost (start, imports, pack, runtime).

Breakdown: read + decode is `service.rulepacks.replay.documents()` alone over the same query;
on a sample (`--sample`, first 20,000 documents) the pure path is split into `json.loads`,
`context_from_dict`, `compute`, `to_dict` and the rest (comparison and report), and the same
sample is replayed with the pack in force, which must change nothing. `--profile` runs (b)
once more under cProfile and adds where its time goes.

    python bench/replay.py [--documents 100000] [--companies 8] [--sqlite PATH] [--quick]
                           [--profile] [--no-cli] [--out bench/results/replay.md] [--append]

`--quick`: 2,000 documents, sample 2,000, short CLI runs, nothing written unless `--out` is
given (CI). `--append` keeps the earlier runs of the results file below the new one.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import gc
import hashlib
import json
import math
import os
import platform
import pstats
import random
import resource
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from bisect import bisect
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import accumulate
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402
import psycopg  # noqa: E402
import sqlalchemy as sa  # noqa: E402
import yaml  # noqa: E402

from documents.keys import mod11_digit  # noqa: E402
from documents.ufs import UF_CODES  # noqa: E402
from engine import DocumentType, Item, RuleSet, RuleType, compute, snapshot  # noqa: E402
from engine.defaults import AUTO_TAG, DEFAULT_PRIORITY  # noqa: E402
from engine.loading import context_from_dict  # noqa: E402
from engine.packs import DEFAULT_ROOT, Pack, global_packs, load_pack  # noqa: E402
from engine.replay import ReplayReport, StoredDocument, replay  # noqa: E402
from engine.rounding import apply_rate  # noqa: E402
from engine.snapshot import CanonicalSnapshot  # noqa: E402
from service.accounts.models import Account  # noqa: E402
from service.companies.models import Company  # noqa: E402
from service.configuration import automatic  # noqa: E402
from service.configuration import rules as config_rules  # noqa: E402
from service.configuration.engine_rules import to_engine_rule  # noqa: E402
from service.configuration.models import IvaRule, Nature, TaxRule  # noqa: E402
from service.db import make_engine, make_session_factory, transaction  # noqa: E402
from service.fiscal.context import goods_context  # noqa: E402
from service.issuance.models import FiscalDocument, Order  # noqa: E402
from service.migrate import upgrade  # noqa: E402
from service.nfe.assemble import counterpart_of  # noqa: E402
from service.nfe.registers import Party  # noqa: E402
from service.rulepacks import replay as service_replay  # noqa: E402
from service.storage import codec  # noqa: E402

PLACEHOLDER_XML = codec.pack(b"<NFe/>")
PLACEHOLDER_SHA256 = hashlib.sha256(b"<NFe/>").hexdigest()

ADMIN_URL = os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/0")
TARGET_SECONDS = 60.0
TARGET_DOCUMENTS = 100_000
SINCE = date(2026, 1, 1)
FIRST_DAY, LAST_DAY = date(2026, 1, 5), date(2026, 4, 30)
CONFIGURED_ON = date(2026, 1, 2)
"""The companies' rules were written before their first document (`vigencia_inicio`)."""
PACK = DEFAULT_ROOT / "global" / "nacional" / "2026.1"
CANDIDATE_REVISION = "2026.9"
CHANGED_RULE, OLD_RATE, NEW_RATE = "icms.inter.12", Decimal("12.00"), Decimal("13.00")
CHUNK = 2000
"""Snapshots decoded at a time for the pure path (about 50 KB each once decoded)."""
INSERT_BATCH = 2000


@dataclass(frozen=True)
class CompanySpec:
    codigo: str
    uf: str
    crt: int
    apuracao: str | None
    weight: int
    cod_municipio: str
    cnae: str


COMPANIES = (
    CompanySpec("atacado-sp", "SP", 3, "real", 20, "3550308", "4639701"),
    CompanySpec("loja-campinas", "SP", 3, "presumido", 14, "3509502", "4755502"),
    CompanySpec("distribuidora-bh", "MG", 3, "real", 12, "3106200", "4691500"),
    CompanySpec("comercio-rio", "RJ", 3, "presumido", 12, "3304557", "4789099"),
    CompanySpec("industria-curitiba", "PR", 3, "real", 10, "4106902", "2542000"),
    CompanySpec("atacado-salvador", "BA", 3, "presumido", 10, "2927408", "4639701"),
    CompanySpec("mercado-santos", "SP", 1, None, 12, "3548500", "4712100"),
    CompanySpec("pecas-floripa", "SC", 1, None, 10, "4205407", "4530703"),
)
NCMS = (
    ("22021000", "Refrigerante", 12), ("22030000", "Cerveja de malte", 8),
    ("09012100", "Café torrado", 8), ("10063021", "Arroz polido", 7),
    ("84713012", "Notebook", 6), ("85171300", "Telefone celular", 6),
    ("61091000", "Camiseta de algodão", 12), ("64039990", "Calçado de couro", 8),
    ("39241000", "Utensílio de plástico", 10), ("94036000", "Móvel de madeira", 6),
    ("30049099", "Medicamento", 5), ("87089990", "Autopeça", 12),
)  # fmt: skip
ORIGINS = (("0", 80), ("5", 4), ("1", 6), ("2", 6), ("3", 4))
ITEMS_PER_DOCUMENT = ((1, 35), (2, 25), (3, 18), (4, 12), (5, 10))
QUANTITIES = ((1, 30), (2, 20), (3, 12), (4, 8), (5, 8), (6, 6), (10, 6), (12, 6), (24, 4))
PRODUCTS_PER_COMPANY = 250
INTERNAL_SHARE = 0.55
BUYERS = (("contribuinte", 65), ("pj_sem_ie", 10), ("consumidor", 25))
DESTINATIONS = (
    ("SP", 16), ("RJ", 10), ("MG", 10), ("PR", 7), ("SC", 6), ("RS", 7), ("BA", 8),
    ("PE", 6), ("GO", 6), ("ES", 5), ("CE", 5), ("DF", 5), ("PA", 5), ("AM", 4),
)  # fmt: skip
CAPITALS = {
    "SP": "3550308", "RJ": "3304557", "MG": "3106200", "PR": "4106902", "SC": "4205407",
    "RS": "4314902", "BA": "2927408", "PE": "2611606", "GO": "5208707", "ES": "3205309",
    "CE": "2304400", "DF": "5300108", "PA": "1501402", "AM": "1302603",
}  # fmt: skip
IN_FORCE_STATUS = (("AUTORIZADA", 99), ("CONTINGENCIA", 1))
OUT_OF_FORCE_SHARE = 0.03
OUT_OF_FORCE_STATUS = (("CANCELADA", 2), ("REJEITADA", 1))

FOUR_PERCENT_ORIGINS = frozenset({"1", "2", "3", "8"})
"""Res. SF 13/2012: imported goods (or with import content above 40 %) at 4 %."""
SEVEN_FROM = frozenset({"SP", "RJ", "MG", "PR", "SC", "RS"})
SEVEN_TO = frozenset({"AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MS", "MT",
                      "PA", "PB", "PE", "PI", "RN", "RO", "RR", "SE", "TO"})  # fmt: skip
"""Res. SF 22/1989: from S/SE (except ES) to N, NE, CO and ES at 7 %; every other one at 12 %."""
RATELESS_INTERSTATE_NCMS = frozenset({"1006"})
"""The specialist's rows whose interstate ICMS has no rate (rice, CST 40)."""


def specialist_bodies(spec: CompanySpec, contributions: dict[str, Any]) -> list[dict[str, Any]]:
    """Rules a tax specialist adds through the API (`POST /configuracao-fiscal/tributacao`)."""
    if spec.crt != 3:
        return [{"ncm": "2203", "operacao": "interna", "cfop": "5405", "csosn": "500",
                 "cst_pis": "49", "cst_cofins": "49",
                 "descricao": "Cerveja: ICMS retido anteriormente por ST"}]  # fmt: skip
    bodies = []
    for operacao, cfop in (("interna", "5102"), ("interestadual", "6102")):
        bodies += [
            {"ncm": "0901", "operacao": operacao, "cfop": cfop, "cst_icms": "20",
             "red_bc": "33.33", **contributions,
             "descricao": f"Café torrado: base reduzida ({operacao})"},
            {"ncm": "1006", "operacao": operacao, "cfop": cfop, "cst_icms": "40",
             "cst_pis": "06", "cst_cofins": "06",
             "descricao": f"Arroz: isento, PIS/COFINS à alíquota zero ({operacao})"},
        ]  # fmt: skip
    bodies.append({"ncm": "2203", "operacao": "interna", "cfop": "5405", "cst_icms": "60",
                   "cst_pis": "04", "cst_cofins": "04",
                   "descricao": "Cerveja: ICMS retido por ST, PIS/COFINS monofásicos"})  # fmt: skip
    if spec.uf == "SP":
        bodies.append({"ncm": "8471", "operacao": "interna", "cfop": "5102", "cst_icms": "00",
                       "aliq_icms": "12.00", **contributions,
                       "descricao": "Informática: alíquota reduzida (RICMS/SP)"})  # fmt: skip
    return bodies


# ---------------------------------------------------------------- population


@dataclass(frozen=True)
class Product:
    id: str
    codigo: str
    ncm: str
    origem: str
    price: Decimal


@dataclass
class CompanySetup:
    spec: CompanySpec
    row: Company
    natures: list[Nature]
    rules: list[TaxRule | IvaRule]
    engine_rules: list[Any]
    products: list[Product]
    cnpj: str
    index: int
    ruleset: RuleSet | None = None
    numero: int = 0


@dataclass
class Generated:
    """One stored document: its row's values and what the generator expects of it."""

    id: str
    order_id: str
    company: int
    status: str
    created_at: dt.datetime
    numero: int
    canonical: bytes
    digest: str
    total: Decimal
    pedido: str
    items: int
    interstate: bool
    changes: bool
    icms_delta: Decimal


@dataclass
class Population:
    account_id: str
    companies: list[CompanySetup]
    documents: list[Generated]
    in_force: int
    seconds: float
    cpu: float
    global_rules: int
    checks: list[str] = field(default_factory=list)

    def expected(self) -> tuple[int, Decimal]:
        docs = [d for d in self.documents if d.status in IN_FORCE]
        return sum(d.changes for d in docs), sum((d.icms_delta for d in docs), Decimal(0))


IN_FORCE = frozenset(s.value for s in service_replay.IN_FORCE)


class Draw:
    """Weighted choices from a seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, options: Sequence[tuple[Any, int]]) -> Any:
        cum = list(accumulate(w for _, w in options))
        return options[bisect(cum, self.rng.random() * cum[-1])][0]

    def hex(self, digits: int) -> str:
        return f"{self.rng.getrandbits(digits * 4):0{digits}x}"


def cnpj_for(index: int) -> str:
    digits = f"{33444555 + index:08d}0001"
    for _ in range(2):
        digits += str(mod11_digit(digits))
    return digits


def setup_companies(count: int, account_id: str, draw: Draw) -> list[CompanySetup]:
    out = []
    for index in range(count):
        base = COMPANIES[index % len(COMPANIES)]
        suffix = "" if index < len(COMPANIES) else f"-{index // len(COMPANIES) + 1}"
        spec = CompanySpec(**{**base.__dict__, "codigo": base.codigo + suffix})
        now = dt.datetime(2026, 1, 2, 12, tzinfo=dt.UTC)
        company = Company(
            id=f"emp_{draw.hex(24)}", account_id=account_id, codigo=spec.codigo,
            cnpj=cnpj_for(index), razao_social=f"{spec.codigo.replace('-', ' ').title()} Ltda",
            ativo=True, ambiente="PRODUCAO", modulos=["nfe", "nfce"], crt=spec.crt,
            apuracao=spec.apuracao, cnae=spec.cnae, uf=spec.uf, cod_municipio=spec.cod_municipio,
            ie="1234567890", created_at=now, updated_at=now, confirmado_em=now,
        )  # fmt: skip
        out.append(configure(spec, company, draw, now, index))
    return out


def configure(
    spec: CompanySpec, company: Company, draw: Draw, now: dt.datetime, index: int
) -> CompanySetup:
    """The automatic configuration's natures and rules, then the specialist's rows."""
    regime = automatic._regime(company, spec.apuracao)
    outcome = automatic.Outcome(crt=company.crt, regime=regime)
    natures = [
        Nature(id=f"nat_{draw.hex(24)}", account_id=company.account_id, company_id=company.id,
               tipo_operacao=1, finalidade=1, operacao_interna=True, operacao_interestadual=True,
               tags=[AUTO_TAG], ativo=True, created_at=now, updated_at=now,
               **{"padrao_nfe": False, "padrao_nfce": False, **body})
        for body in automatic.NATURES
    ]  # fmt: skip
    rows: list[TaxRule | IvaRule] = []
    for body in automatic._tax_bodies(company, regime, outcome):
        rows.append(rule_row(company, config_rules.TAX, body, draw, now, owned=True))
    iva = automatic._iva_body(company, outcome)
    if iva is not None:
        rows.append(rule_row(company, config_rules.IVA, iva, draw, now, owned=True))
    contributions = automatic._contributions(company, regime)
    for body in specialist_bodies(spec, contributions):
        rows.append(rule_row(company, config_rules.TAX, body, draw, now, owned=False))
    engine_rules = [
        to_engine_rule(r, RuleType.TRIBUTACAO if isinstance(r, TaxRule) else RuleType.IVA)
        for r in rows
    ]
    products = []
    for n in range(PRODUCTS_PER_COMPANY):
        ncm = draw.pick([(code, w) for code, _, w in NCMS])
        price = Decimal(math.exp(draw.rng.uniform(math.log(2.5), math.log(4000)))).quantize(
            Decimal("0.01")
        )
        products.append(Product(f"prd_{draw.hex(24)}", f"P{n:04d}", ncm, draw.pick(ORIGINS),
                                price))  # fmt: skip
    cnpj = company.cnpj or ""
    return CompanySetup(spec, company, natures, rows, engine_rules, products, cnpj, index)


def rule_row(
    company: Company, kind: Any, body: dict[str, Any], draw: Draw, now: dt.datetime,
    owned: bool,
) -> TaxRule | IvaRule:  # fmt: skip
    """A row as `service.configuration.rules.create_rule` writes it (criteria and results
    split by the register's fields, blanks dropped), `[Auto]` ones marked as owned."""
    criteria, result = config_rules._split(kind, body)
    row = kind.model(
        id=f"{kind.prefix}_{draw.hex(24)}", account_id=company.account_id,
        company_id=company.id, descricao=body.get("descricao"),
        prioridade=body.get("prioridade", DEFAULT_PRIORITY),
        vigencia_inicio=body.get("vigencia_inicio") or CONFIGURED_ON,
        vigencia_fim=body.get("vigencia_fim"), criterios=config_rules._clean(criteria),
        resultado=config_rules._clean(result), tags=[AUTO_TAG] if owned else [], ativo=True,
        revisao=1, origem="api", created_at=now, updated_at=now,
    )  # fmt: skip
    if owned:
        automatic._mark_owned(row)
    return row


def difal_complete_ufs(global_set: RuleSet) -> frozenset[str]:
    """UFs whose DIFAL rule in the pack has both rate and base method (the others answer
    `missing` for a consumer's interstate purchase, and the service would not issue)."""
    found = set()
    for rule in global_set.rules:
        if rule.tipo is RuleType.DIFAL_UF_DESTINO and {"aliquota", "base"} <= set(rule.resultado):
            found.add(str(rule.criterios.get("uf_destino")))
    return frozenset(found)


def expected_change(spec: CompanySpec, dest: str, item: Item) -> bool:
    """Whether the candidate's 13 % reaches this item (the generator's own reading of the law
    and of the rules it wrote, checked against the engine on every document)."""
    if spec.crt != 3 or dest == spec.uf:
        return False
    if any((item.ncm or "").startswith(p) for p in RATELESS_INTERSTATE_NCMS):
        return False
    if item.origem in FOUR_PERCENT_ORIGINS:
        return False
    return not (spec.uf in SEVEN_FROM and dest in SEVEN_TO)


def access_key(spec: CompanySpec, cnpj: str, when: dt.datetime, numero: int, cnf: int) -> str:
    body = f"{UF_CODES[spec.uf]:02d}{when:%y%m}{cnpj}55001{numero:09d}1{cnf:08d}"
    return body + str(mod11_digit(body))


def generate(count: int, companies_count: int, seed: int) -> Population:
    """N documents in force (plus the out-of-force share), each computed and snapshotted."""
    rng = random.Random(seed)
    draw = Draw(rng)
    account_id = f"acc_{draw.hex(24)}"
    started, cpu = time.perf_counter(), time.process_time()
    global_set = RuleSet([r for p in global_packs() for r in p.rules])
    companies = setup_companies(companies_count, account_id, draw)
    for c in companies:
        c.ruleset = RuleSet(c.engine_rules, base=global_set)
    difal_ufs = difal_complete_ufs(global_set)
    extra = round(count * OUT_OF_FORCE_SHARE)
    weights = [(i, c.spec.weight) for i, c in enumerate(companies)]
    span = (dt.datetime.combine(LAST_DAY, dt.time(22), dt.UTC)
            - dt.datetime.combine(FIRST_DAY, dt.time(11), dt.UTC)).total_seconds()  # fmt: skip
    first = dt.datetime.combine(FIRST_DAY, dt.time(11), dt.UTC)
    plan = sorted(
        (first + dt.timedelta(seconds=rng.uniform(0, span)), draw.pick(weights), k >= count)
        for k in range(count + extra)
    )
    docs = []
    for created_at, index, out_of_force in plan:
        company = companies[index]
        docs.append(document(company, created_at, out_of_force, draw, difal_ufs))
    pop = Population(account_id, companies, docs, count, time.perf_counter() - started,
                     time.process_time() - cpu, len(global_set))  # fmt: skip
    interstate_used = sum(d.interstate for d in docs)
    pop.checks.append(
        f"generation: {len(docs):,} documents computed, none with `missing`; for each one the "
        f"generator's expectation agreed with the engine (`{CHANGED_RULE}` in its rules_used "
        f"exactly when expected, pICMS {OLD_RATE} on exactly the expected items); "
        f"{interstate_used:,} interstate"
    )
    return pop


def document(
    company: CompanySetup, created_at: dt.datetime, out_of_force: bool, draw: Draw,
    difal_ufs: frozenset[str],
) -> Generated:  # fmt: skip
    rng, spec = draw.rng, company.spec
    buyer = draw.pick(BUYERS)
    if rng.random() < INTERNAL_SHARE:
        dest = spec.uf
    else:
        options = [(uf, w) for uf, w in DESTINATIONS if uf != spec.uf
                   and (buyer == "contribuinte" or uf in difal_ufs)]  # fmt: skip
        dest = draw.pick(options)
    cpf = buyer == "consumidor"
    party = Party(
        codigo=None, cpf_cnpj="12345678909" if cpf else "11222333000181", nome="Cliente",
        indicador_ie=1 if buyer == "contribuinte" else 9,
        ie="123456789" if buyer == "contribuinte" else None, email=None,
        endereco={"uf": dest, "cod_municipio": CAPITALS[dest]},
    )  # fmt: skip
    recipient = counterpart_of(company.row, party, None, "55")
    chosen = rng.sample(company.products, draw.pick(ITEMS_PER_DOCUMENT))
    items = []
    for n, product in enumerate(chosen, start=1):
        quantity = Decimal(draw.pick(QUANTITIES))
        gross = (quantity * product.price).quantize(Decimal("0.01"))
        discount = (gross * Decimal("0.05")).quantize(Decimal("0.01"))
        items.append(Item(
            numero=n, quantidade=quantity, valor_unitario=product.price,
            desconto=discount if rng.random() < 0.1 else Decimal("0.00"),
            frete=Decimal("0.00"), seguro=Decimal("0.00"), outras_despesas=Decimal("0.00"),
            produto_id=product.id, ncm=product.ncm, origem=product.origem,
        ))  # fmt: skip
    today = (created_at - dt.timedelta(hours=3)).date()  # the issuer's day (UTC−3)
    nature = company.natures[0].id
    ctx = goods_context(company.row, DocumentType.NFE, tuple(items), recipient, nature, today)
    assert company.ruleset is not None
    result = compute(ctx, company.ruleset)
    if result.missing:
        raise SystemExit(f"generated document needs configuration: {result.missing}")
    expected = [expected_change(spec, dest, item) for item in items]
    used = any(u.rule_id == CHANGED_RULE for u in result.rules_used)
    delta = Decimal(0)
    for wanted, taxes in zip(expected, result.itens, strict=True):
        icms = taxes.icms
        at_old = icms is not None and icms.pICMS == OLD_RATE and dest != spec.uf
        if at_old != wanted:
            raise SystemExit(f"generator disagrees with the engine on an item: {spec} → {dest}, "
                             f"{items[taxes.numero - 1]}, {icms}")  # fmt: skip
        if wanted and icms is not None and icms.vBC is not None and icms.vICMS is not None:
            delta += apply_rate(icms.vBC, NEW_RATE) - icms.vICMS
    if used != any(expected):
        raise SystemExit(f"generator disagrees with the engine: {spec} → {dest}, {items}")
    canonical, digest = snapshot(ctx, result)
    company.numero += 1
    status = draw.pick(OUT_OF_FORCE_STATUS if out_of_force else IN_FORCE_STATUS)
    return Generated(
        id=f"doc_{draw.hex(24)}", order_id=f"ord_{draw.hex(24)}", company=company.index,
        status=status, created_at=created_at, numero=company.numero, canonical=canonical,
        digest=digest, total=result.totais["vNF"], pedido=f"PV-{company.numero:07d}",
        items=len(items), interstate=dest != spec.uf, changes=any(expected), icms_delta=delta,
    )  # fmt: skip


# ---------------------------------------------------------------- storage


def create_database(name: str) -> str:
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        _terminate(conn, name)
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"{ADMIN_URL.rsplit('/', 1)[0]}/{name}"


def drop_database(name: str) -> None:
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        _terminate(conn, name)
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')


def _terminate(conn: psycopg.Connection[Any], name: str) -> None:
    conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s "
                 "AND pid <> pg_backend_pid()", (name,))  # fmt: skip


def _columns(obj: Any) -> dict[str, Any]:
    """A transient ORM object's row: what it was given, the Python defaults for the rest."""
    given = {c.key: getattr(obj, c.key) for c in type(obj).__table__.columns}
    return _full(type(obj), {k: v for k, v in given.items() if v is not None})


def _full(model: Any, values: dict[str, Any]) -> dict[str, Any]:
    """Every column given (executemany needs the same keys in each row): Python defaults."""
    out = dict(values)
    for column in model.__table__.columns:
        if column.key in out:
            continue
        default = column.default
        if default is None:
            out[column.key] = None
        elif default.is_callable:
            out[column.key] = default.arg(None)
        else:
            out[column.key] = default.arg
    return out


def store(url: str, pop: Population) -> dict[str, float]:
    """Migrate, then write everything with Core `insert()` executemany in batches."""
    started = time.perf_counter()
    upgrade(url)
    migrated = time.perf_counter() - started
    engine = make_engine(url)
    now = dt.datetime(2026, 1, 2, 12, tzinfo=dt.UTC)
    began = time.perf_counter()
    with engine.begin() as conn:
        conn.execute(sa.insert(Account.__table__), [_full(Account, {
            "id": pop.account_id, "name": "Grupo Replay", "email": "fiscal@replay.example",
            "unlimited_credits": True, "max_companies": 50, "created_at": now})])  # fmt: skip
        conn.execute(sa.insert(Company.__table__), [_columns(c.row) for c in pop.companies])
        natures = [_columns(n) for c in pop.companies for n in c.natures]
        conn.execute(sa.insert(Nature.__table__), natures)
        for model in (TaxRule, IvaRule):
            rows = [_columns(r) for c in pop.companies for r in c.rules if isinstance(r, model)]
            if rows:
                conn.execute(sa.insert(model.__table__), rows)
    for batch in _batches(pop.documents, INSERT_BATCH):
        orders, documents = [], []
        for d in batch:
            company = pop.companies[d.company]
            orders.append(_full(Order, {
                "id": d.order_id, "account_id": pop.account_id, "company_id": company.row.id,
                "modulo": "nfe", "ambiente": "PRODUCAO", "pedido": d.pedido,
                "fingerprint": d.digest, "documento_id": d.id, "serie": 1, "numero": d.numero,
                "tentativas": 1, "created_at": d.created_at, "updated_at": d.created_at,
            }))  # fmt: skip
            authorized = d.status in IN_FORCE or d.status == "CANCELADA"
            documents.append(_full(FiscalDocument, {
                "id": d.id, "order_id": d.order_id, "account_id": pop.account_id,
                "company_id": company.row.id, "modulo": "nfe", "modelo": "55",
                "ambiente": "PRODUCAO", "pedido": d.pedido, "serie": 1, "numero": d.numero,
                "chave": access_key(company.spec, company.cnpj, d.created_at, d.numero,
                                    int(d.digest[:7], 16) % 10**8),
                "tp_emis": "4" if d.status == "CONTINGENCIA" else "1", "status": d.status,
                "fingerprint": d.digest, "requisicao": {"pedido": d.pedido, "itens": d.items},
                "xml_dados": PLACEHOLDER_XML, "xml_sha256": PLACEHOLDER_SHA256, "xml_tamanho": 6,
                "digest_value": d.digest[:28],
                "protocolo": f"1{d.numero:014d}" if authorized else None,
                "sefaz_code": "100" if authorized else "539", "valor_total": d.total,
                "preco": Decimal("0.20") if authorized else Decimal("0.00"),
                "snapshot": CanonicalSnapshot(d.canonical), "snapshot_sha256": d.digest,
                "created_at": d.created_at, "updated_at": d.created_at,
                "autorizado_em": d.created_at if authorized else None,
            }))  # fmt: skip
        with engine.begin() as conn:
            conn.execute(sa.insert(Order.__table__), orders)
            conn.execute(sa.insert(FiscalDocument.__table__), documents)
    inserted = time.perf_counter() - began
    began = time.perf_counter()
    if engine.dialect.name == "postgresql":
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            for table in ("fiscal_documents", "orders", "tax_rules", "iva_rules", "companies"):
                conn.execute(sa.text(f"VACUUM ANALYZE {table}"))
            size = conn.execute(sa.text(
                "SELECT pg_total_relation_size('fiscal_documents')")).scalar_one()  # fmt: skip
    else:
        with engine.connect() as conn:
            conn.execute(sa.text("ANALYZE"))
        size = Path(engine.url.database or "").stat().st_size
    vacuum = time.perf_counter() - began
    engine.dispose()
    return {"migrate": migrated, "insert": inserted, "vacuum": vacuum, "bytes": float(size)}


def _batches(seq: Sequence[Any], size: int) -> Iterator[Sequence[Any]]:
    for start in range(0, len(seq), size):
        yield seq[start : start + size]


# ---------------------------------------------------------------- candidate


def write_candidate(folder: Path) -> Path:
    """The global pack as `global/nacional/2026.9` with `icms.inter.12` at 13.00."""
    candidate = folder / "global" / "nacional" / CANDIDATE_REVISION
    shutil.copytree(PACK, candidate)
    manifest = candidate / "manifest.yaml"
    data = yaml.safe_load(manifest.read_text("utf-8"))
    data["revision"] = CANDIDATE_REVISION
    manifest.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
    file = candidate / "rules" / "icms_interestadual.yaml"
    rules = yaml.safe_load(file.read_text("utf-8"))
    (rule,) = [r for r in rules["regras"] if r["id"] == CHANGED_RULE]
    if Decimal(str(rule["resultado"]["aliquota"])) != OLD_RATE:
        raise SystemExit(f"{CHANGED_RULE} is no longer {OLD_RATE} in {PACK}: update the bench")
    rule["resultado"]["aliquota"] = f"{NEW_RATE:.2f}"
    file.write_text(yaml.safe_dump(rules, allow_unicode=True, sort_keys=False), "utf-8")
    pack = load_pack(candidate)
    if pack.errors:
        raise SystemExit(f"candidate pack does not load: {pack.errors[:3]}")
    return candidate


def candidate_global(pack: Pack) -> RuleSet:
    """The global layer with the candidate in place of its pack (as `Layers.global_layer`)."""
    kept = [r for p in global_packs() if p.name != pack.name for r in p.rules]
    return RuleSet(kept + list(pack.rules))


# ---------------------------------------------------------------- measurements


@dataclass
class Timing:
    wall: float
    cpu: float
    documents: int
    changed: int
    icms: Decimal
    errors: int = 0
    server_cpu: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def rate(self) -> float:
        return self.documents / self.wall if self.wall else 0.0

    def us(self) -> float:
        return self.wall / self.documents * 1e6 if self.documents else 0.0


def merge(into: ReplayReport, part: ReplayReport) -> None:
    into.documentos += part.documentos
    into.alterados.extend(part.alterados)
    for key, value in part.totais.items():
        into.totais[key] += value


def stored(pop: Population, docs: Sequence[Generated]) -> list[StoredDocument]:
    ids = [c.row.id for c in pop.companies]
    return [StoredDocument(d.id, ids[d.company], json.loads(d.canonical)) for d in docs]


def measure_pure(pop: Population, pack: Pack, sample: int) -> tuple[Timing, dict[str, float]]:
    """(a): `engine.replay.replay` over decoded snapshots, chunk by chunk; then the sample's
    breakdown and the in-force check."""
    docs = [d for d in pop.documents if d.status in IN_FORCE]
    began = time.perf_counter()
    below = candidate_global(pack)
    sets = {c.row.id: RuleSet(c.engine_rules, base=below) for c in pop.companies}
    build = time.perf_counter() - began

    def rules_for(doc: StoredDocument) -> RuleSet:
        return sets[doc.empresa]

    report, wall, cpu, decode = ReplayReport(), 0.0, 0.0, 0.0
    for chunk in _batches(docs, CHUNK):
        t0 = time.perf_counter()
        decoded = stored(pop, chunk)
        t1, c1 = time.perf_counter(), time.process_time()
        merge(report, replay(decoded, rules_for))
        wall += time.perf_counter() - t1
        cpu += time.process_time() - c1
        decode += t1 - t0
        del decoded
    timing = Timing(wall, cpu, report.documentos, len(report.alterados),
                    report.totais.get("ICMS", Decimal(0)), report.erros)  # fmt: skip
    parts = {"build": build, "decode": decode / len(docs)}
    parts.update(breakdown(pop, docs[:sample], sets))
    return timing, parts


def breakdown(
    pop: Population, docs: Sequence[Generated], sets: dict[str, RuleSet]
) -> dict[str, float]:
    """CPU per document on the sample: `json.loads` one at a time (each decoded snapshot
    dropped before the next), context_from_dict, compute, to_dict, replay (all of it), and
    replay with the pack in force (must change nothing)."""
    out: dict[str, float] = defaultdict(float)
    in_force = {c.row.id: c.ruleset for c in pop.companies}
    unchanged = 0
    clock = time.process_time
    for chunk in _batches(docs, CHUNK):
        o0 = clock()
        for d in chunk:
            orjson.loads(d.canonical)
        t0 = clock()
        for d in chunk:
            json.loads(d.canonical)
        t1 = clock()
        decoded = stored(pop, chunk)
        t2 = clock()
        steps = [0.0, 0.0, 0.0]
        for d in decoded:  # each step timed per document: nothing accumulates, as in replay
            s0 = clock()
            context = context_from_dict(d.snapshot["contexto"])
            s1 = clock()
            result = compute(context, sets[d.empresa])
            s2 = clock()
            result.to_dict()
            s3 = clock()
            steps[0] += s1 - s0
            steps[1] += s2 - s1
            steps[2] += s3 - s2
        del context, result
        t5 = clock()
        replay(decoded, lambda d: sets[d.empresa])
        t6 = clock()
        same = replay(decoded, lambda d: in_force[d.empresa])  # type: ignore[arg-type,return-value]
        t7 = clock()
        unchanged += len(same.alterados)
        for key, value in (("orjson", t0 - o0), ("loads", t1 - t0), ("decode_kept", t2 - t1),
                           ("context", steps[0]),
                           ("compute", steps[1]), ("to_dict", steps[2]), ("replay", t6 - t5),
                           ("in_force", t7 - t6)):  # fmt: skip
            out[key] += value
    if unchanged:
        raise SystemExit(f"replay with the pack in force changed {unchanged} documents")
    n = max(1, len(docs))
    result = {k: v / n for k, v in out.items()}
    result["sample"] = float(len(docs))
    return result


def _backend_cpu(pid: int | None) -> float | None:
    """utime + stime of a local PostgreSQL backend (seconds), from /proc."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure_database(url: str, candidate: Path) -> dict[str, Timing]:
    """(b) `replay_candidate` in this process; then `documents()` alone (read + decode); then
    both again with the garbage collector off (diagnostics: what the collector costs)."""
    engine = make_engine(url)
    sessions = make_session_factory(engine)
    began = time.perf_counter()
    wanted = service_replay.load_candidate(candidate)  # a Candidate(pack=...)
    loaded = time.perf_counter() - began
    out = {}
    for way in ("full", "read", "read_gc_off", "gc_off"):
        gc.collect()
        with transaction(sessions) as session:
            pid = None
            if engine.dialect.name == "postgresql":
                pid = session.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()
            server = _backend_cpu(pid)
            if way.endswith("gc_off"):
                gc.disable()
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                if way.startswith("read"):
                    count = sum(1 for _ in service_replay.documents(session, SINCE))
                    report = ReplayReport(documentos=count)
                else:
                    report = service_replay.replay_candidate(session, wanted, SINCE)
            finally:
                wall, cpu = time.perf_counter() - t0, time.process_time() - c0
                gc.enable()
            after = _backend_cpu(pid)
        out[way] = Timing(
            wall, cpu, report.documentos, len(report.alterados),
            report.totais.get("ICMS", Decimal(0)), report.erros,
            None if server is None or after is None else after - server, {"load_pack": loaded},
        )  # fmt: skip
        del report
    engine.dispose()
    return out


def profile_database(url: str, candidate: Path, top: int = 22) -> str:
    """(b) once more under cProfile: own time by package, then the top functions."""
    engine = make_engine(url)
    sessions = make_session_factory(engine)
    wanted = service_replay.load_candidate(candidate)
    profiler = cProfile.Profile()
    with transaction(sessions) as session:
        profiler.enable()
        service_replay.replay_candidate(session, wanted, SINCE)
        profiler.disable()
    engine.dispose()
    stats = pstats.Stats(profiler)
    entries = stats.stats  # type: ignore[attr-defined]
    total = sum(v[2] for v in entries.values()) or 1.0
    by_package: Counter[str] = Counter()
    for (file, _line, _name), (_cc, _nc, tt, _ct, _callers) in entries.items():
        by_package[_package(file)] += tt
    rows = sorted(entries.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    lines = ["Own time by package (cProfile; its per-call cost inflates call-heavy Python, so "
             "read it as a ranking): "
             + ", ".join(f"{p} {t / total * 100:.0f} %" for p, t in by_package.most_common(12))
             + f"; profiled total {total:.1f} s.", "",
             "| function | calls | own s | cumulative s |", "|---|---:|---:|---:|"]  # fmt: skip
    for (file, line, name), (_cc, calls, tt, ct, _callers) in rows:
        where = f"{_short(file)}:{line} `{name}`" if line else f"`{name}`"
        lines.append(f"| {where} | {calls:,} | {tt:.2f} | {ct:.2f} |")
    return "\n".join(lines)


def _package(file: str) -> str:
    if file.startswith(("~", "<")):
        return "builtins (C)"
    path = Path(file)
    try:
        rel = path.relative_to(ROOT)
        return rel.parts[0] + "/"
    except ValueError:
        pass
    parts = path.parts
    if "site-packages" in parts:
        return parts[parts.index("site-packages") + 1].split(".")[0]
    return "stdlib " + (path.parent.name if path.parent.name != "python3.11" else path.stem)


def _short(file: str) -> str:
    path = Path(file)
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        parts = path.parts
        if "site-packages" in parts:
            return "/".join(parts[parts.index("site-packages") + 1 :])
        return path.name


def fiscal_command() -> list[str]:
    beside = Path(sys.executable).parent / "fiscal"
    if beside.exists():
        return [str(beside)]
    found = shutil.which("fiscal")
    return [found] if found else [sys.executable, "-m", "service.cli"]


def cli_env(url: str, data_dir: Path) -> dict[str, str]:
    env = {**os.environ, "DATABASE_URL": url, "FISCAL_DATA_DIR": str(data_dir)}
    if url.startswith("postgresql"):
        env.update(REDIS_URL=REDIS_URL, FISCAL_ENCRYPTION_KEY=secrets.token_urlsafe(48),
                   FISCAL_REDIS_PREFIX=f"bench_replay_{secrets.token_hex(4)}:")  # fmt: skip
    else:
        env.pop("REDIS_URL", None)
    return env


def measure_cli(url: str, candidate: Path, tmp: Path, since: date = SINCE) -> Timing:
    """(c) `fiscal rulepacks replay <candidate> --desde <since> --json` as a subprocess."""
    out_file = tmp / f"replay-{since}.json"
    command = [*fiscal_command(), "rulepacks", "replay", str(candidate), "--desde",
               since.isoformat(), "--json"]  # fmt: skip
    env = cli_env(url, tmp / "data")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with out_file.open("wb") as out:
        t0 = time.perf_counter()
        proc = subprocess.run(command, env=env, stdout=out, stderr=subprocess.PIPE, check=False)
        wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}): "
                         f"{proc.stderr.decode(errors='replace')[-2000:]}")  # fmt: skip
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    data = json.loads(out_file.read_bytes())
    size = out_file.stat().st_size
    out_file.unlink()
    icms = Decimal(data["totais"].get("ICMS", "0"))
    return Timing(wall, cpu, data["documentos"], data["alterados"], icms, data["erros"],
                  extra={"output_bytes": size, "command": command})  # fmt: skip


# ---------------------------------------------------------------- report


def git_head() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()  # fmt: skip
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "engine", "service"],
                               cwd=ROOT, capture_output=True, text=True).stdout.strip()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "?"
    return out + (" (engine/ or service/ with uncommitted changes)" if dirty else "")


def versions(url: str) -> str:
    if url.startswith("postgresql"):
        with psycopg.connect(url) as conn:
            row = conn.execute("SHOW server_version").fetchone()
        backend = f"PostgreSQL {row[0] if row else '?'} on loopback"
    else:
        import sqlite3

        backend = f"SQLite {sqlite3.sqlite_version} (file)"
    return (f"CPython {platform.python_version()}, {os.cpu_count()} cores "
            f"({platform.machine()}), {backend}, psycopg {psycopg.__version__}, SQLAlchemy "
            f"{sa.__version__}, orjson {orjson.__version__}")  # fmt: skip


def check(name: str, t: Timing, expected: int, changed: int, icms: Decimal) -> str:
    problems = []
    if t.documents != expected:
        problems.append(f"{t.documents} documents replayed, {expected} expected")
    if t.changed != changed:
        problems.append(f"{t.changed} changed, {changed} expected")
    if t.icms != icms:
        problems.append(f"ICMS total {t.icms:+}, {icms:+} expected")
    if t.errors:
        problems.append(f"{t.errors} with errors")
    if problems:
        raise SystemExit(f"{name}: " + "; ".join(problems))
    return f"{name}: {t.documents:,} replayed, {t.changed:,} changed, ICMS {t.icms:+} — as expected"


def population_text(pop: Population, stored_info: dict[str, float], backend: str) -> str:
    docs = [d for d in pop.documents if d.status in IN_FORCE]
    sizes = sorted(len(d.canonical) for d in docs)
    items = Counter(d.items for d in docs)
    mean_items = sum(k * v for k, v in items.items()) / len(docs)
    by_company = Counter(d.company for d in docs)
    changed = Counter(d.company for d in docs if d.changes)
    lines = [
        "| company | UF | CRT | regime | rules (tax + IVA) | documents | changed by the candidate "
        "|",
        "|---|---|---:|---|---:|---:|---:|",
    ]
    for i, c in enumerate(pop.companies):
        s = c.spec
        lines.append(f"| {s.codigo} | {s.uf} | {s.crt} | {s.apuracao or 'simples'} | "
                     f"{len(c.rules)} | {by_company[i]:,} | {changed[i]:,} |")  # fmt: skip
    statuses = Counter(d.status for d in pop.documents)
    interstate = sum(d.interstate for d in docs)
    n = len(pop.documents)
    return "\n".join([
        *lines, "",
        f"{len(docs):,} documents in force (" + ", ".join(
            f"{s} {statuses[s]:,}" for s, _ in IN_FORCE_STATUS) + ") and "
        + ", ".join(f"{s} {statuses[s]:,}" for s, _ in OUT_OF_FORCE_STATUS)
        + " that replay must skip; items per document "
        + ", ".join(f"{k}: {items[k] / len(docs) * 100:.1f} %" for k in sorted(items))
        + f" (mean {mean_items:.2f}); {interstate / len(docs) * 100:.1f} % interstate. "
        f"Canonical snapshot {sizes[len(sizes) // 2] / 1024:.1f} KiB median, "
        f"{sum(sizes) / len(sizes) / 1024:.1f} KiB mean, {sizes[-1] / 1024:.1f} KiB max; "
        f"`fiscal_documents` {stored_info['bytes'] / 2**20:,.0f} MiB on {backend} "
        "(with its TOAST and indexes).",
        f"Generation (real engine, one compute + snapshot per document, {n:,} documents): "
        f"{pop.seconds:.1f} s wall, {pop.cpu:.1f} s CPU, {pop.seconds / n * 1e6:.0f} µs per "
        f"document; migration {stored_info['migrate']:.1f} s, inserts "
        f"{stored_info['insert']:.1f} s ({n / stored_info['insert']:,.0f} documents/s with their "
        f"orders), VACUUM ANALYZE {stored_info['vacuum']:.1f} s.",
    ])  # fmt: skip


def timing_row(name: str, t: Timing, note: str = "") -> str:
    server = f"{t.server_cpu:.1f}" if t.server_cpu is not None else "–"
    return (f"| {name} | {t.wall:.1f} | {t.cpu:.1f} | {server} | {t.rate():,.0f} | "
            f"{t.us():.0f} | {t.changed:,} | {note} |")  # fmt: skip


def verdict(t: Timing, n: int) -> str:
    scaled = t.wall * TARGET_DOCUMENTS / n
    if n == TARGET_DOCUMENTS:
        return "**met**" if t.wall < TARGET_SECONDS else "**not met**"
    return f"{scaled:.0f} s at 100,000 by rate"


def report_text(
    args: argparse.Namespace, pop: Population, stored_info: dict[str, float],
    pure: Timing, parts: dict[str, float], db: dict[str, Timing], cli: Timing | None,
    fixed: Timing | None, backend: str, conditions: dict[str, str], profile: str | None,
) -> str:  # fmt: skip
    n = pop.in_force
    expected, icms = pop.expected()
    full, reads, gc_off = db["full"], db["read"], db["gc_off"]
    reads_gc_off = db["read_gc_off"]
    rows = [
        "| path | wall s | CPU s (this process / the CLI's) | database backend CPU s "
        "| documents/s | µs per document | changed | target (< 60 s at 100,000) |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
        timing_row("(a) `engine.replay.replay`, snapshots in memory", pure, verdict(pure, n)),
        timing_row("(b) `replay_candidate`, in process", full, verdict(full, n)),
    ]
    if cli is not None:
        rows.append(timing_row("(c) `fiscal rulepacks replay --json`", cli, verdict(cli, n)))
    if fixed is not None:
        rows.append(timing_row("… the same CLI, `--desde 2027-01-01` (no document)", fixed))
    rows += [
        timing_row("(b) read + decode alone (`documents()`)", reads),
        timing_row("… the same with `gc.disable()` (diagnostic)", reads_gc_off),
        timing_row("(b) again with `gc.disable()` (diagnostic)", gc_off, verdict(gc_off, n)),
    ]
    us = {k: v * 1e6 for k, v in parts.items() if k not in ("build", "sample")}
    rest = us["replay"] - us["context"] - us["compute"] - us["to_dict"]
    total = full.us()

    def row(name: str, value: float) -> str:
        return f"| {name} | {value:.0f} | {value / total * 100:.0f} % |"

    split = [
        "| part | µs per document | share of (b)'s wall time |",
        "|---|---:|---:|",
        row("(b) `replay_candidate`, wall", total),
        row("read + decode: query, rows, `json.loads` (`documents()` alone, wall)", reads.us()),
        row("… the same with `gc.disable()` (wall)", reads_gc_off.us()),
        row("… `json.loads` alone, one snapshot at a time (sample, CPU)", us["loads"]),
        row("… (`orjson.loads` instead, one at a time: sample, CPU)", us["orjson"]),
        row(f"… `json.loads` of {CHUNK:,} kept alive, as a batch of rows is (sample, CPU)",
            us["decode_kept"]),
        row("engine: (b) minus read + decode (wall)", total - reads.us()),
        row("… `context_from_dict` (sample, CPU)", us["context"]),
        row("… `compute` (sample, CPU)", us["compute"]),
        row("… `to_dict` (sample, CPU)", us["to_dict"]),
        row("… comparison, rule differences, report: the sample's replay minus the three",
            rest),
        row("the sample's replay with the pack in force (nothing changes; CPU)", us["in_force"]),
        row("the garbage collector: (b) minus (b) with `gc.disable()` (wall)",
            total - gc_off.us()),
    ]  # fmt: skip
    checks = [
        *pop.checks,
        check("(a)", pure, n, expected, icms),
        check("(b)", full, n, expected, icms),
        check("(b) with the collector off", gc_off, n, expected, icms),
        f"(b) read alone: {reads.documents:,} documents read (the out-of-force ones skipped); "
        f"with the collector off {reads_gc_off.documents:,}",
        f"in-force pack on the sample ({int(parts['sample']):,} documents): nothing changed",
    ]
    if reads.documents != n:
        raise SystemExit(f"documents() read {reads.documents}, {n} expected")
    if cli is not None:
        checks.append(check("(c)", cli, n, expected, icms))
    if fixed is not None:
        checks.append(f"(c) `--desde 2027-01-01`: {fixed.documents} documents")
    extra = []
    if cli is not None:
        extra.append(
            f"The CLI's JSON report was {cli.extra['output_bytes'] / 2**20:.1f} MiB (every changed "
            f"document with its changes and rules); command `{' '.join(cli.extra['command'][1:])}`"
            f" run as `{Path(cli.extra['command'][0]).name}`."
        )
    sections = [
        f"## Run of {conditions['when']} on main {conditions['head']}",
        f"{conditions['versions']}; load average {conditions['load_before']} before the run, "
        f"{conditions['load_after']} after (1, 5, 15 min; 2 cores, other jobs may share them); "
        f"seed {args.seed}.",
        f"### Population ({n:,} documents, {len(pop.companies)} companies of one account)",
        population_text(pop, stored_info, backend),
        f"### Replay of the candidate (`{CHANGED_RULE}` {OLD_RATE} → {NEW_RATE}): "
        f"{expected:,} of {n:,} documents change ({expected / n * 100:.1f} %), ICMS {icms:+}",
        "\n".join(rows),
        f"Candidate pack loaded in {full.extra['load_pack'] * 1000:.0f} ms (outside (b)); (a)'s "
        f"rule sets built in {parts['build'] * 1000:.0f} ms (outside (a)), its snapshots "
        f"decoded {CHUNK:,} at a time outside the timing ({us['decode']:.0f} µs per document, "
        "wall); (b) builds its own per company inside. CPU of (c) is the child's user + system "
        "time (rusage); the backend's is its /proc utime + stime.",
        "### Where the time goes",
        "\n".join(split),
        f"The sample is the first {int(parts['sample']):,} documents, measured once each way "
        "right after (a), CPU time of this process (the machine is shared); its parts are "
        "(a)'s work, so they add up to about (a)'s µs per document, not to (b)'s.",
        *extra,
        "### Checks",
        "\n".join(f"- {c}" for c in checks),
    ]
    if profile:
        sections += ["### Profile of (b)", profile]
    return "\n\n".join(sections)


HEADER = """# Replay benchmark

`python bench/replay.py` — a candidate global pack (`icms.inter.12` at 13 % instead of 12 %)
replayed over N stored NF-e: (a) the pure engine over snapshots in memory, (b)
`service.rulepacks.replay.replay_candidate` on PostgreSQL in process, (c) `fiscal rulepacks
replay --json` as a subprocess. Population, method and checks: the script's docstring. Target:
100,000 documents in under 60 s on this machine (2 cores).
"""


def write_results(out: Path, text: str, append: bool) -> None:
    old = out.read_text("utf-8") if append and out.exists() else ""
    earlier = old[old.index("\n## Run") + 1 :] if "\n## Run" in old else ""
    out.write_text(HEADER + "\n" + text + "\n" + ("\n" + earlier if earlier else ""), "utf-8")


# ---------------------------------------------------------------- main


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--documents", type=int, default=TARGET_DOCUMENTS)
    parser.add_argument("--companies", type=int, default=len(COMPANIES))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database", default="bench_replay", help="scratch PostgreSQL database")
    parser.add_argument("--sqlite", type=Path, help="the embedded backend: this SQLite file")
    parser.add_argument("--sample", type=int, default=20_000, help="documents of the breakdown")
    parser.add_argument("--quick", action="store_true", help="2,000 documents (CI)")
    parser.add_argument("--no-cli", action="store_true", help="skip (c)")
    parser.add_argument("--profile", action="store_true", help="(b) again under cProfile")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    parser.add_argument("--out", type=Path, help="results file (default bench/results/replay.md)")
    parser.add_argument("--append", action="store_true", help="keep earlier runs in --out")
    args = parser.parse_args()
    if args.quick:
        args.documents, args.sample = min(args.documents, 2000), min(args.sample, 2000)
    elif args.out is None:
        args.out = ROOT / "bench" / "results" / "replay.md"
    load_before = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    head = git_head()  # at the start: the code measured
    print(f"generating {args.documents:,} documents ...", file=sys.stderr, flush=True)
    pop = generate(args.documents, args.companies, args.seed)
    expected, icms = pop.expected()
    print(f"  {pop.seconds:.1f} s; {expected:,} expected to change, ICMS {icms:+}",
          file=sys.stderr, flush=True)  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="bench-replay-") as tmp_name:
        tmp = Path(tmp_name)
        candidate = write_candidate(tmp)
        if args.sqlite:
            args.sqlite.unlink(missing_ok=True)
            url, backend = f"sqlite:///{args.sqlite.resolve()}", "SQLite"
        else:
            url, backend = create_database(args.database), "PostgreSQL"
        try:
            print("storing ...", file=sys.stderr, flush=True)
            stored_info = store(url, pop)
            print("(a) pure engine ...", file=sys.stderr, flush=True)
            pack = load_pack(candidate)
            pure, parts = measure_pure(pop, pack, args.sample)
            print(f"  {pure.wall:.1f} s; (b) replay_candidate ...", file=sys.stderr, flush=True)
            db = measure_database(url, candidate)
            cli = fixed = None
            if not args.no_cli:
                print(f"  {db['full'].wall:.1f} s; (c) CLI ...", file=sys.stderr, flush=True)
                cli = measure_cli(url, candidate, tmp)
                fixed = measure_cli(url, candidate, tmp, date(2027, 1, 1))
                print(f"  {cli.wall:.1f} s", file=sys.stderr, flush=True)
            profile = None
            if args.profile:
                print("profiling (b) ...", file=sys.stderr, flush=True)
                profile = profile_database(url, candidate)
            conditions = {
                "when": when, "head": head, "versions": versions(url),
                "load_before": load_before,
                "load_after": ", ".join(f"{x:.2f}" for x in os.getloadavg()),
            }  # fmt: skip
            text = report_text(args, pop, stored_info, pure, parts, db, cli, fixed,
                               backend, conditions, profile)  # fmt: skip
        finally:
            if not args.sqlite and not args.keep:
                drop_database(args.database)
    print(text)
    if args.out:
        write_results(args.out, text, args.append)


if __name__ == "__main__":
    main()
