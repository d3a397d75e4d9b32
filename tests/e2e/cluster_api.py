"""What the cluster tests do and read through the API, as an ERP would: a company made ready
over HTTP, NF-e requests sent from many threads to any door of the cluster, and the documents,
tasks, balance and statement read back. Nothing here reads a table."""

from __future__ import annotations

import base64
import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import count
from typing import Any

import requests

from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import cnpj_digits
from tests.e2e.cluster import Account

API = "/api/v1"
A1_PASSWORD = "senha-a1"
UNSETTLED = {"PROCESSANDO", "PENDENTE", "NAO_ENVIADA"}
"""Document states an order leaves by itself (the worker reconciles or re-sends)."""
TASK_FINAL = {"AUTORIZADA", "REJEITADA", "CANCELADA", "ACAO_NECESSARIA", "ERRO"}
_bases = count(31_000_001)

ISSUER = {
    "razao_social": "Empresa Cluster Ltda", "uf": "SP", "ie": "110.042.490.114", "crt": 1,
    "cep": "01310-100", "logradouro": "Av Paulista", "numero": "1000", "bairro": "Bela Vista",
    "municipio": "São Paulo", "cod_municipio": "3550308", "csc_id": "1",
    "csc": "SEGREDO-CSC-0123456789",
}  # fmt: skip
PRODUCT = {"codigo": "P1", "descricao": "Refrigerante lata", "ncm": "22021000", "origem": 0,
           "unidade": "UN", "preco": "10.00"}  # fmt: skip
CUSTOMER = {
    "codigo": "C1", "cpf_cnpj": "529.982.247-25", "nome": "Maria da Silva", "indicador_ie": 9,
    "logradouro": "Rua das Flores", "numero": "10", "bairro": "Centro",
    "municipio": "São Paulo", "cod_municipio": "3550308", "uf": "SP", "cep": "01001-000",
}  # fmt: skip


@dataclass(frozen=True)
class Company:
    account: Account
    codigo: str
    cnpj: str

    @property
    def headers(self) -> dict[str, str]:
        return self.account.headers


@dataclass(frozen=True)
class Answer:
    """One request's outcome as the client saw it (`status` 0: no HTTP answer at all)."""

    door: str
    pedido: str
    status: int
    body: dict[str, Any]
    replay: bool
    asynchronous: bool = False

    @property
    def code(self) -> str | None:
        error = self.body.get("error")
        return str(error.get("code")) if isinstance(error, dict) else None


def ready_company(base: str, account: Account, sim: SimulatorHandle) -> Company:
    """Issuer, an A1 from the simulator's CA, product P1 and customer C1, all over HTTP."""
    cnpj = cnpj_digits(f"{next(_bases):08d}0001")
    issuer = call("POST", base, account, "/configuracao-fiscal/emitente", {**ISSUER, "cnpj": cnpj})
    codigo = str(issuer["empresa"])
    now = dt.datetime.now(dt.UTC)
    pfx = sim.issue_a1(cnpj=cnpj, password=A1_PASSWORD, not_before=now - dt.timedelta(days=1),
                       not_after=now + dt.timedelta(days=365))  # fmt: skip
    certificate = {"arquivo_base64": base64.b64encode(pfx).decode(), "senha": A1_PASSWORD}
    call("POST", base, account, "/configuracao-fiscal/certificado",
         {**certificate, "empresa": codigo})  # fmt: skip
    call("POST", base, account, "/produtos", {**PRODUCT, "empresa": codigo})
    call("POST", base, account, "/clientes", {**CUSTOMER, "empresa": codigo})
    return Company(account, codigo, cnpj)


def call(
    method: str, base: str, account: Account, path: str, body: Any = None, **params: Any
) -> dict[str, Any]:
    """One request that must succeed (2xx), its JSON."""
    answer = requests.request(method, base + API + path, json=body, params=params or None,
                              headers=account.headers, timeout=60)  # fmt: skip
    assert 200 <= answer.status_code < 300, (method, path, answer.status_code, answer.text[:2000])
    data: dict[str, Any] = answer.json()
    return data


def nfe_body(pedido: str, empresa: str) -> dict[str, Any]:
    return {"empresa": empresa, "pedido": pedido, "cliente": "C1",
            "itens": [{"codigo": "P1", "quantidade": 2}], "pagamento": "pix"}  # fmt: skip


def post_nfe(
    session: requests.Session, door: str, company: Company, pedido: str,
    asynchronous: bool = False,
) -> Answer:  # fmt: skip
    headers = {**company.headers, **({"Prefer": "respond-async"} if asynchronous else {})}
    try:
        answer = session.post(door + API + "/nfe", json=nfe_body(pedido, company.codigo),
                              headers=headers, timeout=90)  # fmt: skip
    except requests.RequestException as exc:
        return Answer(door, pedido, 0, {"erro": type(exc).__name__}, False, asynchronous)
    try:
        body = answer.json()
    except ValueError:  # haproxy's own 502/503 page
        body = {"erro": answer.text[:200]}
    replay = answer.headers.get("Idempotent-Replay") == "true"
    return Answer(door, pedido, answer.status_code, body, replay, asynchronous)


def pages(base: str, account: Account, path: str, member: str, **params: Any) -> list[Any]:
    """Every item of a paginated list (`pagina` 1, 2, … of 100 each)."""
    found: list[Any] = []
    for page in count(1):
        data = call("GET", base, account, path, pagina=page, por_pagina=100, **params)
        items = data[member]
        found += items
        if len(items) < 100 or len(found) >= int(data.get("total", len(found))):
            return found
    raise AssertionError("unreachable")


def documents(base: str, company: Company, **params: Any) -> list[dict[str, Any]]:
    """Every NF-e of the company (`GET /nfe`), every attempt of every order."""
    return pages(base, company.account, "/nfe", "itens", empresa=company.codigo, **params)


def statement(base: str, account: Account) -> list[dict[str, Any]]:
    return pages(base, account, "/financeiro/extrato", "movimentacoes")


def balance(base: str, account: Account) -> dict[str, Any]:
    return call("GET", base, account, "/financeiro/saldo")


def task(base: str, account: Account, task_id: str) -> dict[str, Any]:
    return call("GET", base, account, f"/fiscal/solicitacoes/{task_id}")


def at_authority(sim: SimulatorHandle, company: Company) -> list[dict[str, Any]]:
    """The documents the authority (the simulator) holds for the company's CNPJ."""
    return [d for d in sim.state()["documents"] if d["issuer"] == company.cnpj]


_FAIL = object()


def wait_until(
    check: Callable[[], Any], what: str, timeout: float = 60, default: Any = _FAIL
) -> Any:
    """`check`'s first true answer within `timeout` seconds; past it, `default` if given
    (the caller then asserts what is wrong), else an assertion error."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() >= deadline:
            assert default is not _FAIL, f"timed out waiting for {what}"
            return default
        time.sleep(0.25)


def settled(base: str, company: Company, timeout: float = 60) -> list[dict[str, Any]]:
    """The company's documents once none is in flight or uncertain any more (the workers
    reconcile what a killed process left PROCESSANDO or PENDENTE)."""

    def done() -> list[dict[str, Any]] | None:
        docs = documents(base, company)
        return None if any(d["status"] in UNSETTLED for d in docs) else docs

    found: list[dict[str, Any]] = wait_until(done, "documents to settle", timeout)
    return found
