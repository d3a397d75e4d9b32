"""Issue 19: the registers an issuance reads come from per-process caches validated by the
company's `revisao_cadastros`, on SQLite and PostgreSQL.

A warm issuance reads none of products, customers, natures, certificates and webhook
subscriptions; every write to them (through the API, another runtime, or another process that
bumps the revision itself) is seen by the very next issuance.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import sqlalchemy as sa
from flask import Flask
from lxml import etree
from sqlalchemy import select

from service.companies.models import Company
from service.configuration.models import Nature
from service.db import transaction
from service.notify.webhooks.client import Network, system_connect
from service.notify.webhooks.models import WebhookEvent
from service.registers.models import Customer, Product
from service.runtime import Runtime
from tests.api.nfe.helpers import (
    Ready,
    authority_settings,
    closed_port,
    count_rows,
    nfe_body,
    ready_to_issue,
    upload_untrusted_a1,
)
from tests.api.webhooks.helpers import loopback_resolver, subscribe, use_network

API = "/api/v1"
NFE_NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
CACHED_TABLES = ("products", "customers", "natures", "certificates", "webhook_subscriptions")
_TABLE = re.compile(r'(?:FROM|JOIN|UPDATE|INTO)\s+"?(\w+)"?', re.IGNORECASE)


@contextmanager
def statements(rt: Runtime) -> Iterator[list[str]]:
    """The SQL this thread sends while the block runs (the in-process worker's polling, on
    another thread, is not the request's)."""
    seen: list[str] = []
    me = threading.get_ident()

    def record(_conn: Any, _cursor: Any, sql: str, *_args: Any) -> None:
        if threading.get_ident() == me:
            seen.append(sql)

    sa.event.listen(rt.engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        sa.event.remove(rt.engine, "before_cursor_execute", record)


def tables_of(sql: list[str]) -> Counter[str]:
    """How many statements name each table."""
    return Counter(table for text in sql for table in set(_TABLE.findall(text)))


def issue(client: Any, ready: Ready, pedido: str, **overrides: Any) -> dict[str, Any]:
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body(pedido, **overrides))
    data: dict[str, Any] = answer.get_json()
    assert answer.status_code == 200, data
    assert data["status"] == "AUTORIZADA"
    return data


def xml_text(client: Any, ready: Ready, data: dict[str, Any], path: str) -> str:
    root = etree.fromstring(client.get(data["xml"], headers=ready.headers).data)
    found = root.findtext(path, namespaces=NFE_NS)
    assert found is not None, path
    return str(found)


def row_id(rt: Runtime, model: Any, ready: Ready, codigo: str) -> str:
    with transaction(rt.sessions) as session:
        query = select(model.id).where(model.company_id == ready.company_id)
        return str(session.execute(query.where(model.codigo == codigo)).scalar_one())


def revision(rt: Runtime, ready: Ready) -> int:
    with transaction(rt.sessions) as session:
        query = select(Company.revisao_cadastros).where(Company.id == ready.company_id)
        return int(session.execute(query).scalar_one())


def test_a_warm_issuance_reads_no_cached_register(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "FRIO")  # fills the caches of this revision
    with statements(rt) as warm:
        issue(client, ready, "QUENTE")
    touched = tables_of(warm)
    assert {t: touched[t] for t in CACHED_TABLES if touched[t]} == {}, warm
    print(f"\nwarm POST /nfe: {len(warm)} statements, by table {dict(touched)}")


def test_registers_are_counted_once_per_revision_not_per_request(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "A")
    before = revision(rt, ready)
    issue(client, ready, "B")
    assert revision(rt, ready) == before  # an issuance writes no register


def test_a_product_edit_is_seen_by_the_next_issuance(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    first = issue(client, ready, "A")
    assert Decimal(xml_text(client, ready, first, ".//n:det/n:prod/n:vUnCom")) == Decimal(
        "10.0000000000"
    )
    product_id = row_id(rt, Product, ready, "P1")
    url = f"{API}/produtos/{product_id}"
    edited = client.put(url, headers=ready.headers, json={"preco": "12.50"})
    assert edited.status_code == 200, edited.get_json()
    second = issue(client, ready, "B")
    assert Decimal(xml_text(client, ready, second, ".//n:det/n:prod/n:vUnCom")) == Decimal(
        "12.5000000000"
    )
    assert xml_text(client, ready, second, ".//n:total/n:ICMSTot/n:vProd") == "25.00"

    deactivated = client.delete(url, headers=ready.headers)
    assert deactivated.status_code == 200, deactivated.get_json()
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("C"))
    assert refused.status_code == 422, refused.get_json()
    assert "P1" in str(refused.get_json())


def test_a_deactivated_customer_is_seen_by_the_next_issuance(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "A")
    customer_id = row_id(rt, Customer, ready, "C1")
    deleted = client.delete(f"{API}/clientes/{customer_id}", headers=ready.headers)
    assert deleted.status_code == 200, deleted.get_json()
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("B"))
    error = refused.get_json()
    assert refused.status_code == 422, error
    assert error["error"]["code"] == "VALIDATION_ERROR"
    assert "C1" in str(error)


def test_a_new_default_nature_is_seen_by_the_next_issuance(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    first = issue(client, ready, "A")
    default = xml_text(client, ready, first, ".//n:ide/n:natOp")
    created = client.post(
        f"{API}/configuracao-fiscal/naturezas",
        headers=ready.headers,
        json={"codigo": "VENDA-ESPECIAL", "descricao": "Venda especial", "padrao_nfe": True},
    )
    assert created.status_code == 201, created.get_json()
    second = issue(client, ready, "B")
    assert xml_text(client, ready, second, ".//n:ide/n:natOp") == "Venda especial" != default


def test_a_new_certificate_is_seen_by_the_next_issuance(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "A")
    subject = upload_untrusted_a1(client, ready)
    refused = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("B"))
    error = refused.get_json()
    assert refused.status_code == 502, error
    assert error["error"]["code"] == "AUTORIDADE_RECUSOU_CERTIFICADO"
    assert subject in error["error"]["message"]


def _hooked_app(app_factory: Any, sim: Any) -> Flask:
    """An app whose webhooks may point at `localhost` (a closed port: deliveries just fail)."""
    app: Flask = app_factory(**authority_settings(sim), webhook_allowed_hosts=("localhost",))
    use_network(app, Network(resolve=loopback_resolver, connect=system_connect))
    return app


def test_a_new_webhook_subscription_hears_the_next_issuance(app_factory, sim):
    app = _hooked_app(app_factory, sim)
    client, rt = app.test_client(), app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "A")
    assert count_rows(rt, WebhookEvent, company_id=ready.company_id) == 0
    url = f"https://localhost:{closed_port()}/hook"
    subscribe(client, ready.headers, url, eventos=["nfe.authorized"])  # account-wide
    issue(client, ready, "B")
    assert count_rows(rt, WebhookEvent, company_id=ready.company_id) == 1


def test_another_runtimes_write_is_seen_by_the_next_request(app_factory, sim):
    """Two runtimes on one database, like two processes: an edit through the second is seen
    by the first's next issuance (the company row it reads carries the new revision)."""
    first_app = app_factory(**authority_settings(sim))
    second_app = app_factory(**authority_settings(sim))
    first, second = first_app.test_client(), second_app.test_client()
    rt = first_app.extensions["fiscal"]
    ready = ready_to_issue(first, rt, sim)
    issue(first, ready, "A")
    product_id = row_id(rt, Product, ready, "P1")
    edited = second.put(f"{API}/produtos/{product_id}", headers=ready.headers, json={"preco": "7"})
    assert edited.status_code == 200, edited.get_json()
    seen = issue(first, ready, "B")
    assert Decimal(xml_text(first, ready, seen, ".//n:det/n:prod/n:vUnCom")) == Decimal(
        "7.0000000000"
    )


def test_another_process_bumping_by_sql_is_seen_by_the_next_request(client, rt, sim):
    """What another process's listener does, done by hand on a connection of its own: a Core
    write plus `revisao_cadastros + 1` in one transaction (no ORM flush of this process)."""
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "A")
    outsider = sa.create_engine(rt.engine.url)
    try:
        with outsider.begin() as connection:
            products, companies = Product.__table__, Company.__table__
            connection.execute(
                products.update()
                .where(products.c.company_id == ready.company_id)
                .values(preco=Decimal("3.00"))
            )
            connection.execute(
                companies.update()
                .where(companies.c.id == ready.company_id)
                .values(revisao_cadastros=companies.c.revisao_cadastros + 1)
            )
    finally:
        outsider.dispose()
    seen = issue(client, ready, "B")
    assert Decimal(xml_text(client, ready, seen, ".//n:det/n:prod/n:vUnCom")) == Decimal(
        "3.0000000000"
    )


def test_every_write_to_a_cached_register_bumps_its_company(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    start = revision(rt, ready)
    nature_id = row_id(rt, Nature, ready, "VENDA")
    edited = client.put(
        f"{API}/configuracao-fiscal/naturezas/{nature_id}",
        headers=ready.headers,
        json={"observacoes": "Obrigado pela preferência"},
    )
    assert edited.status_code == 200, edited.get_json()
    after_nature = revision(rt, ready)
    assert after_nature > start
    with transaction(rt.sessions) as session:  # an unchanged assignment is no write
        product = session.execute(
            select(Product).where(Product.company_id == ready.company_id)
        ).scalar_one()
        product.preco = product.preco
    assert revision(rt, ready) == after_nature
    second = issue(client, ready, "A")
    assert "Obrigado" in xml_text(client, ready, second, ".//n:infAdic/n:infCpl")
