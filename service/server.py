"""gunicorn, embedded in the `fiscal serve` command."""

from __future__ import annotations

import os
from typing import Any

from gunicorn.app.base import BaseApplication

from service import edge
from service.config import RuntimeMode, Settings
from service.warmup import post_worker_init


class FiscalServer(BaseApplication):  # type: ignore[misc]
    def __init__(self, settings: Settings, options: dict[str, Any]) -> None:
        self._settings = settings
        self._options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self._options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from service.app import create_app

        return create_app(self._settings)


def gunicorn_options(
    settings: Settings, host: str, port: int, workers: int | None, threads: int | None = None
) -> dict[str, Any]:
    """Embedded: one process with threads (SQLite, in-process worker). Production: processes."""
    embedded = settings.mode is RuntimeMode.EMBEDDED
    count = 1 if embedded else (workers or 2 * (os.cpu_count() or 1) + 1)
    return {
        "bind": f"{host}:{port}",
        "workers": count,
        "worker_class": "gthread",
        "threads": threads or (8 if embedded else 4),
        "timeout": 120,
        "accesslog": None,
        "preload_app": False,
        "limit_request_line": edge.GUNICORN_REQUEST_LINE,
        "post_worker_init": post_worker_init,
    }


def run_gunicorn(
    settings: Settings, *, host: str, port: int, workers: int | None, threads: int | None = None
) -> None:
    FiscalServer(settings, gunicorn_options(settings, host, port, workers, threads)).run()
