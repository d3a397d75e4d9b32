"""The mail outbox against a real SMTP server (aiosmtpd), rows driven by hand."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select

from service.db import transaction, utcnow
from service.notify.mail.models import MailMessage, MailStatus
from service.notify.mail.outbox import record_notification
from tests.api.mail.helpers import PANEL, mail_settings, perform_all, record, rows, tenant
from tests.api.mail.smtp_sink import SmtpSink, wait_until

pytestmark = pytest.mark.usefixtures("backend")

FORBIDDEN = ("<NFe", "infNFe", "segredo", "/xml", "BEGIN PRIVATE KEY", "fiscal_live_")


def test_notification_is_delivered_with_both_parts_the_panel_link_and_no_xml(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = app_factory(**mail_settings(sink.port))
    who = tenant(app.extensions["fiscal"])

    assert record(app, who, "rejeitada", summary) == 1
    perform_all(app)

    assert len(sink.received) == 1
    got = sink.received[0]
    assert got.envelope_to == [who.email]
    assert got.message.get_content_type() == "multipart/alternative"
    parts = {part.get_content_type(): part.get_content() for part in got.message.iter_parts()}
    assert set(parts) == {"text/plain", "text/html"}
    link = f"{PANEL}/documentos/{summary['id']}"
    for body in parts.values():
        assert link in body
        assert "539" in body and "Duplicidade" in body
        assert summary["chave"] in body
    assert f'href="{link}"' in parts["text/html"]
    assert got.message["Subject"].startswith("[Homologação] NF-e nº 12 série 1 rejeitada")
    decoded = got.raw.decode("utf-8", "replace") + "".join(parts.values())
    for needle in FORBIDDEN:
        assert needle not in decoded
    [row] = rows(app)
    assert (row.status, row.tentativas, row.ultimo_erro) == (MailStatus.ENVIADO, 1, None)
    assert row.enviado_em is not None
    assert "xml" not in row.resumo and "links" not in row.resumo


def test_same_reference_kind_and_recipient_is_one_mail(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = app_factory(**mail_settings(sink.port))
    who = tenant(app.extensions["fiscal"])

    assert record(app, who, "rejeitada", summary) == 1
    assert record(app, who, "rejeitada", summary) == 0  # another attempt, same notice
    perform_all(app)
    perform_all(app)  # stale announcements of sent rows do nothing

    assert len(sink.received) == 1
    assert record(app, who, "acao_necessaria", summary) == 1  # another kind is another notice
    assert len(rows(app)) == 2


def test_a_duplicate_keeps_the_callers_transaction_usable(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    """PostgreSQL aborts a transaction on a failed INSERT; ON CONFLICT DO NOTHING must not."""
    app = app_factory(**mail_settings(sink.port))
    rt = app.extensions["fiscal"]
    who = tenant(rt)
    args = {
        "kind": "rejeitada",
        "account_id": who.account.id,
        "company_id": who.company_id,
        "ambiente": "HOMOLOGACAO",
        "reference": summary["id"],
        "summary": summary,
    }
    with app.app_context(), transaction(rt.sessions) as session:
        assert record_notification(session, **args) == 1
        assert record_notification(session, **args) == 0
        assert session.execute(select(func.count()).select_from(MailMessage)).scalar() == 1
    assert len(rows(app)) == 1


def test_rolled_back_state_change_leaves_no_mail(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = app_factory(**mail_settings(sink.port))
    rt = app.extensions["fiscal"]
    who = tenant(rt)
    with pytest.raises(RuntimeError), app.app_context(), transaction(rt.sessions) as session:
        record_notification(
            session,
            kind="rejeitada",
            account_id=who.account.id,
            company_id=who.company_id,
            ambiente="HOMOLOGACAO",
            reference=summary["id"],
            summary=summary,
        )
        raise RuntimeError("the fiscal change failed")
    assert rows(app) == []


def test_without_mail_host_nothing_is_written(app_factory: Any, summary: dict[str, Any]) -> None:
    app = app_factory()
    who = tenant(app.extensions["fiscal"])
    client = app.test_client()
    put = client.put(
        "/api/v1/fiscal/notificacoes/preferencias",
        headers=who.headers,
        json={"tipos": ["autorizada", "rejeitada"], "emails": ["fin@exemplo.com"]},
    )
    assert put.status_code == 200
    assert put.get_json()["envio_habilitado"] is False

    for kind in ("autorizada", "rejeitada", "acao_necessaria", "pendente"):
        assert record(app, who, kind, summary) == 0
    assert rows(app) == []


def test_default_preference_sends_the_specs_notifications_to_the_account_email(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    """Issue 13 changed this default: `autorizada` is on; only `pendente` is opt-in."""
    app = app_factory(**mail_settings(sink.port))
    who = tenant(app.extensions["fiscal"])

    assert record(app, who, "autorizada", summary) == 1
    assert record(app, who, "pendente", summary) == 0
    assert record(app, who, "rejeitada", summary) == 1
    assert record(app, who, "acao_necessaria", summary) == 1
    assert {(r.tipo, r.destinatario) for r in rows(app)} == {
        ("autorizada", who.email),
        ("rejeitada", who.email),
        ("acao_necessaria", who.email),
    }


def test_company_preference_overrides_the_account_one(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = app_factory(**mail_settings(sink.port))
    rt = app.extensions["fiscal"]
    who = tenant(rt)
    from tests.factories import make_company

    other = make_company(rt, who.account.id)
    client = app.test_client()
    url = "/api/v1/fiscal/notificacoes/preferencias"
    account_wide = {"tipos": ["autorizada"], "emails": ["geral@exemplo.com"]}
    assert client.put(url, headers=who.headers, json=account_wide).status_code == 200
    own = {"empresa": who.codigo, "tipos": ["autorizada"], "emails": ["a@x.com", "B@x.com"]}
    assert client.put(url, headers=who.headers, json=own).status_code == 200

    authorized = {**summary, "status": "AUTORIZADA"}
    assert record(app, who, "autorizada", authorized) == 2
    assert record(app, who, "autorizada", {**authorized, "id": "nfe_2"}, company_id=other.id) == 1
    assert record(app, who, "rejeitada", {**summary, "id": "nfe_3"}) == 0  # not chosen
    perform_all(app)

    assert sorted(r.envelope_to[0] for r in sink.received) == [
        "a@x.com",
        "b@x.com",
        "geral@exemplo.com",
    ]
    subjects = {r.message["Subject"] for r in sink.received}
    assert all("autorizada" in s for s in subjects)


def test_inactive_preference_sends_nothing(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = app_factory(**mail_settings(sink.port))
    who = tenant(app.extensions["fiscal"])
    off = {"tipos": ["rejeitada"], "emails": [], "ativo": False}
    put = app.test_client().put(
        "/api/v1/fiscal/notificacoes/preferencias", headers=who.headers, json=off
    )
    assert put.status_code == 200, put.get_json()
    assert record(app, who, "rejeitada", summary) == 0


def test_permanent_refusal_fails_at_once(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    sink.handler.refuse_recipients = "550 5.1.1 Caixa postal inexistente"
    app = app_factory(**mail_settings(sink.port))
    who = tenant(app.extensions["fiscal"])
    record(app, who, "rejeitada", summary)

    perform_all(app)

    [row] = rows(app)
    assert row.status == MailStatus.FALHOU
    assert row.tentativas == 1
    assert row.ultimo_erro is not None and row.ultimo_erro.startswith("550")
    assert sink.received == []


def _due(app: Any) -> bool:
    [row] = rows(app)
    return row.proxima_tentativa_em <= utcnow()


def test_smtp_down_is_retried_then_delivered_when_it_comes_back(
    app_factory: Any, late_sink: SmtpSink, summary: dict[str, Any]
) -> None:
    settings = {**mail_settings(late_sink.port), "mail_retry_schedule": (0.5, 0.5)}
    app = app_factory(**settings)
    who = tenant(app.extensions["fiscal"])
    record(app, who, "rejeitada", summary)

    perform_all(app)
    [row] = rows(app)
    assert (row.status, row.tentativas) == (MailStatus.PENDENTE, 1)
    assert row.ultimo_erro and "Connection" in row.ultimo_erro
    assert row.proxima_tentativa_em > utcnow()  # 0.5 s ± 20 % later
    assert row.lease_dono is None
    perform_all(app)  # an early announcement: not due yet, nothing happens
    assert rows(app)[0].tentativas == 1

    late_sink.start()
    wait_until(lambda: _due(app))
    perform_all(app)

    [row] = rows(app)
    assert (row.status, row.tentativas) == (MailStatus.ENVIADO, 2)
    assert len(late_sink.received) == 1


def test_retries_are_exhausted_then_the_row_fails_and_keeps_its_error(
    app_factory: Any, late_sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = app_factory(**mail_settings(late_sink.port))  # schedule: three pauses
    who = tenant(app.extensions["fiscal"])
    record(app, who, "rejeitada", summary)

    for attempt in range(1, 5):
        wait_until(lambda: _due(app))
        perform_all(app)
        assert rows(app)[0].tentativas == attempt

    [row] = rows(app)
    assert row.status == MailStatus.FALHOU
    assert row.ultimo_erro
    perform_all(app)
    assert rows(app)[0].tentativas == 4  # a failed row is never attempted again


def test_inactive_company_preference_silences_that_company_only(
    app_factory: Any, sink: SmtpSink, summary: dict[str, Any]
) -> None:
    app = app_factory(**mail_settings(sink.port))
    rt = app.extensions["fiscal"]
    who = tenant(rt)
    from tests.factories import make_company

    other = make_company(rt, who.account.id)
    client = app.test_client()
    url = "/api/v1/fiscal/notificacoes/preferencias"
    off = {"empresa_id": who.company_id, "tipos": ["rejeitada"], "emails": [], "ativo": False}
    assert client.put(url, headers=who.headers, json=off).status_code == 200

    assert record(app, who, "rejeitada", summary) == 0
    assert record(app, who, "rejeitada", summary, company_id=other.id) == 1  # account default
