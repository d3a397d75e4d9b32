"""NFS-e cancellation (event e101101) on the lifecycle's event flow.

The national system registers a cancellation as a new document, the `evento` it signs, which
embeds our signed `pedRegEvento`; an uncertain attempt is resolved by asking for that one event
(`GET /nfse/{key}/eventos/101101/1`): not found there means it was not registered.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from documents.nfse.pipeline import CANCEL_EVENT, build_cancel_request
from documents.nfse.received import accept_event
from documents.xml import parse_untrusted
from service.issuance.authority import layout_environment
from service.issuance.family import EventDraft, EventSpec, Registration
from service.issuance.models import DocumentStatus, EventKind
from service.nfse.authority import trusted_signers
from service.nfse.mapping import APP_VERSION
from service.nfse.schemas import CANCEL_REASONS

_NS = "{http://www.sped.fazenda.gov.br/nfse}"
ALREADY_CANCELLED = frozenset({"E9631"})
"""The simulator's "NFS-e already cancelled" (no source gave Sefin's code): our earlier,
uncertain request may have got through, so the event is looked up before answering."""


def _build_cancel(draft: EventDraft, *, code: int) -> bytes:
    signed = build_cancel_request(
        draft.document.chave,
        str(draft.company.cnpj or getattr(draft.company, "cpf", "")),
        code,
        draft.text,
        draft.now,
        signer=draft.creds.signer,
        environment=layout_environment(draft.document.ambiente),
        app_version=APP_VERSION,
    )
    return signed.xml


def _wrap(signed: bytes, answer: bytes) -> bytes:
    """The registered event as received, once it is shown to embed our request."""
    return accept_event(signed, answer, trusted=trusted_signers()).xml


def registered_in(raw: bytes, tp_evento: str, sequence: int) -> Registration | None:
    """The event a lookup returned, when it is of our type and sequence."""
    info = parse_untrusted(raw).find(f"{_NS}infEvento")
    if info is None:
        return None
    request = info.find(f"{_NS}pedRegEvento/{_NS}infPedReg")
    number = (info.findtext(f"{_NS}nSeqEvento") or "").strip()
    if request is None or request.find(f"{_NS}e{tp_evento}") is None:
        return None
    if not number.isdigit() or int(number) != sequence:
        return None
    reason = request.findtext(f"{_NS}e{tp_evento}/{_NS}xMotivo")
    return Registration(raw, info.findtext(f"{_NS}nDFSe"), "135", reason)


CANCELLATION = EventSpec(
    kind=EventKind.CANCELAMENTO,
    tp_evento=CANCEL_EVENT,
    text_field="justificativa",
    text_limit=255,
    build=partial(_build_cancel, code=9),
    wrap=_wrap,
    registered_in=registered_in,
    already_there=ALREADY_CANCELLED,
    effect=DocumentStatus.CANCELADA,
    rejection="NFSE_CANCEL_REJECTION",
    same_text_only=False,
    absent_when_not_found=True,
)


def cancellation(code: int) -> EventSpec:
    """The cancellation with its reason code (cMotivo 1, 2 or 9)."""
    assert code in CANCEL_REASONS
    return replace(CANCELLATION, build=partial(_build_cancel, code=code))
