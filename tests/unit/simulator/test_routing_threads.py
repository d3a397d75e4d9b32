"""The simulator's route table under its first concurrent requests.

A benchmark's warm-up sent eight requests at once to a fresh simulator; now and then one came back
as a connection closed without an answer (the service's honest 202 SEFAZ_UNAVAILABLE). The cause
was the route table's lazy load: one thread registered nfelib's ``servers.py`` table in
``sys.modules`` before running it, and another thread found it there half made.
"""

from __future__ import annotations

import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from importlib.machinery import SourceFileLoader

import pytest

from simulator import routing

TABLES = "simulator._nfelib_"


@pytest.fixture
def cold_routes(monkeypatch: pytest.MonkeyPatch):
    """A route table not built yet, and loading a table slow enough for threads to overlap."""
    for name in [n for n in sys.modules if n.startswith(TABLES)]:
        monkeypatch.delitem(sys.modules, name)
    routing._tables.cache_clear()
    original = SourceFileLoader.exec_module

    def slow_exec(self, module):  # type: ignore[no-untyped-def]
        time.sleep(0.05)
        original(self, module)

    monkeypatch.setattr(SourceFileLoader, "exec_module", slow_exec)
    yield
    routing._tables.cache_clear()


def test_concurrent_first_requests_all_resolve(cold_routes: None) -> None:
    path = "/nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx"
    start = threading.Barrier(8)

    def first_request() -> routing.Route | None:
        start.wait()
        return routing.resolve(path)

    with ThreadPoolExecutor(8) as pool:
        routes = list(pool.map(lambda _: first_request(), range(8)))

    assert len(set(routes)) == 1
    assert routes[0] is not None and routes[0].service == "NFeStatusServico4"


def test_a_table_is_published_only_once_loaded(cold_routes: None) -> None:
    seen_during_load: list[bool] = []
    original = SourceFileLoader.exec_module

    def watching_exec(self, module):  # type: ignore[no-untyped-def]
        seen_during_load.append(module.__name__ in sys.modules)
        original(self, module)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SourceFileLoader, "exec_module", watching_exec)
        routing.soap_routes()

    assert seen_during_load and not any(seen_during_load)
