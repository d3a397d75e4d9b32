"""The goods lines of an NF-e before taxes: from the request's `itens` and the product
register, or from the original of a return. One shape for the engine and the builder."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from documents.nfe import model as doc
from engine import IcmsComplement, IcmsStComplement, Importation, Item, RetainedSt
from service.nfe import exports, imports
from service.nfe.apportion import item_shares
from service.nfe.registers import ProductView

CENT = Decimal("0.01")
ZERO = Decimal("0.00")


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
    icms_complement: IcmsComplement | IcmsStComplement | None = None
    """A complement of ICMS: the line carries only this tax (quantity and value zero)."""
    retained_st: RetainedSt | None = None
    """ICMS-ST withheld earlier (CST 60 / CSOSN 500): the request's, else the register's."""
    importation: Importation | None = None
    """An imported item's customs values (II group, AFRMM): the bases of its taxes."""
    import_declarations: tuple[doc.ImportDeclaration, ...] = ()
    """Its `DI` group."""
    export_details: tuple[doc.ExportDetail, ...] = ()
    """An exported item's `detExport` group (drawback, indirect export)."""

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
            complemento_icms=self.icms_complement,
            st_retido=self.retained_st,
            importacao=self.importation,
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
        complement = _complement(item.get("complemento_icms"))
        lines.append(
            Line(
                path=f"itens.{index}",
                code=product.codigo,
                description=product.descricao,
                ncm=str(product.ncm),
                unit=product.unidade,
                quantity=item["quantidade"],
                unit_price=ZERO if complement else item.get("valor", product.preco),
                origem=str(product.origem),
                gtin=product.gtin or "SEM GTIN",
                cest=product.cest,
                produto_id=product.id,
                categoria=product.categoria,
                discount=item.get("desconto", Decimal("0")),
                purchase_order=order,
                purchase_order_item=order_item,
                info=item.get("informacoes_adicionais"),
                icms_complement=complement,
                retained_st=retained_st(item.get("st_retido"), product, item["quantidade"]),
                importation=imports.importation(item.get("importacao")),
                import_declarations=imports.declarations(item.get("importacao")),
                export_details=exports.details(item.get("exportacao")),
            )
        )
    shares = item_shares(body, items, [line.gross for line in lines])
    return tuple(_with_shares(line, share) for line, share in zip(lines, shares, strict=True))


def retained_st(
    declared: Mapping[str, Any] | None, product: ProductView | None, quantity: Decimal
) -> RetainedSt | None:
    """The ST withheld earlier on a line (CST 60 / CSOSN 500), written as vBCSTRet, pST,
    vICMSSubstituto and vICMSSTRet: the request's `st_retido` (the line's values) wins; else
    the product register's, which is per unit (the entry NF-e's values over its quantity),
    times the quantity. The engine rounds the amounts to cents and writes them only under a
    CST or CSOSN that carries them."""
    if declared is None:
        unit = product.st_retido if product is not None else None
        if not unit:
            return None
        declared = {name: Decimal(value) * quantity if name != "aliquota" else Decimal(value)
                    for name, value in unit.items()}  # fmt: skip
    substitute = declared.get("valor_substituto")
    return RetainedSt(
        base=Decimal(declared["base"]),
        aliquota=Decimal(declared["aliquota"]),
        valor=Decimal(declared["valor"]),
        valor_substituto=Decimal(substitute) if substitute is not None else None,
    )


def _complement(raw: dict[str, Any] | None) -> IcmsComplement | IcmsStComplement | None:
    """`complemento_icms` as the engine reads it: of the own ICMS (`base`) or of the ST."""
    if raw is None:
        return None
    if "base_st" in raw:
        return IcmsStComplement(base_st=raw["base_st"], aliquota_st=raw.get("aliquota_st"))
    return IcmsComplement(base=raw["base"], aliquota=raw.get("aliquota"))


def _with_shares(line: Line, share: dict[str, Decimal]) -> Line:
    return replace(
        line, freight=share["frete"], insurance=share["seguro"], other=share["outras_despesas"]
    )
