"""Which UF, model and tpEmis a SOAP request is about, read from its message.

Several real authorities share one URL (SVAN and SVC-AN, SVRS and SVC-RS, SVRS and a dozen UFs),
so the URL alone cannot say whose service a request reaches: a per-UF outage and the choice
between the normal authorizer and its contingency twin need the UF, model and tpEmis the message
carries. Best effort and never failing: whatever cannot be read stays None, and the service's own
checks answer the malformed message as they always did.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from documents.xml import parse_untrusted
from simulator import soap
from simulator.authority import UF_CODES

KEY_TAGS = ("chNFe", "chCTe", "chMDFe")
INFO_TAGS = ("infNFe", "infCte", "infMDFe")


@dataclass(frozen=True)
class Facts:
    """What routing and outages need to know; None where the message does not say."""

    uf: str | None = None
    model: str | None = None
    tp_emis: str | None = None
    key: str | None = None


def read(request: soap.SoapRequest | None) -> Facts:
    """Facts of a parsed SOAP request (a compressed payload is inflated first)."""
    if request is None:
        return Facts()
    message = request.message
    if message is None and request.compressed:
        message = _inflated(request.compressed)
    if message is None:
        return Facts()
    key = _key(message)
    if key is not None:
        return Facts(UF_CODES.get(key[:2]), key[20:22], key[34], key)
    cuf = _first(message, "cUF")
    return Facts(UF_CODES.get(cuf or ""), _first(message, "mod"), _first(message, "tpEmis"))


def _inflated(text: str) -> etree._Element | None:
    try:
        return parse_untrusted(soap.inflate(text))
    except Exception:  # best effort: the service itself answers 244 / 243 later
        return None


def _key(message: etree._Element) -> str | None:
    for tag in KEY_TAGS:
        text = _first(message, tag)
        if text and len(text) == 44 and text.isdigit():
            return text
    for tag in INFO_TAGS:
        found = message.find(f".//{{*}}{tag}")
        if message.tag.endswith("}" + tag):
            found = message
        if found is not None:
            key = "".join(ch for ch in (found.get("Id") or "") if ch.isdigit())
            if len(key) == 44:
                return key
    return None


def _first(message: etree._Element, tag: str) -> str | None:
    found = message.find(f".//{{*}}{tag}")
    if found is None or found.text is None:
        return None
    value: str = found.text.strip()
    return value
