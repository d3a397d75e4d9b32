"""The routes only the NFS-e has: preview and cancellation (the shared ones come from
`service.issuance.routes`)."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service import clock, runtime
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.resolver import effective_environment, resolve_company
from service.fiscal.schemas import ExplainQuerySchema
from service.issuance import documents
from service.issuance.events import register
from service.issuance.family import Family
from service.issuance.schemas import FamilyPreviewSchema
from service.nfse import events, preview
from service.nfse.schemas import (
    NfseCancelSchema,
    NfsePreviewRequestSchema,
    NfseRegisteredEventSchema,
)

PREVIEW_ERRORS = ("MODULO_NAO_HABILITADO", "CONFLITO_REGRAS", "FISCAL_CONFIGURATION_REQUIRED")
CANCEL_ERRORS = ("NAO_ENCONTRADO", "STATUS_INVALIDO", "NFSE_CANCEL_REJECTION",
                 "SEFAZ_UNAVAILABLE", "REQUEST_IN_PROGRESS", "AUTORIDADE_RECUSOU_CERTIFICADO",
                 "AUTORIDADE_INACESSIVEL")  # fmt: skip
CANCEL_EXAMPLE = {"justificativa": "Serviço faturado em duplicidade para o tomador.",
                  "codigo_motivo": 1}  # fmt: skip


def register_routes(blp: Blueprint, family: Family) -> None:
    """`POST /nfse/preview` and `POST /nfse/{id}/cancelar`."""

    @blp.route("/preview")
    class Preview(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(ExplainQuerySchema, location="query")
        @blp.arguments(NfsePreviewRequestSchema, example=family.example)
        @blp.response(200, FamilyPreviewSchema)
        @blp.errors(*PREVIEW_ERRORS)
        def post(self, query: dict[str, Any], body: dict[str, Any]) -> dict[str, Any]:
            """Decide and validate the DPS without issuing: no number, charge or sending."""
            company = resolve_company(family.module)
            assert family.check_request is not None
            family.check_request(current_credential(), body)
            outcome = preview.evaluate(
                runtime.db(),
                company,
                body,
                ambiente=effective_environment(company).value,
                now=clock.utc_now(),
                explain=query["explain"],
            )
            return preview.render(outcome)

    @blp.route("/<document_id>/cancelar")
    class Cancel(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(NfseCancelSchema, example=CANCEL_EXAMPLE)
        @blp.response(200)
        @blp.documents(200, NfseRegisteredEventSchema)
        @blp.errors(*CANCEL_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Cancel an AUTORIZADA NFS-e (event e101101): 200 CANCELADA, 422
            `NFSE_CANCEL_REJECTION` (E0822: past the municipality's deadline), 409
            `STATUS_INVALIDO`, 202 while the national system's answer is unknown."""
            company = resolve_company()
            found = documents.find_document(current_credential(), company, family, document_id)
            spec = events.cancellation(body["codigo_motivo"])
            registered = register(found, company, spec, body["justificativa"])
            data = documents.render(registered.document, with_events=True)
            data["evento"] = documents.render_event(registered.event)
            return data
