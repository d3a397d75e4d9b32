"""DANFE, DANFC-e and DACCe rendered from the stored authorized XML (never from the request);
before its authorization, a document handed out in contingency from its signed XML."""

from __future__ import annotations

from documents.errors import PdfRenderError
from documents.nfe.builder import NFE_NS
from documents.nfe.model import Modelo, TpEmis
from documents.pdf import render_dacce, render_danfce, render_danfe
from documents.xml import parse_untrusted
from service.companies.models import Company
from service.errors import ApiError
from service.issuance.documents import current_xml, events_of
from service.issuance.models import DocumentEvent, DocumentStatus, EventKind, FiscalDocument


def render(document: FiscalDocument) -> bytes:
    """The DANFE/DANFC-e; a cancelled document's is marked CANCELADA."""
    xml = current_xml(document)  # a document handed out in contingency: its signed XML
    cancelled = document.status == DocumentStatus.CANCELADA
    try:
        if document.modelo == Modelo.NFCE:
            return render_danfce(xml, cancelled=cancelled)
        protocol, registered_at = epec_of(document)
        return render_danfe(xml, cancelled=cancelled, epec_protocol=protocol,
                            epec_registered_at=registered_at)  # fmt: skip
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o PDF: {exc}") from exc


EPEC = TpEmis.EPEC.value


def epec_of(document: FiscalDocument) -> tuple[str | None, str | None]:
    """The protocol and registration time (dhRegEvento) of the note's EPEC, printed on its
    DANFE; (None, None) for a note without one."""
    if document.tp_emis != EPEC:
        return None, None
    for event in events_of(document.id):
        if event.tipo == EventKind.EPEC and event.xml:
            found = parse_untrusted(event.xml).find(f".//{{{NFE_NS}}}dhRegEvento")
            return event.protocolo, found.text if found is not None else None
    return None, None


def render_correction(event: DocumentEvent, company: Company) -> bytes:
    """The DACCe of a registered CC-e, from its stored `procEventoNFe`; the issuer box from
    the company's register (the event itself carries only the CNPJ)."""
    assert event.xml is not None
    street = ", ".join(p for p in (company.logradouro, company.numero, company.complemento) if p)
    issuer = {
        "nome": company.razao_social,
        "end": street,
        "bairro": company.bairro,
        "cep": company.cep,
        "cidade": company.municipio,
        "uf": company.uf,
        "fone": company.telefone,
        "ie": company.ie,
    }
    try:
        return render_dacce(event.xml, issuer)
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o PDF: {exc}") from exc
