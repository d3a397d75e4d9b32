"""NF-e and NFC-e events: cancellation (110111) and correction letters (CC-e, 110110).

The flow (claim under the row lock, store before sending, resolve uncertain answers by looking
the key up) is the lifecycle's (`service.issuance.events`); here is what is NF-e's own: the
`evento` layout and signature, the `procEventoNFe` wrapper, how a `retConsSitNFe` lists the
registered events, and the rules of each kind (sequence 1..20 for CC-e; 573 and 218 mean the
authority already holds it).
"""

from __future__ import annotations

from lxml import etree

from documents.errors import ProtocolMismatchError
from documents.events.cancel import CANCEL, build_cancel
from documents.events.cce import CCE, build_cce
from documents.events.common import BuiltEvent, EventHeader
from documents.keys import AccessKey
from documents.nfe.builder import NFE_NS
from documents.nfe.model import TpAmb
from documents.schemas import assert_valid
from documents.wrappers import proc_evento_nfe
from documents.xml import parse_untrusted
from service.auth import Credential
from service.companies.models import Company
from service.issuance import documents, registry
from service.issuance.events import Registered, register
from service.issuance.family import EventDraft, EventSpec, Registration
from service.issuance.models import DocumentStatus, EventKind

MAX_CCE = 20
"""A document takes at most 20 correction letters (nSeqEvento 1..20; SEFAZ rejects 594)."""

_Q = f"{{{NFE_NS}}}"


def _header(draft: EventDraft) -> EventHeader:
    author = draft.company.cnpj or draft.company.cpf or ""
    production = draft.document.ambiente == "PRODUCAO"
    tp_amb = TpAmb.PRODUCAO if production else TpAmb.HOMOLOGACAO
    key = AccessKey.parse(draft.document.chave)
    return EventHeader(key, tp_amb, author, draft.now, draft.sequence)


def _signed(built: BuiltEvent, draft: EventDraft) -> bytes:
    """Sign the `evento` and check it against its official XSD before it is stored."""
    draft.creds.signer.sign(built.root, built.reference_id)
    assert_valid(built.root, f"nfe/1.00/evento-{built.event_type}")
    return bytes(etree.tostring(built.root, encoding="UTF-8"))


def _build_cancel(draft: EventDraft) -> bytes:
    return _signed(build_cancel(_header(draft), draft.document.protocolo or "", draft.text), draft)


def _build_cce(draft: EventDraft) -> bytes:
    return _signed(build_cce(_header(draft), draft.text), draft)


def registered_in(raw: bytes, tp_evento: str, sequence: int) -> Registration | None:
    """Our event among the `procEventoNFe` of a retConsSitNFe answer, re-checked and rewrapped
    (key, type, sequence, environment and a registering cStat), or None."""
    for proc in parse_untrusted(raw).iter(_Q + "procEventoNFe"):
        evento, ret = proc.find(_Q + "evento"), proc.find(_Q + "retEvento")
        info = evento.find(_Q + "infEvento") if evento is not None else None
        if evento is None or ret is None or info is None:
            continue
        kind, number = info.findtext(_Q + "tpEvento"), info.findtext(_Q + "nSeqEvento")
        if kind != tp_evento or not (number or "").isdigit() or int(number or 0) != sequence:
            continue
        try:
            wrapped = proc_evento_nfe(evento, ret)
        except ProtocolMismatchError:
            continue
        detail = info.find(f"{_Q}detEvento")
        text = None
        if detail is not None:
            text = detail.findtext(_Q + "xJust") or detail.findtext(_Q + "xCorrecao")
        answer = ret.find(_Q + "infEvento")
        assert answer is not None  # proc_evento_nfe checked it
        return Registration(
            wrapped, answer.findtext(_Q + "nProt"), answer.findtext(_Q + "cStat") or "", text
        )
    return None


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
