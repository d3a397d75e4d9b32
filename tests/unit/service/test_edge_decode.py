"""`edge.decode_json` checks a body without a backslash with one search of its text and a walk
of its containers; it answers exactly what the walk over every string answers (`_inspect`)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service import edge
from service.edge import MAX_JSON_DEPTH, _inspect, _object, decode_json
from service.errors import ApiError

TEXT = st.text(
    alphabet=st.sampled_from(["a", "Ç", " ", "\t", "\n", "\x01", "\x1f", "\ufffe", '"', "\\"]),
    max_size=6,
)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TEXT, children, max_size=3),
    max_leaves=12,
)


def by_the_walk(text: str) -> object:
    """What the decoder answered before the shortcut: the walk over every key and string."""
    try:
        document = json.loads(text, object_pairs_hook=_object)
    except RecursionError:
        return "too deep"
    try:
        _inspect(document)
    except ApiError as error:
        return ("error", error.code, str(error), error.extra)
    return ("ok", document)


def by_the_decoder(text: str) -> object:
    try:
        document = decode_json(text)
    except ApiError as error:
        return ("error", error.code, str(error), error.extra)
    return ("ok", document)


def outcome(decoder: object, text: str) -> object:
    try:
        return decoder(text)  # type: ignore[operator]
    except json.JSONDecodeError as error:
        return ("malformed", str(error))


def nested(depth: int) -> str:
    return '{"a": ' * (depth - 1) + "[1]" + "}" * (depth - 1)


def raw_forms(value: object) -> list[str]:
    """The value as JSON, escaped (`ensure_ascii`) and raw: raw control characters are not
    JSON, so that form is also tried with them left unescaped."""
    escaped = json.dumps(value)
    raw = json.dumps(value, ensure_ascii=False)
    return [escaped, raw, raw.replace("\\u0001", "\x01").replace("\\n", "\n")]


@settings(max_examples=600, deadline=None)
@given(JSON_VALUES)
def test_the_shortcut_answers_what_the_walk_answers(value: object) -> None:
    for text in raw_forms(value):
        assert outcome(by_the_decoder, text) == outcome(by_the_walk, text), text


@pytest.mark.parametrize(
    "text",
    [
        nested(MAX_JSON_DEPTH),
        nested(MAX_JSON_DEPTH + 1),
        '{"a": 1, "b": {"c": 2, "c": 3}}',
        '[{"x": [{"y": 1, "y": 1}]}]',
        '{"n\x01ome": "x"}',
        '{"nome": "a\x0bb"}',
        '{"nome": "a\\u0000b"}',
        '{"nome": "linha\\nnova"}',
        '"\\u0001"',
        '"texto"',
        "null",
    ],
)
def test_named_edges_answer_what_the_walk_answers(text: str) -> None:
    assert outcome(by_the_decoder, text) == outcome(by_the_walk, text)


def test_a_plain_body_is_not_walked_string_by_string(monkeypatch) -> None:
    """The point of the shortcut: no per-string check for a body without a backslash."""
    checked: list[str] = []
    monkeypatch.setattr(edge, "_check_text", lambda path, text: checked.append(text))
    body = {"itens": [{"codigo": "P1", "descricao": "Café"}], "cliente": {"nome": "Ana"}}
    assert decode_json(json.dumps(body, ensure_ascii=False)) == body
    assert checked == []
    decode_json(json.dumps(body))  # "Café" escaped: walked
    assert "Café" in checked
