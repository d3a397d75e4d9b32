"""The embedded mode's worker: threads inside the API process over the same tables as rq.

One thread per queue (`fiscal`, `notificacoes`), so a slow SMTP server never delays a fiscal
transmission. A thread wakes when a commit announces work of its queue, or every poll interval
(which is how retries scheduled for later come due), and does every due row it can claim.
"""

from __future__ import annotations

import atexit
import logging
import threading
import time
from collections.abc import Callable

from flask import Flask

from service import runtime
from service.db import transaction, utcnow
from service.queue.kinds import all_kinds

log = logging.getLogger("service.queue")

BATCH = 20
"""Rows a thread takes per round before looking at the clock again."""


class InProcessWorker:
    """Threads that perform due work; also the app's dispatcher (an announcement wakes one)."""

    def __init__(self, app: Flask, poll_seconds: float, sweep_seconds: float) -> None:
        self._app = app
        self._poll = poll_seconds
        self._sweep_every = sweep_seconds
        self._stop = threading.Event()
        self._wake: dict[str, threading.Event] = {}
        self._threads: list[threading.Thread] = []

    def start(self) -> None:
        queues = sorted({kind.queue for kind in all_kinds().values()})
        for queue in queues:
            self._wake[queue] = threading.Event()
            thread = threading.Thread(
                target=self._run, args=(queue,), name=f"fiscal-worker-{queue}", daemon=True
            )
            self._threads.append(thread)
            thread.start()
        if self._app.extensions["fiscal"].settings.probes_authorities:
            prober = threading.Thread(target=self._probe, name="fiscal-authorities", daemon=True)
            self._threads.append(prober)
            prober.start()
        sender = threading.Thread(target=self._deferred, name="fiscal-contingency", daemon=True)
        self._threads.append(sender)
        sender.start()
        receiver = threading.Thread(target=self._received, name="fiscal-dfe", daemon=True)
        self._threads.append(receiver)
        receiver.start()
        settler = threading.Thread(target=self._settle, name="fiscal-wallets", daemon=True)
        self._threads.append(settler)
        settler.start()

    def _settle(self) -> None:
        """The wallets' pending ledger entries get their balances (`service.queue.sweeper.
        settle_wallets`), every sweep interval."""
        from service.queue.sweeper import settle_wallets

        while not self._stop.wait(self._sweep_every):
            self._guarded(lambda: settle_wallets(self._app) > 0)

    def _received(self) -> None:
        """The DF-e distribution of the companies whose cursor is due
        (`service.received.distribution`), on a thread of its own."""
        from service.received.distribution import run_due

        while not self._stop.wait(self._sweep_every):
            run_due(self._app)

    def _deferred(self) -> None:
        """Documents handed out in contingency, transmitted in number order once their
        authority answers again (`service.issuance.deferred`), on a thread of their own."""
        from service.issuance.deferred import transmit_in

        while not self._stop.wait(self._sweep_every):
            transmit_in(self._app)

    def _probe(self) -> None:
        """The authorities' due status probes (`service.authorities.probe`), every sweep
        interval, on a thread of their own: a probe of a dead authority waits out its timeout
        without delaying any queue."""
        from service.authorities.probe import probe_in

        while not self._stop.wait(self._sweep_every):
            probe_in(self._app)

    def dispatch(self, kind: str, row_id: str) -> None:
        event = self._wake.get(all_kinds()[kind].queue)
        if event is not None:
            event.set()

    def stop(self, timeout: float = 10.0) -> None:
        """Finish the row in hand and stop (tests, process exit)."""
        self._stop.set()
        for event in self._wake.values():
            event.set()
        for thread in self._threads:
            thread.join(timeout)

    def _run(self, queue: str) -> None:
        last_sweep = 0.0
        while not self._stop.is_set():
            if queue == "fiscal" and time.monotonic() - last_sweep >= self._sweep_every:
                last_sweep = time.monotonic()
                self._guarded(self._adopt)
            busy = self._guarded(lambda: self._round(queue))
            if not busy:
                self._wake[queue].wait(self._poll)
                self._wake[queue].clear()

    def _guarded(self, step: Callable[[], bool]) -> bool:
        """A failing round is logged and retried later; the thread itself never dies."""
        try:
            with self._app.app_context():
                return step()
        except Exception:
            log.exception("in-process worker round failed")
            self._stop.wait(self._poll)
            return False

    def _adopt(self) -> bool:
        from service.queue.operations import adopt_orphans

        adopt_orphans(utcnow())
        return False

    def _round(self, queue: str) -> bool:
        """Perform every due row of this queue's kinds (a batch each); True if any was found."""
        rt = runtime.current()
        kinds = [kind for kind in all_kinds().values() if kind.queue == queue]
        found = False
        for kind in kinds:
            with transaction(rt.sessions) as session:
                ids = kind.due_ids(session, utcnow(), BATCH)
            for row_id in ids:
                if self._stop.is_set():
                    return True
                found = True
                kind.perform(row_id)
        return found


def start_inprocess_worker(app: Flask) -> InProcessWorker:
    """Start the threads and make them the app's dispatcher."""
    settings = app.extensions["fiscal"].settings
    worker = InProcessWorker(app, settings.queue_poll_seconds, settings.queue_sweep_seconds)
    app.extensions["fiscal"].dispatcher.target = worker
    app.extensions["fiscal_worker"] = worker
    worker.start()
    atexit.register(worker.stop, 2.0)
    return worker
