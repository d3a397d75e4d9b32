"""The Flask service: HTTP/JSON API over the engine, documents and authorities."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

    from service.config import Settings


def create_app(settings: Settings | None = None) -> Flask:
    """Application factory (see `service.app`)."""
    from service.app import create_app as _create_app

    return _create_app(settings)
