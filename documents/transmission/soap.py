"""SOAP 1.2 envelopes for the SEFAZ web services: build requests, unwrap answers.

Requests are assembled as bytes around the payload instead of through an XML tree, so a signed
document travels byte for byte as it was signed (re-serialising could move namespace declarations
and break the digest). Answers go through the one hardened parser.
"""

from __future__ import annotations

import base64
import gzip
import re

from lxml import etree

from documents.errors import DocumentError
from documents.transmission.services import SoapService
from documents.xml import parse_untrusted

SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope"
SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/"
"""Accepted on answers only: real SEFAZ answers are SOAP 1.2, some mocks in the wild are 1.1."""

_DECLARATION = re.compile(rb"^\xef\xbb\xbf?\s*(<\?xml[^>]*\?>)?\s*")
_HEADER_VERSIONS = {"mdfe": "3.00"}


class AnswerFormatError(Exception):
    """An HTTP body that is not a usable SOAP answer (internal: becomes `Uncertain`)."""


def strip_declaration(xml: bytes) -> bytes:
    """Drop a BOM and `<?xml ...?>`: a declaration cannot appear inside the envelope."""
    return _DECLARATION.sub(b"", xml, count=1)


def compress(xml: bytes) -> bytes:
    """base64(gzip(xml)), the CT-e/MDF-e synchronous reception format (MOC CT-e §3.4.1)."""
    return base64.b64encode(gzip.compress(strip_declaration(xml), compresslevel=9, mtime=0))


def build_envelope(service: SoapService, payload: bytes, *, cuf: str | None = None) -> bytes:
    """Wrap `payload` (one XML root, or its compressed text) for `service`."""
    content = compress(payload) if service.compressed else strip_declaration(payload)
    header = _header(service, cuf)
    wrapper = service.wrapper_element
    opening = f'<{wrapper} xmlns="{service.namespace}">'.encode() if wrapper else b""
    closing = f"</{wrapper}>".encode() if wrapper else b""
    return b"".join(
        (
            b'<?xml version="1.0" encoding="utf-8"?>',
            f'<soap12:Envelope xmlns:soap12="{SOAP12_NS}">'.encode(),
            header,
            b"<soap12:Body>",
            opening,
            f'<{service.body_element} xmlns="{service.namespace}">'.encode(),
            content,
            f"</{service.body_element}>".encode(),
            closing,
            b"</soap12:Body></soap12:Envelope>",
        )
    )


def _header(service: SoapService, cuf: str | None) -> bytes:
    """`<mdfeCabecMsg>` {cUF, versaoDados} where the WSDL declares it; nothing otherwise."""
    if not service.has_header:
        return b""
    tag = f"{service.family.value}CabecMsg"
    version = _HEADER_VERSIONS.get(service.family.value, "")
    body = f"<cUF>{cuf or ''}</cUF><versaoDados>{version}</versaoDados>"
    element = f'<{tag} xmlns="{service.namespace}">{body}</{tag}>'
    return f"<soap12:Header>{element}</soap12:Header>".encode()


def content_type(service: SoapService) -> str:
    """SOAP 1.2 content type with the WSDL's soapAction as the `action` parameter."""
    return f'application/soap+xml; charset=utf-8; action="{service.action}"'


def extract_answer(body: bytes) -> etree._Element:
    """Return the authority's payload element (e.g. `retEnviNFe`) from a SOAP answer.

    Raises `AnswerFormatError` for anything else: malformed or hostile XML, a SOAP Fault, an
    empty Body.
    """
    try:
        root = parse_untrusted(body)
    except DocumentError as exc:
        raise AnswerFormatError(f"unparseable answer: {exc}") from None
    soap_body = _soap_body(root)
    first = _first_child(soap_body)
    if etree.QName(first).localname == "Fault":
        raise AnswerFormatError(f"SOAP Fault: {_fault_text(first)}")
    if _is_payload(first):
        return first
    inner = _first_child(first)
    return _first_child(inner) if _is_wsdl_wrapper(inner) else inner


def _soap_body(root: etree._Element) -> etree._Element:
    qname = etree.QName(root)
    if qname.localname != "Envelope" or qname.namespace not in {SOAP12_NS, SOAP11_NS}:
        raise AnswerFormatError(f"not a SOAP envelope: {root.tag}")
    body = root.find(f"{{{qname.namespace}}}Body")
    if body is None:
        raise AnswerFormatError("SOAP envelope without Body")
    return body


def _first_child(element: etree._Element) -> etree._Element:
    for child in element:
        if isinstance(child.tag, str):
            return child
    raise AnswerFormatError(f"empty {etree.QName(element).localname}")


def _is_payload(element: etree._Element) -> bool:
    """Layout payloads live in `.../nfe`, `.../cte`, `.../mdfe`; wrappers in `.../wsdl/...`."""
    namespace = etree.QName(element).namespace or ""
    return namespace.startswith("http://www.portalfiscal.inf.br/") and "/wsdl/" not in namespace


def _is_wsdl_wrapper(element: etree._Element) -> bool:
    """A second WSDL element before the payload: the DF-e distribution answers
    `nfeDistDFeInteresseResponse/nfeDistDFeInteresseResult/retDistDFeInt` (document-literal
    wrapped), where the other services answer `nfeResultMsg/<payload>`."""
    return "/wsdl/" in (etree.QName(element).namespace or "")


def _fault_text(fault: etree._Element) -> str:
    return " ".join(text.strip() for text in fault.itertext() if text.strip())[:500]
