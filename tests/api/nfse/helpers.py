"""An NFS-e-ready company against the simulator: issuer, A1, the `nfse` module, a service, a
customer, and the company's ISS base rule, all as an integrator would set them up."""

from __future__ import annotations

from typing import Any

from service.companies.models import Company
from service.db import transaction
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import Ready, add_customer, ready_company
from tests.factories import auth

API = "/api/v1"
ISS_RULE = {
    "tipo": "ISS",
    "criterios": {"cod_municipio_incidencia": "3550308"},
    "resultado": {"aliquota": "2.00"},
    "vigencia_inicio": "2026-01-01",
    "versao": "1",
    "fonte": "Lei municipal 13.701/2003 art. 16 (São Paulo)",
}
SERVICE = {"codigo": "S1", "descricao": "Desenvolvimento de sistema sob encomenda",
           "lc116": "01.01", "c_trib_nac": "010101", "preco": "1500.00"}  # fmt: skip


def enable_nfse(rt: Runtime, ready: Ready) -> None:
    with transaction(rt.sessions) as session:
        company = session.get(Company, ready.company_id)
        assert company is not None
        company.modulos = [*company.modulos, "nfse"]


def nfse_ready(client: Any, rt: Runtime, sim: SimulatorHandle, *, rule: bool = True,
               **kwargs: Any) -> Ready:  # fmt: skip
    """A company ready to issue NFS-e: nfse module, service S1, customer C1 and (unless
    `rule` is False) an ISS rule of 2 % for São Paulo in force since 2026."""
    ready = ready_company(client, rt, sim, **kwargs)
    enable_nfse(rt, ready)
    add_customer(rt, ready)
    created = client.post(f"{API}/servicos", headers=auth(ready.key), json=SERVICE)
    assert created.status_code == 201, created.get_json()
    if rule:
        added = client.post(f"{API}/configuracao-fiscal/regras-base", headers=auth(ready.key),
                            json=ISS_RULE)  # fmt: skip
        assert added.status_code == 201, added.get_json()
    return ready


def nfse_body(pedido: str = "OS-1", **overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"pedido": pedido, "servico": {"codigo": "S1"}, "tomador": "C1"}
    body.update(overrides)
    return body
