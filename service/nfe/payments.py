"""Payment forms of the NF-e `pagamento` (shared by the request schema and the assembly)."""

from __future__ import annotations

PAYMENT_FORMS = {
    "dinheiro": "01",
    "cheque": "02",
    "cartao_credito": "03",
    "cartao_debito": "04",
    "credito_loja": "05",
    "vale_alimentacao": "10",
    "vale_refeicao": "11",
    "vale_presente": "12",
    "vale_combustivel": "13",
    "boleto": "15",
    "deposito": "16",
    "pix": "17",
    "transferencia": "18",
    "fidelidade": "19",
    "sem_pagamento": "90",
    "outros": "99",
}
"""`pagamento` names (or the layout's two-digit tPag codes) -> tPag (NT 2020.006 table)."""
