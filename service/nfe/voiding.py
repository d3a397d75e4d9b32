"""Inutilização: voiding a range of NF-e/NFC-e numbers the service never got authorized.

Rules decided here (reliability.md F17: only numbers never used in an authorized, cancelled or
denied document may be voided, and never one whose status is uncertain):

- A number owned by a document that is not REJEITADA (authorized, cancelled, denied, pending
  or in flight) is refused locally before anything is sent, as the authority would refuse it:
  422 `SEFAZ_REJECTION` with `sefaz_code` 241 ("Um número da faixa já foi utilizado") and the
  numbers in use in `details`.
- A number whose order's last attempt was rejected may be voided: the order loses it at once
  (`Order.numero = None`), so a corrected attempt of the same `pedido` takes a fresh number
  instead of a voided one (SEFAZ would answer 206).
- The range may lie ahead of the sequence (the authority voids any unused range: a company
  migrating from another system, a damaged form range). The numbers before it stay in use;
  numbering jumps over the range when it reaches it (`numbering.first_free`).
- A range reaching the sequence's next number moves the sequence past it *before* the request
  is sent; a range ahead is held by its own row (PROCESSANDO, PENDENTE, HOMOLOGADA) from the
  same transaction on. Either way a concurrent issuance cannot take one of its numbers; a
  definitive rejection gives them back (the counter only when nothing was allocated since).

Like an issuance: claim under locks (orders in the range, then the sequence, in the same order
as `acceptance.accept`), send with no transaction open, record the answer in one transaction.
An uncertain answer leaves the voiding PENDENTE (202 `SEFAZ_UNAVAILABLE`); there is no query
service for a range, so repeating the same request re-sends the stored signed bytes: 102 then,
or 256 "already voided" if the first one got through.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from lxml import etree
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.errors import InvalidDocumentDataError, ProtocolMismatchError, SchemaViolationError
from documents.events.inutilizacao import NumberRange, build_inutilizacao
from documents.nfe.model import Modelo
from documents.schemas import assert_valid
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, NotSent, Rejected
from documents.ufs import uf_code
from documents.wrappers import proc_inut_nfe
from service import clock, runtime
from service.auth import Credential
from service.companies.models import Company
from service.companies.resolver import effective_environment
from service.db import transaction, utcnow
from service.errors import ApiError, invalid_field
from service.ids import new_id
from service.issuance import not_delivered, numbering, registry
from service.issuance.authority import layout_environment, route
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.credentials import credentials_for
from service.issuance.models import (
    DocumentStatus,
    FiscalDocument,
    NumberVoiding,
    Order,
)
from service.issuance.outcome import until_sent
from service.issuance.reconcile import stale_after
from service.nfe import rural

log = logging.getLogger("service.nfe.voiding")

MAX_RANGE = 10_000
"""SEFAZ voids at most 10,000 numbers per request (reliability.md F17)."""

HOMOLOGATED = "HOMOLOGADA"
REJECTED = "REJEITADA"
PROCESSING = "PROCESSANDO"
PENDING = "PENDENTE"
NOT_SENT = "NAO_ENVIADA"
"""A first request that never reached the authority: nothing to re-send, the range is given
back (like a rejection) and the same request may be repeated."""
ALREADY_VOIDED = numbering.ALREADY_VOIDED
"""Rejections saying the numbers are voided already: the reservation is kept."""
USED_NUMBER = "241"
"""The authority's code for a range holding a used number, given when refused locally."""


@dataclass(frozen=True)
class VoidRequest:
    company: Company
    modelo: str
    serie: int
    ambiente: str
    first: int
    last: int
    justificativa: str

    @property
    def sequence_key(self) -> tuple[str, str, int, str]:
        return (self.company.id, self.modelo, self.serie, self.ambiente)


@dataclass(frozen=True)
class _Send:
    voiding_id: str
    signed: bytes
    previous_next: int | None  # the sequence's next number before the reservation; None when
    # this is a re-send of an earlier request's stored bytes


def request_of(company: Company, credential: Credential, body: dict[str, Any]) -> VoidRequest:
    """The validated request; `serie` defaults to the company's series of the model.

    The inutNFe 4.00 layout names the issuer by CNPJ only, so a natural-person producer
    cannot void numbers through it: 422 rather than a document the authority would refuse.
    """
    if rural.is_natural_person(company):
        raise invalid_field(
            "empresa", "A inutilização (leiaute 4.00) exige CNPJ; emitente pessoa física não a usa."
        )
    modelo = body["modelo"]
    default_serie = registry.by_model(modelo).series(company)
    first = body["numero_inicial"]
    return VoidRequest(
        company=company,
        modelo=modelo,
        serie=body.get("serie", default_serie),
        ambiente=effective_environment(company, credential).value,
        first=first,
        last=body.get("numero_final") or first,
        justificativa=body["justificativa"],
    )


def void(req: VoidRequest) -> NumberVoiding:
    """POST /inutilizacao: HOMOLOGADA, else 422 (local or SEFAZ) or 202 when uncertain."""
    creds = credentials_for(req.company, utcnow())
    signed = _signed(req, creds)
    runtime.end_request_transaction()
    step = _claim(req, signed)
    outcome = _send(_client(req, creds), step.signed)
    voiding = _record(req, step, outcome)
    if voiding.status == NOT_SENT and isinstance(outcome, NotSent):
        raise not_delivered.api_error(outcome, creds.a1, body=render(voiding))
    if voiding.status == REJECTED:
        raise ApiError(
            "SEFAZ_REJECTION",
            voiding.sefaz_mensagem or None,
            sefaz_code=voiding.sefaz_code,
            body=render(voiding),
        )
    if voiding.status != HOMOLOGATED:
        raise ApiError("SEFAZ_UNAVAILABLE", body=render(voiding))
    return voiding


def render(voiding: NumberVoiding) -> dict[str, Any]:
    return {
        "id": voiding.id,
        "status": voiding.status,
        "protocolo": voiding.protocolo,
        "modelo": voiding.modelo,
        "serie": voiding.serie,
        "numero_inicial": voiding.numero_inicial,
        "numero_final": voiding.numero_final,
        "ambiente": voiding.ambiente,
        "justificativa": voiding.justificativa,
        "sefaz_code": voiding.sefaz_code,
        "sefaz_mensagem": voiding.sefaz_mensagem,
        "criado_em": voiding.created_at,
    }


# -- claim --------------------------------------------------------------------------------


def _claim(req: VoidRequest, signed: bytes) -> _Send:
    """Locks, local checks, reservation and the PROCESSANDO row, in one transaction."""
    now = utcnow()
    with transaction(runtime.current().sessions) as session:
        orders = _lock_orders(session, req)
        next_number = _lock_sequence(session, req)
        again = _unfinished(session, req, now)
        if again is not None:
            return _Send(again.id, again.xml or signed, None)
        _refuse_used(session, req)
        for order in orders:
            order.numero = None  # its last attempt was rejected: a retry takes a fresh number
        numbering.skip_voided(session, *req.sequence_key, first=req.first, last=req.last)
        voiding = NumberVoiding(
            id=new_id("inu"),
            account_id=req.company.account_id,
            company_id=req.company.id,
            modelo=req.modelo,
            serie=req.serie,
            ambiente=req.ambiente,
            numero_inicial=req.first,
            numero_final=req.last,
            justificativa=req.justificativa,
            status=PROCESSING,
            xml=signed,
            created_at=now,
        )
        session.add(voiding)
        moved = req.first <= next_number  # a range ahead left the counter where it was
        return _Send(voiding.id, signed, next_number if moved else None)


def _lock_orders(session: Session, req: VoidRequest) -> list[Order]:
    query = (
        select(Order)
        .where(
            Order.company_id == req.company.id,
            Order.modulo == registry.by_model(req.modelo).module,
            Order.ambiente == req.ambiente,
            Order.serie == req.serie,
            Order.numero.between(req.first, req.last),
        )
        .order_by(Order.id)
        .with_for_update()
    )
    return list(session.execute(query).scalars())


def _lock_sequence(session: Session, req: VoidRequest) -> int:
    """Take the sequence's row lock (creating the row when needed); its next number."""
    return numbering.lock_sequence(session, *req.sequence_key)


def _unfinished(session: Session, req: VoidRequest, now: dt.datetime) -> NumberVoiding | None:
    """An earlier request of exactly this range whose answer is unknown is re-sent as it was;
    one in flight, or an unfinished one overlapping the range, is 409."""
    query = select(NumberVoiding).where(
        NumberVoiding.company_id == req.company.id,
        NumberVoiding.modelo == req.modelo,
        NumberVoiding.serie == req.serie,
        NumberVoiding.ambiente == req.ambiente,
        NumberVoiding.status.in_((PROCESSING, PENDING)),
        NumberVoiding.numero_inicial <= req.last,
        NumberVoiding.numero_final >= req.first,
    )
    found = session.execute(query.order_by(NumberVoiding.created_at)).scalars().first()
    if found is None:
        return None
    in_flight = found.status == PROCESSING and found.created_at > now - stale_after()
    same = (found.numero_inicial, found.numero_final) == (req.first, req.last)
    if in_flight or not same:
        raise ApiError(
            "REQUEST_IN_PROGRESS",
            f"Há uma inutilização de {found.numero_inicial} a {found.numero_final} sem "
            "resultado; repita-a com a mesma faixa.",
        )
    found.status = PROCESSING
    found.created_at = now  # claimed again: in flight from now on
    return found


def _refuse_used(session: Session, req: VoidRequest) -> None:
    """A number of a document that is not REJEITADA can never be voided."""
    query = select(FiscalDocument.numero, FiscalDocument.status).where(
        FiscalDocument.company_id == req.company.id,
        FiscalDocument.modelo == req.modelo,
        FiscalDocument.serie == req.serie,
        FiscalDocument.ambiente == req.ambiente,
        FiscalDocument.numero.between(req.first, req.last),
        FiscalDocument.status != DocumentStatus.REJEITADA.value,
    )
    used = sorted({(numero, status) for numero, status in session.execute(query)})
    if used:
        listed = ", ".join(f"{numero} ({status})" for numero, status in used[:20])
        raise ApiError(
            "SEFAZ_REJECTION",
            f"Rejeição: um número da faixa já foi utilizado: {listed}.",
            sefaz_code=USED_NUMBER,
            details=[{"numero": numero, "status": status} for numero, status in used],
        )


# -- send and record ----------------------------------------------------------------------


def _signed(req: VoidRequest, creds: CompanyCredentials) -> bytes:
    """The signed `inutNFe`, checked against the official XSD."""
    try:
        numbers = NumberRange(
            cuf=uf_code(str(req.company.uf or "")),
            year=clock.issuer_now(req.company.uf).year,
            cnpj=req.company.cnpj or "",
            modelo=Modelo(req.modelo),
            serie=req.serie,
            first=req.first,
            last=req.last,
        )
        tp_amb = layout_environment(req.ambiente)
        built = build_inutilizacao(numbers, tp_amb, req.justificativa)
        creds.signer.sign(built.root, built.reference_id)
        assert_valid(built.root, "nfe/4.00/inutNFe")
    except InvalidDocumentDataError as exc:
        raise invalid_field(exc.field, str(exc)) from exc
    except SchemaViolationError as exc:
        raise invalid_field("justificativa", "Texto que o leiaute oficial não aceita.") from exc
    return bytes(etree.tostring(built.root, encoding="UTF-8"))


def _client(req: VoidRequest, creds: CompanyCredentials) -> NfeClient:
    authority = runtime.current().authority
    return NfeClient(
        authority.transport(creds), route(str(req.company.uf), req.ambiente, req.modelo)
    )


def _send(client: NfeClient, signed: bytes) -> Any:
    return until_sent(lambda: client.void_numbers(signed))


def _record(req: VoidRequest, step: _Send, outcome: Any) -> NumberVoiding:
    with transaction(runtime.current().sessions) as session:
        _lock_sequence(session, req)  # the claim's lock order: sequence, then the voiding
        voiding = session.get(NumberVoiding, step.voiding_id, with_for_update=True)
        assert voiding is not None
        if voiding.status != PROCESSING:
            return voiding  # recorded meanwhile by a request that found it stale
        if isinstance(outcome, Authorized) and _homologated(session, req, voiding, step, outcome):
            return voiding
        code, reason = getattr(outcome, "cStat", None), getattr(outcome, "xMotivo", None)
        voiding.sefaz_code = str(code)[:4] if code else None
        voiding.sefaz_mensagem = str(reason)[:500] if reason else None
        if isinstance(outcome, Rejected):
            voiding.status = REJECTED
            if outcome.cStat not in ALREADY_VOIDED:
                _give_back(session, req, step)
        elif isinstance(outcome, NotSent) and step.previous_next is not None:
            voiding.status = NOT_SENT  # a first send (a re-send of a PENDENTE one stays so)
            not_delivered.log_not_delivered(outcome, inutilizacao_id=voiding.id)
            _give_back(session, req, step)
        else:
            voiding.status = PENDING
        return voiding


def _homologated(
    session: Session, req: VoidRequest, voiding: NumberVoiding, step: _Send, outcome: Authorized
) -> bool:
    try:
        voiding.xml = proc_inut_nfe(step.signed, outcome.protocol_xml)
    except ProtocolMismatchError:
        log.error("voiding answer does not match", extra={"inutilizacao_id": voiding.id})
        return False
    voiding.status, voiding.protocolo = HOMOLOGATED, outcome.nProt
    voiding.sefaz_code, voiding.sefaz_mensagem = outcome.cStat, outcome.xMotivo[:500]
    numbering.skip_voided(session, *req.sequence_key, first=req.first, last=req.last)
    return True


def _give_back(session: Session, req: VoidRequest, step: _Send) -> None:
    """Undo the reservation of a refused range, if no number was allocated since."""
    if step.previous_next is None:
        return
    numbering.give_back(session, *req.sequence_key, last=req.last, previous_next=step.previous_next)
