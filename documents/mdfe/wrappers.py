"""Authorized MDF-e wrappers: `mdfeProc` and `procEventoMDFe` (versao 3.00).

As for NF-e and CT-e (`documents/wrappers.py`, whose checks `check_protocol` and
`check_event_answer` these reuse), a wrapper never pairs a document with a protocol that is not
its own: the protocol must name the same key and environment, carry the manifest's own
DigestValue (`digVal`) and the authorizing status; an event answer must name the same key,
type, sequence and environment and a registering status. Anything else raises
`ProtocolMismatchError`.
"""

from __future__ import annotations

from lxml import etree

from documents.errors import ProtocolMismatchError
from documents.mdfe.builder import LAYOUT_VERSION, MDFE_NS
from documents.wrappers import check_event_answer, check_protocol, wrap
from documents.xml import parse_untrusted

AUTHORIZED_MDFE = frozenset({"100"})
"""protMDFe statuses that may be attached: 100, "Autorizado o uso do MDF-e"."""
REGISTERED_MDFE_EVENT = frozenset({"135", "136"})
"""Event registered and linked to the MDF-e (135) or registered, not linked (136)."""

_Q = f"{{{MDFE_NS}}}"


def _root(document: bytes | etree._Element) -> etree._Element:
    return parse_untrusted(document) if isinstance(document, bytes) else document


def _expect_root(element: etree._Element, tag: str) -> None:
    if element.tag != _Q + tag:
        raise ProtocolMismatchError("root", _Q + tag, str(element.tag))


def mdfe_proc(mdfe: bytes | etree._Element, protocol: bytes | etree._Element) -> bytes:
    """`mdfeProc{MDFe, protMDFe}` after checking chMDFe, tpAmb, digVal and cStat."""
    document, prot = _root(mdfe), _root(protocol)
    _expect_root(document, "MDFe")
    _expect_root(prot, "protMDFe")
    info, answer = document.find(_Q + "infMDFe"), prot.find(_Q + "infProt")
    if info is None or answer is None:
        raise ProtocolMismatchError("infMDFe/infProt", "present", "missing")
    check_protocol(document, info, answer, "chMDFe", AUTHORIZED_MDFE)
    return wrap(MDFE_NS, "mdfeProc", LAYOUT_VERSION, document, prot)


def proc_evento_mdfe(event: bytes | etree._Element, answer: bytes | etree._Element) -> bytes:
    """`procEventoMDFe{eventoMDFe, retEventoMDFe}` after checking key, type, sequence, tpAmb
    and cStat."""
    sent_root, ret = _root(event), _root(answer)
    _expect_root(sent_root, "eventoMDFe")
    _expect_root(ret, "retEventoMDFe")
    sent, got = sent_root.find(_Q + "infEvento"), ret.find(_Q + "infEvento")
    if sent is None or got is None:
        raise ProtocolMismatchError("infEvento", "present", "missing")
    check_event_answer(sent, got, "chMDFe", REGISTERED_MDFE_EVENT)
    return wrap(MDFE_NS, "procEventoMDFe", LAYOUT_VERSION, sent_root, ret)
