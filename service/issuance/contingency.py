"""Contingency in the issuance lifecycle: which mode is in force for a company's model, the
periods that record it, and what a document issued in one carries.

A period is entered by the company (`MANUAL`, `POST /configuracao-fiscal/contingencia`) or by
the service (`AUTOMATICA`, the default) when the authority's circuit breaker opens, never for
a rejection. It is left by the company (`DELETE`), or, when automatic, as soon as the
authority answers again. The open periods are kept on the company row (`contingencia`), read
with the company on every issuance: a normal issuance pays no query for this.

Modes (each family says which it has, `Family.contingency`): SVC (the UF's SEFAZ Virtual de
Contingência authorizes at once), OFFLINE (the document is handed out before it is
transmitted: NFC-e 9, CT-e and MDF-e 2) and EPEC. A document handed out before its
authorization is CONTINGENCIA until the worker transmits it (`service.issuance.deferred`).
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import flag_modified, set_committed_value

from documents.localtime import issuer_time
from service.companies.models import Company
from service.errors import ApiError
from service.ids import new_id
from service.issuance.family import Contingency, ContingencyModes, Family
from service.issuance.models import ContingencyPeriod, DocumentStatus

log = logging.getLogger("service.issuance")


class Tipo(StrEnum):
    """Wire values of a period's `tipo`."""

    SVC = "SVC"
    EPEC = "EPEC"
    OFFLINE = "OFFLINE"


class Origem(StrEnum):
    MANUAL = "MANUAL"
    AUTOMATICA = "AUTOMATICA"


class Closure(StrEnum):
    MANUAL = "MANUAL"
    """The company left it (`DELETE /configuracao-fiscal/contingencia`)."""
    NORMALIZADA = "NORMALIZADA"
    """The authority answered again (automatic periods only)."""


@dataclass(frozen=True)
class Mode:
    """A contingency mode available to a family in a UF."""

    tipo: Tipo
    tp_emis: str


@dataclass(frozen=True)
class InForce:
    """The open period a document is issued in, as the company row keeps it."""

    period_id: str
    tipo: Tipo
    tp_emis: str
    started_at: dt.datetime
    reason: str
    handed_out: bool
    deadline: dt.timedelta
    origem: Origem = Origem.MANUAL
    registers_first: bool = False
    """Handed out only once a prior event is registered (EPEC): PROCESSANDO until then."""

    def mark(self) -> Contingency:
        return Contingency(self.tp_emis, self.started_at, self.reason)

    def document_values(self, now: dt.datetime) -> dict[str, Any]:
        """What the document row records of the period; a document handed out before its
        authorization is CONTINGENCIA with its transmission deadline."""
        values: dict[str, Any] = {"tp_emis": self.tp_emis, "contingencia_id": self.period_id}
        if self.handed_out:
            values["contingencia_prazo"] = now + self.deadline
            if not self.registers_first:
                values["status"] = DocumentStatus.CONTINGENCIA
        return values


NORMAL_VALUES: dict[str, Any] = {
    "tp_emis": "1",
    "contingencia_id": None,
    "contingencia_prazo": None,
}
"""A normal attempt's values (a re-sent attempt of an order may follow a contingency one)."""


def slot(modelo: str, ambiente: str) -> str:
    """The key of a period on the company row."""
    return f"{modelo}:{ambiente}"


def modes(family: Family, uf: str) -> list[Mode]:
    """The modes a family has in a UF, in the order the automatic entry prefers them."""
    table: ContingencyModes | None = family.contingency
    if table is None:
        return []
    found: list[Mode] = []
    svc = table.svc(uf)
    if svc is not None:
        found.append(Mode(Tipo.SVC, svc))
    if table.offline is not None and uf not in table.offline_excluded_ufs:
        found.append(Mode(Tipo.OFFLINE, table.offline))
    if table.epec is not None and table.has_epec(uf):
        found.append(Mode(Tipo.EPEC, table.epec))
    return found


def mode_named(family: Family, uf: str, tipo: str) -> Mode:
    """The mode a company asked for, or 422 naming the ones its model has in its UF."""
    available = modes(family, uf)
    for mode in available:
        if mode.tipo == tipo:
            return mode
    names = ", ".join(m.tipo.value for m in available) or "nenhuma"
    raise ApiError(
        "CONTINGENCIA_INDISPONIVEL",
        f"A contingência {tipo} não existe para {family.label} em {uf}. Disponíveis: {names}.",
    )


def in_force(family: Family, company: Company, ambiente: str) -> InForce | None:
    """The period the company's documents of this family are issued in now (none: normal)."""
    shown = (company.contingencia or {}).get(slot(family.model, ambiente))
    if not shown or family.contingency is None:
        return None
    tp_emis = shown["tp_emis"]
    return InForce(
        period_id=shown["id"],
        tipo=Tipo(shown["tipo"]),
        tp_emis=tp_emis,
        started_at=dt.datetime.fromisoformat(shown["inicio"]),
        reason=shown["justificativa"],
        handed_out=family.contingency.handed_out(tp_emis),
        deadline=family.contingency.deadline_of(tp_emis),
        origem=Origem(shown.get("origem", Origem.MANUAL.value)),
        registers_first=tp_emis == family.contingency.epec
        and family.contingency.register is not None,
    )


def _shown(period: ContingencyPeriod) -> dict[str, Any]:
    """A period as the company row keeps it while open."""
    return {
        "id": period.id, "tipo": period.tipo, "tp_emis": period.tp_emis,
        "inicio": period.inicio.isoformat(), "justificativa": period.justificativa,
        "origem": period.origem, "autorizador": period.autorizador,
    }  # fmt: skip


def _set_open(company: Company, periods: dict[str, Any], *, committed: bool = False) -> None:
    """Write the company's open periods (`committed`: only the object in hand, whose row a
    transaction of its own already changed; nothing is flushed from it)."""
    value = dict(periods) or None
    if committed:
        set_committed_value(company, "contingencia", value)
        return
    company.contingencia = value
    flag_modified(company, "contingencia")


def locked_company(session: Session, company_id: str) -> Company:
    """The company row under its lock: entering and leaving are serialized per company."""
    query = select(Company).where(Company.id == company_id).with_for_update()
    return session.execute(query).scalar_one()


@dataclass(frozen=True)
class Entry:
    """What entering a period needs beyond the company and its family."""

    ambiente: str
    mode: Mode
    origem: Origem
    justificativa: str
    autorizador: str
    autorizador_contingencia: str | None
    now: dt.datetime


def enter(session: Session, company: Company, family: Family, entry: Entry) -> ContingencyPeriod:
    """Open a period (the company row locked); an open period of the same model and
    environment is answered as it is (an automatic entry racing another finds it)."""
    key = slot(family.model, entry.ambiente)
    periods = dict(company.contingencia or {})
    if key in periods:
        found = session.get(ContingencyPeriod, periods[key]["id"])
        if found is not None:
            return found
    period = ContingencyPeriod(
        id=new_id("ctg"), account_id=company.account_id, company_id=company.id,
        modelo=family.model, ambiente=entry.ambiente, tipo=entry.mode.tipo.value,
        tp_emis=entry.mode.tp_emis, autorizador=entry.autorizador,
        autorizador_contingencia=entry.autorizador_contingencia, origem=entry.origem.value,
        justificativa=entry.justificativa, inicio=entry.now,
    )  # fmt: skip
    session.add(period)
    periods[key] = _shown(period)
    _set_open(company, periods)
    log.warning(
        "contingency entered", extra={"empresa": company.codigo, "modelo": family.model,
                                      "tipo": period.tipo, "origem": period.origem},
    )  # fmt: skip
    return period


def leave(
    session: Session, company: Company, modelo: str, ambiente: str, closure: Closure,
    now: dt.datetime,
) -> ContingencyPeriod | None:  # fmt: skip
    """Close the open period of the model and environment (the company row locked)."""
    periods = dict(company.contingencia or {})
    shown = periods.pop(slot(modelo, ambiente), None)
    if shown is None:
        return None
    period = session.get(ContingencyPeriod, shown["id"])
    if period is not None and period.fim is None:
        period.fim, period.encerrado_por = now, closure.value
    _set_open(company, periods)
    return period


def automatic_reason(autorizador: str, since: dt.datetime, uf: str) -> str:
    """xJust of an automatic period (15-256 characters, the layouts' text)."""
    local = issuer_time(uf, since)
    return (
        f"Autorizador {autorizador} indisponivel desde {local:%d/%m/%Y %H:%M}; "
        "contingencia automatica do emissor"
    )


def remember(company: Company, periods: dict[str, Any] | None) -> None:
    """The request's company object takes what a transaction of its own just committed."""
    _set_open(company, periods or {}, committed=True)


def close_automatic(session: Session, autorizador: str, modelo: str, ambiente: str,
                    now: dt.datetime) -> list[ContingencyPeriod]:  # fmt: skip
    """The authority answers again: every automatic period open on it closes (in the
    transaction that records its return)."""
    query = select(ContingencyPeriod.company_id).where(
        ContingencyPeriod.autorizador == autorizador, ContingencyPeriod.modelo == modelo,
        ContingencyPeriod.ambiente == ambiente, ContingencyPeriod.fim.is_(None),
        ContingencyPeriod.origem == Origem.AUTOMATICA.value,
    )  # fmt: skip
    closed = []
    for company_id in sorted(set(session.execute(query).scalars())):
        company = locked_company(session, company_id)
        shown = (company.contingencia or {}).get(slot(modelo, ambiente))
        if shown and shown.get("origem") == Origem.AUTOMATICA.value:
            period = leave(session, company, modelo, ambiente, Closure.NORMALIZADA, now)
            if period is not None:
                closed.append(period)
    return closed


def authoriser_of(family: Family, uf: str) -> str:
    """The normal authority of the family's documents of `uf` (the one a period is about)."""
    from service.authorities.keys import authoriser

    return authoriser(family.model, uf)


def used_by(mode: Mode, family: Family, uf: str) -> str | None:
    """Where documents of the mode go: the SVC's server key, AN for an EPEC, none offline."""
    from service.authorities.keys import authoriser

    if mode.tipo is Tipo.SVC:
        return authoriser(family.model, uf, mode.tp_emis)
    return "AN" if mode.tipo is Tipo.EPEC else None


def routed_tp_emis(family: Family, company: Company, document: Any) -> str:
    """The tpEmis a document's requests are routed by. An SVC document goes to the SVC while
    the company's SVC period is in force (its events and lookups too: the UF is down); after
    it, the SVC has handed its documents to the UF, so they go to the UF as any other."""
    tp_emis = str(document.tp_emis or "1")
    table = family.contingency
    if table is None or table.svc(str(company.uf)) != tp_emis:
        return tp_emis
    period = in_force(family, company, document.ambiente)
    return tp_emis if period is not None and period.tp_emis == tp_emis else "1"
