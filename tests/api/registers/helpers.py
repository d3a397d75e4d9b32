"""What the register tests read from an error answer."""

from __future__ import annotations

from typing import Any


def error_of(response: Any) -> dict[str, Any]:
    """The `error` member of the envelope."""
    error: dict[str, Any] = response.get_json()["error"]
    return error


def fields_of(response: Any) -> set[str]:
    """The fields a 422 names (`error.errors[].field`)."""
    return {e["field"] for e in error_of(response)["errors"]}
