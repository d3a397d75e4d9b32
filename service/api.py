"""flask-smorest wiring: the response envelope and the error envelope, in one place.

Every JSON answer carries `success` and `request_id`; views return only their own data and
the Blueprint wraps it. Every error, including Flask's own 404/405/413 and webargs'
validation errors, is rendered from the catalogue in `service.errors`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from copy import deepcopy
from typing import Any, TypeVar, cast

import marshmallow as ma
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import resolve_schema_instance
from flask import Response, g, jsonify
from flask_smorest import Api as SmorestApi
from flask_smorest import Blueprint as SmorestBlueprint
from sqlalchemy.exc import IntegrityError
from werkzeug.exceptions import HTTPException

from service.brazil.errors import is_failure_of
from service.db import is_unique_violation
from service.edge import Parser
from service.errors import CATALOGUE, ApiError, field_errors

log = logging.getLogger("service.api")
F = TypeVar("F", bound=Callable[..., Any])

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


class FieldErrorSchema(ma.Schema):
    """One entry of `errors`: the request field (a path of the body or query) and what fails."""

    field = ma.fields.String(required=True, metadata={"description": "Ex.: `itens.0.quantidade`."})
    message = ma.fields.String(required=True)


class ErrorBodySchema(ma.Schema):
    """`error`: code and message always; the members the spec names where they apply."""

    class Meta:
        unknown = ma.INCLUDE  # documented as open: a code may add a member of its own

    code = ma.fields.String(required=True, metadata={"description": "Código do catálogo."})
    message = ma.fields.String(required=True, metadata={"description": "O que corrigir."})
    missing = ma.fields.List(ma.fields.Raw())
    motivos = ma.fields.List(ma.fields.Raw())
    details = ma.fields.List(ma.fields.Raw())
    errors = ma.fields.List(ma.fields.Nested(FieldErrorSchema))
    sefaz_code = ma.fields.String()


class ErrorEnvelopeSchema(ma.Schema):
    """The error envelope, for the OpenAPI document.

    Some codes carry top-level members beside `error` (`ApiError(body=...)`): the document of
    a SEFAZ rejection or an uncertain answer, `ready_to_issue`, `documento` of a 501, the
    balance of a 402, the task of a 409. The known ones are declared; the envelope stays open.
    """

    class Meta:
        unknown = ma.INCLUDE

    success = ma.fields.Boolean(required=True, metadata={"enum": [False]})
    request_id = ma.fields.String(required=True)
    error = ma.fields.Nested(ErrorBodySchema, required=True)
    ready_to_issue = ma.fields.Boolean()
    confidence_score = ma.fields.Raw(
        metadata={"oneOf": [{"type": "number"}, {"type": "string"}], "description": "0 a 1."}
    )
    documento = ma.fields.String()
    configuracao_fiscal_percentual = ma.fields.Integer()
    pronta_para_emitir = ma.fields.Boolean()
    solicitacao_id = ma.fields.String()
    id = ma.fields.String()
    status = ma.fields.String()
    saldo = ma.fields.String()
    preco = ma.fields.String()


ERROR_SCHEMA_REF = {"$ref": "#/components/schemas/ErrorEnvelope"}

# Errors every operation of an API blueprint can answer: the key is checked (401), then its
# scope (403), then the rate limit (429).
AUTHENTICATED_ERRORS = ("NAO_AUTENTICADO", "FORBIDDEN", "RATE_LIMITED")
# Errors of an operation that reads arguments (query string or body).
ARGUMENT_ERRORS = ("VALIDATION_ERROR",)
# Errors of an operation with a request body.
BODY_ERRORS = ("CORPO_MUITO_GRANDE", "TIPO_DE_CONTEUDO_INVALIDO")
COMPANY_QUERY = (
    {"in": "query", "name": "empresa", "required": False, "schema": {"type": "string"},
     "description": "Código da empresa (opcional quando a conta tem uma só empresa ativa)."},
    {"in": "query", "name": "empresa_id", "required": False, "schema": {"type": "string"},
     "description": "Id da empresa (alternativa a `empresa`)."},
)  # fmt: skip
"""The company selector in the query string, as an OpenAPI parameter list."""

# Errors of an operation that selects a company (`empresa`/`empresa_id` or the only one).
COMPANY_ERRORS = ("EMPRESA_NAO_AUTORIZADA", "FISCAL_CONFIGURATION_REQUIRED")


def error_example(code: str) -> dict[str, Any]:
    """The answer of one catalogue code, as the error handler renders it."""
    body: dict[str, Any] = {"code": code, "message": CATALOGUE[code].message}
    if code == "VALIDATION_ERROR":
        body["errors"] = [{"field": "itens.0.quantidade", "message": "Deve ser um número."}]
    return {"success": False, "request_id": "req_0123456789abcdef01234567", "error": body}


def error_responses(codes: Iterable[str]) -> dict[str, dict[str, Any]]:
    """OpenAPI responses for catalogue codes, one per HTTP status, each code an example."""
    by_status: dict[int, list[str]] = {}
    for code in codes:
        listed = by_status.setdefault(CATALOGUE[code].status, [])
        if code not in listed:
            listed.append(code)
    responses = {}
    for status in sorted(by_status):
        listed = by_status[status]
        description = "; ".join(f"`{c}`: {CATALOGUE[c].message}" for c in listed)
        examples = {c: {"value": error_example(c)} for c in listed}
        content = {"schema": ERROR_SCHEMA_REF, "examples": examples}
        responses[str(status)] = {
            "description": description,
            "content": {"application/json": content},
        }
    return responses


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
    are read by the edge's parser (`service.edge`).

    Its OpenAPI operations also list their error answers: the ones every API operation
    can give (401, 403, 429; 422 with arguments; 413 and 415 with a body; the company
    selection's 403/422 when the view selects a company), plus those a view names with
    `@blp.errors(...)`. So no view copies the catalogue into its documentation.
    """

    ARGUMENTS_PARSER = Parser()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._prepare_doc_cbks.append(self._prepare_error_doc)

    @staticmethod
    def errors(*codes: str, company: bool = True) -> Callable[[F], F]:
        """Document catalogue codes this view answers (beyond the automatic ones).

        `company=False` for views that select no company (keys, wallet, webhooks...).
        """
        for code in codes:
            if code not in CATALOGUE:
                raise KeyError(f"unknown error code {code}")

        def decorator(view: F) -> F:
            apidoc = deepcopy(getattr(view, "_apidoc", {}))
            listed = apidoc.setdefault("errors", [])
            listed.extend((*(COMPANY_ERRORS if company else ()), *codes))
            view._apidoc = apidoc  # type: ignore[attr-defined]
            return view

        return decorator

    @staticmethod
    def selects_company(view: F) -> F:
        """Document the company selector of a view that reads no query schema: `empresa` or
        `empresa_id` in the query string (`service.companies.resolver`), so a generated
        client can pass it."""
        apidoc = deepcopy(getattr(view, "_apidoc", {}))
        manual = apidoc.setdefault("manual_doc", {})
        manual["parameters"] = [*manual.get("parameters", []), *COMPANY_QUERY]
        view._apidoc = apidoc  # type: ignore[attr-defined]
        return view

    def file(self, content_type: str, example: str) -> Callable[[F], F]:
        """Document a 200 that is a file (an XML or a PDF), not a JSON envelope."""
        binary = content_type != "application/xml"
        schema = {"type": "string", **({"format": "binary"} if binary else {})}
        decorator: Callable[[F], F] = self.alt_response(
            200, schema=schema, content_type=content_type, example=example,
            description="O arquivo.", success=True,
        )  # fmt: skip
        return decorator

    def documents(
        self, status: int, schema: Any, *, description: str | None = None
    ) -> Callable[[F], F]:
        """Document a success answer the view builds itself (the schema never dumps it)."""
        decorator: Callable[[F], F] = self.alt_response(
            status, schema=schema, description=description, success=True
        )
        return decorator

    @staticmethod
    def _prepare_error_doc(doc: dict[str, Any], doc_info: dict[str, Any], **_: Any) -> Any:
        """smorest doc callback: runs after the arguments and responses are documented, so
        it sees whether the operation reads a query string or a body."""
        codes: list[str] = list(AUTHENTICATED_ERRORS)
        if doc.get("parameters") or doc.get("requestBody"):
            codes.extend(ARGUMENT_ERRORS)
        if doc.get("requestBody"):
            codes.extend(BODY_ERRORS)
        codes.extend(doc_info.get("errors", []))
        responses = doc.setdefault("responses", {})
        for status, response in error_responses(codes).items():
            if status not in responses or "$ref" in responses[status]:
                responses[status] = response
        return doc

    @staticmethod
    def _prepare_response_content(data: Any) -> Any:
        if isinstance(data, dict):
            return envelope(data)
        return data

    @staticmethod
    def _make_doc_response_schema(schema: Any) -> Any:
        if schema is None or isinstance(schema, dict | str):
            return schema
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


DECIMAL_PATTERN = r"^-?\d+(\.\d+)?$"
DECIMAL_STRING = {"type": "string", "format": "decimal", "pattern": DECIMAL_PATTERN}


def decimal_as_string(_converter: Any, field: ma.fields.Field[Any], **_: Any) -> dict[str, Any]:
    """A `Decimal` (money, rates, quantities) is a decimal string on the wire. One declared
    `as_string` is only that; any other is read from a decimal string or a JSON number (the
    guides send `"quantidade": 3`), so it is documented as either (apispec gives `Decimal`
    no type of its own: `Api._init_spec`). Answers carry decimals as strings."""
    if not isinstance(field, ma.fields.Decimal):
        return {}
    if field.as_string:
        return dict(DECIMAL_STRING)
    return {"oneOf": [dict(DECIMAL_STRING), {"type": "number"}]}


NULLABLE_OBJECT = {"type": "object", "nullable": True}


def nullable_reference(
    _converter: Any, field: ma.fields.Field[Any], ret: dict[str, Any], **_: Any
) -> dict[str, Any]:
    """A nested schema that may be null: apispec writes `anyOf: [{type: object, nullable},
    {$ref}]`, which generated clients read as a second, empty model; `allOf: [{$ref}]` with
    `nullable` says the same (the referenced object or null)."""
    alternatives = ret.get("anyOf")
    if not (isinstance(alternatives, list) and NULLABLE_OBJECT in alternatives):
        return {}
    references = [a for a in alternatives if a != NULLABLE_OBJECT]
    if len(references) != 1 or "$ref" not in references[0]:
        return {}
    del ret["anyOf"]
    return {"allOf": references, "nullable": True}


def field_openapi(converter: Any, field: ma.fields.Field[Any], **_: Any) -> dict[str, Any]:
    """A custom field documents itself with `openapi_property(converter)` (e.g. its oneOf)."""
    describe = getattr(field, "openapi_property", None)
    return describe(converter) if describe is not None else {}


def schema_name(schema: Any) -> str:
    """Component names: the class name without `Schema`; a partial (PUT) schema is `…Parcial`."""
    instance = resolve_schema_instance(schema)
    name = type(instance).__name__.removesuffix("Schema")
    return name + "Parcial" if instance.partial else name


class Api(SmorestApi):
    """smorest Api whose error handler speaks the service's envelope, and whose OpenAPI
    document is written when it is first read.

    Documenting the routes (every schema turned into JSON Schema by apispec) was four fifths
    of building the app, about 0.2 s, paid by every gunicorn worker and every test's app,
    though only `/openapi.json`, the docs and the `openapi` CLI read the document. A
    blueprint's routes are registered with Flask at once; its documentation waits in
    `_undocumented` and is written, in registration order (the same document as before),
    the first time `spec` is read."""

    ERROR_SCHEMA = ErrorEnvelopeSchema

    def __init__(self, app: Any = None, *, spec_kwargs: dict[str, Any] | None = None) -> None:
        self._spec: APISpec | None = None
        self._undocumented: list[tuple[Any, str, Any]] = []
        self._documenting = threading.RLock()
        self._writing = False
        plugin = MarshmallowPlugin(schema_name_resolver=schema_name)
        super().__init__(app, spec_kwargs={"marshmallow_plugin": plugin, **(spec_kwargs or {})})

    @property  # type: ignore[override]
    def spec(self) -> APISpec:
        """The OpenAPI document, with every registered blueprint's routes in it (None only
        before `init_app`, as smorest's own attribute)."""
        if self._undocumented:
            self._document()
        return cast(APISpec, self._spec)

    @spec.setter
    def spec(self, value: APISpec | None) -> None:
        self._spec = value

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        """smorest's `register_blueprint`, its documentation left for `_document`."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        self._undocumented.append((blp, name, parameters))

    def _document(self) -> None:
        """Writes the waiting blueprints into the document, once: a concurrent reader waits
        for the whole document; a read from inside the writing (same thread) gets it as is."""
        with self._documenting:
            if self._writing:
                return
            self._writing = True
            try:
                while self._undocumented:
                    blp, name, parameters = self._undocumented[0]
                    blp.register_views_in_doc(
                        self, self._app, self.spec, name=name, parameters=parameters
                    )
                    self.spec.tag({"name": name, "description": blp.description})
                    self._undocumented.pop(0)
            finally:
                self._writing = False

    def _init_spec(self, *args: Any, **kwargs: Any) -> None:
        super()._init_spec(*args, **kwargs)
        self.ma_plugin.map_to_openapi_type(ma.fields.Decimal, None, None)  # decimal_as_string
        self.ma_plugin.converter.add_attribute_function(decimal_as_string)
        self.ma_plugin.converter.add_attribute_function(field_openapi)
        self.ma_plugin.converter.add_attribute_function(nullable_reference)

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
