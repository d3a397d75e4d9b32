"""Authorized wrappers: `nfeProc`, `procEventoNFe` and `ProcInutNFe`.

A wrapper is what we store and hand out as "the authorized document", so it must never pair a
document with a protocol that is not its own. Each builder checks, before joining them, that the
protocol names the same access key (or event, or number range), the same environment, carries
the document's own DigestValue where the layout has one (`digVal`), and has an authorizing
status. Anything else raises `ProtocolMismatchError` (sped-nfe `Complements` does the same).
"""

from __future__ import annotations

import copy
import re
import string

from lxml import etree

from documents.errors import ProtocolMismatchError
from documents.nfe.builder import LAYOUT_VERSION, NFE_NS
from documents.signing import DS_NS
from documents.xml import parse_untrusted

AUTHORIZED_NFE = frozenset({"100", "150", "110", "205", "301", "302", "303"})
"""Protocol statuses that may be attached to an NF-e: authorized (100, 150) or denied
(110, 205, 301-303; a denied document is kept with its protocol too)."""
REGISTERED_EVENT = frozenset({"135", "136"})
"""Event registered (and linked, or not linked) to the NF-e."""
LATE_CANCELLATION = "155"
"""Cancellation registered out of time: a registered cancellation all the same."""
VOIDED = "102"
"""Number range voided (inutilização homologada)."""

_Q = f"{{{NFE_NS}}}"
_LETTERS = string.ascii_letters
_DS = f"{{{DS_NS}}}"


def _root(document: bytes | etree._Element) -> etree._Element:
    return parse_untrusted(document) if isinstance(document, bytes) else document


def _text(element: etree._Element, path: str) -> str:
    return str(element.findtext(path, default="") or "").strip()


def _expect(field: str, expected: str, actual: str) -> None:
    if expected != actual:
        raise ProtocolMismatchError(field, expected, actual)


def _expect_status(actual: str, allowed: frozenset[str]) -> None:
    if actual not in allowed:
        raise ProtocolMismatchError("cStat", "|".join(sorted(allowed)), actual)


def wrap(namespace: str, tag: str, version: str, *parts: etree._Element) -> bytes:
    """`<tag versao=version>` in `namespace` holding copies of `parts`, with the declaration."""
    root = etree.Element(f"{{{namespace}}}{tag}", nsmap={None: namespace}, versao=version)
    for part in parts:
        root.append(copy.deepcopy(part))
    return bytes(etree.tostring(root, encoding="UTF-8", xml_declaration=True))


def _wrap(tag: str, version: str, *parts: etree._Element) -> bytes:
    return wrap(NFE_NS, tag, version, *parts)


def _digest_value(signed: etree._Element) -> str:
    return _text(signed, f"{_DS}Signature/{_DS}SignedInfo/{_DS}Reference/{_DS}DigestValue")


def nfe_proc(nfe: bytes | etree._Element, protocol: bytes | etree._Element) -> bytes:
    """`nfeProc{NFe, protNFe}` after checking chNFe, tpAmb, digVal and cStat. A signed NF-e
    given as the bytes our pipeline serialized is joined as bytes (`_signed_facts`)."""
    if isinstance(nfe, bytes):
        facts = _signed_facts(nfe)
        if facts is not None:
            return _nfe_proc_joined(nfe, facts, _root(protocol))
    nfe_root, prot = _root(nfe), _root(protocol)
    _expect("root", _Q + "protNFe", prot.tag)
    inf_nfe, info = nfe_root.find(_Q + "infNFe"), prot.find(_Q + "infProt")
    if inf_nfe is None or info is None:
        raise ProtocolMismatchError("infNFe/infProt", "present", "missing")
    check_protocol(nfe_root, inf_nfe, info, "chNFe", AUTHORIZED_NFE)
    return _wrap("nfeProc", LAYOUT_VERSION, nfe_root, prot)


_NFE_OPEN = f'<NFe xmlns="{NFE_NS}">'.encode()
_FACTS = {"Id": re.compile(r"NFe[0-9]{44}"), "tpAmb": re.compile(r"[12]"),
          "DigestValue": re.compile(r"[A-Za-z0-9+/]+=*")}  # fmt: skip


def _signed_facts(signed: bytes) -> tuple[str, str, str] | None:
    """The infNFe Id, ide/tpAmb and DigestValue of a signed NF-e as `prepare_nfe` serialized
    it (lxml, no declaration, `<NFe>` with the default namespace only), read from its bytes;
    None for anything else (it is then parsed). Exact for those bytes: infNFe's start tag
    comes right after `<NFe ...>`, and text and attribute values hold no raw `<` or `"`, so
    the first `<tpAmb>` is ide's and the first `<DigestValue>` the signature's; each value is
    taken only in its one form without escapes or spaces."""
    infnfe = len(_NFE_OPEN)
    if not signed.startswith(_NFE_OPEN + b"<infNFe "):
        return None
    tag_end = signed.find(b">", infnfe)
    at = signed.find(b' Id="', infnfe, tag_end)
    key = signed[at + 5 : signed.find(b'"', at + 5)] if at >= 0 else b""
    tp_amb = _first_text(signed, b"tpAmb", tag_end)
    digest = _first_text(signed, b"DigestValue", tag_end)
    facts = (key.decode("ascii", "replace"), tp_amb, digest)
    forms = zip(_FACTS.values(), facts, strict=True)
    return facts if all(form.fullmatch(value) for form, value in forms) else None


def _first_text(data: bytes, tag: bytes, start: int) -> str:
    opening = data.find(b"<%s>" % tag, start)
    if opening < 0:
        return ""
    begin = opening + len(tag) + 2
    end = data.find(b"</%s>" % tag, begin)
    return data[begin:end].decode("ascii", "replace") if end >= 0 else ""


def _nfe_proc_joined(signed: bytes, facts: tuple[str, str, str], prot: etree._Element) -> bytes:
    """`nfe_proc` of a signed NF-e given as its serialized bytes: the same checks in the same
    order, and the bytes the tree would serialize to (the protocol serialized as a child of
    `nfeProc`, the NF-e's bytes put before it with the default namespace `nfeProc` already
    declares dropped from its root), without parsing, copying and serializing the NF-e again
    (about 110 µs of the 150 `nfe_proc` took)."""
    _expect("root", _Q + "protNFe", prot.tag)
    info = prot.find(_Q + "infProt")
    if info is None:
        raise ProtocolMismatchError("infNFe/infProt", "present", "missing")
    key, tp_amb, digest = facts
    _expect("chNFe", key.lstrip(_LETTERS), _text(info, _Q + "chNFe"))
    _expect("tpAmb", tp_amb, _text(info, _Q + "tpAmb"))
    _expect("digVal", digest, _text(info, _Q + "digVal"))
    _expect_status(_text(info, _Q + "cStat"), AUTHORIZED_NFE)
    proc = _wrap("nfeProc", LAYOUT_VERSION, prot)
    cut = proc.index(b">", proc.index(b"<nfeProc")) + 1
    return b"%s<NFe>%s%s" % (proc[:cut], signed[len(_NFE_OPEN) :], proc[cut:])


def check_protocol(
    signed: etree._Element,
    info: etree._Element,
    answer: etree._Element,
    key_tag: str,
    allowed: frozenset[str],
) -> None:
    """What every document wrapper checks (NF-e, CT-e, CT-e OS, MDF-e): the protocol's key
    equals the signed element's Id after its letter prefix (`NFe`, `CTe`, `MDFe`; a key starts
    with the cUF digits), same tpAmb, the document's own DigestValue and an allowed cStat.
    `info` is infNFe/infCte/infMDFe, `answer` infProt, in the same namespace."""
    q = f"{{{etree.QName(answer).namespace}}}"
    key = str(info.get("Id", "")).lstrip(_LETTERS)
    _expect(key_tag, key, _text(answer, q + key_tag))
    _expect("tpAmb", _text(info, f"{q}ide/{q}tpAmb"), _text(answer, q + "tpAmb"))
    _expect("digVal", _digest_value(signed), _text(answer, q + "digVal"))
    _expect_status(_text(answer, q + "cStat"), allowed)


def proc_evento_nfe(event: bytes | etree._Element, answer: bytes | etree._Element) -> bytes:
    """`procEventoNFe{evento, retEvento}` after checking key, type, sequence, tpAmb and cStat."""
    event_root, ret = _root(event), _root(answer)
    _expect("root", _Q + "retEvento", ret.tag)
    sent, got = event_root.find(_Q + "infEvento"), ret.find(_Q + "infEvento")
    if sent is None or got is None:
        raise ProtocolMismatchError("infEvento", "present", "missing")
    allowed = REGISTERED_EVENT
    if _text(sent, _Q + "tpEvento") == "110111":
        allowed = REGISTERED_EVENT | {LATE_CANCELLATION}
    check_event_answer(sent, got, "chNFe", allowed)
    return _wrap("procEventoNFe", str(event_root.get("versao", "1.00")), event_root, ret)


def check_event_answer(
    sent: etree._Element, got: etree._Element, key_tag: str, allowed: frozenset[str]
) -> None:
    """What every event wrapper checks: the answer's infEvento names the same key, type,
    sequence and environment as the sent one, with an allowed cStat."""
    q = f"{{{etree.QName(got).namespace}}}"
    for field in (key_tag, "tpEvento", "nSeqEvento", "tpAmb"):
        _expect(field, _text(sent, q + field), _text(got, q + field))
    _expect_status(_text(got, q + "cStat"), allowed)


def _number(text: str) -> str:
    """Numeric fields compare as numbers: a serie written "1" or "001" is the same serie."""
    return str(int(text)) if text.isdigit() else text


_RANGE_FIELDS = ("tpAmb", "cUF", "ano", "CNPJ", "mod", "serie", "nNFIni", "nNFFin")


def proc_inut_nfe(request: bytes | etree._Element, answer: bytes | etree._Element) -> bytes:
    """`ProcInutNFe{inutNFe, retInutNFe}` after checking the range, tpAmb and cStat 102."""
    request_root, ret = _root(request), _root(answer)
    _expect("root", _Q + "retInutNFe", ret.tag)
    sent, got = request_root.find(_Q + "infInut"), ret.find(_Q + "infInut")
    if sent is None or got is None:
        raise ProtocolMismatchError("infInut", "present", "missing")
    for field in _RANGE_FIELDS:
        _expect(field, _number(_text(sent, _Q + field)), _number(_text(got, _Q + field)))
    _expect_status(_text(got, _Q + "cStat"), frozenset({VOIDED}))
    return _wrap("ProcInutNFe", LAYOUT_VERSION, request_root, ret)
