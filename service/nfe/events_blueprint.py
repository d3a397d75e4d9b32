"""Event routes of `/nfe` and `/nfce` (cancellation, CC-e): added to each family's blueprint."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response
from flask.views import MethodView

from documents.nfe.model import Modelo
from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Company
from service.companies.resolver import resolve_company
from service.errors import ApiError
from service.issuance import documents
from service.issuance.events import Registered
from service.issuance.family import Family
from service.issuance.models import DocumentEvent, EventKind, EventStatus, FiscalDocument
from service.nfe import events, pdfs
from service.nfe.schemas import RegisteredEventSchema
from service.validators import Length, layout_text

EVENT_XML_EXAMPLE = '<procEventoNFe versao="1.00" xmlns="http://www.portalfiscal.inf.br/nfe">…'
LENGTH = "Informe de {min} a {max} caracteres."


class CancelRequestSchema(ma.Schema):
    justificativa = ma.fields.String(
        required=True, validate=[Length(min=15, max=255, error=LENGTH), layout_text]
    )


class CorrectionRequestSchema(ma.Schema):
    correcao = ma.fields.String(
        required=True, validate=[Length(min=15, max=1000, error=LENGTH), layout_text]
    )


CANCEL_EXAMPLE = {"justificativa": "Pedido cancelado pelo cliente antes da entrega."}
CORRECTION_EXAMPLE = {"correcao": "Corrige o complemento do endereço de entrega para sala 2."}
EVENT_ERRORS = ("DOCUMENTO_NAO_ENCONTRADO", "STATUS_INVALIDO",
                "SEFAZ_REJECTION", "SEFAZ_UNAVAILABLE", "AUTORIDADE_RECUSOU_CERTIFICADO",
                "AUTORIDADE_INACESSIVEL")  # fmt: skip


def render(registered: Registered) -> dict[str, Any]:
    """The document as it is now plus the event; `protocolo` is the event's protocol (the
    authorization's stays in `protocolo_autorizacao`)."""
    document, event = registered.document, registered.event
    data = documents.render(document, with_events=True)
    data["protocolo_autorizacao"] = document.protocolo
    data["protocolo"] = event.protocolo
    data["evento"] = documents.render_event(event)
    return data


def _registered(document: FiscalDocument, event_id: str) -> DocumentEvent:
    """The document's event with the authority's answer stored (its `procEventoNFe`)."""
    event = documents.find_event(document, event_id)
    if event.status != EventStatus.REGISTRADO or event.xml is None:
        raise ApiError(
            "XML_INDISPONIVEL", "O evento ainda não tem resposta registrada da autoridade."
        )
    return event


def _event_file(
    document: FiscalDocument, event: DocumentEvent, body: bytes, mimetype: str, suffix: str
) -> Response:
    name = f"{document.chave}-{event.tp_evento}-{event.sequencia:02d}-{suffix}"
    return Response(
        body, mimetype=mimetype, headers={"Content-Disposition": f'inline; filename="{name}"'}
    )


def register_event_routes(blp: Blueprint, family: Family) -> None:
    """Routes `POST /{id}/cancelamento` (both models), `POST /{id}/cce` (NF-e only) and the
    event's files `GET /{id}/eventos/{evento_id}/xml|pdf`."""
    modulo = family.module

    @blp.route("/<document_id>/eventos/<event_id>/xml")
    class EventXml(MethodView):
        @requires(Scope.DOWNLOAD)
        @blp.file("application/xml", EVENT_XML_EXAMPLE)
        @blp.errors("DOCUMENTO_NAO_ENCONTRADO", "NAO_ENCONTRADO", "XML_INDISPONIVEL", company=False)
        def get(self, document_id: str, event_id: str) -> Response:
            """The event's `procEventoNFe` as stored (application/xml); 409
            `XML_INDISPONIVEL` while the authority's answer is not registered."""
            document = documents.find_document(
                current_credential(), resolve_company(), family, document_id
            )
            event = _registered(document, event_id)
            assert event.xml is not None
            return _event_file(document, event, event.xml, "application/xml", "procEventoNFe.xml")

    @blp.route("/<document_id>/eventos/<event_id>/pdf")
    class EventPdf(MethodView):
        @requires(Scope.DOWNLOAD)
        @blp.file("application/pdf", "%PDF-1.4 …")
        @blp.errors(
            "DOCUMENTO_NAO_ENCONTRADO",
            "NAO_ENCONTRADO",
            "XML_INDISPONIVEL",
            "EVENTO_SEM_PDF",
            company=False,
        )
        def get(self, document_id: str, event_id: str) -> Response:
            """The DACCe of a registered CC-e, rendered from its stored `procEventoNFe`; 409
            `EVENTO_SEM_PDF` for other events, `XML_INDISPONIVEL` before the answer."""
            document = documents.find_document(
                current_credential(), resolve_company(), family, document_id
            )
            if documents.find_event(document, event_id).tipo != EventKind.CCE:
                raise ApiError("EVENTO_SEM_PDF")
            event = _registered(document, event_id)
            company = runtime.db().get(Company, document.company_id)
            assert company is not None
            pdf = pdfs.render_correction(event, company)
            return _event_file(document, event, pdf, "application/pdf", "dacce.pdf")

    @blp.route("/<document_id>/cancelamento")
    class Cancellation(MethodView):
        @requires(Scope.CANCELAR)
        @blp.arguments(CancelRequestSchema, example=CANCEL_EXAMPLE)
        @blp.response(200)
        @blp.documents(200, RegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Cancel an AUTORIZADA document (event 110111): 200 CANCELADA, 422
            `SEFAZ_REJECTION` (deadline, situation), 409 `STATUS_INVALIDO`, 202 uncertain."""
            registered = events.cancel(
                current_credential(), resolve_company(), modulo, document_id, body["justificativa"]
            )
            return render(registered)

    if family.model != Modelo.NFE:
        return  # NFC-e takes no correction letter (SEFAZ rejection 784)

    @blp.route("/<document_id>/cce")
    class Correction(MethodView):
        @requires(Scope.CCE)
        @blp.arguments(CorrectionRequestSchema, example=CORRECTION_EXAMPLE)
        @blp.response(200)
        @blp.documents(200, RegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Register the next correction letter (event 110110, `sequencia` 1..20)."""
            registered = events.correct(
                current_credential(), resolve_company(), document_id, body["correcao"]
            )
            data = render(registered)
            data["sequencia"] = registered.event.sequencia
            return data
