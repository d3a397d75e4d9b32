"""The lifecycle is generic, not NF-e with extra steps: a minimal family that exists only in this
test goes through acceptance, an authorized, a rejected and an uncertain outcome, reconciliation,
replay and listing, over the same routes, wallet and records as NF-e."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any

import marshmallow as ma
import pytest
from flask import Flask
from sqlalchemy import update

from documents.transmission.outcome import Authorized, Rejected, Uncertain, UncertainReason
from service.accounts.scopes import Scope
from service.companies.models import Company
from service.config import DEFAULT_PRICES
from service.db import transaction
from service.issuance import registry
from service.issuance.family import Family, Lookup, Numbered, Scopes
from service.issuance.models import FiscalDocument
from service.issuance.schemas import IssuedDocumentSchema
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import authority_settings, count_rows, ledger, ready_company

API = "/api/v1"
PRICE = Decimal("0.30")


class FakeRequestSchema(ma.Schema):
    pedido = ma.fields.String(required=True)
    valor = ma.fields.Decimal(required=True, as_string=True)
    empresa = ma.fields.String()


@dataclass(frozen=True)
class FakeDraft:
    valor_total: Decimal
    snapshot: dict[str, Any]
    snapshot_sha256: str = "0" * 64


@dataclass(frozen=True)
class FakeKey:
    text: str


@dataclass(frozen=True)
class FakeSigned:
    key: FakeKey
    xml: bytes
    digest_value: str = "digest"


@dataclass
class FakeAuthority:
    """Answers what the test scripts, and counts what reached it."""

    deliveries: list[Any] = field(default_factory=list)
    lookups: list[Any] = field(default_factory=list)
    delivered: list[bytes] = field(default_factory=list)
    looked_up: list[str] = field(default_factory=list)

    def deliver(self, signed: bytes) -> Any:
        self.delivered.append(signed)
        return self.deliveries.pop(0)

    def look_up(self, reference: str) -> Any:
        self.looked_up.append(reference)
        return self.lookups.pop(0)

    def register_event(self, key: str, signed_event: bytes) -> Any:
        raise AssertionError("no events in this family")


AUTHORITY = FakeAuthority()


def _authorized() -> Authorized:
    return Authorized(b"<protTeste/>", "135000000000001", None, "100", "Autorizado", "", b"")


def _sign(draft: Any, creds: Any, numbered: Numbered) -> FakeSigned:
    key = (
        "99"
        + secrets.choice("123456789")
        + "".join(secrets.choice("0123456789") for _ in range(41))
    )
    xml = f'<Teste Id="T{key}"><n>{numbered.numero}</n><v>{draft.valor_total}</v></Teste>'
    return FakeSigned(FakeKey(key), xml.encode())


FAMILY = Family(
    module="teste",
    documento="TESTE",
    model="99",
    title="Documento de teste",
    label="Documento de teste",
    scopes=Scopes(issue=Scope.EMITIR, read=Scope.CONSULTAR, download=Scope.DOWNLOAD),
    pdf_name="dateste",
    xml_name="procTeste",
    not_found="NAO_ENCONTRADO",
    lookup=Lookup.ACCESS_KEY,
    request_schema=FakeRequestSchema,
    document_schema=IssuedDocumentSchema,
    series=lambda company: 7,
    prepare=lambda session, company, body, ambiente, today: FakeDraft(
        Decimal(body["valor"]), {"valor": str(body["valor"]), "dia": today.isoformat()}
    ),
    sign=_sign,
    client=lambda authority, creds, document, company: AUTHORITY,
    wrap=lambda signed, protocol: b"<procTeste>" + signed + protocol + b"</procTeste>",
    render_pdf=lambda document: b"%PDF-1.4 teste",
)


def _sign_dps(draft: Any, creds: Any, numbered: Numbered) -> FakeSigned:
    """Like the national NFS-e: what is signed carries a DPS id, not yet a key."""
    dps = "DPS" + "".join(secrets.choice("0123456789") for _ in range(42))
    xml = f'<TesteDps Id="{dps}"><n>{numbered.numero}</n></TesteDps>'
    return FakeSigned(FakeKey(dps), xml.encode())


DPS_FAMILY = replace(
    FAMILY, module="testedps", documento="TESTEDPS", lookup=Lookup.DPS_ID, sign=_sign_dps,
    wrap=lambda signed, protocol: protocol,
)  # fmt: skip


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Iterator[Flask]:
    """An app made while the test families are registered (their routes exist only in it)."""
    registry.load()
    registry.register(FAMILY)
    registry.register(DPS_FAMILY)
    prices = {**DEFAULT_PRICES, "TESTE": PRICE, "TESTEDPS": PRICE}
    try:
        yield app_factory(**authority_settings(sim), prices=prices)
    finally:
        registry.unregister("teste")
        registry.unregister("testedps")
        AUTHORITY.deliveries.clear()
        AUTHORITY.lookups.clear()
        AUTHORITY.delivered.clear()
        AUTHORITY.looked_up.clear()


def _enable(rt: Runtime, company_id: str) -> None:
    with transaction(rt.sessions) as session:
        company = session.get(Company, company_id)
        assert company is not None
        modules = [*company.modulos, "teste", "testedps"]
        session.execute(update(Company).where(Company.id == company_id).values(modulos=modules))


def _issue(client: Any, headers: dict[str, str], pedido: str, valor: str = "10.00") -> Any:
    return client.post(f"{API}/teste", json={"pedido": pedido, "valor": valor}, headers=headers)


def test_a_family_described_once_walks_the_whole_lifecycle(client: Any, rt: Runtime, sim: Any):
    ready = ready_company(client, rt, sim)
    _enable(rt, ready.company_id)
    headers = ready.headers

    AUTHORITY.deliveries.append(_authorized())
    first = _issue(client, headers, "T-1")
    assert first.status_code == 200, first.get_json()
    authorized = first.get_json()
    assert (authorized["status"], authorized["serie"], authorized["numero"]) == ("AUTORIZADA", 7, 1)
    assert authorized["dateste"].endswith("/dateste")

    AUTHORITY.deliveries.append(Rejected("301", "Recusado pelo teste", b""))
    rejected = _issue(client, headers, "T-2")
    assert rejected.status_code == 422
    assert rejected.get_json()["error"]["code"] == "SEFAZ_REJECTION"
    assert rejected.get_json()["error"]["sefaz_code"] == "301"

    AUTHORITY.deliveries.append(Uncertain(UncertainReason.READ_TIMEOUT, "sem resposta"))
    uncertain = _issue(client, headers, "T-3")
    assert uncertain.status_code == 202
    assert uncertain.get_json()["status"] == "PENDENTE"
    pending_id = uncertain.get_json()["id"]

    AUTHORITY.lookups.append(_authorized())
    reconciled = client.get(f"{API}/teste/{pending_id}", headers=headers).get_json()
    assert reconciled["status"] == "AUTORIZADA"
    assert AUTHORITY.looked_up == [reconciled["chave"]]  # looked up by its key, never re-sent
    assert len(AUTHORITY.delivered) == 3

    replay = _issue(client, headers, "T-1")
    assert replay.status_code == 200 and replay.headers["Idempotent-Replay"] == "true"
    assert replay.get_json()["id"] == authorized["id"] and len(AUTHORITY.delivered) == 3

    entries = [(tipo, valor) for tipo, valor, _ in ledger(rt, ready.account_id)]
    assert entries.count(("DEBITO_EMISSAO", -PRICE)) == 3  # one per document that went out
    assert entries.count(("ESTORNO", PRICE)) + entries.count(("REEMBOLSO", PRICE)) == 1
    assert count_rows(rt, FiscalDocument, modulo="teste") == 3

    listing = client.get(f"{API}/teste", headers=headers).get_json()
    assert listing["total"] == 3
    filtered = client.get(f"{API}/teste?status=AUTORIZADA", headers=headers).get_json()
    assert {d["pedido"] for d in filtered["itens"]} == {"T-1", "T-3"}

    xml = client.get(f"{API}/teste/{authorized['id']}/xml", headers=headers)
    assert xml.status_code == 200 and xml.data.startswith(b"<procTeste><Teste")
    pdf = client.get(f"{API}/teste/{authorized['id']}/dateste", headers=headers)
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")
    other = client.get(f"{API}/teste/nfe_inexistente", headers=headers)
    assert other.status_code == 404 and other.get_json()["error"]["code"] == "NAO_ENCONTRADO"


def _nfse_like(key: str) -> Authorized:
    """The national system's answer: the generated document, naming its 50-position key."""
    return Authorized(b"<NFSe/>", key, None, "100", "NFS-e gerada", "", b"", key)


def test_a_family_looked_up_by_dps_learns_its_key_when_authorized(client, rt, sim):
    ready = ready_company(client, rt, sim)
    _enable(rt, ready.company_id)
    key = "3" * 50

    AUTHORITY.deliveries.append(Uncertain(UncertainReason.READ_TIMEOUT, "sem resposta"))
    uncertain = client.post(
        f"{API}/testedps", json={"pedido": "D-1", "valor": "5.00"}, headers=ready.headers
    )
    assert uncertain.status_code == 202
    document_id = uncertain.get_json()["id"]
    dps_id = uncertain.get_json()["chave"]
    assert dps_id.startswith("DPS") and len(dps_id) == 45

    AUTHORITY.lookups.append(_nfse_like(key))
    reconciled = client.get(f"{API}/testedps/{document_id}", headers=ready.headers).get_json()
    assert AUTHORITY.looked_up == [dps_id]  # by the DPS id, never re-sent
    assert len(AUTHORITY.delivered) == 1
    assert (reconciled["status"], reconciled["chave"]) == ("AUTORIZADA", key)
    with transaction(rt.sessions) as session:
        stored = session.get(FiscalDocument, document_id)
        assert stored is not None and (stored.chave, stored.dps_id) == (key, dps_id)
    xml = client.get(f"{API}/testedps/{document_id}/xml", headers=ready.headers)
    assert xml.status_code == 200 and xml.data == b"<NFSe/>"
