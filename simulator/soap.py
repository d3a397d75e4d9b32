"""SOAP 1.2 envelopes in and out, as SEFAZ web services speak them (protocol_facts.md §3.1)."""

from __future__ import annotations

import base64
import binascii
import gzip
import io
import zlib
from dataclasses import dataclass

from lxml import etree

from documents.errors import MalformedXMLError, UnsafeXMLError
from documents.xml import parse_untrusted
from simulator.errors import BadRequest, Rejection

SOAP12 = "http://www.w3.org/2003/05/soap-envelope"
SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/"
MAX_INFLATED_BYTES = 5_000_000
"""A gzip payload inflating beyond this is refused (244) instead of exhausting memory."""

RESULT_ELEMENTS = {
    "CTeRecepcaoSincV4": "cteRecepcaoResult",
    "CTeRecepcaoOSV4": "cteRecepcaoOSResult",
    "CTeConsultaV4": "cteConsultaCTResult",
    "CTeStatusServicoV4": "cteStatusServicoCTResult",
    "CTeRecepcaoEventoV4": "cteRecepcaoEventoResult",
    "MDFeRecepcaoSinc": "mdfeRecepcaoResult",
    "MDFeConsulta": "mdfeConsultaMDFResult",
    "MDFeRecepcaoEvento": "mdfeRecepcaoEventoResult",
    "MDFeStatusServico": "mdfeStatusServicoMDFResult",
    "MDFeConsNaoEnc": "mdfeConsNaoEncResult",
}
"""Response part names from the nfelib WSDLs; every NF-e 4.00 service answers ``nfeResultMsg``."""
WRAPPED_OPERATIONS = {
    "NFeDistribuicaoDFe": "nfeDistDFeInteresse",
    "CTeDistribuicaoDFe": "cteDistDFeInteresse",
}
"""Operations whose WSDL (document/literal wrapped, nfedistribuicaodfe.wsdl; the CT-e's as
sped-cte ``sefazDistDFe`` sends it) puts ``nfeDadosMsg``/``cteDadosMsg``
inside an operation element and answers ``<op>Response/<op>Result``; every other SEFAZ service
puts ``xxxDadosMsg`` straight in the Body."""


@dataclass(frozen=True)
class SoapRequest:
    """The operation (WSDL namespace suffix) and the message inside ``<xxxDadosMsg>``."""

    operation: str
    family: str
    message: etree._Element | None
    """The XML payload when sent as XML; None when sent compressed (see ``compressed``)."""
    compressed: str | None
    """base64(gzip(...)) text of ``nfeDadosMsgZip``, ``cteDadosMsg`` or ``mdfeDadosMsg``."""
    wrapper: str | None = None
    """Local name of the operation element around ``nfeDadosMsg`` (``nfeDistDFeInteresse``)."""


def parse_request(body: bytes) -> SoapRequest:
    """Read a SOAP 1.2 request; a broken envelope is a :class:`BadRequest` (SOAP fault)."""
    try:
        envelope = parse_untrusted(body)
    except (MalformedXMLError, UnsafeXMLError) as exc:
        raise BadRequest(400, f"XML malformado: {exc}") from exc
    if envelope.tag == f"{{{SOAP11}}}Envelope":
        raise BadRequest(415, "SOAP 1.1 nao suportado: use SOAP 1.2")
    if envelope.tag != f"{{{SOAP12}}}Envelope":
        raise BadRequest(400, "Envelope SOAP 1.2 ausente")
    payload, wrapper = _dados_msg(envelope)
    namespace = etree.QName(payload).namespace or ""
    family, _, operation = namespace.removeprefix("http://www.portalfiscal.inf.br/").partition(
        "/wsdl/"
    )
    children = [child for child in payload if isinstance(child.tag, str)]
    text = (payload.text or "").strip()
    if children:
        return SoapRequest(operation, family, detach(children[0]), None, wrapper)
    return SoapRequest(operation, family, None, text, wrapper)


def detach(element: etree._Element) -> etree._Element:
    """The payload as its own document, without the envelope's namespace declarations.

    Inclusive C14N renders every in-scope namespace, so an ``xmlns:soap`` inherited from the
    envelope would change the digest of a signature made on the standalone document. A real
    authority processes the message as its own document, and so does the simulator.
    """
    copy = parse_untrusted(etree.tostring(element))
    etree.cleanup_namespaces(copy)
    return parse_untrusted(etree.tostring(copy))


def _dados_msg(envelope: etree._Element) -> tuple[etree._Element, str | None]:
    """The ``xxxDadosMsg`` element, and the operation element around it when the WSDL wraps it."""
    body = envelope.find(f"{{{SOAP12}}}Body")
    if body is None:
        raise BadRequest(400, "soap:Body ausente")
    for child in body:
        if not isinstance(child.tag, str):
            continue
        name = etree.QName(child).localname
        if name.endswith(("DadosMsg", "DadosMsgZip")):
            return child, None
        if name in WRAPPED_OPERATIONS.values():
            for inner in child:
                if isinstance(inner.tag, str) and etree.QName(inner).localname.endswith("DadosMsg"):
                    return inner, name
    raise BadRequest(400, "Elemento DadosMsg ausente no soap:Body")


def inflate(text: str, *, limit: int = MAX_INFLATED_BYTES) -> bytes:
    """Decode base64(gzip(xml)); any failure (or a gzip bomb) is rejection 244."""
    try:
        compressed = base64.b64decode(text, validate=False)
        with gzip.GzipFile(fileobj=io.BytesIO(compressed)) as stream:
            data = stream.read(limit + 1)
    except (binascii.Error, OSError, EOFError, zlib.error) as exc:
        raise Rejection("244", "Rejeicao: Falha na descompactacao da area de dados") from exc
    if len(data) > limit or not data:
        raise Rejection("244", "Rejeicao: Falha na descompactacao da area de dados")
    return data


def deflate(xml: bytes) -> str:
    """base64(gzip(xml)), the transport form of compressed payloads."""
    return base64.b64encode(gzip.compress(xml)).decode("ascii")


def envelope(operation: str, family: str, answer: etree._Element) -> bytes:
    """Wrap an answer in a SOAP 1.2 envelope with the result element of ``operation``."""
    env = etree.Element(f"{{{SOAP12}}}Envelope", nsmap={"soap": SOAP12})
    body = etree.SubElement(env, f"{{{SOAP12}}}Body")
    namespace = f"http://www.portalfiscal.inf.br/{family}/wsdl/{operation}"
    wrapper = WRAPPED_OPERATIONS.get(operation)
    if wrapper is not None:
        body = etree.SubElement(body, f"{{{namespace}}}{wrapper}Response", nsmap={None: namespace})
        name = f"{wrapper}Result"
    else:
        name = RESULT_ELEMENTS.get(operation, "nfeResultMsg")
    result = etree.SubElement(body, f"{{{namespace}}}{name}", nsmap={None: namespace})
    result.append(answer)
    xml: bytes = etree.tostring(env, xml_declaration=True, encoding="utf-8")
    return xml


def fault(reason: str, code: str = "soap:Receiver") -> bytes:
    """A SOAP 1.2 Fault, what IIS/.NET SEFAZ servers answer to an unusable request."""
    env = etree.Element(f"{{{SOAP12}}}Envelope", nsmap={"soap": SOAP12})
    body = etree.SubElement(env, f"{{{SOAP12}}}Body")
    fault_el = etree.SubElement(body, f"{{{SOAP12}}}Fault")
    code_el = etree.SubElement(fault_el, f"{{{SOAP12}}}Code")
    etree.SubElement(code_el, f"{{{SOAP12}}}Value").text = code
    reason_el = etree.SubElement(fault_el, f"{{{SOAP12}}}Reason")
    text = etree.SubElement(reason_el, f"{{{SOAP12}}}Text")
    text.set("{http://www.w3.org/XML/1998/namespace}lang", "pt-BR")
    text.text = reason
    xml: bytes = etree.tostring(env, xml_declaration=True, encoding="utf-8")
    return xml
