"""A company ready to issue, made through the API, plus registers and valid CNPJs."""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from itertools import count
from typing import Any

from service.db import transaction
from service.ids import new_id
from service.registers.models import Customer, Product
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.factories import auth, make_account
from tests.factories_config import issuer_body

_bases = count(10_000_001)
A1_PASSWORD = "senha-a1"


def cnpj_digits(base12: str) -> str:
    """Append the two check digits (weights 5..2,9..2 then 6..2,9..2) to a 12-digit base."""
    digits = base12
    for weights in ((5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2), (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)):
        total = sum(int(d) * w for d, w in zip(digits, weights, strict=True))
        rest = total % 11
        digits += "0" if rest < 2 else str(11 - rest)
    return digits


def fresh_cnpj() -> str:
    """A distinct valid CNPJ per company, so simulator faults can be scoped to one test."""
    return cnpj_digits(f"{next(_bases):08d}0001")


@dataclass(frozen=True)
class Ready:
    account_id: str
    key: str
    test_key: str
    cnpj: str
    company_id: str
    codigo: str

    @property
    def headers(self) -> dict[str, str]:
        return auth(self.key)


def ready_company(
    client: Any,
    rt: Runtime,
    sim: SimulatorHandle,
    *,
    credits: str = "100.00",
    unlimited: bool = False,
    **issuer: Any,
) -> Ready:
    """Issuer, A1 from the simulator's CA and the automatic configuration, all via the API."""
    acc = make_account(rt, credits=Decimal(credits), unlimited=unlimited)
    return _configured(client, rt, sim, acc.id, acc.live, acc.test, **issuer)


def another_company(client: Any, rt: Runtime, sim: SimulatorHandle, ready: Ready) -> Ready:
    """A second company of the same account, configured like the first, with P1 and C1."""
    other = _configured(client, rt, sim, ready.account_id, ready.key, ready.test_key)
    add_product(rt, other)
    add_customer(rt, other)
    return other


def _configured(
    client: Any,
    rt: Runtime,
    sim: SimulatorHandle,
    account_id: str,
    key: str,
    test_key: str,
    **issuer: Any,
) -> Ready:
    cnpj = fresh_cnpj()
    created = client.post(
        "/api/v1/configuracao-fiscal/emitente",
        headers=auth(key),
        json=issuer_body(cnpj=cnpj, **issuer),
    )
    assert created.status_code == 201, created.get_json()
    codigo = created.get_json()["empresa"]
    company_id = created.get_json()["emitente"].get("id") or _company_id(rt, account_id, codigo)
    ready = Ready(account_id, key, test_key, cnpj, company_id, codigo)
    upload_trusted_a1(client, sim, ready)
    return ready


def upload_a1(client: Any, ready: Ready, pfx: bytes) -> None:
    uploaded = client.post(
        "/api/v1/configuracao-fiscal/certificado",
        headers=auth(ready.key),
        query_string={"empresa": ready.codigo},
        json={"arquivo_base64": base64.b64encode(pfx).decode(), "senha": A1_PASSWORD},
    )
    assert uploaded.status_code == 201, uploaded.get_json()


def upload_trusted_a1(client: Any, sim: SimulatorHandle, ready: Ready) -> None:
    """A fresh A1 from the simulator's CA (the one the authority trusts)."""
    now = dt.datetime.now(dt.UTC)
    pfx = sim.issue_a1(
        cnpj=ready.cnpj,
        password=A1_PASSWORD,
        not_before=now - dt.timedelta(days=1),
        not_after=now + dt.timedelta(days=365),
    )
    upload_a1(client, ready, pfx)


def upload_untrusted_a1(client: Any, ready: Ready) -> str:
    """An A1 for the company's CNPJ from a CA the simulator does not trust; answers its CN
    (the CA's CN is "AC TESTE DOCUMENTOS")."""
    from tests.unit.documents.certs import make_ca, make_leaf, to_pkcs12

    name = f"EMPRESA SEM CONFIANCA:{ready.cnpj}"
    key, cert = make_leaf(make_ca(), name=name, cnpj=ready.cnpj)
    upload_a1(client, ready, to_pkcs12(key, cert, A1_PASSWORD))
    return name


def ready_to_issue(client: Any, rt: Runtime, sim: SimulatorHandle, **kwargs: Any) -> Ready:
    """`ready_company` plus product P1 and customer C1: what an issuance test starts from."""
    ready = ready_company(client, rt, sim, **kwargs)
    add_product(rt, ready)
    add_customer(rt, ready)
    return ready


def _company_id(rt: Runtime, account_id: str, codigo: str) -> str:
    from sqlalchemy import select

    from service.companies.models import Company

    with transaction(rt.sessions) as session:
        return session.execute(
            select(Company.id).where(Company.account_id == account_id, Company.codigo == codigo)
        ).scalar_one()


def add_product(
    rt: Runtime,
    ready: Ready,
    codigo: str = "P1",
    *,
    ncm: str | None = "22021000",
    preco: str = "10.00",
    descricao: str = "Refrigerante lata",
) -> None:
    with transaction(rt.sessions) as session:
        session.add(
            Product(
                id=new_id("prd"),
                account_id=ready.account_id,
                company_id=ready.company_id,
                codigo=codigo,
                descricao=descricao,
                ncm=ncm,
                origem=0,
                unidade="UN",
                preco=Decimal(preco),
            )
        )


def add_customer(
    rt: Runtime, ready: Ready, codigo: str = "C1", *, with_address: bool = True, uf: str = "SP"
) -> None:
    address = {
        "logradouro": "Rua das Flores",
        "numero": "10",
        "bairro": "Centro",
        "municipio": "São Paulo",
        "cod_municipio": "3550308",
        "uf": uf,
        "cep": "01001000",
    }
    if uf != "SP":
        address.update(municipio="Rio de Janeiro", cod_municipio="3304557")
    with transaction(rt.sessions) as session:
        session.add(
            Customer(
                id=new_id("cli"),
                account_id=ready.account_id,
                company_id=ready.company_id,
                codigo=codigo,
                cpf_cnpj="52998224725",
                nome="Maria da Silva",
                indicador_ie=9,
                email="maria@example.com",
                **(address if with_address else {}),
            )
        )


def nfe_body(pedido: str = "PED-1", **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "pedido": pedido,
        "cliente": "C1",
        "itens": [{"codigo": "P1", "quantidade": 2}],
        "pagamento": "pix",
    }
    body.update(overrides)
    return body


def ledger(rt: Runtime, account_id: str) -> list[tuple[str, Decimal, str | None]]:
    """(tipo, valor, documento_id) of the account's entries, oldest first."""
    from sqlalchemy import select

    from service.wallet.models import LedgerEntry

    with transaction(rt.sessions) as session:
        rows = session.execute(
            select(LedgerEntry)
            .where(LedgerEntry.account_id == account_id)
            .order_by(LedgerEntry.data, LedgerEntry.id)
        ).scalars()
        return [(r.tipo, Decimal(r.valor), r.documento_id) for r in rows]


def balance(rt: Runtime, account_id: str) -> Decimal:
    """The wallet balance, checked against the ledger (balance = sum of entries, never
    negative) and against the credit slices (what they can spend = balance − held)."""
    from service.wallet.operations import balances

    with transaction(rt.sessions) as session:
        found = balances(session, account_id)
    assert found.saldo == sum((valor for _, valor, _ in ledger(rt, account_id)), Decimal("0.00"))
    assert found.saldo >= 0 and found.disponivel >= 0 and found.reservado >= 0
    return found.saldo


def balance_held(rt: Runtime, account_id: str) -> Decimal:
    """What the wallet holds for requests not answered yet (the ledger's balance minus what
    the credit slices can still spend)."""
    from service.wallet.operations import reserved

    with transaction(rt.sessions) as session:
        return reserved(session, account_id)


def count_rows(rt: Runtime, model: Any, **where: Any) -> int:
    from sqlalchemy import func, select

    with transaction(rt.sessions) as session:
        query = select(func.count()).select_from(model)
        for name, value in where.items():
            query = query.where(getattr(model, name) == value)
        return int(session.execute(query).scalar_one())


def pdf_digits(pdf: bytes) -> str:
    """The digits of a PDF's text (an access key is printed in groups of four)."""
    import io

    import pypdf

    assert pdf.startswith(b"%PDF-")
    text = "".join(page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    return "".join(ch for ch in text if ch.isdigit())


def closed_port() -> int:
    """A loopback port with nothing listening on it (bound, then released)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def authority_settings(sim: SimulatorHandle, **extra: Any) -> dict[str, Any]:
    """Settings that point the service at the simulator, with short test timeouts."""
    return {
        "authority_url": sim.base_url,
        "authority_ca_bundle": str(sim.ca_bundle),
        "authority_read_timeout": 5.0,
        "authority_connect_timeout": 3.0,
        **extra,
    }


@contextmanager
def attached_meanwhile(rt: Runtime, pedido: str, document_id: str) -> Iterator[None]:
    """While inside: just before the acceptance's one statement (PostgreSQL; the autocommitted
    form first, then the transactional one it falls back to) runs, another
    request's attempt `document_id` lands on the order `pedido` (committed), as a concurrent
    request that found the order between the claim and the acceptance would do."""
    import pytest
    from sqlalchemy import text

    from service.issuance import acceptance, order_holds

    real = acceptance._insert_attach_and_hold_statement

    def statement(hold: bool, autocommit: bool = False) -> Any:
        with transaction(rt.sessions) as session:  # the other attempt took the claim's hold over
            order_id, reservado = session.execute(
                text("SELECT id, reservado FROM orders WHERE pedido = :p"), {"p": pedido}
            ).one()
            order_holds.give_back(session, order_id, Decimal(reservado))
            session.execute(
                text("UPDATE orders SET documento_id = :d WHERE pedido = :p"),
                {"d": document_id, "p": pedido},
            )
        return real(hold, autocommit)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(acceptance, "_insert_attach_and_hold_statement", statement)
        yield


def attempts_of(rt: Runtime, pedido: str) -> int:
    """Document rows (attempts) of the order `pedido`."""
    from sqlalchemy import select

    from service.issuance.models import FiscalDocument, Order

    with transaction(rt.sessions) as session:
        order_id = session.scalars(select(Order.id).where(Order.pedido == pedido)).one()
    return count_rows(rt, FiscalDocument, order_id=order_id)
