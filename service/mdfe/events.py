"""MDF-e events on the lifecycle's event flow: cancellation (110111), closing on arrival
(encerramento, 110112: the manifest becomes ENCERRADA) and adding a driver (110114: one event
per driver, the sequence growing). What is theirs: the `eventoMDFe` layout and signature, the
`procEventoMDFe` wrapper and how a `retConsSitMDFe` lists the registered events."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from functools import partial

from documents.mdfe.builder import MDFE_NS
from documents.mdfe.events import (
    ADD_DRIVER,
    CANCEL,
    CLOSE,
    BuiltMdfeEvent,
    MdfeEventHeader,
    build_add_driver,
    build_cancel,
    build_close,
    prepare_event,
)
from documents.mdfe.wrappers import proc_evento_mdfe
from documents.ufs import UF_BY_CODE
from service.issuance.authority import layout_environment
from service.issuance.event_lookup import EventLayout
from service.issuance.family import EventDraft, EventSpec
from service.issuance.models import DocumentStatus, EventKind

MDFE_EVENTS = EventLayout(MDFE_NS, "procEventoMDFe", "eventoMDFe", "retEventoMDFe",
                          proc_evento_mdfe, ("xJust", "xNome"))  # fmt: skip
DUPLICATE_EVENT = "631"
"""Duplicate event: our earlier, uncertain request got through."""
MAX_DRIVERS_ADDED = 99
"""The event Id holds a two-digit sequence."""


def _header(draft: EventDraft) -> MdfeEventHeader:
    tp_amb = layout_environment(draft.document.ambiente)
    author = str(draft.company.cnpj or "")
    return MdfeEventHeader(draft.key, tp_amb, author, draft.now, draft.sequence)


def _signed(built: BuiltMdfeEvent, draft: EventDraft) -> bytes:
    return prepare_event(built, draft.creds.signer).xml


def _build_cancel(draft: EventDraft) -> bytes:
    return _signed(build_cancel(_header(draft), draft.document.protocolo or "", draft.text), draft)


def _build_close(draft: EventDraft, *, municipality: str, day: dt.date) -> bytes:
    uf = str(UF_BY_CODE[int(municipality[:2])])
    built = build_close(_header(draft), draft.document.protocolo or "", day, uf, municipality)
    return _signed(built, draft)


def _build_add_driver(draft: EventDraft, *, name: str, cpf: str) -> bytes:
    return _signed(build_add_driver(_header(draft), name, cpf), draft)


CANCELLATION = EventSpec(
    kind=EventKind.CANCELAMENTO,
    tp_evento=CANCEL,
    text_field="justificativa",
    text_limit=255,
    build=_build_cancel,
    wrap=proc_evento_mdfe,
    registered_in=MDFE_EVENTS.registered_in,
    already_there=frozenset({DUPLICATE_EVENT}),
    effect=DocumentStatus.CANCELADA,
    rejection="SEFAZ_EVENT_REJECTION",
    same_text_only=False,
)
CLOSING = EventSpec(
    kind=EventKind.ENCERRAMENTO,
    tp_evento=CLOSE,
    text_field="cod_municipio",
    text_limit=255,
    build=partial(_build_close, municipality="", day=dt.date.min),
    wrap=proc_evento_mdfe,
    registered_in=MDFE_EVENTS.registered_in,
    already_there=frozenset({DUPLICATE_EVENT}),
    effect=DocumentStatus.ENCERRADA,
    rejection="SEFAZ_EVENT_REJECTION",
    same_text_only=False,
)
DRIVER = EventSpec(
    kind=EventKind.INCLUSAO_CONDUTOR,
    tp_evento=ADD_DRIVER,
    text_field="cpf",
    text_limit=255,
    build=partial(_build_add_driver, name="", cpf=""),
    wrap=proc_evento_mdfe,
    registered_in=MDFE_EVENTS.registered_in,
    max_sequence=MAX_DRIVERS_ADDED,
    already_there=frozenset({DUPLICATE_EVENT}),
    rejection="SEFAZ_EVENT_REJECTION",
)


def closing(municipality: str, day: dt.date) -> tuple[EventSpec, str]:
    """The encerramento at `municipality` on `day`, and its text for `eventos`."""
    spec = replace(CLOSING, build=partial(_build_close, municipality=municipality, day=day))
    return spec, f"Encerrado em {municipality} em {day.isoformat()}"


def adding(name: str, cpf: str) -> tuple[EventSpec, str]:
    """The inclusion of this driver, and its text (`CPF <cpf> - <nome>`, read back by the
    document's rendering to list `condutores`)."""
    spec = replace(DRIVER, build=partial(_build_add_driver, name=name, cpf=cpf))
    return spec, f"CPF {cpf} - {name}"
