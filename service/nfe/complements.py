"""A complement of ICMS or ICMS-ST: an NF-e of finalidade 2 whose items carry only a tax.

The layout lets a complement carry only a value or only a tax; the tax-only form is an item of
quantity 0 with `complemento_icms` {`base`, `aliquota`?} (own ICMS) or {`base_st`,
`aliquota_st`?} (ICMS-ST): qCom, vUnCom and vProd are zero, the ICMS group states the declared
base, the rate (declared, else the rules') and their product. The own ICMS is not in the note's
total, so a complement of own ICMS has vNF zero and nothing paid; the ST is (vNF = vST), so a
complement of ST is billed to the buyer like any note (or `sem_pagamento`).
"""

from __future__ import annotations

from typing import Any

from documents.nfe import model as doc
from service.errors import invalid_field

_VALUES = ("valor", "desconto", "frete", "seguro", "outras_despesas")


def check(body: dict[str, Any], finalidade: doc.FinNFe) -> None:
    """A complement of ICMS is finalidade 2, only of tax lines, with no value and no payment."""
    items = body.get("itens") or ()
    marked = [index for index, item in enumerate(items) if "complemento_icms" in item]
    if not marked:
        return
    first = f"itens.{marked[0]}.complemento_icms"
    if finalidade is not doc.FinNFe.COMPLEMENTAR:
        raise invalid_field(first, "Complemento de ICMS só numa NF-e complementar (finalidade 2).")
    if len(marked) != len(items):
        other = next(i for i in range(len(items)) if i not in marked)
        raise invalid_field(
            f"itens.{other}",
            "Uma NF-e complementar complementa só valor ou só imposto: informe "
            "`complemento_icms` em todos os itens, ou em nenhum.",
        )
    for index, item in enumerate(items):
        for name in _VALUES:
            if item.get(name):
                raise invalid_field(
                    f"itens.{index}.{name}",
                    "Um complemento de ICMS não tem valor de mercadoria: retire este campo.",
                )
    note_values = {
        "frete.valor": (body.get("frete") or {}).get("valor"),
        "seguro": body.get("seguro"),
        "outras_despesas": body.get("outras_despesas"),
    }
    for name, value in note_values.items():
        if value:
            raise invalid_field(
                name, "Um complemento de ICMS não tem valor de mercadoria: retire este campo."
            )
    if any("base_st" in items[index]["complemento_icms"] for index in marked):
        return  # vNF = vST: paid as any note, by the payment sum rules
    if any(entry["forma"].lower() not in ("sem_pagamento", "90") for entry in body["pagamento"]):
        raise invalid_field(
            "pagamento",
            'Um complemento de ICMS tem total zero (vNF 0): informe "sem_pagamento".',
        )
