"""Payment forms of the NF-e `pagamento` (shared by the request schema and the assembly), and
the `pag` group as the layout's sum rules allow it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from documents.nfe import model as doc
from service.errors import invalid_field

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

CARD_FORMS = frozenset({"03", "04", "17"})
"""tPag whose detPag may carry the `card` group (credit, debit and PIX, NT 2020.006)."""
_NEEDS_CARD = frozenset({"03", "04"})
NO_PAYMENT = "90"
CENT = Decimal("0.01")


def _kind(index: int, forma: str) -> str:
    kind = PAYMENT_FORMS.get(forma.lower(), forma)
    if kind not in PAYMENT_FORMS.values():
        raise invalid_field(
            f"pagamento.{index}.forma",
            f"Forma de pagamento '{forma}' desconhecida: use {', '.join(PAYMENT_FORMS)} ou o "
            "código tPag de 2 dígitos.",
        )
    return kind


def _card(index: int, kind: str, raw: dict[str, Any] | None) -> doc.Card | None:
    if raw is None:
        return doc.Card() if kind in _NEEDS_CARD else None
    if kind not in CARD_FORMS:
        raise invalid_field(
            f"pagamento.{index}.cartao",
            "Dados de cartão só em pagamento com cartão de crédito, débito ou PIX.",
        )
    return doc.Card(
        integration=str(raw["tipo_integracao"]),
        acquirer_cnpj=raw.get("cnpj_credenciadora"),
        brand=raw.get("bandeira"),
        authorization=raw.get("autorizacao"),
    )


def _payment(index: int, entry: dict[str, Any], v_nf: Decimal) -> doc.Payment:
    kind = _kind(index, entry["forma"])
    amount = entry["valor"]
    if amount is None:
        amount = Decimal("0.00") if kind == NO_PAYMENT else v_nf
    return doc.Payment(
        kind=kind,
        amount=amount.quantize(CENT),
        description="Outros" if kind == "99" else None,
        card=_card(index, kind, entry.get("cartao")),
    )


def _without_payment(payments: list[doc.Payment], fin_nfe: doc.FinNFe) -> bool:
    """tPag 90 stands alone with vPag zero; adjustments and returns have only it (871)."""
    none = [p for p in payments if p.kind == NO_PAYMENT]
    if none and len(none) != len(payments):
        raise invalid_field(
            "pagamento", "'sem_pagamento' não se combina com outras formas de pagamento."
        )
    if any(p.amount for p in none):
        raise invalid_field("pagamento", "'sem_pagamento' tem valor zero.")
    if fin_nfe in (doc.FinNFe.AJUSTE, doc.FinNFe.DEVOLUCAO) and not none:
        raise invalid_field(
            "pagamento",
            'NF-e de ajuste ou de devolução não tem pagamento: informe "sem_pagamento" '
            "(rejeição 871).",
        )
    return bool(none)


def payments(
    raw: list[dict[str, Any]], v_nf: Decimal, fin_nfe: doc.FinNFe, troco: Decimal | None
) -> tuple[tuple[doc.Payment, ...], Decimal | None]:
    """detPag and vTroco, checked by the layout's sum rules before any number is taken:
    the payments minus the change equal vNF; the change only when something was overpaid."""
    built = [_payment(index, entry, v_nf) for index, entry in enumerate(raw)]
    if _without_payment(built, fin_nfe):
        if troco:
            raise invalid_field("troco", "Sem pagamento não há troco.")
        return tuple(built), None
    paid = sum((p.amount for p in built), Decimal("0.00"))
    if paid < v_nf:
        raise invalid_field(
            "pagamento",
            f"A soma dos pagamentos ({paid}) é menor que o total da nota ({v_nf}): "
            "complete os valores.",
        )
    change = paid - v_nf
    if troco is not None and troco.quantize(CENT) != change:
        raise invalid_field(
            "troco",
            f"O troco deve ser a soma dos pagamentos ({paid}) menos o total da nota ({v_nf}): "
            f"{change}.",
        )
    return tuple(built), change if change else None
