"""Federal withholdings on services (RETENCAO_FEDERAL): several apply at once, one per
`tributo`; each rule may dispense amounts up to `dispensa_ate` (R$ 10 for IRRF, Lei 9.430 art.
67, and CSRF, Lei 10.833 art. 31 §3). Source: tax_domain.md §4.5."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from engine.result import Withholding
from engine.rounding import ZERO, apply_rate, total


def compute_withholding(
    tributo: str, base: Decimal, rates: Mapping[str, Decimal], dispensed_up_to: Decimal | None
) -> Withholding:
    """Each component rounded per item; the floor applies to the rule's total."""
    values = {name: apply_rate(base, rate) for name, rate in rates.items()}
    amount = total(list(values.values()))
    if dispensed_up_to is not None and amount <= dispensed_up_to:
        reason = f"dispensada: {amount} não excede R$ {dispensed_up_to}"
        zeroed = dict.fromkeys(values, ZERO)
        return Withholding(tributo, base, dict(rates), zeroed, ZERO, False, reason)
    return Withholding(tributo, base, dict(rates), values, amount, True, "retida")
