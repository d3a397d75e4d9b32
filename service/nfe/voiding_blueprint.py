"""`/inutilizacao`: voiding a range of unused NF-e/NFC-e numbers (the work is in `voiding`)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from documents.nfe.model import Modelo
from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Module
from service.companies.resolver import resolve_company
from service.configuration.fields import CompanySelector
from service.issuance import numbering, registry
from service.nfe import voiding
from service.nfe.schemas import VoidingSchema
from service.validators import Length, Range

blp = Blueprint(
    "inutilizacao",
    __name__,
    url_prefix="/inutilizacao",
    description="Inutilização de numeração de NF-e e NFC-e",
)


MODELS = tuple(m.value for m in Modelo)
"""The models whose numbers can be voided here (NF-e, NFC-e)."""


class Model(ma.fields.Field[str]):
    """`modelo` 55 or 65, as a number or a string."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = str(value).strip() if isinstance(value, int | str) else ""
        if isinstance(value, bool) or text not in MODELS:
            raise ma.ValidationError("Use 55 (NF-e) ou 65 (NFC-e).")
        return text

    def openapi_property(self, _converter: Any) -> dict[str, Any]:
        number = {"type": "integer", "enum": [int(m) for m in MODELS]}
        return {"oneOf": [number, {"type": "string", "enum": list(MODELS)}]}


LENGTH = "Informe de {min} a {max} caracteres."
RANGE = "Deve estar entre {min} e {max}."
NUMBER = Range(min=1, max=999_999_999, error=RANGE)


class VoidRequestSchema(CompanySelector):
    modelo = Model(required=True)
    serie = ma.fields.Integer(strict=True, validate=Range(min=0, max=999, error=RANGE))
    numero_inicial = ma.fields.Integer(required=True, strict=True, validate=NUMBER)
    numero_final = ma.fields.Integer(strict=True, validate=NUMBER)
    justificativa = ma.fields.String(required=True, validate=Length(min=15, max=255, error=LENGTH))

    @ma.validates_schema
    def _range(self, data: dict[str, Any], **kwargs: Any) -> None:
        first = data.get("numero_inicial")
        last = data.get("numero_final", first)
        if first is None or last is None:
            return
        if last < first:
            raise ma.ValidationError("Deve ser maior ou igual a numero_inicial.", "numero_final")
        if last - first + 1 > voiding.MAX_RANGE:
            raise ma.ValidationError(
                f"No máximo {voiding.MAX_RANGE} números por pedido.", "numero_final"
            )

    @ma.post_load
    def _text(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        """One line, as the layout carries it (xJust)."""
        data["justificativa"] = " ".join(data["justificativa"].split())
        if len(data["justificativa"]) < 15:
            raise ma.ValidationError("Informe de 15 a 255 caracteres.", "justificativa")
        return data


EXAMPLE = {"modelo": 55, "serie": 1, "numero_inicial": 1, "numero_final": 1,
           "justificativa": "Numeração pulada por falha do sistema emissor."}  # fmt: skip
"""Voids the quickstart company's next NF-e number (the sequence then skips it)."""


@blp.route("")
class Voidings(MethodView):
    @requires(Scope.INUTILIZAR)
    @blp.arguments(VoidRequestSchema, example=EXAMPLE)
    @blp.response(200)
    @blp.documents(200, VoidingSchema)
    @blp.errors(
        "MODULO_NAO_HABILITADO", "SEFAZ_REJECTION", "SEFAZ_UNAVAILABLE",
        "AUTORIDADE_RECUSOU_CERTIFICADO", "AUTORIDADE_INACESSIVEL",
    )  # fmt: skip
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Void a range of unused numbers: 200 HOMOLOGADA; 422 `VALIDATION_ERROR` (a number
        in use, a range after the next number), 422 `SEFAZ_REJECTION`, 202 uncertain."""
        company = resolve_company(Module(registry.by_model(body["modelo"]).module))
        req = voiding.request_of(company, current_credential(), body)
        done = voiding.void(req)
        data = voiding.render(done)
        data["proximo_numero"] = numbering.next_number(runtime.db(), *req.sequence_key)
        return data
