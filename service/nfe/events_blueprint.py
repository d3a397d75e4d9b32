"""Event routes of `/nfe` and `/nfce` (cancellation, CC-e): added to each family's blueprint."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.nfe import events, operations
from service.validators import Length, layout_text

LENGTH = "Informe de {min} a {max} caracteres."


class CancelRequestSchema(ma.Schema):
    justificativa = ma.fields.String(
        required=True, validate=[Length(min=15, max=255, error=LENGTH), layout_text]
    )


class CorrectionRequestSchema(ma.Schema):
    correcao = ma.fields.String(
        required=True, validate=[Length(min=15, max=1000, error=LENGTH), layout_text]
    )


def render(registered: events.Registered) -> dict[str, Any]:
    """The document as it is now plus the event; `protocolo` is the event's protocol (the
    authorization's stays in `protocolo_autorizacao`)."""
    document, event = registered.document, registered.event
    data = operations.render(document, with_events=True)
    data["protocolo_autorizacao"] = document.protocolo
    data["protocolo"] = event.protocolo
    data["evento"] = operations.render_event(event)
    return data


def register_event_routes(blp: Blueprint, modelo: str) -> None:
    """Routes `POST /{id}/cancelamento` (both models) and `POST /{id}/cce` (NF-e only)."""
    modulo = "nfe" if modelo == "55" else "nfce"

    @blp.route("/<document_id>/cancelamento")
    class Cancellation(MethodView):
        @blp.arguments(CancelRequestSchema)
        @blp.response(200)
        @requires(Scope.CANCELAR)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Cancel an AUTORIZADA document (event 110111): 200 CANCELADA, 422
            `SEFAZ_REJECTION` (deadline, situation), 409 `STATUS_INVALIDO`, 202 uncertain."""
            registered = events.cancel(
                current_credential(), modulo, document_id, body["justificativa"]
            )
            return render(registered)

    if modelo != "55":
        return  # NFC-e takes no correction letter (SEFAZ rejection 784)

    @blp.route("/<document_id>/cce")
    class Correction(MethodView):
        @blp.arguments(CorrectionRequestSchema)
        @blp.response(200)
        @requires(Scope.CCE)
        def post(self, body: dict[str, Any], document_id: str) -> dict[str, Any]:
            """Register the next correction letter (event 110110, `sequencia` 1..20)."""
            registered = events.correct(current_credential(), document_id, body["correcao"])
            data = render(registered)
            data["sequencia"] = registered.event.sequencia
            return data
