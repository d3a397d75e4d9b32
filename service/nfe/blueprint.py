"""`/nfe` and `/nfce`: routes only; the work is in `operations`, `events` and `voiding`."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import Response, request
from flask.views import MethodView
from sqlalchemy import select

from service import runtime
from service.accounts.scopes import Scope
from service.api import ERROR_SCHEMA_REF, Blueprint, envelope
from service.auth import current_credential, requires
from service.companies.models import Module
from service.companies.resolver import resolve_company, scope_query
from service.errors import ApiError
from service.issuance.models import DocumentStatus, FiscalDocument
from service.nfe import operations
from service.nfe.events_blueprint import register_event_routes
from service.nfe.schemas import (
    DocumentListSchema,
    DocumentSchema,
    EventListSchema,
    IssueRequestSchema,
)
from service.pagination import PageArgsSchema, paginate, within_period
from service.queue import operations as queue_ops
from service.queue.blueprint import queued, wants_async

REPLAY_HEADER = {"Idempotent-Replay": "true"}
_REJECTED = (DocumentStatus.REJEITADA, DocumentStatus.DENEGADA)
_NOT_SENT = "O documento não chegou à autoridade fiscal e nada foi cobrado; repita o pedido."


class ListArgsSchema(PageArgsSchema):
    status = ma.fields.String()
    pedido = ma.fields.String()
    empresa = ma.fields.String()
    empresa_id = ma.fields.String()
    de = ma.fields.Date()
    ate = ma.fields.Date()


def answer(issued: operations.Issued) -> Any:
    """The issuance answer from the stored state: 200, 422 rejection, 202 uncertain, or
    502/503 when the request never reached the authority (document NAO_ENVIADA)."""
    document = issued.document
    headers = dict(REPLAY_HEADER) if issued.replay else {}
    data = operations.render(document)
    if issued.not_delivered is not None:
        issued.not_delivered.body = data
        raise issued.not_delivered
    if document.status == DocumentStatus.NAO_ENVIADA:  # another request's attempt, seen late
        raise ApiError("AUTORIDADE_INACESSIVEL", _NOT_SENT, headers=headers, body=data)
    if document.status in _REJECTED:
        raise ApiError(
            "SEFAZ_REJECTION",
            document.sefaz_mensagem or None,
            sefaz_code=document.sefaz_code,
            headers=headers,
            body=data,
        )
    if document.status in (DocumentStatus.PENDENTE, DocumentStatus.PROCESSANDO):
        data["status"] = DocumentStatus.PENDENTE.value
        raise ApiError("SEFAZ_UNAVAILABLE", headers=headers, body=data)
    return data, 200, headers


def answer_existing(enqueued: Any) -> Any:
    """An async request for an order a synchronous request already issued: its document,
    answered as a synchronous replay (RFC 7240 lets a server ignore `respond-async`)."""
    return answer(operations.Issued(operations.reconcile(enqueued.document_id), replay=True))


def _xml_response(document: FiscalDocument) -> Response:
    if document.xml_autorizado is None or document.status not in (
        DocumentStatus.AUTORIZADA,
        DocumentStatus.CANCELADA,
    ):
        raise ApiError("XML_INDISPONIVEL")
    filename = f"{document.chave}-procNFe.xml"
    return Response(
        document.xml_autorizado,
        mimetype="application/xml",
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )


def _pdf_response(document: FiscalDocument) -> Response:
    from service.nfe import pdfs

    if document.protocolo is None or document.xml_autorizado is None:
        raise ApiError("DOCUMENTO_SEM_PROTOCOLO")
    pdf = pdfs.render(document)
    name = "danfce" if document.modelo == "65" else "danfe"
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{document.chave}-{name}.pdf"'},
    )


def selected_document(modulo: str, document_id: str) -> FiscalDocument:
    """The document `document_id` of the request's company (`resolve_company`), else 404."""
    return operations.find_document(current_credential(), resolve_company(), modulo, document_id)


def _list(modulo: str, args: dict[str, Any]) -> dict[str, Any]:
    """The selected company's documents, like every other list (several companies and no
    selector: 422 on `empresa`)."""
    credential = current_credential()
    query = select(FiscalDocument).where(
        FiscalDocument.account_id == credential.account_id,
        FiscalDocument.company_id == resolve_company().id,
        FiscalDocument.modulo == modulo,
    )
    query = scope_query(query, FiscalDocument.ambiente, credential)
    for name in ("status", "pedido"):
        if args.get(name):
            query = query.where(getattr(FiscalDocument, name) == args[name])
    query = within_period(query, FiscalDocument.created_at, args)
    query = query.order_by(FiscalDocument.created_at.desc(), FiscalDocument.id)
    page = paginate(runtime.db(), query, args["pagina"], args["por_pagina"])
    return {**page.envelope(), "itens": [operations.render(d) for d in page.itens]}


EXAMPLES = {
    "55": {"pedido": "PED-0001", "cliente": "C001", "itens": [{"codigo": "P001", "quantidade": 1}],
           "pagamento": "pix"},
    "65": {"pedido": "PDV-0001", "itens": [{"codigo": "P002", "quantidade": 2}],
           "pagamento": "dinheiro"},
}  # fmt: skip
"""Request examples that succeed against the quickstart company (`DEMO`: P001, P002, C001)."""

ISSUE_200 = "Documento AUTORIZADA (uma réplica do mesmo pedido traz `Idempotent-Replay: true`)."
ISSUE_202 = {
    "description": "Resposta incerta da autoridade (`SEFAZ_UNAVAILABLE`, envelope de erro com o "
    "documento PENDENTE) ou, com `Prefer: respond-async`, a solicitação enfileirada.",
    "content": {"application/json": {"schema": {"oneOf": [
        ERROR_SCHEMA_REF, {"$ref": "#/components/schemas/EnvelopeTask"}]}}},
}  # fmt: skip
ISSUE_ERRORS = ("MODULO_NAO_HABILITADO", "SALDO_INSUFICIENTE", "REQUEST_IN_PROGRESS",
                "IDEMPOTENCY_KEY_REUSED", "SEFAZ_REJECTION", "REVISAO_FISCAL_NECESSARIA",
                "CONFLITO_REGRAS", "AUTORIDADE_RECUSOU_CERTIFICADO",
                "AUTORIDADE_INACESSIVEL")  # fmt: skip
FILES = {
    "xml": (
        "application/xml",
        '<nfeProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/nfe">…',
    ),
    "pdf": ("application/pdf", "%PDF-1.4 …"),
}


def make_blueprint(modelo: str) -> Blueprint:
    """The same routes for NF-e (55) and NFC-e (65)."""
    modulo = "nfe" if modelo == "55" else "nfce"
    blp = Blueprint(
        modulo,
        __name__,
        url_prefix=f"/{modulo}",
        description="NF-e (modelo 55)" if modelo == "55" else "NFC-e (modelo 65)",
    )
    pdf_name = "danfe" if modelo == "55" else "danfce"

    @blp.route("")
    class Documents(MethodView):
        @requires(Scope.EMITIR)
        @blp.arguments(IssueRequestSchema, example=EXAMPLES[modelo])
        @blp.response(200)
        @blp.documents(200, DocumentSchema, description=ISSUE_200)
        @blp.doc(responses={"202": ISSUE_202})
        @blp.errors(*ISSUE_ERRORS)
        def post(self, body: dict[str, Any]) -> Any:
            """Issue: 200 authorized, 422 rejected, 202 `SEFAZ_UNAVAILABLE` when uncertain;
            with `Prefer: respond-async`, 202 with the queued task (`solicitacao_id`)."""
            company = resolve_company(Module(modulo))
            if wants_async():
                documento = modulo.upper()
                raw = request.get_json()
                enqueued = queue_ops.enqueue(company, current_credential(), documento, body, raw)
                return answer_existing(enqueued) if enqueued.task_id is None else queued(enqueued)
            issued = operations.issue(company, current_credential(), body, modelo)
            return answer(issued)

        @requires(Scope.CONSULTAR)
        @blp.arguments(ListArgsSchema, location="query")
        @blp.response(200)
        @blp.documents(200, DocumentListSchema)
        @blp.errors()
        def get(self, args: dict[str, Any]) -> dict[str, Any]:
            """The selected company's documents, newest first (status, pedido, de, ate)."""
            return _list(modulo, args)

    @blp.route("/<document_id>")
    class Document(MethodView):
        @requires(Scope.CONSULTAR)
        @blp.response(200)
        @blp.documents(200, DocumentSchema)
        @blp.errors("DOCUMENTO_NAO_ENCONTRADO", company=False)
        def get(self, document_id: str) -> dict[str, Any]:
            """The document; a PENDENTE one is first reconciled with the authority."""
            document = operations.reconcile(selected_document(modulo, document_id).id)
            return operations.render(document, with_events=True)

    @blp.route("/<document_id>/eventos")
    class Events(MethodView):
        @requires(Scope.CONSULTAR)
        @blp.response(200)
        @blp.documents(200, EventListSchema)
        @blp.errors("DOCUMENTO_NAO_ENCONTRADO", company=False)
        def get(self, document_id: str) -> dict[str, Any]:
            """Cancellations and correction letters registered on the document."""
            document = selected_document(modulo, document_id)
            return {
                "eventos": [operations.render_event(e) for e in operations.events_of(document.id)]
            }

    @blp.route("/<document_id>/xml")
    class Xml(MethodView):
        @requires(Scope.DOWNLOAD)
        @blp.file(*FILES["xml"])
        @blp.errors("DOCUMENTO_NAO_ENCONTRADO", "XML_INDISPONIVEL", company=False)
        def get(self, document_id: str) -> Response:
            """The authorized `nfeProc` (application/xml); 409 `XML_INDISPONIVEL` before that."""
            return _xml_response(selected_document(modulo, document_id))

    @blp.route(f"/<document_id>/{pdf_name}")
    class Pdf(MethodView):
        @requires(Scope.DOWNLOAD)
        @blp.file(*FILES["pdf"])
        @blp.errors("DOCUMENTO_NAO_ENCONTRADO", "DOCUMENTO_SEM_PROTOCOLO", company=False)
        def get(self, document_id: str) -> Response:
            """The DANFE / DANFC-e PDF rendered from the stored authorized XML."""
            return _pdf_response(selected_document(modulo, document_id))

    register_event_routes(blp, modelo)
    return blp


nfe = make_blueprint("55")
nfce = make_blueprint("65")
__all__ = ["envelope", "nfce", "nfe"]
