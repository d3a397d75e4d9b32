"""The recipient's manifestation on a received NF-e: the legal order checked here, the event
signed with the company's certificate and registered at the Ambiente Nacional, the answer
stored as a `received_events` row with the note's new `manifestacao`.

Order (NT 2012.002; MOC; Ajuste SINIEF 07/05): ciência only while nothing conclusive was
registered; each conclusive event (confirmação, desconhecimento, operação não realizada) at
most once here; every manifestation within 180 days of the note's issue. The AN checks again;
checking first keeps a refusal from being sent.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select

from documents.events.common import EventHeader
from documents.events.manifestation import Manifestation, prepare_manifestation
from documents.keys import AccessKey
from documents.transmission.clients import NfeAuthority
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, NotSent, Rejected
from documents.wrappers import proc_evento_nfe
from service import clock
from service.companies.models import Company
from service.db import transaction
from service.errors import ApiError
from service.ids import new_id
from service.issuance.authority import layout_environment, route
from service.issuance.credentials import credentials_for
from service.received.models import (
    DfeSettings,
    Manifestacao,
    ReceivedDocument,
    ReceivedEvent,
    Situacao,
    Tipo,
)
from service.runtime import Runtime

log = logging.getLogger("service.received")

DEADLINE = timedelta(days=180)
"""Ajuste SINIEF 07/05 cláusula décima-quinta-C: 180 days from the note's authorization."""


@dataclass(frozen=True)
class Kind:
    """One API `tipo`: its event and the state it leaves the note in."""

    event: Manifestation
    state: Manifestacao

    @property
    def conclusive(self) -> bool:
        return self.event is not Manifestation.AWARENESS


KINDS = {
    "ciencia": Kind(Manifestation.AWARENESS, Manifestacao.CIENCIA),
    "confirmacao": Kind(Manifestation.CONFIRMATION, Manifestacao.CONFIRMADA),
    "desconhecimento": Kind(Manifestation.UNKNOWN_OPERATION, Manifestacao.DESCONHECIDA),
    "nao_realizada": Kind(Manifestation.NOT_PERFORMED, Manifestacao.NAO_REALIZADA),
}
MANIFESTATION_EVENTS = frozenset(kind.event.value for kind in KINDS.values())


def _refused(message: str) -> ApiError:
    return ApiError("MANIFESTACAO_FORA_DE_ORDEM", message)


def check_order(row: ReceivedDocument, registered: set[str], kind: Kind) -> None:
    """422 for what the law does not allow now, before anything is signed or sent."""
    if row.tipo != Tipo.NFE.value:
        raise _refused("Só a NF-e recebida tem manifestação do destinatário.")
    if kind.event.value in registered:
        raise _refused("Esta manifestação já foi registrada para a NF-e.")
    conclusive = registered & (MANIFESTATION_EVENTS - {Manifestation.AWARENESS.value})
    if not kind.conclusive and conclusive:
        raise _refused("Ciência da operação só antes de uma manifestação conclusiva.")
    if row.emitido_em is not None and clock.utc_now() > row.emitido_em + DEADLINE:
        raise _refused("Prazo de 180 dias para a manifestação encerrado.")


def registered_events(rt: Runtime, row_id: str) -> set[str]:
    with transaction(rt.sessions) as session:
        query = select(ReceivedEvent.tp_evento).where(ReceivedEvent.received_id == row_id)
        return {str(t) for t in session.execute(query).scalars()}


def manifest(rt: Runtime, company: Company, row: ReceivedDocument, tipo: str,
             justificativa: str | None) -> None:  # fmt: skip
    """Check, sign, send to the AN and store. Raises `ApiError` for the order, the
    certificate, a refusal (`SEFAZ_EVENT_REJECTION` with its cStat) or no answer."""
    kind = KINDS[tipo]
    check_order(row, registered_events(rt, row.id), kind)
    now = clock.utc_now()
    creds = credentials_for(company, now)
    author = str(company.cnpj or company.cpf or "")
    header = EventHeader(AccessKey.parse(row.chave), layout_environment(row.ambiente), author,
                         now, 1)  # fmt: skip
    justification = justificativa if kind.event is Manifestation.NOT_PERFORMED else None
    signed = prepare_manifestation(header, kind.event, creds.signer, justification=justification)
    client = NfeClient(rt.authority.transport(creds), route(str(company.uf), row.ambiente, "55"))
    outcome = NfeAuthority(client).register_manifestation(signed.xml)
    if isinstance(outcome, Authorized):
        _store(rt, row.id, kind, outcome.nProt, proc_evento_nfe(signed.xml, outcome.protocol_xml))
        return
    if isinstance(outcome, Rejected):
        raise ApiError("SEFAZ_EVENT_REJECTION", f"{outcome.cStat} - {outcome.xMotivo}",
                       sefaz_code=outcome.cStat)  # fmt: skip
    if isinstance(outcome, NotSent):
        raise ApiError("AUTORIDADE_INACESSIVEL")
    raise ApiError("MANIFESTACAO_INCERTA")


def _store(rt: Runtime, row_id: str, kind: Kind, protocol: str, xml: bytes) -> None:
    now = clock.utc_now()
    with transaction(rt.sessions) as session:
        row = session.get(ReceivedDocument, row_id)
        assert row is not None
        session.add(ReceivedEvent(id=new_id("rev"), received_id=row_id,
                                  tp_evento=kind.event.value, n_seq=1, protocolo=protocol,
                                  xml=xml, created_at=now))  # fmt: skip
        row.manifestacao = kind.state.value
        row.atualizado_em = now


def awareness_enabled(rt: Runtime, company_id: str) -> bool:
    with transaction(rt.sessions) as session:
        settings = session.get(DfeSettings, company_id)
        return bool(settings and settings.ciencia_automatica)


def automatic_awareness(rt: Runtime, company: Company, ambiente: str) -> int:
    """With the company's automatic ciência on: register 210210 on each authorized note that
    has no manifestation yet, so the whole XML comes in a later distribution. A failure is
    logged and tried again after the next distribution round; never raises."""
    if not awareness_enabled(rt, company.id):
        return 0
    query = (
        select(ReceivedDocument)
        .where(ReceivedDocument.company_id == company.id, ReceivedDocument.ambiente == ambiente)
        .where(ReceivedDocument.tipo == Tipo.NFE.value, ReceivedDocument.xml.is_(None))
        .where(ReceivedDocument.manifestacao == Manifestacao.NENHUMA.value)
        .where(ReceivedDocument.situacao == Situacao.AUTORIZADA.value)
        .limit(20)
    )
    with transaction(rt.sessions) as session:
        rows = list(session.execute(query).scalars())
        session.expunge_all()
    done = 0
    for row in rows:
        try:
            manifest(rt, company, row, "ciencia", None)
            done += 1
        except Exception:
            log.exception("automatic ciência of %s failed", row.chave)
    return done
