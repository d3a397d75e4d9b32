"""What NF-e/NFC-e events share: the `evento` skeleton (layout 1.00), its Id and the batch.

`evento versao="1.00"` / `infEvento Id="ID" + tpEvento + chave + nSeqEvento(2)` {cOrgao, tpAmb,
CNPJ|CPF, chNFe, dhEvento, tpEvento, nSeqEvento, verEvento, detEvento}, signed on infEvento and
sent inside `envEvento{idLote, evento+}` (protocol_facts.md §1.2 and §3.2).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree

from documents._format import timestamp
from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.localtime import issuer_time
from documents.nfe.builder import NFE_NS
from documents.nfe.model import TpAmb
from documents.ufs import UF_BY_CODE

EVENT_VERSION = "1.00"
_Q = f"{{{NFE_NS}}}"


@dataclass(frozen=True)
class EventHeader:
    """The fields every event carries besides its detail."""

    key: AccessKey
    tp_amb: TpAmb
    author: str  # CNPJ (14) or CPF (11) of the issuer
    occurred_at: dt.datetime  # dhEvento, with offset
    sequence: int = 1  # nSeqEvento


@dataclass(frozen=True)
class BuiltEvent:
    """An unsigned `evento`, its Id (to sign) and the event type."""

    root: etree._Element
    reference_id: str
    event_type: str


def event_id(event_type: str, key: AccessKey, sequence: int) -> str:
    """`ID` + tpEvento(6) + chave(44) + nSeqEvento(2): 54 characters."""
    return f"ID{event_type}{key.text}{sequence:02d}"


def sub(parent: etree._Element, tag: str, text: str | None = None, **attrib: str) -> etree._Element:
    element = etree.SubElement(parent, _Q + tag, attrib)
    if text is not None:
        element.text = text
    return element


def check_length(field: str, value: str, low: int, high: int) -> str:
    """Free text the layout bounds (xJust 15-255, xCorrecao 15-1000), normalized to one line."""
    text = re.sub(r"\s+", " ", value).strip()
    if not low <= len(text) <= high:
        raise InvalidDocumentDataError(field, f"needs {low} to {high} characters, got {len(text)}")
    return text


def _author_time(header: EventHeader) -> dt.datetime:
    """dhEvento as the wall clock of the issuer's UF (the key's cUF), with its offset."""
    return issuer_time(UF_BY_CODE.get(header.key.cuf, str(header.key.cuf)), header.occurred_at)


def build_event(
    header: EventHeader, event_type: str, description: str, *, c_orgao: int | None = None
) -> BuiltEvent:
    """The `evento` tree up to an empty `detEvento` with its `descEvento`.

    `cOrgao` is the key's UF unless the event goes to another authority (the Ambiente
    Nacional, 91, for the EPEC)."""
    reference_id = event_id(event_type, header.key, header.sequence)
    root = etree.Element(_Q + "evento", nsmap={None: NFE_NS}, versao=EVENT_VERSION)
    inf = sub(root, "infEvento", Id=reference_id)
    sub(inf, "cOrgao", f"{header.key.cuf if c_orgao is None else c_orgao:02d}")
    sub(inf, "tpAmb", header.tp_amb.value)
    sub(inf, "CPF" if len(header.author) == 11 else "CNPJ", header.author)
    sub(inf, "chNFe", header.key.text)
    sub(inf, "dhEvento", timestamp(_author_time(header), "dhEvento"))
    sub(inf, "tpEvento", event_type)
    sub(inf, "nSeqEvento", str(header.sequence))
    sub(inf, "verEvento", EVENT_VERSION)
    detail = sub(inf, "detEvento", versao=EVENT_VERSION)
    sub(detail, "descEvento", description)
    return BuiltEvent(root, reference_id, event_type)


def detail_of(event: BuiltEvent) -> etree._Element:
    found = event.root.find(f"{_Q}infEvento/{_Q}detEvento")
    assert found is not None
    return found


def batch(events: Sequence[etree._Element], lot_id: int) -> etree._Element:
    """`envEvento{idLote, evento 1..20}` around signed events (SEFAZ takes at most 20)."""
    if not 1 <= len(events) <= 20:
        raise InvalidDocumentDataError("evento", "a batch carries 1 to 20 events")
    root = etree.Element(_Q + "envEvento", nsmap={None: NFE_NS}, versao=EVENT_VERSION)
    sub(root, "idLote", str(lot_id))
    for event in events:
        root.append(event)
    return root
