"""Freight, insurance and other expenses of the whole document, shared among its items.

An NF-e carries vFrete, vSeg and vOutro per item (the totals are their sums), so an amount the
caller gives for the whole document is divided by the items' values, to the cent: each share is
rounded half up and what rounding leaves over (or takes) goes to the item of largest value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import ROUND_HALF_UP, Decimal

from service.errors import invalid_field

CENT = Decimal("0.01")
SHARED = ("frete", "seguro", "outras_despesas")
"""Amounts a request may give per item or for the whole document (never both)."""


def apportion(total: Decimal, weights: Sequence[Decimal]) -> list[Decimal]:
    """`total` split in proportion to `weights`, cent-exact (the shares add up to `total`).

    Items that all weigh zero share equally. The remainder of rounding lands on the heaviest
    item (the first of them on a tie).
    """
    if not weights:
        return []
    total = total.quantize(CENT, rounding=ROUND_HALF_UP)
    whole = sum(weights, Decimal("0"))
    basis = list(weights) if whole > 0 else [Decimal("1")] * len(weights)
    whole = sum(basis, Decimal("0"))
    shares = [(total * w / whole).quantize(CENT, rounding=ROUND_HALF_UP) for w in basis]
    heaviest = max(range(len(basis)), key=lambda i: (basis[i], -i))
    shares[heaviest] += total - sum(shares, Decimal("0"))
    return shares


def _document_amount(body: Mapping[str, object], name: str) -> Decimal | None:
    if name == "frete":
        freight = body.get("frete")
        value = freight.get("valor") if isinstance(freight, dict) else None
    else:
        value = body.get(name)
    return value if isinstance(value, Decimal) else None


def _path(name: str) -> str:
    return "frete.valor" if name == "frete" else name


def item_shares(
    body: Mapping[str, object], items: Sequence[Mapping[str, object]], gross: Sequence[Decimal]
) -> list[dict[str, Decimal]]:
    """Per item, its `frete`, `seguro` and `outras_despesas` (zero when nobody gave them).

    `gross` is each item's value (quantity × unit price), the weight of the apportionment.
    Giving an amount both for the document and for an item is refused: which one is meant?
    """
    shares: list[dict[str, Decimal]] = [{} for _ in items]
    for name in SHARED:
        document = _document_amount(body, name)
        given = [index for index, item in enumerate(items) if item.get(name) is not None]
        if document is not None and given:
            raise invalid_field(
                _path(name),
                f"Informe `{name}` no documento (rateado pelos itens) ou em cada item, não nos "
                f"dois: o item {given[0] + 1} também traz `{name}`.",
            )
        if document is not None:
            values = apportion(document, gross)
        else:
            values = [_item_amount(item.get(name)) for item in items]
        for share, value in zip(shares, values, strict=True):
            share[name] = value
    return shares


def _item_amount(value: object) -> Decimal:
    if isinstance(value, Decimal):
        return value.quantize(CENT, rounding=ROUND_HALF_UP)
    return Decimal("0.00")
