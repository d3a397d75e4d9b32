"""Paging every list (issue 41): the cursor `apos` and `proximo`, deep `pagina`, `total`.

Rows are written straight through the models (a list reads what is stored, however it got
there), with sort keys chosen by the test: ties, keys in both environments, an empty issue
date. The expected order is worked out here from the rows themselves: the sort key, then the
id, newest first (registers and companies: ascending)."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
import sqlalchemy as sa

from service.audit.models import AuditEntry
from service.companies.models import Company
from service.db import transaction
from service.ids import new_id
from service.issuance.models import FiscalDocument, Order
from service.notify.webhooks.models import WebhookSubscription
from service.pagination import Position, decode_cursor, encode_cursor
from service.queue.models import FiscalTask
from service.received.models import ReceivedDocument
from service.registers.models import Product
from service.runtime import Runtime
from service.wallet.models import LedgerEntry
from tests.factories import AccountHandle, auth, make_account, make_company

API = "/api/v1"
BASE = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC)
_serial = itertools.count(1)


@dataclass(frozen=True)
class Scope:
    account: AccountHandle
    company: Company


@pytest.fixture
def scope(rt: Runtime) -> Scope:
    account = make_account(rt, unlimited=True)
    company = make_company(rt, account.id, codigo="loja", modulos=["nfe", "nfce", "dfe"])
    return Scope(account, company)


# -- rows --------------------------------------------------------------------------------------


def _filled(model: Any, **given: Any) -> Any:
    """A row of `model` with every NOT NULL column lacking a default filled in."""
    values = dict(given)
    for column in model.__table__.columns:
        if column.name in values or column.nullable or column.default is not None:
            continue
        if column.server_default is not None:
            continue
        values[column.name] = _filler(column.type)
    return model(**{model.__mapper__.get_property_by_column(c).key: values[c.name]
                    for c in model.__table__.columns if c.name in values})  # fmt: skip


def _filler(kind: Any) -> Any:
    if isinstance(kind, sa.String):
        return "x" * min(kind.length or 8, 8)
    if isinstance(kind, sa.Integer):
        return 1
    if isinstance(kind, sa.Numeric):
        return Decimal("1.00")
    if isinstance(kind, sa.Boolean):
        return True
    if isinstance(kind, sa.DateTime):
        return BASE
    if isinstance(kind, sa.LargeBinary):
        return b"<x/>"
    if isinstance(kind, sa.JSON):
        return {}
    return None


def _write(rt: Runtime, rows: list[Any]) -> list[str]:
    """Rows in their order, each table's before the next (orders before their documents);
    answers their ids."""
    with transaction(rt.sessions) as session:
        for _, group in itertools.groupby(rows, key=type):
            session.add_all(list(group))
            session.flush()
    return [r.id for r in rows]


def _moments(count: int, *, start: dt.datetime = BASE, ties: bool = True) -> list[dt.datetime]:
    """One minute apart, with every third row sharing its neighbour's instant (the id decides)."""
    return [start + dt.timedelta(minutes=(i - i % 3 // 2) if ties else i) for i in range(count)]


def documents(rt: Runtime, s: Scope, moments: list[dt.datetime], *, modulo: str = "nfe",
              ambiente: str = "PRODUCAO", status: str = "AUTORIZADA") -> list[str]:  # fmt: skip
    orders: list[Any] = []
    rows: list[Any] = []
    for moment in moments:
        n = next(_serial)
        order = _filled(Order, id=new_id("ord"), account_id=s.account.id,
                        company_id=s.company.id, modulo=modulo, ambiente=ambiente,
                        pedido=f"PED-{n}")  # fmt: skip
        orders.append(order)
        rows.append(_filled(
            FiscalDocument, id=new_id(modulo), order_id=order.id, account_id=s.account.id,
            company_id=s.company.id, modulo=modulo, modelo="55" if modulo == "nfe" else "65",
            ambiente=ambiente, pedido=f"PED-{n}", serie=1, numero=n, chave=f"{n:044d}",
            status=status, valor_total=Decimal("10.00"), created_at=moment,
        ))  # fmt: skip
    _write(rt, orders)
    return _write(rt, rows)


def tasks(rt: Runtime, s: Scope, moments: list[dt.datetime], *, ambiente: str = "PRODUCAO",
          status: str = "CONCLUIDA") -> list[str]:  # fmt: skip
    rows = [
        _filled(FiscalTask, id=new_id("sol"), account_id=s.account.id, company_id=s.company.id,
                documento="NFE", ambiente=ambiente, pedido=f"PED-{next(_serial)}",
                status=status, created_at=moment)
        for moment in moments
    ]  # fmt: skip
    return _write(rt, rows)


def ledger(rt: Runtime, s: Scope, moments: list[dt.datetime]) -> list[str]:
    rows = [
        _filled(LedgerEntry, id=new_id("mov"), account_id=s.account.id, tipo="AJUSTE_ADMIN",
                valor=Decimal("0.00"), saldo_anterior=Decimal("0.00"),
                saldo_posterior=Decimal("0.00"), data=moment)
        for moment in moments
    ]  # fmt: skip
    return _write(rt, rows)


def audit(rt: Runtime, s: Scope, moments: list[dt.datetime]) -> list[str]:
    rows = [
        _filled(AuditEntry, id=new_id("aud"), account_id=s.account.id,
                company_id=s.company.id, acao="ATUALIZAR", entidade="produto", criado_em=moment)
        for moment in moments
    ]  # fmt: skip
    return _write(rt, rows)


def companies(rt: Runtime, s: Scope, moments: list[dt.datetime]) -> list[str]:
    rows = [
        _filled(Company, id=new_id("emp"), account_id=s.account.id,
                codigo=f"filial{next(_serial)}", razao_social="Filial Ltda",
                cnpj="11222333000181", modulos=["nfe"], ativo=True, created_at=moment)
        for moment in moments
    ]  # fmt: skip
    return _write(rt, rows)


def products(rt: Runtime, s: Scope, moments: list[dt.datetime]) -> list[str]:
    rows = [
        _filled(Product, id=new_id("prd"), account_id=s.account.id, company_id=s.company.id,
                codigo=f"P{next(_serial):05d}", descricao="Caneta", ativo=True)
        for _ in moments
    ]  # fmt: skip
    return _write(rt, rows)


def webhooks(rt: Runtime, s: Scope, moments: list[dt.datetime]) -> list[str]:
    rows = [
        _filled(WebhookSubscription, id=new_id("whk"), account_id=s.account.id,
                url="https://erp.exemplo.com.br/hook", eventos=["nfe.autorizada"],
                ambientes=["PRODUCAO"], modo="live", ativo=True, created_at=moment)
        for moment in moments
    ]  # fmt: skip
    return _write(rt, rows)


def received(rt: Runtime, s: Scope, moments: list[dt.datetime]) -> list[str]:
    """Issue dates as given, and one more document without any (it lists first)."""
    rows = [
        _filled(ReceivedDocument, id=new_id("rcb"), account_id=s.account.id,
                company_id=s.company.id, ambiente=s.company.ambiente,
                chave=f"{next(_serial):044d}", emitido_em=moment)
        for moment in [*moments, None]
    ]  # fmt: skip
    return _write(rt, rows)


@dataclass(frozen=True)
class ListCase:
    path: str
    seed: Callable[..., list[str]]
    model: Any
    key: str
    scope: Callable[[Scope], Any]
    items: str = "itens"
    page: str = "pagina"
    size: str = "por_pagina"
    descending: bool = True
    ident: str = "id"

    def expected(self, rt: Runtime, s: Scope) -> list[str]:
        """Every id of the list in its order, from the stored (key, id) pairs."""
        key, ident = getattr(self.model, self.key), self.model.id
        with transaction(rt.sessions) as session:
            pairs = session.execute(sa.select(key, ident).where(self.scope(s))).all()
        top = dt.datetime.max.replace(tzinfo=dt.UTC)  # an empty key sorts above every value
        ordered = sorted(pairs, key=lambda p: (p[0] if p[0] is not None else top, p[1]),
                         reverse=self.descending)  # fmt: skip
        return [p[1] for p in ordered]


CASES = {
    "nfe": ListCase("/nfe", documents, FiscalDocument, "created_at",
                    lambda s: FiscalDocument.company_id == s.company.id),
    "solicitacoes": ListCase("/fiscal/solicitacoes", tasks, FiscalTask, "created_at",
                             lambda s: FiscalTask.company_id == s.company.id,
                             ident="solicitacao_id"),
    "extrato": ListCase("/financeiro/extrato", ledger, LedgerEntry, "data",
                        lambda s: LedgerEntry.account_id == s.account.id, items="movimentacoes"),
    "logs": ListCase("/configuracao-fiscal/logs", audit, AuditEntry, "criado_em",
                     lambda s: AuditEntry.company_id == s.company.id, items="items",
                     page="page", size="limit"),
    "empresas": ListCase("/empresas", companies, Company, "created_at",
                         lambda s: Company.account_id == s.account.id, descending=False),
    "produtos": ListCase("/produtos", products, Product, "codigo",
                         lambda s: Product.company_id == s.company.id, descending=False),
    "webhooks": ListCase("/webhooks", webhooks, WebhookSubscription, "created_at",
                         lambda s: WebhookSubscription.account_id == s.account.id),
    "recebidos": ListCase("/dfe/recebidos", received, ReceivedDocument, "emitido_em",
                          lambda s: ReceivedDocument.company_id == s.company.id),
}  # fmt: skip
"""The lists by kind; the documents of every family share one implementation (`/nfe` here,
`/nfce` in the cross-list test)."""


def _get(client: Any, s: Scope, case: ListCase, key: str | None = None, **query: Any) -> Any:
    params = {"empresa": "loja", **query} if case.path != "/empresas" else dict(query)
    return client.get(API + case.path, headers=auth(key or s.account.live), query_string=params)


def _page(client: Any, s: Scope, case: ListCase, **query: Any) -> dict[str, Any]:
    response = _get(client, s, case, **query)
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def _walk(
    client: Any, s: Scope, case: ListCase, size: int,
    between: Callable[[int], None] | None = None, **filters: Any,
) -> list[dict[str, Any]]:  # fmt: skip
    """Every page from the first, following `proximo`; `between(n)` runs after page n."""
    pages = [_page(client, s, case, **{case.size: size}, **filters)]
    while pages[-1]["proximo"] is not None:
        if between is not None:
            between(len(pages))
        pages.append(_page(client, s, case, **{case.size: size}, apos=pages[-1]["proximo"],
                           **filters))  # fmt: skip
        assert len(pages) < 50
    return pages


def _ids(pages: list[dict[str, Any]], case: ListCase) -> list[str]:
    return [item[case.ident] for page in pages for item in page[case.items]]


def _error_fields(response: Any) -> list[str]:
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    return [e["field"] for e in error["errors"]]


# -- the cursor ----------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_cursor_walk_reads_every_item_once_in_order(client, rt, scope, kind):
    case = CASES[kind]
    case.seed(rt, scope, _moments(11))
    expected = case.expected(rt, scope)

    pages = _walk(client, scope, case, 3)

    assert _ids(pages, case) == expected
    assert [p[case.page] for p in pages] == list(range(1, len(pages) + 1))
    assert all(p["total"] == len(expected) and p["total_estimado"] is False for p in pages)
    assert all(len(p[case.items]) == 3 for p in pages[:-1]) and pages[-1]["proximo"] is None


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_numbered_page_leads_on_by_cursor(client, rt, scope, kind):
    """`proximo` of page 2 opens what page 3 would have been, and says so in `pagina`."""
    case = CASES[kind]
    case.seed(rt, scope, _moments(10))
    expected = case.expected(rt, scope)

    second = _page(client, scope, case, **{case.page: 2, case.size: 3})
    third = _page(client, scope, case, **{case.size: 3}, apos=second["proximo"])

    assert _ids([second], case) == expected[3:6]
    assert _ids([third], case) == expected[6:9]
    assert third[case.page] == 3


@pytest.mark.parametrize("kind", ["nfe", "solicitacoes", "extrato", "logs", "webhooks"])
def test_rows_written_while_walking_cause_no_duplicate_and_no_skip(client, rt, scope, kind):
    """Newest first: what arrives during a walk is newer than its cursor, so the walk reads
    exactly the rows there were when it began, each once; numbered pages would repeat."""
    case = CASES[kind]
    case.seed(rt, scope, _moments(10))
    before = case.expected(rt, scope)
    arrivals = iter(range(100))

    def arrive(_page_number: int) -> None:
        now = BASE + dt.timedelta(days=1, minutes=next(arrivals))
        case.seed(rt, scope, [now, now])

    walked = _ids(_walk(client, scope, case, 3, between=arrive), case)

    assert walked == before
    after = case.expected(rt, scope)
    assert len(after) > len(before)
    numbered = [_page(client, scope, case, **{case.page: n, case.size: 3}) for n in (1, 2)]
    arrive(0)
    again = _page(client, scope, case, **{case.page: 2, case.size: 3})
    assert _ids([again], case) != _ids([numbered[1]], case)


def test_a_cursor_keeps_its_place_when_the_filtered_rows_change(client, rt, scope):
    """A cursor is a position (key and id), not a snapshot: a row of the next page that is
    deleted is simply not there, and the walk goes on after it."""
    case = CASES["nfe"]
    documents(rt, scope, _moments(9))
    expected = case.expected(rt, scope)
    first = _page(client, scope, case, por_pagina=3)
    with transaction(rt.sessions) as session:
        session.execute(sa.update(FiscalDocument).where(FiscalDocument.id == expected[3])
                        .values(status="CANCELADA"))  # fmt: skip

    rest = _walk(client, scope, case, 3, status="AUTORIZADA")
    after = _page(client, scope, case, por_pagina=3, status="AUTORIZADA", apos=first["proximo"])

    assert _ids(rest, case) == [i for i in expected if i != expected[3]]
    assert [i["id"] for i in after["itens"]] == expected[4:7]


def test_a_live_key_lists_both_environments_and_a_test_key_homologation(client, rt, scope):
    """A live key's list is both environments interleaved by date; a test key's is
    homologation's alone, with and without a status."""
    case = CASES["nfe"]
    moments = _moments(12)
    documents(rt, scope, moments[0::2], ambiente="PRODUCAO")
    homologation = documents(rt, scope, moments[1::2], ambiente="HOMOLOGACAO")
    documents(rt, scope, moments[:4], ambiente="HOMOLOGACAO", status="REJEITADA")
    expected = case.expected(rt, scope)

    assert _ids(_walk(client, scope, case, 4), case) == expected
    authorized = [i for i in expected if i not in _rejected(rt)]
    assert _ids(_walk(client, scope, case, 4, status="AUTORIZADA"), case) == authorized

    test_walk = _ids(_walk_with_key(client, scope, case, scope.account.test, 4), case)
    assert test_walk == [i for i in expected if i in set(homologation) | _rejected(rt)]
    rejected = _walk_with_key(client, scope, case, scope.account.test, 3, status="REJEITADA")
    assert _ids(rejected, case) == [i for i in expected if i in _rejected(rt)]


def _rejected(rt: Runtime) -> set[str]:
    with transaction(rt.sessions) as session:
        query = sa.select(FiscalDocument.id).where(FiscalDocument.status == "REJEITADA")
        return set(session.execute(query).scalars())


def _walk_with_key(client, s, case, key, size, **filters):
    pages = [_get(client, s, case, key, por_pagina=size, **filters).get_json()]
    while pages[-1]["proximo"]:
        answer = _get(client, s, case, key, por_pagina=size, apos=pages[-1]["proximo"],
                      **filters)  # fmt: skip
        pages.append(answer.get_json())
    return pages


def test_the_uncertain_status_merges_its_two_stored_statuses(client, rt, scope):
    """A family's uncertain name (NF-e: PENDENTE) stands for PROCESSANDO and PENDENTE: on
    PostgreSQL two ranges per environment, merged in order."""
    case = CASES["nfe"]
    moments = _moments(12)
    documents(rt, scope, moments[0::3], status="PENDENTE")
    documents(rt, scope, moments[1::3], status="PROCESSANDO", ambiente="HOMOLOGACAO")
    authorized = set(documents(rt, scope, moments[2::3]))
    listed = _ids(_walk(client, scope, case, 3, status="PENDENTE"), case)
    assert listed == [i for i in case.expected(rt, scope) if i not in authorized]
    assert len(listed) == 8


# -- refused cursors -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cursor",
    [
        "nao-e-um-cursor",
        "////",
        encode_cursor(Position("nfe:created_at", "2026-03-02T12:00:00+00:00", "x", 0)),
        encode_cursor(Position("nfe:created_at", "ontem", "nfe_1", 2)),
        encode_cursor(Position("nfe:created_at", "2026-03-02T12:00:00", "nfe_1", 2)),
        encode_cursor(Position("nfe:created_at", None, "nfe_1", 2)),
        encode_cursor(Position("nfce:created_at", "2026-03-02T12:00:00+00:00", "nfe_1", 2)),
        encode_cursor(Position("nfe:numero", "2026-03-02T12:00:00+00:00", "nfe_1", 2)),
        "WzIsIm5mZTpjcmVhdGVkX2F0IiwiMjAyNi0wMy0wMiIsIm5mZV8xIiwyXQ",  # version 2
        "x" * 401,
    ],
)
def test_a_cursor_that_is_not_this_lists_is_422_on_apos(client, scope, cursor):
    response = _get(client, scope, CASES["nfe"], apos=cursor)
    assert _error_fields(response) == ["apos"]
    message = response.get_json()["error"]["errors"][0]["message"]
    assert "Cursor inválido" in message or "caracteres" in message


def test_a_cursor_of_another_list_is_refused(client, rt, scope):
    documents(rt, scope, _moments(4))
    documents(rt, scope, _moments(4), modulo="nfce")
    from_nfe = _page(client, scope, CASES["nfe"], por_pagina=2)["proximo"]
    from_logs = {"empresa": "loja", "apos": from_nfe}

    response = client.get(API + "/nfce", headers=auth(scope.account.live),
                          query_string={"empresa": "loja", "apos": from_nfe})  # fmt: skip
    logs = client.get(API + "/configuracao-fiscal/logs", headers=auth(scope.account.live),
                      query_string=from_logs)  # fmt: skip

    assert _error_fields(response) == ["apos"] and _error_fields(logs) == ["apos"]
    assert decode_cursor(from_nfe).tag == "nfe:created_at"


@pytest.mark.parametrize("kind", ["nfe", "logs"])
def test_pagina_and_apos_together_are_422_on_the_page_number(client, rt, scope, kind):
    case = CASES[kind]
    case.seed(rt, scope, _moments(4))
    cursor = _page(client, scope, case, **{case.size: 2})["proximo"]
    response = _get(client, scope, case, **{case.page: 1, "apos": cursor})
    assert _error_fields(response) == [case.page]


# -- numbered pages and total ----------------------------------------------------------------------


def test_deep_numbered_pages_are_the_slices_of_the_order(client, rt, scope):
    case = CASES["nfe"]
    documents(rt, scope, _moments(25))
    expected = case.expected(rt, scope)

    for pagina in (1, 4, 8, 9):
        page = _page(client, scope, case, pagina=pagina, por_pagina=3)
        assert [i["id"] for i in page["itens"]] == expected[(pagina - 1) * 3 : pagina * 3]
        assert page["pagina"] == pagina and page["total"] == 25
        assert (page["proximo"] is None) == (pagina == 9)
    beyond = _page(client, scope, case, pagina=40, por_pagina=3)
    assert beyond["itens"] == [] and beyond["total"] == 25 and beyond["proximo"] is None


def test_filters_apply_to_deep_pages_and_cursors_alike(client, rt, scope):
    case = CASES["nfe"]
    documents(rt, scope, _moments(6, start=BASE))
    march = documents(rt, scope, _moments(7, start=BASE + dt.timedelta(days=20)))
    period = {"de": "2026-03-22", "ate": "2026-03-22"}
    expected = [i for i in case.expected(rt, scope) if i in set(march)]

    assert _ids(_walk(client, scope, case, 2, **period), case) == expected
    second = _page(client, scope, case, pagina=2, por_pagina=2, **period)
    assert [i["id"] for i in second["itens"]] == expected[2:4] and second["total"] == 7


@pytest.fixture
def counted_to_five(app_factory):
    return app_factory(list_exact_total=5)


def test_total_is_exact_up_to_the_limit_and_estimated_above_it(counted_to_five, backend):
    """Above `LIST_EXACT_TOTAL` PostgreSQL answers the planner's estimate, flagged and never
    below what the page proves; SQLite counts (its embedded lists are small). A numbered page
    that reaches the end knows the exact total either way."""
    app = counted_to_five
    rt = app.extensions["fiscal"]
    client = app.test_client()
    account = make_account(rt)
    company = make_company(rt, account.id, codigo="loja")
    s = Scope(account, company)
    documents(rt, s, _moments(9))

    first = _page(client, s, CASES["nfe"], por_pagina=2)
    last = _page(client, s, CASES["nfe"], pagina=3, por_pagina=4)
    small = _page(client, s, CASES["nfe"], por_pagina=2, status="REJEITADA")

    if backend == "postgres":
        assert first["total_estimado"] is True and first["total"] >= 6
    else:
        assert (first["total"], first["total_estimado"]) == (9, False)
    assert (last["total"], last["total_estimado"], len(last["itens"])) == (9, False, 1)
    assert (small["total"], small["total_estimado"]) == (0, False)
