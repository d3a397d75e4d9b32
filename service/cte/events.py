"""CT-e and CT-e OS events on the lifecycle's event flow: cancellation (110111), correction
letter (CC-e, 110110) and prestação em desacordo (610110, CT-e only).

What is theirs: the `eventoCTe` layout and signature, the `procEventoCTe` wrapper, how a
`retConsSitCTe` lists the registered events, what a CC-e may not change (refused here, before
anything is stored or sent) and whose event a desacordo is (the taker's).
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from documents.cte.builder import CTE_NS
from documents.cte.events import (
    CANCEL,
    CCE,
    DISAGREEMENT,
    MAX_CCE_SEQUENCE,
    BuiltCteEvent,
    Correction,
    CteEventHeader,
    build_cancel,
    build_cce,
    build_disagreement,
    prepare_event,
)
from documents.cte.wrappers import proc_evento_cte
from service.errors import invalid_field
from service.issuance.authority import layout_environment
from service.issuance.event_lookup import EventLayout
from service.issuance.family import EventDraft, EventSpec
from service.issuance.models import DocumentStatus, EventKind

CTE_EVENTS = EventLayout(CTE_NS, "procEventoCTe", "eventoCTe", "retEventoCTe", proc_evento_cte,
                         ("xJust", "xObs", "valorAlterado"))  # fmt: skip
DUPLICATE_EVENT = "631"
"""Rejeição 631, duplicate event: our earlier, uncertain request got through."""
ALREADY_CANCELLED = "218"
"""The CT-e is already cancelled at the authority."""
FORBIDDEN_GROUPS = frozenset({
    "vPrest", "Comp", "imp", "ICMS", "ICMS00", "ICMS20", "ICMS45", "ICMS60", "ICMS90",
    "ICMSOutraUF", "ICMSSN", "IBSCBS", "toma3", "toma4", "toma", "emit",
})  # fmt: skip
"""Groups a CC-e may not touch (Convênio SINIEF 06/89 art. 58-B: the tax's variables, the
issuer and the taker)."""
FORBIDDEN_FIELDS = frozenset({
    "CFOP", "vTPrest", "vRec", "vComp", "vBC", "pICMS", "vICMS", "pRedBC", "vTotTrib", "dhEmi",
    "CNPJ", "CPF", "toma",
})  # fmt: skip
"""Fields a CC-e may not change: values, CFOP, dates of issue and the parties' registration."""


def _header(draft: EventDraft, author: str) -> CteEventHeader:
    tp_amb = layout_environment(draft.document.ambiente)
    return CteEventHeader(draft.key, tp_amb, author, draft.now, draft.sequence)


def _signed(built: BuiltCteEvent, draft: EventDraft) -> bytes:
    return prepare_event(built, draft.creds.signer).xml


def _issuer(draft: EventDraft) -> str:
    return str(draft.company.cnpj or "")


def _build_cancel(draft: EventDraft) -> bytes:
    header = _header(draft, _issuer(draft))
    return _signed(build_cancel(header, draft.document.protocolo or "", draft.text), draft)


def _build_cce(draft: EventDraft, *, corrections: tuple[Correction, ...]) -> bytes:
    return _signed(build_cce(_header(draft, _issuer(draft)), corrections), draft)


def _build_disagreement(draft: EventDraft) -> bytes:
    """Authored and signed by the taker, which the route checks is the selected company."""
    return _signed(build_disagreement(_header(draft, _issuer(draft)), draft.text), draft)


CANCELLATION = EventSpec(
    kind=EventKind.CANCELAMENTO,
    tp_evento=CANCEL,
    text_field="justificativa",
    text_limit=255,
    build=_build_cancel,
    wrap=proc_evento_cte,
    registered_in=CTE_EVENTS.registered_in,
    already_there=frozenset({DUPLICATE_EVENT, ALREADY_CANCELLED}),
    effect=DocumentStatus.CANCELADA,
    rejection="SEFAZ_EVENT_REJECTION",
    same_text_only=False,
)
CORRECTION = EventSpec(
    kind=EventKind.CCE,
    tp_evento=CCE,
    text_field="correcoes",
    text_limit=1000,
    build=partial(_build_cce, corrections=()),
    wrap=proc_evento_cte,
    registered_in=CTE_EVENTS.registered_in,
    max_sequence=MAX_CCE_SEQUENCE,
    already_there=frozenset({DUPLICATE_EVENT}),
    rejection="SEFAZ_EVENT_REJECTION",
)
DISAGREEMENT_SPEC = EventSpec(
    kind=EventKind.DESACORDO,
    tp_evento=DISAGREEMENT,
    text_field="observacao",
    text_limit=255,
    build=_build_disagreement,
    wrap=proc_evento_cte,
    registered_in=CTE_EVENTS.registered_in,
    already_there=frozenset({DUPLICATE_EVENT}),
    rejection="SEFAZ_EVENT_REJECTION",
)


def correction(raw: list[dict[str, Any]]) -> tuple[EventSpec, str]:
    """The CC-e of these corrections and its text (what `eventos` shows); what a CC-e may not
    change is refused with 422 naming the correction."""
    corrections = []
    for index, item in enumerate(raw):
        group, field = str(item["grupo"]), str(item["campo"])
        if group in FORBIDDEN_GROUPS or field in FORBIDDEN_FIELDS:
            raise invalid_field(
                f"correcoes.{index}",
                f"A CC-e não corrige {group}/{field}: valores, CFOP, tomador, emitente e "
                "dados que mudem as partes (Convênio SINIEF 06/89 art. 58-B).",
            )
        corrections.append(Correction(group, field, str(item["valor"]), item.get("numero_item")))
    text = "; ".join(f"{c.group}/{c.field}: {c.value}" for c in corrections)
    text = f"Correções: {text}"[:1000]
    spec = replace(CORRECTION, build=partial(_build_cce, corrections=tuple(corrections)))
    return spec, text
