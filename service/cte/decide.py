"""What CT-e and CT-e OS share before their layouts differ: the parties as the layout holds
them, the engine's decision for the prestação (CFOP, transport ICMS, IBS/CBS) and its mapping
to the builder's tax groups. Nothing is computed here: values come from the `TaxResult`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from documents.cte import model as cte
from engine import (
    Counterpart,
    DocumentType,
    Item,
    PersonType,
    TaxContext,
    TaxResult,
    Transport,
)
from engine.result import ItemTaxes
from service.companies.models import Company
from service.errors import invalid_field
from service.fiscal.context import issuer as engine_issuer
from service.fiscal.errors import run_engine
from service.nfe import taxes
from service.nfe.assemble import issuer_address, layout_address
from service.nfe.registers import Gaps, Party, resolve_party

NAT_OP = "PRESTACAO DE SERVICO DE TRANSPORTE"
"""`natOp` when the request names none."""
IND_IE = {1: cte.IndIEToma.CONTRIBUINTE, 2: cte.IndIEToma.ISENTO}
_ISSUER_FIELDS = ("ie", "crt", "logradouro", "numero", "bairro", "cod_municipio", "municipio",
                  "uf", "cep")  # fmt: skip


@dataclass(frozen=True)
class Decided:
    """The engine's decision for the prestação, with what the builder needs of it."""

    context: TaxContext
    result: TaxResult
    item: ItemTaxes
    cfop: str
    taxes: cte.Taxes


def check_issuer(company: Company, gaps: Gaps) -> None:
    """The issuer data every CT-e carries (`emit`), each gap named."""
    if not company.cnpj:
        gaps.add("emitente.cnpj", "EMITENTE_INCOMPLETO")
    for name in _ISSUER_FIELDS:
        if not getattr(company, name):
            gaps.add(f"emitente.{name}", "EMITENTE_INCOMPLETO")


def issuer(company: Company) -> cte.Issuer:
    return cte.Issuer(
        registration=str(company.cnpj),
        ie=str(company.ie),
        name=company.razao_social,
        address=issuer_address(company),
        crt=cte.Crt(str(company.crt)),
        trade_name=company.nome_fantasia or None,
    )


def party(
    session: Session, company: Company, raw: dict[str, Any] | None, role: str, gaps: Gaps
) -> Party | None:
    """A registered customer or an inline party; the CT-e needs its full address. Errors and
    gaps name the request's field (`remetente`, `tomador`, ...), not the register."""
    if raw is None:
        return None
    return resolve_party(session, company, raw, needs_address=True, gaps=gaps, field=role)


def layout_party(found: Party, *, trade_name: bool = False) -> cte.Party:
    assert found.endereco is not None
    return cte.Party(
        registration=found.cpf_cnpj,
        name=found.nome,
        address=layout_address(found.endereco),
        ie=found.ie if found.indicador_ie == 1 else None,
        email=found.email,
    )


def counterpart(found: Party | None, fiscal: dict[str, Any]) -> Counterpart:
    if found is None:
        return Counterpart(tipo_estabelecimento=fiscal.get("tipo_estabelecimento_tomador"))
    address = found.endereco or {}
    kind = PersonType.PF if len(found.cpf_cnpj) == 11 else PersonType.PJ
    return Counterpart(
        uf=address.get("uf"),
        cod_municipio=address.get("cod_municipio"),
        tipo=kind,
        contribuinte=found.indicador_ie == 1,
        consumidor_final=found.indicador_ie != 1,
        tipo_estabelecimento=fiscal.get("tipo_estabelecimento_tomador"),
    )


def ind_ie(found: Party | None) -> cte.IndIEToma:
    if found is None:
        return cte.IndIEToma.NAO_CONTRIBUINTE
    return IND_IE.get(found.indicador_ie, cte.IndIEToma.NAO_CONTRIBUINTE)


def municipality(place: dict[str, Any]) -> cte.Municipality:
    return cte.Municipality(str(place["cod_municipio"]), str(place["municipio"]), str(place["uf"]))


def decide(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    documento: DocumentType,
    start: cte.Municipality,
    end: cte.Municipality,
    taker: Party | None,
    operation_date: dt.date,
    explain: bool,
    allow_review: bool,
) -> Decided:
    """The engine on the prestação: 422 for anything missing or needing review."""
    ctx = context_of(company, body, documento=documento, start=start, end=end, taker=taker,
                     operation_date=operation_date)  # fmt: skip
    result = run_engine(session, company, ctx, explain=explain, allow_review=allow_review)
    item = result.itens[0]
    assert item.cfop is not None and item.icms is not None  # else `missing`
    value = Decimal(body["valor_prestacao"])
    return Decided(ctx, result, item, item.cfop, layout_taxes(item, value))


def context_of(
    company: Company,
    body: dict[str, Any],
    *,
    documento: DocumentType,
    start: cte.Municipality,
    end: cte.Municipality,
    taker: Party | None,
    operation_date: dt.date,
) -> TaxContext:
    """The engine's context of a prestação: what the issuance decides and `/fiscal/calcular`
    computes for the same request (one path, issue 36)."""
    fiscal = body.get("fiscal") or {}
    value = Decimal(body["valor_prestacao"])
    return TaxContext(
        documento=documento,
        data_operacao=operation_date,
        empresa=engine_issuer(company, None),
        itens=(Item(numero=1, quantidade=Decimal("1"), valor_unitario=value),),
        contraparte=counterpart(taker, fiscal),
        transporte=Transport(
            uf_inicio=start.uf, uf_fim=end.uf, cod_municipio_inicio=start.code,
            cod_municipio_fim=end.code,
            tipo_estabelecimento_tomador=fiscal.get("tipo_estabelecimento_tomador"),
            cfop=fiscal.get("cfop"),
        ),
    )  # fmt: skip


def layout_taxes(item: ItemTaxes, value: Decimal) -> cte.Taxes:
    """`imp`: the ICMS group as decided; IBS/CBS (and `vTotDFe`) when a rule is in force."""
    icms = item.icms
    assert icms is not None
    group = cte.Icms(
        group=cte.IcmsGroup(icms.grupo),
        cst=str(icms.CST),
        base=icms.vBC,
        rate=icms.pICMS,
        value=icms.vICMS,
        reduction=icms.pRedBC,
    )
    if item.ibs_cbs is None:
        return cte.Taxes(group)
    try:
        ibs_cbs = taxes.ibs_cbs(item.numero, item.ibs_cbs)
    except taxes.UnsupportedTaxGroup as exc:
        raise invalid_field("valor_prestacao", exc.detail) from exc
    total = value + ibs_cbs.v_ibs_uf + ibs_cbs.v_ibs_mun + ibs_cbs.v_cbs
    return cte.Taxes(group, ibs_cbs=ibs_cbs, document_total=total)


def components(body: dict[str, Any]) -> tuple[cte.Component, ...]:
    """`Comp`: as given; their sum must be the prestação's value (`vTPrest`)."""
    given = body.get("componentes") or []
    found = tuple(cte.Component(str(c["nome"]), Decimal(c["valor"])) for c in given)
    if found and sum((c.value for c in found), Decimal(0)) != Decimal(body["valor_prestacao"]):
        raise invalid_field(
            "componentes", "A soma dos componentes deve ser igual a `valor_prestacao`."
        )
    return found
