"""Cancellation event 110111 of an authorized NF-e/NFC-e."""

from __future__ import annotations

from documents.errors import InvalidDocumentDataError
from documents.events.common import (
    BuiltEvent,
    EventHeader,
    build_event,
    check_length,
    detail_of,
    sub,
)

CANCEL = "110111"


def build_cancel(header: EventHeader, protocol: str, justification: str) -> BuiltEvent:
    """`evento` 110111 {descEvento Cancelamento, nProt, xJust 15-255}; nSeqEvento is always 1.

    `protocol` is the authorization's 15-digit nProt.
    """
    if header.sequence != 1:
        raise InvalidDocumentDataError("nSeqEvento", "a cancellation is always event 1")
    if not (protocol.isdigit() and len(protocol) == 15):
        raise InvalidDocumentDataError("nProt", "the authorization protocol has 15 digits")
    event = build_event(header, CANCEL, "Cancelamento")
    detail = detail_of(event)
    sub(detail, "nProt", protocol)
    sub(detail, "xJust", check_length("xJust", justification, 15, 255))
    return event
