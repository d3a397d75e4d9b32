"""URL rules whose URL builders are compiled when first used.

werkzeug compiles two URL-building functions for every rule as it is added (source built as an
AST, then `compile`): two thirds of what was left of building the app once its OpenAPI document
became lazy (`service.api.Api`), about 60 ms per gunicorn worker and per test's app. The
service matches URLs on every request but builds them only through `url_for`, which it does
not call on its paths today; a rule here compiles a builder the first time it builds a URL, with
werkzeug's own code, so what it builds is what werkzeug builds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule

Builder = Callable[..., tuple[str, str]]


class LazyBuildRule(Rule):
    """A werkzeug `Rule` whose `_build` / `_build_unknown` are compiled on their first call."""

    def _compile_builder(self, append_unknown: bool = True) -> Builder:
        compiled: Builder | None = None

        def build(rule: Rule, /, **values: Any) -> tuple[str, str]:
            nonlocal compiled
            if compiled is None:  # two threads may both compile: the same function either way
                compiled = Rule._compile_builder(rule, append_unknown)
            return compiled(rule, **values)

        return build
