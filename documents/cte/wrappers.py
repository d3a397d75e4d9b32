"""Authorized CT-e wrappers: `cteProc`, `cteOSProc` and `procEventoCTe` (versao 4.00).

As for NF-e (`documents/wrappers.py`, whose checks `check_protocol` and `check_event_answer`
these reuse), a wrapper never pairs a
document with a protocol that is not its own: the protocol must name the same key, the same
environment, carry the document's own DigestValue (`digVal`) and an authorizing status; an event
answer must name the same key, type, sequence and environment and a registering status.
Anything else raises `ProtocolMismatchError`. The CT-e OS wrapper holds a `protCTe` too.
"""

from __future__ import annotations

from lxml import etree

from documents.cte.builder import CTE_NS, LAYOUT_VERSION
from documents.errors import ProtocolMismatchError
from documents.wrappers import check_event_answer, check_protocol, wrap
from documents.xml import parse_untrusted

AUTHORIZED_CTE = frozenset({"100"})
"""protCTe statuses that may be attached: 100, "Autorizado o uso do CT-e" (MOC-CTe §4.2)."""
REGISTERED_CTE_EVENT = frozenset({"134", "135", "136"})
"""Event registered: linked with an alert (134), linked (135), not linked (136) (MOC-CTe §5)."""

_Q = f"{{{CTE_NS}}}"


def _root(document: bytes | etree._Element) -> etree._Element:
    return parse_untrusted(document) if isinstance(document, bytes) else document


def _expect_root(element: etree._Element, tag: str) -> None:
    if element.tag != _Q + tag:
        raise ProtocolMismatchError("root", _Q + tag, str(element.tag))


def _document_proc(
    document: bytes | etree._Element, protocol: bytes | etree._Element, root: str, wrapper: str
) -> bytes:
    cte, prot = _root(document), _root(protocol)
    _expect_root(cte, root)
    _expect_root(prot, "protCTe")
    info, answer = cte.find(_Q + "infCte"), prot.find(_Q + "infProt")
    if info is None or answer is None:
        raise ProtocolMismatchError("infCte/infProt", "present", "missing")
    check_protocol(cte, info, answer, "chCTe", AUTHORIZED_CTE)
    return wrap(CTE_NS, wrapper, LAYOUT_VERSION, cte, prot)


def cte_proc(cte: bytes | etree._Element, protocol: bytes | etree._Element) -> bytes:
    """`cteProc{CTe, protCTe}` after checking chCTe, tpAmb, digVal and cStat."""
    return _document_proc(cte, protocol, "CTe", "cteProc")


def cteos_proc(cteos: bytes | etree._Element, protocol: bytes | etree._Element) -> bytes:
    """`cteOSProc{CTeOS, protCTe}` after the same checks."""
    return _document_proc(cteos, protocol, "CTeOS", "cteOSProc")


def proc_evento_cte(event: bytes | etree._Element, answer: bytes | etree._Element) -> bytes:
    """`procEventoCTe{eventoCTe, retEventoCTe}` after checking key, type, sequence, tpAmb and
    cStat."""
    sent_root, ret = _root(event), _root(answer)
    _expect_root(sent_root, "eventoCTe")
    _expect_root(ret, "retEventoCTe")
    sent, got = sent_root.find(_Q + "infEvento"), ret.find(_Q + "infEvento")
    if sent is None or got is None:
        raise ProtocolMismatchError("infEvento", "present", "missing")
    check_event_answer(sent, got, "chCTe", REGISTERED_CTE_EVENT)
    return wrap(CTE_NS, "procEventoCTe", LAYOUT_VERSION, sent_root, ret)
