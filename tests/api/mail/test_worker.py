"""End to end with the in-process worker: the commit announces the row, the `notificacoes`
thread sends it, and an SMTP outage is ridden out on the (compressed) retry schedule."""

from __future__ import annotations

from typing import Any

import pytest

from service.notify.mail.models import MailStatus
from tests.api.mail.helpers import mail_settings, record, rows, tenant
from tests.api.mail.smtp_sink import SmtpSink, wait_until

pytestmark = pytest.mark.usefixtures("backend")


def _worker_app(app_factory: Any, port: int, schedule: tuple[float, ...]) -> Any:
    settings = {**mail_settings(port), "mail_retry_schedule": schedule}
    return app_factory(queue_inprocess=True, queue_poll_seconds=0.05, **settings)


def test_recorded_notification_is_sent_by_the_worker(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = _worker_app(app_factory, sink.port, (0.1,))
    who = tenant(app.extensions["fiscal"])

    assert record(app, who, "acao_necessaria", {**summary, "motivos": ["PRODUTO_SEM_NCM"]}) == 1

    wait_until(lambda: sink.received)
    wait_until(lambda: rows(app)[0].status == MailStatus.ENVIADO)
    [got] = sink.received
    assert got.message["Subject"].startswith("[Homologação] Ação necessária: NF-e")
    plain = got.message.get_body(("plain",))
    assert plain is not None and "PRODUTO_SEM_NCM" in plain.get_content()
    assert rows(app)[0].tentativas == 1


def test_smtp_outage_is_retried_by_the_worker_and_delivered_once_it_is_back(
    app_factory: Any, late_sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = _worker_app(app_factory, late_sink.port, (0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1))
    who = tenant(app.extensions["fiscal"])
    record(app, who, "rejeitada", summary)

    wait_until(lambda: rows(app)[0].tentativas >= 2)  # down: retried, not given up
    assert rows(app)[0].status == MailStatus.PENDENTE
    late_sink.start()

    wait_until(lambda: rows(app)[0].status == MailStatus.ENVIADO)
    assert len(late_sink.received) == 1
    assert record(app, who, "rejeitada", summary) == 0  # a later attempt mails nobody again
