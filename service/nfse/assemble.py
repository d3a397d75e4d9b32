"""From a validated `/nfse` request to a DPS ready to be numbered and signed.

Everything that depends only on the request, the registers and the rules happens here, before
any lock is taken or any number consumed: the registered service and the taker are looked up,
the engine decides the ISS (rate, municipality of incidence, withholding) and IBS/CBS for the
competence date, and the builder's input (`DpsData`) is prepared with a placeholder number.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.nfse import model as dps
from engine import (
    CanonicalSnapshot,
    Counterpart,
    DocumentType,
    Item,
    Overrides,
    PersonType,
    TaxContext,
    TaxResult,
    snapshot,
)
from engine.result import IssGroup
from service import clock
from service.companies.models import Company
from service.errors import invalid_field
from service.fiscal.context import issuer
from service.fiscal.errors import run_engine
from service.nfe.registers import Gaps, Party, resolve_party
from service.nfse import mapping
from service.nfse.mapping import Described
from service.registers.models import Service

_ISSUER_FIELDS = ("crt", "uf", "cod_municipio")


@dataclass(frozen=True)
class Draft:
    """A DPS decided in full except its series, number and issue instant."""

    data: dps.DpsData
    context: TaxContext
    result: TaxResult
    snapshot: Mapping[str, Any]
    snapshot_sha256: str
    valor_total: Decimal
    iss: IssGroup | None
    overrides: dict[str, Any] | None
    """What replaced the engine (declared values, an accepted review) and why: audited."""

    def numbered(self, *, serie: int, numero: int, issued_at: dt.datetime) -> dps.DpsData:
        return replace(self.data, series=str(serie), number=numero, issued_at=issued_at)


def registered_service(session: Session, company: Company, codigo: str) -> Service:
    query = select(Service).where(
        Service.company_id == company.id, Service.codigo == codigo, Service.ativo.is_(True)
    )
    found = session.execute(query).scalar_one_or_none()
    if found is None:
        raise invalid_field("servico.codigo", f"Serviço '{codigo}' não cadastrado (ou inativo).")
    return found


def describe(session: Session, company: Company, servico: dict[str, Any]) -> Described:
    """The request's service: inline values complete (and take precedence over) the register's
    descriptive fields; the register's `aliquota_iss`/`iss_retido` are configuration."""
    record = (
        registered_service(session, company, servico["codigo"]) if servico.get("codigo") else None
    )

    def value(name: str, register_name: str | None = None) -> Any:
        if servico.get(name) is not None and name not in ("aliquota_iss", "iss_retido"):
            return servico[name]
        return getattr(record, register_name or name, None) if record is not None else None

    valor = value("valor", "preco")
    if valor is None:
        raise invalid_field("servico.valor", "Informe o valor: o serviço cadastrado não tem preço.")
    return Described(
        codigo=servico.get("codigo"),
        descricao=str(value("descricao")),
        valor=_cents(Decimal(valor)),
        c_trib_nac=value("c_trib_nac"),
        c_trib_mun=value("c_trib_mun"),
        lc116=value("lc116"),
        nbs=value("nbs"),
        aliquota_iss=value("aliquota_iss"),
        iss_retido=value("iss_retido"),
        municipio_incidencia=value("municipio_incidencia"),
        c_ind_op=value("c_ind_op"),
    )


def check_discount(body: dict[str, Any], described: Described) -> None:
    """The unconditional discount must be below the service's value (the national system's
    E0431: "deve ser menor que o valor do serviço e maior que zero"): refused here, before
    anything is numbered or charged, since a larger one would make a negative ISS base."""
    discount = Decimal(body.get("desconto") or 0)
    if discount and discount >= described.valor:
        raise invalid_field(
            "desconto",
            f"O desconto ({discount}) deve ser menor que o valor do serviço ({described.valor}).",
        )


def _cents(value: Decimal) -> Decimal:
    """Two places when that loses nothing (a price stored as 1500 is 1500.00); more places
    are left for the layout to refuse rather than rounded here."""
    cents = value.quantize(Decimal("0.01"))
    return cents if cents == value else value


def check_issuer(company: Company, gaps: Gaps) -> None:
    if not (company.cnpj or getattr(company, "cpf", None)):
        gaps.add("emitente.cnpj", "EMITENTE_INCOMPLETO")
    for name in _ISSUER_FIELDS:
        if not getattr(company, name):
            gaps.add(f"emitente.{name}", "EMITENTE_INCOMPLETO")


def declared_overrides(body: dict[str, Any]) -> Overrides | None:
    """`servico.aliquota_iss` / `servico.iss_retido` (permission checked on arrival)."""
    servico = body["servico"]
    if servico.get("aliquota_iss") is None and servico.get("iss_retido") is None:
        return None
    return Overrides(
        override_motivo=str(body.get("override_motivo") or ""),
        aliquota_iss=servico.get("aliquota_iss"),
        iss_retido=servico.get("iss_retido"),
    )


def _counterpart(company: Company, party: Party | None) -> Counterpart:
    if party is None:
        return Counterpart()
    address = party.endereco or {}
    kind = PersonType.PF if len(party.cpf_cnpj) == 11 else PersonType.PJ
    return Counterpart(
        uf=address.get("uf"),
        cod_municipio=address.get("cod_municipio"),
        tipo=kind,
        contribuinte=party.indicador_ie == 1,
        consumidor_final=kind is PersonType.PF,
    )


def context(
    company: Company,
    body: dict[str, Any],
    described: Described,
    party: Party | None,
    competence: dt.date,
) -> TaxContext:
    item = Item(
        numero=1,
        quantidade=Decimal("1"),
        valor_unitario=described.valor,
        desconto=Decimal(body.get("desconto") or 0),
        c_trib_nac=described.c_trib_nac,
        lc116=described.lc116,
        nbs=described.nbs,
        aliquota_iss=described.aliquota_iss,
        iss_retido=described.iss_retido,
        municipio_incidencia=described.municipio_incidencia,
        cod_municipio_prestacao=mapping.place(company, body["servico"]),
    )
    return TaxContext(
        documento=DocumentType.NFSE,
        data_operacao=competence,
        empresa=issuer(company, None),
        itens=(item,),
        contraparte=_counterpart(company, party),
        overrides=declared_overrides(body),
    )


def competence_of(body: dict[str, Any], today: dt.date) -> dt.date:
    """`competencia` (default today); the national system refuses a future one (E0015)."""
    competence: dt.date = body.get("competencia") or today
    if competence > today:
        raise invalid_field("competencia", "A competência não pode ser posterior à emissão.")
    return competence


def decision_facts(
    session: Session, company: Company, body: dict[str, Any], today: dt.date
) -> tuple[TaxContext, Described, Party | None, dt.date]:
    """The engine's context of an NFS-e request and what it came from: the one path the
    issuance (`draft`) and `/fiscal/calcular` take (issue 36)."""
    gaps = Gaps()
    check_issuer(company, gaps)
    gaps.raise_if_any()
    described = describe(session, company, body["servico"])
    check_discount(body, described)
    party = resolve_party(
        session, company, body.get("tomador"), needs_address=False, gaps=gaps, field="tomador"
    )
    competence = body.get("data_operacao") or competence_of(body, today)
    return context(company, body, described, party, competence), described, party, competence


def context_of(
    session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
) -> TaxContext:
    """`decision_facts`' context alone (`/fiscal/calcular`; `ambiente` is not read)."""
    return decision_facts(session, company, body, today)[0]


def draft(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    ambiente: str,
    today: dt.date,
    explain: bool = False,
    allow_review: bool = False,
) -> Draft:
    """Look up, decide and prepare; raises the API's 422s for anything missing.

    `aceitar_revisao` (permission checked on arrival) lets a result that needs review go on;
    previews always go on and show it."""
    ctx, described, party, competence = decision_facts(session, company, body, today)
    accepted = allow_review or bool(body.get("aceitar_revisao"))
    result = run_engine(session, company, ctx, explain=explain, allow_review=accepted)
    decided = result.itens[0]
    data = mapping.dps_data(company, body, described, party, decided, ambiente=ambiente,
                            competence=min(competence, today), gaps=Gaps())  # fmt: skip
    canonical, digest = snapshot(ctx, result)
    return Draft(
        data=data,
        context=ctx,
        result=result,
        snapshot=CanonicalSnapshot(canonical),
        snapshot_sha256=digest,
        valor_total=described.valor,
        iss=decided.iss,
        overrides=_overrides_record(body, result, review_accepted=accepted and not allow_review),
    )


def _overrides_record(
    body: dict[str, Any], result: TaxResult, *, review_accepted: bool
) -> dict[str, Any] | None:
    servico = body["servico"]
    declared = {k: str(servico[k]) for k in ("aliquota_iss", "iss_retido") if k in servico}
    if review_accepted and result.requires_review:
        declared["aceitar_revisao"] = "true"
    if not declared:
        return None
    return {**declared, "override_motivo": body.get("override_motivo")}


def operation_date(company: Company, now: dt.datetime) -> dt.date:
    return clock.operation_date(company.uf, now)
