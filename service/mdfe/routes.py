"""The routes only the MDF-e has: preview, close (encerrar), cancel, add a driver, and the
open manifests as the authority sees them (`GET /mdfe/nao-encerrados`)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView
from sqlalchemy import select

from documents.transmission.outcome import OpenManifests
from service import clock, runtime
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.resolver import effective_environment, resolve_company
from service.errors import ApiError
from service.issuance import documents
from service.issuance.credentials import credentials_for
from service.issuance.events import Registered, register
from service.issuance.family import Family
from service.issuance.models import FiscalDocument
from service.issuance.schemas import FamilyPreviewSchema
from service.mdfe import events, preview
from service.mdfe.authority import client
from service.mdfe.manifest import registered_driver_name
from service.mdfe.schemas import (
    AddDriverRequestSchema,
    CloseRequestSchema,
    MdfeCancelRequestSchema,
    MdfePreviewRequestSchema,
    MdfeRegisteredEventSchema,
)

EVENT_ERRORS = ("NAO_ENCONTRADO", "STATUS_INVALIDO", "SEFAZ_EVENT_REJECTION",
                "SEFAZ_UNAVAILABLE", "REQUEST_IN_PROGRESS", "AUTORIDADE_RECUSOU_CERTIFICADO",
                "AUTORIDADE_INACESSIVEL")  # fmt: skip


class OpenManifestSchema(ma.Schema):
    chave = ma.fields.String()
    protocolo = ma.fields.String()
    id = ma.fields.String(allow_none=True)
    status = ma.fields.String(allow_none=True)
    conhecido = ma.fields.Boolean()


class OpenManifestListSchema(ma.Schema):
    total = ma.fields.Integer()
    itens = ma.fields.List(ma.fields.Nested(OpenManifestSchema))


def _answer(registered: Registered) -> dict[str, Any]:
    data = documents.render(registered.document, with_events=True)
    data["evento"] = documents.render_event(registered.event)
    return data


def register_routes(blp: Blueprint, family: Family) -> None:
    """Preview, `encerrar`, `cancelar`, `condutor` and `nao-encerrados`."""

    @blp.route("/preview")
    class Preview(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(MdfePreviewRequestSchema, example=family.example)
        @blp.response(200, FamilyPreviewSchema)
        @blp.errors("MODULO_NAO_HABILITADO", "FISCAL_CONFIGURATION_REQUIRED")
        def post(self, body: dict[str, Any]) -> dict[str, Any]:
            """Check the manifest and validate its XML without issuing."""
            return preview.evaluate(family, body)

    @blp.route("/nao-encerrados")
    class Open(MethodView):
        @requires(family.scopes.read)
        @blp.response(200, OpenManifestListSchema)
        @blp.errors("AUTORIDADE_INACESSIVEL", "SEFAZ_UNAVAILABLE")
        def get(self) -> dict[str, Any]:
            """The company's manifests the authority holds open (MDFeConsNaoEnc), each marked
            with ours when the service issued it (`conhecido`)."""
            return _open_manifests()

    @blp.route("/<document_id>/encerrar")
    class Close(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(CloseRequestSchema, example={"cod_municipio": "3509502"})
        @blp.response(200)
        @blp.documents(200, MdfeRegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Close on arrival (110112): ENCERRADA; webhook `mdfe.closed`."""
            company = resolve_company()
            day = body.get("data") or clock.operation_date(company.uf)
            spec, text = events.closing(body["cod_municipio"], day)
            found = documents.find_document(current_credential(), company, family, document_id)
            return _answer(register(found, company, spec, text))

    @blp.route("/<document_id>/cancelar")
    class Cancel(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(MdfeCancelRequestSchema, example={"justificativa": "Viagem cancelada "
                       "antes da saída do veículo."})  # fmt: skip
        @blp.response(200)
        @blp.documents(200, MdfeRegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Cancel (110111): CANCELADA."""
            company = resolve_company()
            found = documents.find_document(current_credential(), company, family, document_id)
            return _answer(register(found, company, events.CANCELLATION, body["justificativa"]))

    @blp.route("/<document_id>/condutor")
    class AddDriver(MethodView):
        @requires(family.scopes.issue)
        @blp.arguments(AddDriverRequestSchema, example={"cpf": "11144477735", "nome": "Ana Lima"})
        @blp.response(200)
        @blp.documents(200, MdfeRegisteredEventSchema)
        @blp.errors(*EVENT_ERRORS, "CONDUTOR_JA_INCLUIDO", company=False)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Add a driver (110114); 409 `CONDUTOR_JA_INCLUIDO` when already on it."""
            company = resolve_company()
            found = documents.find_document(current_credential(), company, family, document_id)
            current = documents.render(found, with_events=True).get("condutores", [])
            if any(d["cpf"] == body["cpf"] for d in current):
                raise ApiError("CONDUTOR_JA_INCLUIDO")
            name = body.get("nome") or registered_driver_name(runtime.db(), company, body["cpf"])
            if not name:
                raise ApiError("VALIDATION_ERROR", errors=[{"field": "nome", "message":
                               "Condutor não cadastrado: informe o nome."}])  # fmt: skip
            spec, text = events.adding(str(name), body["cpf"])
            return _answer(register(found, company, spec, text))


def _open_manifests() -> dict[str, Any]:
    company = resolve_company("mdfe")
    rt = runtime.current()
    ambiente = effective_environment(company).value
    creds = credentials_for(company, clock.utc_now())
    runtime.end_request_transaction()
    answer = client(rt.authority, creds, ambiente, company).open_manifests(str(company.cnpj))
    if not isinstance(answer, OpenManifests):
        raise ApiError("SEFAZ_UNAVAILABLE", getattr(answer, "xMotivo", None) or None)
    keys = [m.chMDFe for m in answer.manifests]
    query = select(FiscalDocument).where(
        FiscalDocument.company_id == company.id, FiscalDocument.chave.in_(keys)
    )
    ours = {d.chave: d for d in runtime.db().execute(query).scalars()}
    items = [
        {"chave": m.chMDFe, "protocolo": m.nProt, "conhecido": m.chMDFe in ours,
         "id": ours[m.chMDFe].id if m.chMDFe in ours else None,
         "status": ours[m.chMDFe].status if m.chMDFe in ours else None}
        for m in answer.manifests
    ]  # fmt: skip
    return {"total": len(items), "itens": items}
