"""Authorized CT-e wrappers: `cteProc`, `cteOSProc` and `procEventoCTe` (versao 4.00).

As for NF-e (`documents/wrappers.py`, whose checks these reuse), a wrapper never pairs a
document with a protocol that is not its own: the protocol must name the same key, the same
environment, carry the document's own DigestValue (`digVal`) and an authorizing status; an event
answer must name the same key, type, sequence and environment and a registering status.
Anything else raises `ProtocolMismatchError`. The CT-e OS wrapper holds a `protCTe` too.
"""

from __future__ import annotations

import copy

from lxml import etree

from documents.cte.builder import CTE_NS, LAYOUT_VERSION
from documents.errors import ProtocolMismatchError
from documents.wrappers import _digest_value, _expect, _expect_status, _root, _text

AUTHORIZED_CTE = frozenset({"100"})
"""protCTe statuses that may be attached: 100, "Autorizado o uso do CT-e" (MOC-CTe §4.2)."""
REGISTERED_CTE_EVENT = frozenset({"134", "135", "136"})
"""Event registered: linked with an alert (134), linked (135), not linked (136) (MOC-CTe §5)."""

_Q = f"{{{CTE_NS}}}"


def _wrap(tag: str, *parts: etree._Element) -> bytes:
    root = etree.Element(_Q + tag, nsmap={None: CTE_NS}, versao=LAYOUT_VERSION)
    for part in parts:
        root.append(copy.deepcopy(part))
    return bytes(etree.tostring(root, encoding="UTF-8", xml_declaration=True))


def _document_proc(
    document: bytes | etree._Element, protocol: bytes | etree._Element, root: str, wrapper: str
) -> bytes:
    cte, prot = _root(document), _root(protocol)
    _expect("root", _Q + root, cte.tag)
    _expect("root", _Q + "protCTe", prot.tag)
    info, answer = cte.find(_Q + "infCte"), prot.find(_Q + "infProt")
    if info is None or answer is None:
        raise ProtocolMismatchError("infCte/infProt", "present", "missing")
    _expect("chCTe", str(info.get("Id", ""))[3:], _text(answer, _Q + "chCTe"))
    _expect("tpAmb", _text(info, f"{_Q}ide/{_Q}tpAmb"), _text(answer, _Q + "tpAmb"))
    _expect("digVal", _digest_value(cte), _text(answer, _Q + "digVal"))
    _expect_status(_text(answer, _Q + "cStat"), AUTHORIZED_CTE)
    return _wrap(wrapper, cte, prot)


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
    _expect("root", _Q + "eventoCTe", sent_root.tag)
    _expect("root", _Q + "retEventoCTe", ret.tag)
    sent, got = sent_root.find(_Q + "infEvento"), ret.find(_Q + "infEvento")
    if sent is None or got is None:
        raise ProtocolMismatchError("infEvento", "present", "missing")
    for field in ("chCTe", "tpEvento", "nSeqEvento", "tpAmb"):
        _expect(field, _text(sent, _Q + field), _text(got, _Q + field))
    _expect_status(_text(got, _Q + "cStat"), REGISTERED_CTE_EVENT)
    return _wrap("procEventoCTe", sent_root, ret)
