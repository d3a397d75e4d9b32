"""A carrier ready to manifest: the CT-e carrier of `tests.api.cte.helpers` plus the `mdfe`
module, a traction vehicle, a trailer and a driver registered through the API."""

from __future__ import annotations

from typing import Any

from service.companies.models import Company
from service.db import transaction
from service.runtime import Runtime
from simulator.testing import SimulatorHandle
from tests.api.cte.helpers import cte_ready
from tests.api.nfe.helpers import Ready
from tests.factories import auth

API = "/api/v1"
NFE_KEY = "35260111222333000181550010000000011100000013"
TRUCK = {"placa": "BRA2E19", "tara": 12000, "uf_licenciamento": "SP", "renavam": "12345678901",
         "cap_kg": 25000, "tp_rod": "03", "tp_car": "02"}  # fmt: skip
TRAILER = {"placa": "ABC1D23", "tara": 7000, "uf_licenciamento": "SP", "tipo": "REBOQUE",
           "cap_kg": 30000, "tp_car": "02"}  # fmt: skip
DRIVER = {"nome": "José da Silva", "cpf": "52998224725"}


def mdfe_ready(client: Any, rt: Runtime, sim: SimulatorHandle, **kwargs: Any) -> Ready:
    ready = cte_ready(client, rt, sim, **kwargs)
    with transaction(rt.sessions) as session:
        company = session.get(Company, ready.company_id)
        assert company is not None
        company.modulos = sorted({*company.modulos, "mdfe"})
    for path, body in (("veiculos", TRUCK), ("veiculos", TRAILER), ("condutores", DRIVER)):
        made = client.post(f"{API}/{path}", headers=auth(ready.key), json=body)
        assert made.status_code == 201, made.get_json()
    return ready


def mdfe_body(pedido: str = "VIAGEM-1", **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "pedido": pedido, "veiculo": "BRA2E19", "condutores": ["52998224725"],
        "documentos": [{"chave_nfe": NFE_KEY, "municipio_descarga": "3509502"}],
        "carga": {"peso_kg": "1200", "valor": "25000.00", "tipo": "05",
                  "produto": "Peças automotivas"},
        "percurso": {"carregamento": {"cod_municipio": "3550308", "municipio": "São Paulo",
                                      "cep": "01310100"}, "descarregamento_cep": "13012100"},
        "tipo_emitente": 2,
    }  # fmt: skip
    body.update(changes)
    return body
