"""Request examples of `/configuracao-fiscal` for the OpenAPI document.

They succeed against the quickstart company (`DEMO`); the issuer example creates a new company
with a CNPJ of its own (another account's quickstart may not hold the same one).
"""

from __future__ import annotations

from typing import Any

AUTOMATIC = {"apuracao": "presumido"}
ISSUER = {
    "cnpj": "11.444.777/0001-61", "razao_social": "Loja Exemplo Ltda", "uf": "SP",
    "ie": "110.042.490.114", "crt": 1, "cep": "01310-100", "logradouro": "Av Paulista",
    "numero": "1000", "bairro": "Bela Vista", "municipio": "São Paulo",
    "cod_municipio": "3550308", "csc_id": "1", "csc": "CSC-DE-EXEMPLO-0123456789",
}  # fmt: skip
ISSUER_UPDATE = {"nome_fantasia": "Loja Demonstração", "telefone": "1133334444"}
NATURE = {"codigo": "VENDA-ENTREGA", "descricao": "Venda com entrega", "cfop": "5102",
          "tipo_operacao": 1, "finalidade": 1}  # fmt: skip
NATURE_UPDATE = {"descricao": "Venda com entrega a domicílio"}
TAX_RULE = {"descricao": "Revenda interna no Simples Nacional", "cfop": "5102", "csosn": "102",
            "operacao": "interna", "prioridade": 10}  # fmt: skip
IVA_RULE = {"descricao": "IBS/CBS tributação integral", "cst": "000", "cclasstrib": "000001",
            "operacao": "interna"}  # fmt: skip
CERTIFICATE = {"arquivo_base64": "MIIK…(PKCS#12 em base64)", "senha": "senha-do-a1"}


def certificate_body(json_schema: Any, form_schema: Any) -> dict[str, Any]:
    """The upload takes JSON (`arquivo_base64`) or multipart (`arquivo`), both with `senha`."""
    return {
        "required": True,
        "content": {
            "application/json": {"schema": json_schema, "example": CERTIFICATE},
            "multipart/form-data": {"schema": form_schema},
        },
    }
