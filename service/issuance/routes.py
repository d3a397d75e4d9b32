"""The routes every family shares, made once by a blueprint factory: issue (sync or queued),
list, get (reconciling what is uncertain), events, XML and PDF. A family adds only its own
routes (`Family.extra_routes`: cancellation, CC-e, desacordo, close, add driver...)."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask.views import MethodView

from service.api import ERROR_SCHEMA_REF, Blueprint
from service.auth import current_credential, requires
from service.companies.resolver import resolve_company
from service.errors import ApiError
from service.issuance import documents, operations
from service.issuance.family import Family
from service.issuance.models import DocumentStatus, FiscalDocument
from service.issuance.reconcile import reconcile
from service.issuance.schemas import EventListSchema, ListArgsSchema, page_of
from service.queue import operations as queue_ops
from service.queue.answers import REPLAY_HEADER, queued, wants_async
from service.storage.documents import has_authorized

_REJECTED = (DocumentStatus.REJEITADA, DocumentStatus.DENEGADA)
_UNCERTAIN = (DocumentStatus.PENDENTE, DocumentStatus.PROCESSANDO)
_NOT_SENT = "O documento não chegou à autoridade fiscal e nada foi cobrado; repita o pedido."

ISSUE_200 = "Documento AUTORIZADA (uma réplica do mesmo pedido traz `Idempotent-Replay: true`)."
ISSUE_202 = {
    "description": "Resposta incerta da autoridade (`SEFAZ_UNAVAILABLE`, envelope de erro com o "
    "documento pendente) ou, com `Prefer: respond-async`, a solicitação enfileirada.",
    "content": {"application/json": {"schema": {"oneOf": [
        ERROR_SCHEMA_REF, {"$ref": "#/components/schemas/EnvelopeTask"}]}}},
}  # fmt: skip
ISSUE_ERRORS = ("MODULO_NAO_HABILITADO", "SALDO_INSUFICIENTE", "REQUEST_IN_PROGRESS",
                "IDEMPOTENCY_KEY_REUSED", "REVISAO_FISCAL_NECESSARIA", "CONFLITO_REGRAS",
                "AUTORIDADE_RECUSOU_CERTIFICADO", "AUTORIDADE_INACESSIVEL")  # fmt: skip
PDF_EXAMPLE = "%PDF-1.4 …"


def answer(family: Family, issued: operations.Issued) -> Any:
    """The issuance answer from the stored state: 200, 422 rejection, 202 uncertain, or
    502/503 when the request never reached the authority (document NAO_ENVIADA)."""
    document = issued.document
    headers = dict(REPLAY_HEADER) if issued.replay else {}
    data = documents.render(document)
    if issued.not_delivered is not None:
        issued.not_delivered.body = data
        raise issued.not_delivered
    if document.status == DocumentStatus.NAO_ENVIADA:  # another request's attempt, seen late
        raise ApiError("AUTORIDADE_INACESSIVEL", _NOT_SENT, headers=headers, body=data)
    if document.status in _REJECTED:
        raise ApiError(
            family.rejection,
            document.sefaz_mensagem or None,
            sefaz_code=document.sefaz_code,
            details=document.detalhes or None,
            headers=headers,
            body=data,
        )
    if document.status in _UNCERTAIN:
        data["status"] = family.uncertain_status
        raise ApiError("SEFAZ_UNAVAILABLE", headers=headers, body=data)
    return data, 200, headers


def answer_existing(family: Family, enqueued: queue_ops.Enqueued) -> Any:
    """An async request for an order a synchronous request already issued: its document,
    answered as a synchronous replay (RFC 7240 lets a server ignore `respond-async`)."""
    assert enqueued.document_id is not None
    return answer(family, operations.Issued(reconcile(enqueued.document_id), replay=True))


def selected_document(family: Family, document_id: str) -> FiscalDocument:
    """The document `document_id` of the request's company (`resolve_company`), else 404."""
    return documents.find_document(current_credential(), resolve_company(), family, document_id)


def xml_response(family: Family, document: FiscalDocument) -> Response:
    if not documents.has_xml(document):
        raise ApiError("XML_INDISPONIVEL")
    filename = f"{document.chave}-{family.xml_name}.xml"
    return Response(
        documents.current_xml(document),
        mimetype="application/xml",
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )


def pdf_response(family: Family, document: FiscalDocument) -> Response:
    handed_out = document.status == DocumentStatus.CONTINGENCIA  # its PDF goes with it
    if not handed_out and (document.protocolo is None or not has_authorized(document)):
        raise ApiError(family.pdf_unavailable)
    filename = f"{document.chave}-{family.pdf_name}.pdf"
    return Response(
        family.render_pdf(document),
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )


def _issue(family: Family, body: dict[str, Any]) -> Any:
    company = resolve_company(family.module)
    if family.check_request is not None:
        family.check_request(current_credential(), body)
    if wants_async():
        raw = request.get_json()
        enqueued = queue_ops.enqueue(company, current_credential(), family.documento, body, raw)
        if enqueued.task_id is None:
            return answer_existing(family, enqueued)
        return queued(enqueued)
    return answer(family, operations.issue(family, company, current_credential(), body))


def _list(family: Family, args: dict[str, Any]) -> dict[str, Any]:
    """The selected company's documents, like every other list (several companies and no
    selector: 422 on `empresa`)."""
    page = documents.listed(current_credential(), resolve_company(), family, args)
    return {**page.envelope(), "itens": [documents.render(d) for d in page.itens]}


_BLUEPRINTS: dict[str, Blueprint] = {}


def blueprint_for(family: Family) -> Blueprint:
    """The family's blueprint, made once per process (every app registers the same one)."""
    if family.module not in _BLUEPRINTS:
        _BLUEPRINTS[family.module] = make_blueprint(family)
    return _BLUEPRINTS[family.module]


def make_blueprint(family: Family) -> Blueprint:
    """The family's blueprint: the shared routes, then the family's own."""
    blp = Blueprint(
        family.module, __name__, url_prefix=f"/{family.module}", description=family.title
    )
    _collection_routes(blp, family)
    _document_routes(blp, family)
    _file_routes(blp, family)
    if family.extra_routes is not None:
        family.extra_routes(blp, family)
    return blp


def _collection_routes(blp: Blueprint, family: Family) -> None:
    scopes = family.scopes

    @blp.route("")
    class Documents(MethodView):
        @requires(scopes.issue)
        @blp.arguments(family.request_loader, example=family.example)
        @blp.response(200)
        @blp.documents(200, family.document_schema, description=ISSUE_200)
        @blp.doc(responses={"202": ISSUE_202})
        @blp.errors(*ISSUE_ERRORS, *family.issue_errors)
        def post(self, body: dict[str, Any]) -> Any:
            """Issue: 200 authorized, 422 rejected, 202 `SEFAZ_UNAVAILABLE` when uncertain;
            with `Prefer: respond-async`, 202 with the queued task (`solicitacao_id`)."""
            return _issue(family, body)

        @requires(scopes.read)
        @blp.arguments(ListArgsSchema, location="query")
        @blp.response(200)
        @blp.documents(200, page_of(family.document_schema))
        @blp.errors()
        def get(self, args: dict[str, Any]) -> dict[str, Any]:
            """The selected company's documents, newest first (status, pedido, de, ate)."""
            return _list(family, args)


def _document_routes(blp: Blueprint, family: Family) -> None:
    scopes = family.scopes

    @blp.route("/<document_id>")
    class Document(MethodView):
        @requires(scopes.read)
        @blp.selects_company
        @blp.response(200)
        @blp.documents(200, family.document_schema)
        @blp.errors(family.not_found, company=False)
        def get(self, document_id: str) -> dict[str, Any]:
            """The document; an uncertain one is first reconciled with the authority."""
            document = reconcile(selected_document(family, document_id).id)
            return documents.render(document, with_events=True)

    @blp.route("/<document_id>/eventos")
    class Events(MethodView):
        @requires(scopes.read)
        @blp.selects_company
        @blp.response(200)
        @blp.documents(200, EventListSchema)
        @blp.errors(family.not_found, company=False)
        def get(self, document_id: str) -> dict[str, Any]:
            """The events registered on the document (cancellation, correction letters...)."""
            document = selected_document(family, document_id)
            events = documents.events_of(document.id)
            return {"eventos": [documents.render_event(e) for e in events]}


def _file_routes(blp: Blueprint, family: Family) -> None:
    scopes = family.scopes
    xml_example = '<?xml version="1.0" encoding="UTF-8"?>…'

    @blp.route("/<document_id>/xml")
    class Xml(MethodView):
        @requires(scopes.download)
        @blp.selects_company
        @blp.file("application/xml", xml_example)
        @blp.errors(family.not_found, "XML_INDISPONIVEL", company=False)
        def get(self, document_id: str) -> Response:
            """The authorized XML (application/xml); 409 `XML_INDISPONIVEL` before that."""
            return xml_response(family, selected_document(family, document_id))

    @blp.route(f"/<document_id>/{family.pdf_name}")
    class Pdf(MethodView):
        @requires(scopes.download)
        @blp.selects_company
        @blp.file("application/pdf", PDF_EXAMPLE)
        @blp.errors(family.not_found, family.pdf_unavailable, company=False)
        def get(self, document_id: str) -> Response:
            """The document's PDF rendered from the stored authorized XML."""
            return pdf_response(family, selected_document(family, document_id))
