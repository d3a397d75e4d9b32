"""Request examples of `/fiscal` and `/configuracao-fiscal/regras-base` (OpenAPI document).

They succeed against the quickstart company (`DEMO`: P001, P002, C001).
"""

from __future__ import annotations

GOODS = {"cliente": "C001", "itens": [{"codigo": "P001", "quantidade": 2}], "pagamento": "pix"}
CALCULATION = {"documento": "NFE", "operacao": {"cliente": "C001",
               "itens": [{"codigo": "P001", "quantidade": 2, "valor": "10.00"}]}}  # fmt: skip
PREVIEW = {"modelo": 55, **GOODS}
VALIDATION = {"documento": "NFE", "operacao": {"pedido": "PED-0003", **GOODS}}
BASE_RULE = {
    "tipo": "ISS",
    "criterios": {"cod_municipio_incidencia": "3550308", "lc116_prefixo": "17"},
    "resultado": {"aliquota": "5.00"},
    "vigencia_inicio": "2026-01-01",
    "versao": "2026.1",
    "fonte": "Lei municipal SP 13.701/2003 art. 16 (exemplo: confira a alíquota vigente)",
    "descricao": "ISS de consultoria em São Paulo",
}
BASE_RULE_UPDATE = {"descricao": "ISS de consultoria em São Paulo (revisado)"}
