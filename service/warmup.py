"""What a new service process loads before its first request, instead of during it.

A process's first issuance would otherwise read and compile the global rule packs and the
XSDs it validates against (about half a second alone, several seconds when every gunicorn
worker of a fresh deployment does it at once under load). Both are read-only for the process's
life, so they are loaded once when the process starts (`fiscal serve`: each gunicorn worker
after it loads the app; `fiscal worker`: before the first job), and then moved out of the
garbage collector's sight (`gc.freeze`): the collector no longer walks those long-lived objects
on every collection, and forked children do not dirty the pages that hold them.
"""

from __future__ import annotations

import gc
import logging
import time
from typing import Any

from documents import schemas
from documents.transmission import pool
from service.fiscal.rules import global_rules

log = logging.getLogger("service.warmup")


def warm() -> float:
    """Load the global rule packs and compile every catalogued XSD; answers the seconds spent."""
    began = time.perf_counter()
    global_rules()
    schemas.preload()
    gc.collect()
    gc.freeze()
    spent = time.perf_counter() - began
    log.info("process warmed", extra={"seconds": round(spent, 3)})
    return spent


def post_worker_init(worker: Any) -> None:
    """gunicorn's hook: runs in each worker after the app is loaded, before it accepts. The
    worker's threads may all send to the authority at once: as many idle connections per
    company are kept for reuse (`pool.keep_idle_up_to`)."""
    pool.keep_idle_up_to(worker.cfg.threads)
    warm()
