"""The routes only CT-e and CT-e OS have: preview, cancellation, CC-e and (CT-e) desacordo; the
shared ones come from `service.issuance.routes`."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from lxml import etree

from service import clock, runtime
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Company
from service.companies.resolver import effective_environment, resolve_company
from service.cte import events, preview
from service.cte.schemas import (
    CteCancelRequestSchema,
    CteCorrectionRequestSchema,
    CteOsPreviewRequestSchema,
    CtePreviewRequestSchema,
    CteRegisteredEventSchema,
    DisagreementRequestSchema,
)
from service.errors import invalid_field
from service.fiscal.schemas import ExplainQuerySchema
from service.issuance import documents
from service.issuance.events import Registered, register
from service.issuance.family import EventSpec, Family
from service.issuance.models import FiscalDocument
from service.issuance.schemas import FamilyPreviewSchema
from service.storage.documents import signed_xml

EVENT_ERRORS = ("NAO_ENCONTRADO", "STATUS_INVALIDO", "SEFAZ_EVENT_REJECTION",
                "SEFAZ_UNAVAILABLE", "REQUEST_IN_PROGRESS", "AUTORIDADE_RECUSOU_CERTIFICADO",
                "AUTORIDADE_INACESSIVEL")  # fmt: skip
PREVIEW_ERRORS = ("MODULO_NAO_HABILITADO", "CONFLITO_REGRAS", "FISCAL_CONFIGURATION_REQUIRED")
_TAKER_PATH = ("{*}infCte/{*}ide/{*}toma4/{*}CNPJ", "{*}infCte/{*}ide/{*}toma4/{*}CPF")
_ROLE_TAGS = {"0": "rem", "1": "exped", "2": "receb", "3": "dest"}


def _answer(registered: Registered) -> dict[str, Any]:
    data = documents.render(registered.document, with_events=True)
    data["evento"] = documents.render_event(registered.event)
    return data


def _registered(family: Family, document_id: str, spec: EventSpec, text: str) -> Registered:
    company = resolve_company()
    found = documents.find_document(current_credential(), company, family, document_id)
    return register(found, company, spec, text)


def taker_of(document: FiscalDocument) -> str:
    """The CT-e's taker's CNPJ/CPF, read from the signed XML (`toma4`, or the party `toma3`
    names)."""
    root = etree.fromstring(signed_xml(document))
    for path in _TAKER_PATH:
        found = root.findtext(path)
        if found:
            return str(found)
    role = root.findtext("{*}infCte/{*}ide/{*}toma3/{*}toma") or ""
    party = root.find(f"{{*}}infCte/{{*}}{_ROLE_TAGS.get(role, 'rem')}")
    if party is None:
        return ""
    return str(party.findtext("{*}CNPJ") or party.findtext("{*}CPF") or "")


def register_routes(blp: Blueprint, family: Family) -> None:
    """Preview, `cancelar`, `cce` and, for the CT-e, `desacordo`."""

    @blp.route("/preview")
    class Preview(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(ExplainQuerySchema, location="query")
        @blp.arguments(
            CtePreviewRequestSchema if family.module == "cte" else CteOsPreviewRequestSchema,
            example=family.example,
        )
        @blp.response(200, FamilyPreviewSchema)
        @blp.errors(*PREVIEW_ERRORS)
        def post(self, query: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
            """Decide and validate without issuing: no number, charge or sending."""
            company = resolve_company(family.module)
            return preview.evaluate(runtime.db(), company, family.module, body,
                                    ambiente=effective_environment(company).value,
                                    now=clock.utc_now(), explain=query["explain"])  # fmt: skip

    @blp.route("/<document_id>/cancelar")
    class Cancel(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(CteCancelRequestSchema, example={"justificativa": "Frete cancelado "
                       "pelo tomador antes do embarque."})  # fmt: skip
        @blp.response(200)
        @blp.documents(200, CteRegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Cancel an AUTORIZADA document (event 110111, within the authority's 168 h)."""
            spec = events.CANCELLATION
            return _answer(_registered(family, document_id, spec, body["justificativa"]))

    @blp.route("/<document_id>/cce")
    class Correction(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(CteCorrectionRequestSchema, example={"correcoes": [
            {"grupo": "compl", "campo": "xObs", "valor": "Entrega no portão 2."}]})  # fmt: skip
        @blp.response(200)
        @blp.documents(200, CteRegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """The next correction letter (110110, sequence 1..20 controlled here); values,
            CFOP, taker and issuer are refused with 422 before anything is sent."""
            spec, text = events.correction(body["correcoes"])
            registered = _registered(family, document_id, spec, text)
            data = _answer(registered)
            data["sequencia"] = registered.event.sequencia
            return data

    if family.module != "cte":
        return  # no desacordo for the CT-e OS (spec)

    @blp.route("/<document_id>/desacordo")
    class Disagreement(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(DisagreementRequestSchema, example={"observacao": "Mercadoria "
                       "entregue com avaria, valor do frete contestado."})  # fmt: skip
        @blp.response(200)
        @blp.documents(200, CteRegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Prestação em desacordo (610110): the taker's event, signed with the selected
            company's certificate; 422 when that company is not the CT-e's taker."""
            company = resolve_company()
            found = documents.find_document(current_credential(), company, family, document_id)
            _check_taker(company, found)
            return _answer(register(found, company, events.DISAGREEMENT_SPEC,
                                    body["observacao"]))  # fmt: skip


def _check_taker(company: Company, document: FiscalDocument) -> None:
    taker = taker_of(document)
    if taker != company.cnpj:
        raise invalid_field(
            "observacao",
            f"O desacordo é um evento do tomador do CT-e ({taker or 'não identificado'}), "
            "assinado com o certificado dele; esta empresa não é o tomador.",
        )
