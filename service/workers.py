"""`fiscal worker`: rq workers on Redis, listening on the service's queues, plus the sweeper.

Each worker process builds the app once and runs jobs in that same process (rq's
SimpleWorker): the job only names a row, the row's lease decides who works it, and a SIGKILL
loses nothing because the row and its expired lease are found again by any worker's sweeper.
"""

from __future__ import annotations

import logging
import threading

import click

from service.config import Settings

QUEUES = ("fiscal", "notificacoes", "simulacoes")

log = logging.getLogger("service.queue")


class Sweeper(threading.Thread):
    """Every `interval` seconds, one sweeper among all workers (a Redis lock) re-announces due
    work and adopts orphaned documents."""

    def __init__(self, app: object, interval: float) -> None:
        super().__init__(name="fiscal-sweeper", daemon=True)
        self._app = app
        self._interval = interval
        self._stop = threading.Event()

    def run(self) -> None:
        from service.queue.sweeper import sweep

        rt = self._app.extensions["fiscal"]  # type: ignore[attr-defined]
        lock_key = rt.settings.redis_prefix + "sweeper"
        while not self._stop.wait(self._interval):
            try:
                if rt.redis.set(lock_key, "1", nx=True, px=int(self._interval * 900)):
                    sweep(self._app, rt.dispatcher)  # type: ignore[arg-type]
            except Exception:
                log.exception("sweep failed")

    def stop(self) -> None:
        self._stop.set()


def run_worker(settings: Settings, *, burst: bool = False) -> None:
    """Production mode only: the embedded mode runs its worker inside the API process."""
    if settings.redis_url is None:
        raise click.ClickException(
            "REDIS_URL não configurada: no modo embarcado o worker roda dentro do serviço."
        )
    from rq import Queue, SimpleWorker

    from documents.transmission import pool
    from service.app import create_app
    from service.queue import jobs
    from service.queue.sweeper import sweep
    from service.warmup import warm

    app = create_app(settings.with_overrides(queue_inprocess=False))
    jobs.bind(app)
    pool.keep_idle_up_to(settings.queue_drain_threads)  # a drain's threads send at once
    warm()
    rt = app.extensions["fiscal"]
    queues = [Queue(settings.redis_prefix + name, connection=rt.redis) for name in QUEUES]
    sweep(app, rt.dispatcher)  # what was due while no worker ran
    sweeper = Sweeper(app, settings.queue_sweep_seconds)
    sweeper.start()
    try:
        SimpleWorker(queues, connection=rt.redis).work(burst=burst)
    finally:
        sweeper.stop()
