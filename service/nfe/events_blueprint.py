"""Event routes of `/nfe` and `/nfce` (cancellation, CC-e): added to each family's blueprint."""

from __future__ import annotations

from service.api import Blueprint


def register_event_routes(blp: Blueprint, modelo: str) -> None:
    """Routes `POST /{id}/cancelamento` (both models) and `POST /{id}/cce` (NF-e only)."""
