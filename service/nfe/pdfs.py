"""DANFE, DANFC-e and DACCe rendered from the stored authorized XML (never from the request)."""

from __future__ import annotations

from documents.errors import PdfRenderError
from documents.nfe.model import Modelo
from documents.pdf import render_dacce, render_danfce, render_danfe
from service.companies.models import Company
from service.errors import ApiError
from service.issuance.models import DocumentEvent, DocumentStatus, FiscalDocument


def render(document: FiscalDocument) -> bytes:
    """The DANFE/DANFC-e; a cancelled document's is marked CANCELADA."""
    assert document.xml_autorizado is not None
    cancelled = document.status == DocumentStatus.CANCELADA
    try:
        if document.modelo == Modelo.NFCE:
            return render_danfce(document.xml_autorizado, cancelled=cancelled)
        return render_danfe(document.xml_autorizado, cancelled=cancelled)
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o PDF: {exc}") from exc


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
