"""DANFE and DANFC-e rendered from the stored authorized XML (never from the request)."""

from __future__ import annotations

from documents.errors import PdfRenderError
from documents.pdf import render_danfce, render_danfe
from service.errors import ApiError
from service.issuance.models import FiscalDocument


def render(document: FiscalDocument) -> bytes:
    assert document.xml_autorizado is not None
    try:
        if document.modelo == "65":
            return render_danfce(document.xml_autorizado)
        return render_danfe(document.xml_autorizado)
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o PDF: {exc}") from exc
