"""`fiscal worker`: rq workers on Redis, listening on the service's queues."""

from __future__ import annotations

import click

from service.config import Settings

QUEUES = ("fiscal", "notificacoes")


def run_worker(settings: Settings, *, burst: bool = False) -> None:
    """Production mode only: the embedded mode runs its worker inside the API process."""
    if settings.redis_url is None:
        raise click.ClickException(
            "REDIS_URL não configurada: no modo embarcado o worker roda dentro do serviço."
        )
    from redis import Redis
    from rq import Queue, Worker

    connection = Redis.from_url(settings.redis_url)
    queues = [Queue(settings.redis_prefix + name, connection=connection) for name in QUEUES]
    Worker(queues, connection=connection).work(burst=burst)
