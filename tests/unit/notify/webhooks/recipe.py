"""The documented receiver recipe (docs/topics/queue-and-webhooks.md, "Webhooks"), loaded from
the page itself so the document cannot drift."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

PAGE = Path(__file__).resolve().parents[4] / "docs" / "topics" / "queue-and-webhooks.md"

Verifier = Callable[..., bool]


def webhooks_section() -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("\n## Webhooks\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


@cache
def verify_webhook() -> Verifier:
    """`verify_webhook(secret, headers, body, now=None)` exactly as the page prints it."""
    section = webhooks_section()
    match = re.search(r"```python\n(.*?def verify_webhook.*?)```", section, re.S)
    assert match, "the Webhooks section of the docs lost its Python recipe"
    namespace: dict[str, Any] = {}
    exec(compile(match.group(1), "docs/topics/queue-and-webhooks.md#webhooks", "exec"), namespace)
    verifier: Verifier = namespace["verify_webhook"]
    return verifier


def verifies(
    secret: str, headers: Mapping[str, str], body: bytes, now: float | None = None
) -> bool:
    return verify_webhook()(secret, headers, body, now)
