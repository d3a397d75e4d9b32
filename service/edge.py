"""What every request passes through before a schema sees it, written once for every resource.

- JSON bodies are decoded by one function (`decode_json`), used both by Flask's
  `request.get_json()` (the app's JSON provider) and by the webargs parser behind
  `@blp.arguments`: nesting deeper than `MAX_JSON_DEPTH`, a key repeated in one object and
  text outside the accepted characters are 422 `VALIDATION_ERROR` naming the field.
- Query strings and form fields are checked for the same characters when they are first read,
  path parameters (ids) before the view.
- A body that is not JSON on a route that takes JSON is 415 `TIPO_DE_CONTEUDO_INVALIDO`.
- A URL longer than `MAX_URL_LENGTH` is 414 `URI_MUITO_LONGA` (below gunicorn's own limit,
  so the caller gets the envelope rather than gunicorn's HTML page).
- Answers render dates and times in ISO 8601 (Flask's default is an HTTP date).
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import flask
from flask import Flask, request
from flask.json.provider import DefaultJSONProvider
from webargs import core
from webargs.flaskparser import FlaskParser
from werkzeug.datastructures import ImmutableMultiDict

from service.errors import ApiError, invalid_field
from service.validators import text_problem

MAX_JSON_DEPTH = 32
"""Nesting levels of a JSON body (the body object is level 1). The deepest legitimate body,
a rule with a JsonLogic condition, uses fewer than 10."""

MAX_URL_LENGTH = 4000
"""Characters of path plus query string. gunicorn reads request lines up to
`GUNICORN_REQUEST_LINE` (see `service.server`), so every longer URL it lets through gets the
envelope's 414 from here."""

GUNICORN_REQUEST_LINE = 8190
"""gunicorn's `limit_request_line` (its maximum): above it gunicorn answers its own HTML 414."""


# -- JSON ---------------------------------------------------------------------------------


class _Repeated(dict[str, Any]):
    """An object in which a key appeared twice; `decode_json` reports it with its path."""

    key: str


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    decoded = dict(pairs)
    if len(decoded) == len(pairs):
        return decoded
    seen: set[str] = set()
    repeated = _Repeated(decoded)
    repeated.key = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
    return repeated


def _too_deep() -> ApiError:
    return ApiError(
        "VALIDATION_ERROR",
        f"JSON com aninhamento acima de {MAX_JSON_DEPTH} níveis: simplifique o corpo.",
    )


def _path(parent: str, key: object) -> str:
    return f"{parent}.{key}" if parent else str(key)


def _check_text(path: str, text: str) -> None:
    problem = text_problem(text)
    if problem is not None:
        raise invalid_field(path or "corpo", problem)


def _children(value: Any, path: str) -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        if isinstance(value, _Repeated):
            raise invalid_field(_path(path, value.key), "Chave repetida no mesmo objeto JSON.")
        for key in value:
            _check_text(_path(path, key), key)
        return [(_path(path, k), v) for k, v in value.items()]
    return [(_path(path, i), v) for i, v in enumerate(value)]


def _inspect(document: Any) -> None:
    """Depth, repeated keys and characters, walked without recursion (depth is the concern)."""
    pending: list[tuple[str, Any, int]] = [("", document, 1)]
    while pending:
        path, value, depth = pending.pop()
        if isinstance(value, str):
            _check_text(path, value)
        elif isinstance(value, (dict, list)):
            if depth > MAX_JSON_DEPTH:
                raise _too_deep()
            pending.extend((p, v, depth + 1) for p, v in reversed(_children(value, path)))


def _plain(document: Any) -> bool:
    """Whether `document`'s containers are within `MAX_JSON_DEPTH` and repeat no key, walked
    without building paths (strings are not visited: see `decode_json`)."""
    pending: list[tuple[Any, int]] = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > MAX_JSON_DEPTH or isinstance(value, _Repeated):
            return False
        children = value.values() if isinstance(value, dict) else value
        pending.extend((v, depth + 1) for v in children if isinstance(v, dict | list))
    return True


def _checked_by_search(document: Any, text: str) -> bool:
    """Whether one search of the whole text checks every key and string of `document`: its
    text holds no backslash (so each of them is a piece of the text, unescaped), nothing in it
    is refused, and its containers are within the depth and repeat no key."""
    return (
        isinstance(document, dict | list)
        and "\\" not in text
        and text_problem(text) is None
        and _plain(document)
    )


def decode_json(raw: str | bytes) -> Any:
    """The one JSON decoder of request bodies (malformed JSON raises `JSONDecodeError`).

    Most bodies are checked with one search of their text (`_checked_by_search`); any other,
    and any body with a problem, goes through the walk that names the field (`_inspect`).
    The answers are the same; an issuance's body costs a third less to decode."""
    text = raw.decode("utf-8") if isinstance(raw, bytes | bytearray) else raw
    try:
        document = json.loads(text, object_pairs_hook=_object)
    except RecursionError:
        raise _too_deep() from None
    if not _checked_by_search(document, text):
        _inspect(document)
    return document


class JSONProvider(DefaultJSONProvider):
    """Flask's provider with the request-body rules above and ISO 8601 dates; keys keep the
    order the views wrote them in."""

    sort_keys = False

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return decode_json(s)

    @staticmethod
    def default(o: Any) -> Any:  # type: ignore[override]
        if isinstance(o, date):
            return o.isoformat()
        return DefaultJSONProvider.default(o)


# -- query strings, form fields, content type ----------------------------------------------


class CheckedMultiDict(ImmutableMultiDict[str, Any]):
    """Query-string and form values, refused at first read when their text is not accepted."""

    def __init__(self, mapping: Any = None) -> None:
        super().__init__(mapping)
        for key, value in self.items(multi=True):
            _check_text(key, key)
            if isinstance(value, str):
                _check_text(key, value)


class Request(flask.Request):
    parameter_storage_class = CheckedMultiDict


def refuse_non_json(req: flask.Request) -> None:
    """A body on a route that takes JSON must be JSON: anything else is 415, never a 422
    listing "missing" fields the caller did send (as a form or XML)."""
    if not core.is_json(req.mimetype) and req.get_data(cache=True):
        raise ApiError(
            "TIPO_DE_CONTEUDO_INVALIDO",
            "Envie o corpo em JSON, com o cabeçalho Content-Type: application/json.",
        )


class Parser(FlaskParser):
    """webargs' Flask parser decoding with `decode_json` and refusing non-JSON bodies."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        refuse_non_json(req)
        if not core.is_json(req.mimetype):
            return core.missing
        decoded = req.get_json(silent=True)  # decoded once: the company selector read it first
        if decoded is not None:
            return decoded
        try:  # malformed (raised again here, for webargs' answer), or the JSON `null`
            return decode_json(req.get_data(cache=True))
        except UnicodeDecodeError as exc:
            raise json.JSONDecodeError("UTF-8 inválido", "?", exc.start) from exc


# -- URL --------------------------------------------------------------------------------


def _check_url() -> None:
    """Length of the whole URL, then the characters of the path's parameters (ids)."""
    target = request.environ.get("RAW_URI") or request.full_path.rstrip("?")
    if len(target) > MAX_URL_LENGTH:
        raise ApiError(
            "URI_MUITO_LONGA",
            f"URL com mais de {MAX_URL_LENGTH} caracteres: envie os dados no corpo (JSON) "
            "ou encurte os filtros.",
        )
    for name, value in (request.view_args or {}).items():
        if isinstance(value, str):
            _check_text(name, value)


def install(app: Flask) -> None:
    """Wire the request class, the JSON provider and the URL check into the app."""
    app.request_class = Request
    app.json = JSONProvider(app)
    app.before_request(_check_url)
