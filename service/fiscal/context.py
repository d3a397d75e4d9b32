"""From the caller's minimal JSON and the company's registers to the engine's TaxContext.

Only facts are gathered here; nothing is computed and no tax is guessed. A fact the engine
needs and the company has not configured becomes `missing` (422
`FISCAL_CONFIGURATION_REQUIRED`), never a default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from engine import Company as EngineCompany
from engine import Counterpart, DocumentType, Item, Overrides, PersonType, TaxContext, Transport
from service.companies.models import Company
from service.errors import ApiError, invalid_field
from service.nfe import rural
from service.nfe.apportion import item_shares
from service.nfe.lines import retained_st
from service.nfe.registers import ProductView


def _decimal(value: Any, field: str) -> Decimal:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError) as exc:
        raise invalid_field(field, "Deve ser um número decimal.") from exc
    if not amount.is_finite() or amount < 0:
        raise invalid_field(field, "Deve ser um número não negativo.")
    return amount


def _object(value: Any) -> dict[str, Any]:
    """A nested JSON object, or an empty one when absent or of another type."""
    return value if isinstance(value, dict) else {}


def _digits(value: Any) -> str:
    return "".join(ch for ch in str(value or "") if ch.isalnum())


def issuer(company: Company, contexto: str | None) -> EngineCompany:
    """The issuer's facts; CRT and UF must be configured (never presumed)."""
    crt, uf = getattr(company, "crt", None), getattr(company, "uf", None)
    missing = [name for name, value in (("emitente.crt", crt), ("emitente.uf", uf)) if not value]
    if missing:
        raise ApiError(
            "FISCAL_CONFIGURATION_REQUIRED", missing=missing, motivos=["EMITENTE_INCOMPLETO"]
        )
    return EngineCompany(
        crt=int(crt),  # type: ignore[arg-type]
        uf=str(uf),
        cod_municipio=getattr(company, "cod_municipio", None),
        regime=company.apuracao,  # was a column that never existed: always None (issue 36)
        cnae=getattr(company, "cnae", None),
        contexto=contexto or rural.fiscal_context(company),
        contribuinte_ibs_cbs=rural.ibs_cbs_contributor(company, contexto),
    )


def goods_context(
    company: Company,
    documento: DocumentType,
    items: tuple[Item, ...],
    recipient: Counterpart,
    nature_id: str | None,
    today: date,
    contexto: str | None = None,
) -> TaxContext:
    """The engine context of an NF-e/NFC-e: the one function the issuance
    (`service.nfe.assemble.decision_facts`) and `/fiscal/calcular` build it with, so the same
    request is decided the same way. `contexto` is a calculation's simulated context (None:
    the company's own, as issued)."""
    return TaxContext(
        documento=documento,
        data_operacao=today,
        empresa=issuer(company, contexto),
        itens=items,
        contraparte=recipient,
        natureza_id=nature_id,
    )


def counterpart(party: Any, *, consumidor_final: Any = None) -> Counterpart:
    """NF-e recipient / NFS-e or CT-e taker, from an inline object."""
    if not isinstance(party, dict):
        return Counterpart(consumidor_final=consumidor_final)
    doc = _digits(party.get("cpf_cnpj"))
    address = _object(party.get("endereco"))
    kind = PersonType.PF if len(doc) == 11 else PersonType.PJ if len(doc) == 14 else None
    return Counterpart(
        uf=address.get("uf") or party.get("uf"),
        cod_municipio=address.get("cod_municipio") or party.get("cod_municipio"),
        tipo=kind,
        contribuinte=party.get("contribuinte"),
        consumidor_final=consumidor_final
        if consumidor_final is not None
        else kind is PersonType.PF,
        simples_nacional=party.get("simples_nacional"),
        tipo_estabelecimento=party.get("tipo_estabelecimento"),
    )


def item_codes(raw_items: Any) -> set[str]:
    """The product codes an NF-e/NFC-e `itens` list names (to look them up in one query)."""
    if not isinstance(raw_items, list):
        return set()
    return {str(raw["codigo"]) for raw in raw_items if isinstance(raw, dict) and raw.get("codigo")}


def goods_items(raw_items: Any, products: Mapping[str, ProductView]) -> tuple[Item, ...]:
    """NF-e/NFC-e items with their fiscal facts: the issuance's JSON, products by `codigo`.

    As at issuance, `valor` defaults to the registered product's price and its NCM, CEST,
    origin and category come from the register. An item that describes itself (`ncm` and
    `valor` inline) needs no register: a what-if for a product not registered yet.
    """
    if not isinstance(raw_items, list) or not raw_items:
        raise invalid_field("operacao.itens", "Informe ao menos um item.")
    return tuple(_goods_item(n, raw, products) for n, raw in enumerate(raw_items, start=1))


_SHARED_NAMES = ("frete", "seguro", "outras_despesas")


def with_expenses(operacao: dict[str, Any], items: tuple[Item, ...]) -> tuple[Item, ...]:
    """Each item's freight, insurance and other expenses as the issuance takes them: per item
    (`itens[].frete`...), or for the document (`frete.valor`, `seguro`, `outras_despesas`)
    apportioned by value (`service.nfe.apportion`)."""
    raw_items = [raw if isinstance(raw, dict) else {} for raw in operacao.get("itens") or ()]
    freight = _object(operacao.get("frete"))
    document: dict[str, Any] = {"frete": {}}
    if freight.get("valor") is not None:
        document["frete"] = {"valor": _decimal(freight["valor"], "operacao.frete.valor")}
    for name in ("seguro", "outras_despesas"):
        if operacao.get(name) is not None:
            document[name] = _decimal(operacao[name], f"operacao.{name}")
    per_item = [
        {name: _decimal(raw[name], f"operacao.itens.{index}.{name}")
         for name in _SHARED_NAMES if raw.get(name) is not None}
        for index, raw in enumerate(raw_items)
    ]  # fmt: skip
    cent = Decimal("0.01")
    gross = [(i.quantidade * i.valor_unitario).quantize(cent, ROUND_HALF_UP) for i in items]
    try:
        shares = item_shares(document, per_item, gross)
    except ApiError as exc:
        for error in exc.extra.get("errors") or []:
            error["field"] = f"operacao.{error['field']}"
        raise
    return tuple(
        replace(item, frete=share["frete"], seguro=share["seguro"],
                outras_despesas=share["outras_despesas"])
        for item, share in zip(items, shares, strict=True)
    )  # fmt: skip


def _registered(
    field: str, raw: dict[str, Any], products: Mapping[str, ProductView]
) -> ProductView | None:
    """The product the item names; an unknown code is the caller's mistake unless the item
    carries its own fiscal facts."""
    code = raw.get("codigo")
    product = products.get(str(code)) if code else None
    if code and product is None and (raw.get("ncm") is None or raw.get("valor") is None):
        raise invalid_field(f"{field}.codigo", f"Produto '{code}' não cadastrado.")
    return product


def _goods_item(numero: int, raw: Any, products: Mapping[str, ProductView]) -> Item:
    field = f"operacao.itens.{numero - 1}"
    if not isinstance(raw, dict):
        raise invalid_field(field, "Item inválido.")
    product = _registered(field, raw, products)
    if raw.get("quantidade") is None:
        raise invalid_field(f"{field}.quantidade", "Campo obrigatório.")
    price = raw.get("valor", product.preco if product is not None else None)
    if price is None or (product is not None and "valor" not in raw and not price):
        message = (
            "Informe o valor: o produto não tem preço."
            if product is not None
            else "Campo obrigatório (ou informe o `codigo` de um produto cadastrado com preço)."
        )
        raise invalid_field(f"{field}.valor", message)

    def fact(name: str) -> Any:
        inline = raw.get(name)
        return inline if inline is not None else getattr(product, name, None)

    origem = fact("origem")
    produto_id = product.id if product is not None else raw.get("produto_id") or raw.get("codigo")
    quantity = _decimal(raw["quantidade"], f"{field}.quantidade")
    unit_value = _decimal(price, f"{field}.valor")
    return Item(
        numero=numero,
        quantidade=quantity,
        valor_unitario=unit_value,
        desconto=_discount(raw.get("desconto", 0), quantity * unit_value, f"{field}.desconto"),
        produto_id=produto_id,
        ncm=_digits(fact("ncm")) or None,
        cest=_digits(fact("cest")) or None,
        origem=str(origem) if origem is not None else None,
        categoria=fact("categoria"),
        st_retido=retained_st(_declared_retained(raw, field), product, quantity),
    )


_RETAINED = ("base", "aliquota", "valor_substituto", "valor")


def _declared_retained(raw: dict[str, Any], field: str) -> dict[str, Decimal] | None:
    """An item's `st_retido` as the issuance's request schema reads it (the what-if's JSON is
    not loaded by a schema): `base`, `aliquota` and `valor` required, all decimals."""
    declared = raw.get("st_retido")
    if declared is None:
        return None
    if not isinstance(declared, dict):
        raise invalid_field(f"{field}.st_retido", "Informe um objeto (base, aliquota, valor).")
    for name in ("base", "aliquota", "valor"):
        if declared.get(name) is None:
            raise invalid_field(f"{field}.st_retido.{name}", "Campo obrigatório.")
    return {
        name: _decimal(declared[name], f"{field}.st_retido.{name}")
        for name in _RETAINED
        if declared.get(name) is not None
    }


def _discount(raw: Any, gross: Decimal, field: str) -> Decimal:
    """A line's discount, refused (with the request's path) when it exceeds the line's gross
    value: the engine would refuse it too, naming its own item path instead."""
    discount = _decimal(raw, field)
    if discount > gross:
        raise invalid_field(field, f"O desconto ({discount}) é maior que o valor ({gross}).")
    return discount


def service_item(servico: Any) -> Item:
    if not isinstance(servico, dict):
        raise invalid_field("operacao.servico", "Campo obrigatório.")
    if servico.get("valor") is None:
        raise invalid_field("operacao.servico.valor", "Campo obrigatório.")
    local = _object(servico.get("local_prestacao"))
    return Item(
        numero=1,
        quantidade=Decimal("1"),
        valor_unitario=_decimal(servico["valor"], "operacao.servico.valor"),
        desconto=_discount(
            servico.get("desconto", 0),
            _decimal(servico["valor"], "operacao.servico.valor"),
            "operacao.servico.desconto",
        ),
        c_trib_nac=_digits(servico.get("c_trib_nac")) or None,
        lc116=servico.get("lc116"),
        nbs=_digits(servico.get("nbs")) or None,
        municipio_incidencia=servico.get("municipio_incidencia"),
        cod_municipio_prestacao=local.get("cod_municipio")
        or servico.get("cod_municipio_prestacao"),
        enquadramentos=frozenset(servico.get("enquadramentos") or ()),
    )


def transport(operacao: dict[str, Any]) -> tuple[Transport, Item]:
    origem, destino = operacao.get("origem") or {}, operacao.get("destino") or {}
    if not origem.get("uf") or not destino.get("uf"):
        raise invalid_field("operacao.origem", "Informe origem e destino (uf).")
    if operacao.get("valor_prestacao") is None:
        raise invalid_field("operacao.valor_prestacao", "Campo obrigatório.")
    fiscal = operacao.get("fiscal") or {}
    route = Transport(
        uf_inicio=origem["uf"],
        uf_fim=destino["uf"],
        cod_municipio_inicio=origem.get("cod_municipio"),
        cod_municipio_fim=destino.get("cod_municipio"),
        tipo_estabelecimento_tomador=fiscal.get("tipo_estabelecimento_tomador"),
        cfop=fiscal.get("cfop"),
    )
    value = _decimal(operacao["valor_prestacao"], "operacao.valor_prestacao")
    return route, Item(numero=1, quantidade=Decimal("1"), valor_unitario=value)


def overrides(operacao: dict[str, Any], can_override: bool) -> Overrides | None:
    """`servico.aliquota_iss` / `servico.iss_retido` replace computed values: scope + reason."""
    servico = _object(operacao.get("servico"))
    declared = {k: servico[k] for k in ("aliquota_iss", "iss_retido") if servico.get(k) is not None}
    if not declared:
        return None
    if not can_override:
        raise ApiError("FORBIDDEN", "Substituir valores calculados exige a permissão override.")
    motivo = str(operacao.get("override_motivo") or "").strip()
    if not motivo:
        raise invalid_field(
            "operacao.override_motivo", "Obrigatório ao substituir valores calculados."
        )
    rate = declared.get("aliquota_iss")
    return Overrides(
        override_motivo=motivo,
        aliquota_iss=_decimal(rate, "operacao.servico.aliquota_iss") if rate is not None else None,
        iss_retido=declared.get("iss_retido"),
    )


def operation_date(operacao: dict[str, Any], today: date) -> date:
    raw = operacao.get("data_operacao")
    if raw is None:
        return today
    try:
        return date.fromisoformat(str(raw))
    except ValueError as exc:
        raise invalid_field("operacao.data_operacao", "Data inválida (use AAAA-MM-DD).") from exc


def build_context(
    documento: DocumentType,
    operacao: dict[str, Any],
    company: Company,
    *,
    contexto: str | None,
    today: date,
    can_override: bool,
    products: Mapping[str, ProductView] | None = None,
    recipient: Counterpart | None = None,
    nature_id: str | None = None,
) -> TaxContext:
    """One TaxContext per document family's minimal JSON.

    `products` are the registered products the items name by `codigo`; `recipient` is the
    NF-e/NFC-e counterpart when `cliente` names a registered customer (else it is read inline);
    `nature_id` the NF-e/NFC-e nature resolved from its code (`natureza`).
    """
    if documento in (DocumentType.NFE, DocumentType.NFCE):
        items = with_expenses(operacao, goods_items(operacao.get("itens"), products or {}))
        party = recipient or counterpart(
            operacao.get("cliente") or operacao.get("fornecedor"),
            consumidor_final=operacao.get("consumidor_final"),
        )
        return goods_context(company, documento, items, party,
                             nature_id or operacao.get("natureza"),
                             operation_date(operacao, today), contexto)  # fmt: skip
    base: dict[str, Any] = {
        "documento": documento,
        "data_operacao": operation_date(operacao, today),
        "empresa": issuer(company, contexto),
        "natureza_id": nature_id or operacao.get("natureza"),
    }
    if documento is DocumentType.NFSE:
        base["itens"] = (service_item(operacao.get("servico")),)
        base["contraparte"] = counterpart(operacao.get("tomador"))
        base["overrides"] = overrides(operacao, can_override)
    elif documento in (DocumentType.CTE, DocumentType.CTEOS):
        route, item = transport(operacao)
        base["transporte"], base["itens"] = route, (item,)
        base["contraparte"] = counterpart(operacao.get("tomador"))
    return TaxContext(**base)
