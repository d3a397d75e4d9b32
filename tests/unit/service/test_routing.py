"""URL rules compile their URL builders on first use and build what werkzeug builds."""

from __future__ import annotations

import uuid

import pytest
from flask import Flask, url_for
from werkzeug.routing import IntegerConverter, Map, Rule, UUIDConverter

from service.routing import LazyBuildRule


def _sample(converter: object) -> object:
    if isinstance(converter, UUIDConverter):
        return uuid.UUID("12345678-1234-5678-1234-567812345678")
    if isinstance(converter, IntegerConverter):
        return 7
    return "abc"


@pytest.fixture
def compiled(monkeypatch):
    """Counts werkzeug's URL-builder compilations."""
    calls = []
    original = Rule._compile_builder

    def counting(self, append_unknown=True):
        calls.append(self.rule)
        return original(self, append_unknown)

    monkeypatch.setattr(Rule, "_compile_builder", counting)
    return calls


def test_building_the_app_compiles_no_url_builder(app_factory, compiled):
    app = app_factory()
    assert len(list(app.url_map.iter_rules())) > 100
    assert compiled == []


def test_every_route_builds_the_url_werkzeug_builds(app, compiled):
    rules = list(app.url_map.iter_rules())
    eager = Map(
        [Rule(r.rule, endpoint=r.endpoint, methods=r.methods) for r in rules],
        strict_slashes=app.url_map.strict_slashes,
    ).bind("localhost")
    ours = app.url_map.bind("localhost")
    for rule in rules:
        values = {name: _sample(rule._converters.get(name)) for name in rule.arguments}
        for extra in ({}, {"pagina": 2}):  # a value no placeholder takes: the query string
            wanted = eager.build(rule.endpoint, {**values, **extra})
            assert ours.build(rule.endpoint, {**values, **extra}) == wanted, rule.rule
    assert compiled  # built with werkzeug's own compiler, on first use


def test_a_placeholder_may_be_named_rule():
    app = Flask(__name__)
    app.url_rule_class = LazyBuildRule
    app.add_url_rule("/x/<rule>/<int:n>", "x", lambda rule, n: "")
    with app.test_request_context():
        assert url_for("x", rule="a b", n=3, q="1") == "/x/a%20b/3?q=1"
        assert url_for("x", rule="c", n=4) == "/x/c/4"
