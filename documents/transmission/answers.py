"""Turn an authority's payload element into an outcome; the classification rules live here.

- accepted: 100/150 (document), 134/135/136/155 (event), 102 (number range voided);
- denied: 110/205/301/302/303 (number consumed, no legal effect);
- throttled: 656/678 (consumo indevido; the authority ignored the call);
- uncertain: 108/109 (service paused), 635 (same number still being processed), 999
  (uncatalogued error), and any answer we cannot read;
- rejected: every other cStat, verbatim, with `[chNFe:...]`/`[nRec:...]` parsed for 204/539.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from copy import deepcopy as copy_element
from typing import TypeVar

from lxml import etree

from documents.transmission import defaults
from documents.transmission.outcome import (
    Authorized,
    Closed,
    Denied,
    Failure,
    Rejected,
    Throttled,
    Uncertain,
    UncertainReason,
)

AUTHORIZED_DOCUMENT = frozenset({"100", "150"})
EVENT_REGISTERED = frozenset({"134", "135", "136", "155"})
VOIDED = frozenset({"102"})
DENIED = frozenset({"110", "205", "301", "302", "303"})
CANCELLED = frozenset({"101", "151"})
THROTTLING = frozenset({"656", "678"})
DUPLICATES = frozenset({"204", "539"})
UNCERTAIN_CSTAT = {
    "108": UncertainReason.SERVICE_PAUSED,
    "109": UncertainReason.SERVICE_PAUSED,
    "635": UncertainReason.STILL_PROCESSING,
    "999": UncertainReason.AUTHORITY_ERROR,
}
_KEY_NAMES = ("chNFe", "chCTe", "chMDFe")
_DUPLICATE_KEY = re.compile(r"\[ch(?:NFe|CTe|MDFe)\s*:\s*([0-9A-Z]{44})\s*\]")
_DUPLICATE_RECEIPT = re.compile(r"\[nRec\s*:\s*([0-9]+)\s*\]")


T = TypeVar("T")
Reader = Callable[[etree._Element, bytes], T]
"""Reads an answer's payload element (and the raw body) into an outcome."""


class UnreadableAnswer(Exception):
    """The payload lacks an element the layout requires (internal: becomes `Uncertain`)."""


def child(element: etree._Element, name: str) -> etree._Element | None:
    """Direct child `name` in the element's own namespace."""
    namespace = etree.QName(element).namespace
    return element.find(f"{{{namespace}}}{name}" if namespace else name)


def text(element: etree._Element, name: str) -> str:
    """Stripped text of child `name`, or "" when absent."""
    found = child(element, name)
    return (found.text or "").strip() if found is not None else ""


def required(element: etree._Element, name: str) -> etree._Element:
    found = child(element, name)
    if found is None:
        raise UnreadableAnswer(f"{etree.QName(element).localname} without {name}")
    return found


def status(element: etree._Element) -> tuple[str, str]:
    """(cStat, xMotivo); a missing cStat makes the answer unreadable."""
    cstat = text(element, "cStat")
    if not cstat:
        raise UnreadableAnswer(f"{etree.QName(element).localname} without cStat")
    return cstat, text(element, "xMotivo")


def serialize(element: etree._Element) -> bytes:
    """The element alone, without the SOAP/xsi declarations it inherited from the envelope."""
    copy = copy_element(element)
    etree.cleanup_namespaces(copy)
    return bytes(etree.tostring(copy, encoding="utf-8", xml_declaration=False))


def access_key(element: etree._Element) -> str | None:
    for name in _KEY_NAMES:
        if value := text(element, name):
            return value
    return None


def failure(cstat: str, xmotivo: str, raw: bytes) -> Failure:
    """Classify a cStat that is neither an acceptance nor a denial."""
    if cstat in UNCERTAIN_CSTAT:
        return Uncertain(UNCERTAIN_CSTAT[cstat], xmotivo, cstat, raw)
    if cstat in THROTTLING:
        return Throttled(cstat, xmotivo, defaults.THROTTLE_SECONDS, raw)
    return rejection(cstat, xmotivo, raw)


def rejection(cstat: str, xmotivo: str, raw: bytes) -> Rejected:
    if cstat not in DUPLICATES:
        return Rejected(cstat, xmotivo, raw)
    key = _DUPLICATE_KEY.search(xmotivo)
    receipt = _DUPLICATE_RECEIPT.search(xmotivo)
    return Rejected(
        cstat, xmotivo, raw, key.group(1) if key else None, receipt.group(1) if receipt else None
    )


def protocol(prot: etree._Element, raw: bytes) -> Authorized | Denied | Failure:
    """Classify a protNFe/protCTe/protMDFe (its `infProt` carries the document's result)."""
    info = required(prot, "infProt")
    cstat, xmotivo = status(info)
    fields = (text(info, "nProt"), cstat, xmotivo, text(info, "dhRecbto"))
    if cstat in AUTHORIZED_DOCUMENT:
        digval = text(info, "digVal") or None
        return Authorized(serialize(prot), fields[0], digval, *fields[1:], raw, access_key(info))
    if cstat in DENIED:
        return Denied(serialize(prot), *fields, raw, access_key(info))
    return failure(cstat, xmotivo, raw)


def event(ret_event: etree._Element, raw: bytes) -> Authorized | Failure:
    """Classify a retEvento/retEventoCTe/retEventoMDFe (result in `infEvento`)."""
    info = required(ret_event, "infEvento")
    cstat, xmotivo = status(info)
    if cstat not in EVENT_REGISTERED:
        return failure(cstat, xmotivo, raw)
    return Authorized(
        serialize(ret_event),
        text(info, "nProt"),
        None,
        cstat,
        xmotivo,
        text(info, "dhRegEvento"),
        raw,
        access_key(info),
    )


def voiding(ret_inut: etree._Element, raw: bytes) -> Authorized | Failure:
    """Classify a retInutNFe (result in `infInut`)."""
    info = required(ret_inut, "infInut")
    cstat, xmotivo = status(info)
    if cstat not in VOIDED:
        return failure(cstat, xmotivo, raw)
    nprot, received = text(info, "nProt"), text(info, "dhRecbto")
    return Authorized(serialize(ret_inut), nprot, None, cstat, xmotivo, received, raw)


def closed_or_failure(
    cstat: str, xmotivo: str, protocol_xml: bytes | None, raw: bytes
) -> Closed | Failure:
    """132 (MDF-e encerrado) in a situation query, else the usual classification."""
    if cstat == "132":
        return Closed(cstat, xmotivo, protocol_xml, raw)
    return failure(cstat, xmotivo, raw)
