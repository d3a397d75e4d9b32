"""The interface version's path prefix (spec, "Versioning"): every link the service writes
starts with it."""

from __future__ import annotations

API_PREFIX = "/api/v1"
