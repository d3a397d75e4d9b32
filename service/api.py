"""flask-smorest wiring: the response envelope and the error envelope, in one place.

Every JSON answer carries `success` and `request_id`; views return only their own data and
the Blueprint wraps it. Every error, including Flask's own 404/405/413 and webargs'
validation errors, is rendered from the catalogue in `service.errors`.
"""

from __future__ import annotations

import logging
from typing import Any

import marshmallow as ma
from flask import Response, g, jsonify
from flask_smorest import Api as SmorestApi
from flask_smorest import Blueprint as SmorestBlueprint
from sqlalchemy.exc import IntegrityError
from werkzeug.exceptions import HTTPException

from service.brazil.errors import is_failure_of
from service.db import is_unique_violation
from service.edge import Parser
from service.errors import ApiError, field_errors

log = logging.getLogger("service.api")

_HTTP_CODES = {
    400: "VALIDATION_ERROR",
    401: "NAO_AUTENTICADO",
    403: "FORBIDDEN",
    404: "ROTA_NAO_ENCONTRADA",
    405: "METODO_NAO_PERMITIDO",
    413: "CORPO_MUITO_GRANDE",
    414: "URI_MUITO_LONGA",
    415: "TIPO_DE_CONTEUDO_INVALIDO",
    422: "VALIDATION_ERROR",
    503: "SERVICO_INDISPONIVEL",
}


class ErrorBodySchema(ma.Schema):
    code = ma.fields.String(required=True)
    message = ma.fields.String(required=True)
    missing = ma.fields.List(ma.fields.Raw())
    motivos = ma.fields.List(ma.fields.Raw())
    details = ma.fields.List(ma.fields.Raw())
    errors = ma.fields.List(ma.fields.Dict())
    sefaz_code = ma.fields.String()


class ErrorEnvelopeSchema(ma.Schema):
    """The error envelope, for the OpenAPI document."""

    success = ma.fields.Boolean(required=True)
    request_id = ma.fields.String(required=True)
    error = ma.fields.Nested(ErrorBodySchema, required=True)


def request_id() -> str:
    return str(g.get("request_id", ""))


def envelope(data: dict[str, Any] | None = None, **members: Any) -> dict[str, Any]:
    """A success body: the view's data plus `success` and `request_id`."""
    return {"success": True, "request_id": request_id(), **(data or {}), **members}


def error_response(error: ApiError) -> Response:
    body = error.payload()
    body["request_id"] = request_id()
    response = jsonify(body)
    response.status_code = error.status
    response.headers.update(error.headers)
    return response


class Blueprint(SmorestBlueprint):
    """A smorest Blueprint whose JSON answers come in the success envelope and whose arguments
    are read by the edge's parser (`service.edge`)."""

    ARGUMENTS_PARSER = Parser()

    @staticmethod
    def _prepare_response_content(data: Any) -> Any:
        if isinstance(data, dict):
            return envelope(data)
        return data

    @staticmethod
    def _make_doc_response_schema(schema: Any) -> Any:
        if schema is None:
            return None
        return _enveloped(schema.__class__)


_ENVELOPED: dict[type, type] = {}


def _enveloped(schema_class: type) -> type:
    """The documented schema of a success answer: the view's schema plus the envelope."""
    if schema_class not in _ENVELOPED:
        fields = {
            "success": ma.fields.Boolean(required=True),
            "request_id": ma.fields.String(required=True),
        }
        name = "Envelope" + schema_class.__name__.removesuffix("Schema")
        _ENVELOPED[schema_class] = type(name, (schema_class,), fields)
    return _ENVELOPED[schema_class]


def _validation_error(error: HTTPException) -> ApiError:
    data = getattr(error, "data", None) or {}
    messages = data.get("messages") or data.get("errors") or {}
    flat: list[dict[str, str]] = []
    for location_messages in messages.values() if isinstance(messages, dict) else []:
        if isinstance(location_messages, dict):
            flat.extend(field_errors(location_messages))
    if not flat:
        message = "JSON malformado ou corpo inválido." if error.code == 400 else None
        return ApiError("VALIDATION_ERROR", message)
    if any(is_failure_of("CNPJ", e["message"]) for e in flat):
        return ApiError("CNPJ_INVALIDO", errors=flat)
    return ApiError("VALIDATION_ERROR", errors=flat)


def http_error_to_api(error: HTTPException) -> ApiError:
    """Map Werkzeug/webargs HTTP errors to catalogue errors."""
    if error.code in (400, 422):
        return _validation_error(error)
    code = _HTTP_CODES.get(error.code or 500, "ERRO_INTERNO")
    headers = {}
    if error.code == 405 and error.valid_methods:  # type: ignore[attr-defined]
        headers["Allow"] = ", ".join(error.valid_methods)  # type: ignore[attr-defined]
    return ApiError(code, headers=headers)


class Api(SmorestApi):
    """smorest Api whose error handler speaks the service's envelope."""

    ERROR_SCHEMA = ErrorEnvelopeSchema

    def _register_error_handlers(self) -> None:
        self._app.register_error_handler(ApiError, error_response)
        self._app.register_error_handler(HTTPException, self.handle_http_exception)
        self._app.register_error_handler(IntegrityError, self.handle_integrity_error)
        self._app.register_error_handler(Exception, self.handle_unexpected)

    def handle_http_exception(self, error: HTTPException) -> Response:  # type: ignore[override]
        return error_response(http_error_to_api(error))

    def handle_integrity_error(self, error: IntegrityError) -> Response:
        """A unique constraint a check before the write did not catch (e.g. a concurrent
        insert) is a duplicate record, not a failure; the request's transaction is dropped."""
        if not is_unique_violation(error):
            return self.handle_unexpected(error)
        log.warning("unique violation", extra={"request_id": request_id()})
        return error_response(
            ApiError("REGISTRO_DUPLICADO", "Já existe um registro com este código ou valor único.")
        )

    def handle_unexpected(self, error: Exception) -> Response:
        log.exception("unhandled error", extra={"request_id": request_id()})
        return error_response(ApiError("ERRO_INTERNO"))
