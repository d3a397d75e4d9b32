"""NF-e and NFC-e events: cancellation (110111) and correction letters (CC-e, 110110).

The flow (claim under the row lock, store before sending, resolve uncertain answers by looking
the key up) is the lifecycle's (`service.issuance.events`); here is what is NF-e's own: the
`evento` layout and signature, the `procEventoNFe` wrapper, how a `retConsSitNFe` lists the
registered events, and the rules of each kind (sequence 1..20 for CC-e; 573 and 218 mean the
authority already holds it).
"""

from __future__ import annotations

from lxml import etree

from documents.events.cancel import CANCEL, build_cancel
from documents.events.cce import CCE, build_cce
from documents.events.common import BuiltEvent, EventHeader
from documents.nfe.builder import NFE_NS
from documents.schemas import assert_valid
from documents.wrappers import proc_evento_nfe
from service.auth import Credential
from service.companies.models import Company
from service.issuance import documents, registry
from service.issuance.authority import layout_environment
from service.issuance.event_lookup import EventLayout
from service.issuance.events import Registered, register
from service.issuance.family import EventDraft, EventSpec
from service.issuance.models import DocumentStatus, EventKind

MAX_CCE = 20
"""A document takes at most 20 correction letters (nSeqEvento 1..20; SEFAZ rejects 594)."""

_Q = f"{{{NFE_NS}}}"


def _header(draft: EventDraft) -> EventHeader:
    author = draft.company.cnpj or draft.company.cpf or ""
    tp_amb = layout_environment(draft.document.ambiente)
    return EventHeader(draft.key, tp_amb, author, draft.now, draft.sequence)


def _signed(built: BuiltEvent, draft: EventDraft) -> bytes:
    """Sign the `evento` and check it against its official XSD before it is stored."""
    draft.creds.signer.sign(built.root, built.reference_id)
    assert_valid(built.root, f"nfe/1.00/evento-{built.event_type}")
    return bytes(etree.tostring(built.root, encoding="UTF-8"))


def _build_cancel(draft: EventDraft) -> bytes:
    return _signed(build_cancel(_header(draft), draft.document.protocolo or "", draft.text), draft)


def _build_cce(draft: EventDraft) -> bytes:
    return _signed(build_cce(_header(draft), draft.text), draft)


NFE_EVENTS = EventLayout(NFE_NS, "procEventoNFe", "evento", "retEvento", proc_evento_nfe,
                         ("xJust", "xCorrecao"))  # fmt: skip
registered_in = NFE_EVENTS.registered_in
"""Our event (type, sequence) among the `procEventoNFe` of a retConsSitNFe answer."""


CANCELLATION = EventSpec(
    kind=EventKind.CANCELAMENTO,
    tp_evento=CANCEL,
    text_field="justificativa",
    text_limit=255,
    build=_build_cancel,
    wrap=proc_evento_nfe,
    registered_in=registered_in,
    already_there=frozenset({"573", "218"}),
    effect=DocumentStatus.CANCELADA,
    same_text_only=False,
)
"""573: duplicate event (our earlier, uncertain attempt got through); 218: already cancelled."""

CORRECTION = EventSpec(
    kind=EventKind.CCE,
    tp_evento=CCE,
    text_field="correcao",
    text_limit=1000,
    build=_build_cce,
    wrap=proc_evento_nfe,
    registered_in=registered_in,
    max_sequence=MAX_CCE,
    already_there=frozenset({"573"}),
)


def cancel(
    credential: Credential, company: Company, modulo: str, document_id: str, justificativa: str
) -> Registered:
    """POST /{nfe|nfce}/{id}/cancelamento: the document becomes CANCELADA (and stays charged)."""
    found = documents.find_document(credential, company, registry.by_module(modulo), document_id)
    return register(found, company, CANCELLATION, justificativa)


def correct(
    credential: Credential, company: Company, document_id: str, correcao: str
) -> Registered:
    """POST /nfe/{id}/cce: the next correction letter (sequence controlled here, 1..20)."""
    found = documents.find_document(credential, company, registry.by_module("nfe"), document_id)
    return register(found, company, CORRECTION, correcao)
