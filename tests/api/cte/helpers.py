"""A carrier ready to issue CT-e and CT-e OS against the simulator: issuer (CRT 3 unless told),
A1, the `cte`/`cteos` modules, RNTRC and TAF, two contributor customers, and the company's
internal transport ICMS rule (the global pack has the interstate rates only)."""

from __future__ import annotations

from typing import Any

from service.companies.models import Company
from service.db import transaction
from service.ids import new_id
from service.registers.models import Customer
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import Ready, ready_company
from tests.factories import auth

API = "/api/v1"
NFE_KEY = "35260111222333000181550010000000011100000013"
INTERNAL_ICMS = {
    "tipo": "ICMS_TRANSPORTE",
    "criterios": {"documento_in": ["CTE", "CTEOS"], "operacao": "interna", "crt_in": ["3"]},
    "resultado": {"cst": "00", "aliquota": "12.00"},
    "vigencia_inicio": "2020-01-01",
    "versao": "1",
    "fonte": "Regra de teste (RICMS/SP art. 52, alíquota interna do transporte)",
}
OS_CFOP = {
    "tipo": "CFOP_OPERACAO",
    "criterios": {"documento": "CTEOS", "operacao_in": ["interna"]},
    "resultado": {"cfop": "5357"},
    "vigencia_inicio": "2020-01-01",
    "versao": "1",
    "fonte": "Tabela CFOP: 5.357 prestação a não contribuinte (regra de teste)",
}
PARTIES = {
    "REM": ("44555666000177", "Indústria Remetente SA", "3550308", "São Paulo", "SP"),
    "DEST": ("11444777000161", "Comércio Destinatário Ltda", "3509502", "Campinas", "SP"),
    "DEST-RJ": ("11444777000242", "Comércio Carioca Ltda", "3304557", "Rio de Janeiro", "RJ"),
}


def add_party(rt: Runtime, ready: Ready, codigo: str) -> None:
    cnpj, nome, city_code, city, uf = PARTIES[codigo]
    with transaction(rt.sessions) as session:
        session.add(Customer(
            id=new_id("cli"), account_id=ready.account_id, company_id=ready.company_id,
            codigo=codigo, cpf_cnpj=cnpj, nome=nome, indicador_ie=1, ie="110042490114",
            email="contato@example.com", logradouro="Rua do Porto", numero="10",
            bairro="Centro", municipio=city, cod_municipio=city_code, uf=uf, cep="01001000",
        ))  # fmt: skip


def carrier(rt: Runtime, ready: Ready, **fields: Any) -> None:
    """Modules `cte` and `cteos`, RNTRC and TAF (unless given as None)."""
    values = {"rntrc": "12345678", "taf_cteos": "123456789012", **fields}
    with transaction(rt.sessions) as session:
        company = session.get(Company, ready.company_id)
        assert company is not None
        company.modulos = sorted({*company.modulos, "cte", "cteos"})
        for name, value in values.items():
            setattr(company, name, value)


def cte_ready(client: Any, rt: Runtime, sim: SimulatorHandle, *, crt: int = 3,
              **fields: Any) -> Ready:  # fmt: skip
    ready = ready_company(client, rt, sim, crt=crt)
    carrier(rt, ready, **fields)
    for codigo in PARTIES:
        add_party(rt, ready, codigo)
    for rule in (INTERNAL_ICMS, OS_CFOP):
        added = client.post(f"{API}/configuracao-fiscal/regras-base", headers=auth(ready.key),
                            json=rule)  # fmt: skip
        assert added.status_code == 201, added.get_json()
    return ready


def cte_body(pedido: str = "FRETE-1", **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "pedido": pedido, "tomador": "remetente", "remetente": "REM", "destinatario": "DEST",
        "valor_prestacao": "1000.00",
        "componentes": [{"nome": "FRETE PESO", "valor": "900.00"},
                        {"nome": "PEDAGIO", "valor": "100.00"}],
        "carga": {"valor": "25000.00", "produto": "Peças automotivas", "peso_kg": "1200.5"},
        "documentos": [NFE_KEY], "fiscal": {"tipo_estabelecimento_tomador": "industrial"},
    }  # fmt: skip
    body.update(changes)
    return body


def cteos_body(pedido: str = "FRETAMENTO-1", **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "pedido": pedido, "tomador": "REM",
        "servico": {"tipo": "transporte_pessoas", "descricao": "Fretamento eventual",
                    "quantidade": "42"},
        "origem": {"cod_municipio": "3550308", "municipio": "São Paulo", "uf": "SP"},
        "destino": {"cod_municipio": "3509502", "municipio": "Campinas", "uf": "SP"},
        "valor_prestacao": "3500.00",
        "veiculo": {"placa": "ABC1D23", "uf": "SP", "renavam": "12345678901"},
        "fretamento": {"tipo": "eventual", "data_viagem": "2026-12-20T07:00:00-03:00"},
    }  # fmt: skip
    body.update(changes)
    return body
