"""Automatic contingency: entered when the authority's breaker is open (FORA), left as soon as
it answers again; asked before each issuance of a company that has not turned it off.

The decision reads the breaker's state as this process saw it within `VIEW_SECONDS` (else
one read of its row), so a healthy flow pays nothing. The mode is the first the family has
in the company's UF that works now: the SVC only when the UF has activated it (its status
service answers 107), then offline, then EPEC; with none, the documents go on as before
(NAO_ENVIADA or PENDENTE), never into a mode the authority would refuse.
"""

from __future__ import annotations

import datetime as dt
import logging

from documents.transmission.outcome import ServiceStatus
from service import runtime
from service.authorities import breaker, probe
from service.authorities.keys import AuthorityKey, authoriser
from service.authorities.models import AuthorityStatus
from service.companies.models import Company
from service.db import transaction
from service.issuance import contingency
from service.issuance.contingency import Entry, Mode, Origem, Tipo
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.family import Family

log = logging.getLogger("service.issuance")


def before_issuance(
    family: Family, company: Company, ambiente: str, creds: CompanyCredentials, now: dt.datetime
) -> None:
    """Enter or leave the automatic contingency of the company's documents of this family,
    as the authority's state says; the company object in hand follows."""
    if family.contingency is None or not company.uf:
        return
    open_now = contingency.in_force(family, company, ambiente)
    if open_now is None and not company.contingencia_automatica:
        return
    if open_now is not None and open_now.origem is not Origem.AUTOMATICA:
        return  # a manual period is the company's to leave
    key = AuthorityKey(family.model, authoriser(family.model, str(company.uf)), ambiente)
    health = breaker.current(runtime.db(), key)
    if open_now is None and health.status is AuthorityStatus.FORA:
        _enter(family, company, ambiente, creds, key, now)
    elif open_now is not None and health.status is AuthorityStatus.ONLINE:
        _leave(family, company, ambiente, now)


def _enter(
    family: Family, company: Company, ambiente: str, creds: CompanyCredentials,
    key: AuthorityKey, now: dt.datetime,
) -> None:  # fmt: skip
    uf = str(company.uf)
    mode = next((m for m in contingency.modes(family, uf) if _works(m, family, uf, ambiente,
                                                                       creds)), None)  # fmt: skip
    if mode is None:
        log.warning("authority down and no contingency mode works", extra={"modelo": key.modelo})
        return
    entry = Entry(
        ambiente=ambiente, mode=mode, origem=Origem.AUTOMATICA,
        justificativa=contingency.automatic_reason(key.autorizador, now, uf),
        autorizador=key.autorizador, now=now,
        autorizador_contingencia=contingency.used_by(mode, family, uf),
    )  # fmt: skip
    runtime.end_request_transaction()
    with transaction(runtime.current().sessions) as session:
        locked = contingency.locked_company(session, company.id)
        contingency.enter(session, locked, family, entry)
        session.flush()
        periods = locked.contingencia
    contingency.remember(company, periods)


def _leave(family: Family, company: Company, ambiente: str, now: dt.datetime) -> None:
    runtime.end_request_transaction()
    with transaction(runtime.current().sessions) as session:
        locked = contingency.locked_company(session, company.id)
        shown = (locked.contingencia or {}).get(contingency.slot(family.model, ambiente))
        if shown and shown.get("origem") == Origem.AUTOMATICA.value:
            contingency.leave(
                session, locked, family.model, ambiente, contingency.Closure.NORMALIZADA, now
            )
        periods = locked.contingencia
    contingency.remember(company, periods)


def _works(mode: Mode, family: Family, uf: str, ambiente: str, creds: CompanyCredentials) -> bool:
    """An SVC serves the UF only once the UF activated it: its status service says so (107).
    Offline and EPEC need nothing of the authority that is down."""
    if mode.tipo is not Tipo.SVC:
        return True
    answer = probe.status(runtime.current(), family.model, uf, ambiente, creds, mode.tp_emis)
    return isinstance(answer, ServiceStatus) and answer.online
