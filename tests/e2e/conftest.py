"""What the end-to-end modules share: the module's `app` served by a real threaded HTTP server."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from flask import Flask
from werkzeug.serving import make_server


@pytest.fixture
def server(app: Flask) -> Iterator[str]:
    """The API base URL of `app` served on a free loopback port (werkzeug, threaded)."""
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}/api/v1"
    http.shutdown()
    thread.join(timeout=10)
