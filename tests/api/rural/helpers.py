"""Test data of the rural producer: a natural-person producer's body and e-CPFs."""

from __future__ import annotations

from typing import Any

from tests.factories_config import a1_base64

RURAL = "/api/v1/rural/produtor"
CONFIG = "/api/v1/configuracao-fiscal"
CPF = "52998224725"
OTHER_CPF = "11144477735"


def producer_body(**overrides: Any) -> dict[str, Any]:
    body = {
        "cpf": "529.982.247-25", "ie": "110.042.490.114", "nome": "Joao da Silva", "uf": "SP",
        "crt": 3, "cep": "13500-000", "logradouro": "Estrada Municipal RCL 010",
        "numero": "km 5", "bairro": "Zona Rural", "municipio": "Rio Claro",
        "cod_municipio": "3543907",
        "propriedades": [{"nome": "Sitio Boa Vista", "cod_municipio": "3543907",
                          "nirf": "1234567-8"}],
    }  # fmt: skip
    body.update(overrides)
    return body


def ecpf(cpf: str = CPF, **kwargs: Any) -> dict[str, str]:
    """The certificate upload body of an e-CPF."""
    return {"arquivo_base64": a1_base64(cpf=cpf, **kwargs), "senha": "senha-a1"}


def code(response: Any) -> str:
    return str(response.get_json()["error"]["code"])


def fields(response: Any) -> list[str]:
    return [e["field"] for e in response.get_json()["error"].get("errors", [])]
