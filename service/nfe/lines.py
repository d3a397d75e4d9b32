"""The goods lines of an NF-e before taxes: from the request's `itens` and the product
register, or from the original of a return. One shape for the engine and the builder."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from engine import Item
from service.nfe.apportion import item_shares
from service.nfe.registers import ProductView

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Line:
    """One det/prod with what the engine needs to decide its taxes."""

    path: str
    """Where the line came from in the request (`itens.0`, `devolucao_de.itens.0`)."""
    code: str
    description: str
    ncm: str
    unit: str
    quantity: Decimal
    unit_price: Decimal
    origem: str
    gtin: str = "SEM GTIN"
    cest: str | None = None
    produto_id: str | None = None
    categoria: str | None = None
    discount: Decimal = Decimal("0")
    freight: Decimal = Decimal("0.00")
    insurance: Decimal = Decimal("0.00")
    other: Decimal = Decimal("0.00")
    purchase_order: str | None = None
    purchase_order_item: str | None = None
    info: str | None = None
    returned_percent: Decimal | None = None
    returned_ipi: Decimal | None = None

    @property
    def gross(self) -> Decimal:
        return (self.quantity * self.unit_price).quantize(CENT, rounding=ROUND_HALF_UP)

    def engine_item(self, numero: int) -> Item:
        return Item(
            numero=numero,
            quantidade=self.quantity,
            valor_unitario=self.unit_price,
            desconto=self.discount,
            frete=self.freight,
            seguro=self.insurance,
            outras_despesas=self.other,
            produto_id=self.produto_id,
            ncm=self.ncm,
            cest=self.cest,
            origem=self.origem,
            categoria=self.categoria,
        )


def _order(item: dict[str, Any]) -> tuple[str | None, str | None]:
    order = item.get("pedido_compra") or {}
    return order.get("numero"), order.get("item")


def requested_lines(
    body: dict[str, Any], items: Sequence[dict[str, Any]], products: dict[str, ProductView]
) -> tuple[Line, ...]:
    """The request's items with their products, and each one's share of the document's
    freight, insurance and other expenses (apportioned by value when given for the whole)."""
    lines = []
    for index, item in enumerate(items):
        product = products[item["codigo"]]
        order, order_item = _order(item)
        lines.append(
            Line(
                path=f"itens.{index}",
                code=product.codigo,
                description=product.descricao,
                ncm=str(product.ncm),
                unit=product.unidade,
                quantity=item["quantidade"],
                unit_price=item.get("valor", product.preco),
                origem=str(product.origem),
                gtin=product.gtin or "SEM GTIN",
                cest=product.cest,
                produto_id=product.id,
                categoria=product.categoria,
                discount=item.get("desconto", Decimal("0")),
                purchase_order=order,
                purchase_order_item=order_item,
                info=item.get("informacoes_adicionais"),
            )
        )
    shares = item_shares(body, items, [line.gross for line in lines])
    return tuple(_with_shares(line, share) for line, share in zip(lines, shares, strict=True))


def _with_shares(line: Line, share: dict[str, Decimal]) -> Line:
    return replace(
        line, freight=share["frete"], insurance=share["seguro"], other=share["outras_despesas"]
    )
