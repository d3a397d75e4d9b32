"""Subscriptions of an account: create, read, change, deactivate, rotate; deliveries: list,
send again, test. Every query is scoped to the caller's account (and, for a test key, to the
subscriptions test keys created), so another tenant's id is always 404.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from flask import request
from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from service import runtime
from service.audit import operations as audit
from service.auth import Credential
from service.companies import operations as companies
from service.db import utcnow
from service.errors import ApiError, invalid_field
from service.ids import new_id
from service.notify.webhooks import keyring
from service.notify.webhooks.client import bounded
from service.notify.webhooks.delivery import network
from service.notify.webhooks.events import TEST_EVENT
from service.notify.webhooks.models import (
    DeliveryStatus,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEvent,
    WebhookSubscription,
)
from service.notify.webhooks.outbox import KIND, store_event
from service.notify.webhooks.ssrf import UrlRejected, check_url
from service.pagination import Ordering, Page, paginate
from service.queue import lease
from service.queue.dispatch import after_commit

MAX_ACTIVE_PER_ACCOUNT = 50
HOMOLOGACAO, PRODUCAO = "HOMOLOGACAO", "PRODUCAO"
TEST_ONLY_HOMOLOGATION = "Webhook de chave de teste recebe apenas eventos de homologação."

# -- rendering -----------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def render(subscription: WebhookSubscription, now: datetime | None = None) -> dict[str, Any]:
    """The subscription as answered: never a secret, only when the previous one stops signing."""
    now = now or utcnow()
    overlap = keyring.previous_active(subscription, now)
    return {
        "id": subscription.id,
        "url": subscription.url,
        "eventos": list(subscription.eventos),
        "empresa_id": subscription.company_id,
        "ambientes": list(subscription.ambientes),
        "modo": subscription.modo,
        "descricao": subscription.descricao,
        "ativo": subscription.ativo,
        "segredo_rotacionado_em": _iso(subscription.segredo_rotacionado_em),
        "segredo_anterior_expira_em": _iso(subscription.segredo_anterior_expira_em)
        if overlap
        else None,
        "desativado_em": _iso(subscription.desativado_em),
        "motivo_desativacao": subscription.motivo_desativacao,
        "criado_em": _iso(subscription.created_at),
        "atualizado_em": _iso(subscription.updated_at),
    }


def _render_attempt(attempt: WebhookAttempt) -> dict[str, Any]:
    return {
        "numero": attempt.numero,
        "em": _iso(attempt.em),
        "timestamp": attempt.timestamp,
        "status_http": attempt.status_http,
        "latencia_ms": attempt.latencia_ms,
        "erro": attempt.erro,
    }


def render_delivery(
    delivery: WebhookDelivery, tipo: str, attempts: list[WebhookAttempt]
) -> dict[str, Any]:
    pending = delivery.status == DeliveryStatus.PENDENTE.value
    return {
        "id": delivery.id,
        "evento_id": delivery.event_id,
        "tipo": tipo,
        "status": delivery.status,
        "tentativas": delivery.tentativas,
        "proxima_tentativa_em": _iso(delivery.proxima_tentativa_em) if pending else None,
        "ultimo_status_http": delivery.ultimo_status_http,
        "ultimo_erro": delivery.ultimo_erro,
        "entregue_em": _iso(delivery.entregue_em),
        "criado_em": _iso(delivery.created_at),
        "atualizado_em": _iso(delivery.updated_at),
        "historico": [_render_attempt(a) for a in sorted(attempts, key=lambda a: a.numero)],
    }


# -- checks --------------------------------------------------------------------------------


def _checked_url(url: str) -> str:
    """https, no credentials, and a host whose addresses are all public (today)."""
    settings = runtime.current().settings
    try:
        deadline = time.monotonic() + settings.webhook_timeout_seconds
        resolve = bounded(network().resolve, deadline)
        check_url(url, resolve, frozenset(settings.webhook_allowed_hosts))
    except UrlRejected as exc:
        raise invalid_field("url", str(exc)) from None
    return url


def _company_filter(session: Session, credential: Credential, body: Mapping[str, Any]) -> Any:
    """The company id the body asks to filter on; None to clear; `...` when not mentioned."""
    if "empresa_id" not in body and "empresa" not in body:
        return ...
    company_id, codigo = body.get("empresa_id"), body.get("empresa")
    if company_id is None and codigo is None:
        return None
    found = companies.find_company(
        session, credential.account_id, company_id=company_id, codigo=codigo
    )
    if found is None or not found.ativo:
        raise ApiError("EMPRESA_NAO_AUTORIZADA")
    return found.id


def _environments(modo: str, requested: list[str] | None, current: list[str] | None) -> list[str]:
    """A test subscription hears homologation only; a live one both unless narrowed."""
    if requested is None:
        if current is not None:
            return current
        return [HOMOLOGACAO] if modo == "test" else [HOMOLOGACAO, PRODUCAO]
    if modo == "test" and PRODUCAO in requested:
        raise ApiError("FORBIDDEN", TEST_ONLY_HOMOLOGATION)
    return sorted(requested)


def _check_room(session: Session, account_id: str) -> None:
    active = session.execute(
        select(func.count())
        .select_from(WebhookSubscription)
        .where(WebhookSubscription.account_id == account_id, WebhookSubscription.ativo.is_(True))
    ).scalar_one()
    if active >= MAX_ACTIVE_PER_ACCOUNT:
        raise ApiError("LIMITE_WEBHOOKS")


def _audit(
    session: Session,
    credential: Credential,
    subscription: WebhookSubscription,
    acao: str,
    antes: dict[str, Any] | None,
) -> None:
    audit.record(
        session,
        account_id=credential.account_id,
        company_id=subscription.company_id,
        acao=acao,
        entidade="webhook",
        registro_id=subscription.id,
        antes=antes,
        depois=render(subscription),
        ip=request.remote_addr,
        actor_key_id=credential.key_id,
    )


# -- subscriptions -------------------------------------------------------------------------


def _visible(credential: Credential) -> Select[WebhookSubscription]:
    query = select(WebhookSubscription).where(
        WebhookSubscription.account_id == credential.account_id
    )
    if credential.is_test:
        query = query.where(WebhookSubscription.modo == "test")
    return query


def get(session: Session, credential: Credential, webhook_id: str) -> WebhookSubscription:
    """One of the caller's subscriptions, or 404 (also for another account's id)."""
    query = _visible(credential).where(WebhookSubscription.id == webhook_id)
    found = session.execute(query).scalar_one_or_none()
    if found is None:
        raise ApiError("NAO_ENCONTRADO", "Webhook não encontrado.")
    return found


def page(session: Session, credential: Credential, args: Mapping[str, Any]) -> Page:
    query = _visible(credential)
    if args.get("ativo") is not None:
        query = query.where(WebhookSubscription.ativo.is_(bool(args["ativo"])))
    order = Ordering("webhooks", WebhookSubscription.created_at, WebhookSubscription.id)
    found = paginate(session, query, dict(args), order)
    now = utcnow()
    return found.rendered([render(s, now) for s in found.itens])


def create(
    session: Session, credential: Credential, body: Mapping[str, Any]
) -> tuple[WebhookSubscription, str]:
    """A new active subscription and its secret (the only time the secret is answered)."""
    url = _checked_url(body["url"])
    company_id = _company_filter(session, credential, body)
    modo = "test" if credential.is_test else "live"
    _check_room(session, credential.account_id)
    now = utcnow()
    subscription = WebhookSubscription(
        id=new_id("whk"),
        account_id=credential.account_id,
        company_id=None if company_id is ... else company_id,
        url=url,
        eventos=list(body["eventos"]),
        ambientes=_environments(modo, body.get("ambientes"), None),
        modo=modo,
        descricao=body.get("descricao"),
        ativo=True,
        criado_por_chave_id=credential.key_id,
        created_at=now,
        updated_at=now,
    )
    secret = keyring.issue(subscription, runtime.current().secrets)
    session.add(subscription)
    _audit(session, credential, subscription, "CRIAR", None)
    return subscription, secret


def update(
    session: Session,
    credential: Credential,
    subscription: WebhookSubscription,
    body: Mapping[str, Any],
) -> WebhookSubscription:
    """Partial change; the URL is checked again; `ativo: true` reactivates."""
    before = render(subscription)
    if "url" in body:
        subscription.url = _checked_url(body["url"])
    company_id = _company_filter(session, credential, body)
    if company_id is not ...:
        subscription.company_id = company_id
    if "eventos" in body:
        subscription.eventos = list(body["eventos"])
    if "descricao" in body:
        subscription.descricao = body["descricao"]
    subscription.ambientes = _environments(
        subscription.modo, body.get("ambientes"), list(subscription.ambientes)
    )
    if body.get("ativo") is True and not subscription.ativo:
        _check_room(session, credential.account_id)
        subscription.ativo = True
        subscription.desativado_em = None
        subscription.motivo_desativacao = None
    elif body.get("ativo") is False:
        _stop(subscription, "Desativado pela API.")
    subscription.updated_at = utcnow()
    _audit(session, credential, subscription, "ATUALIZAR", before)
    return subscription


def _stop(subscription: WebhookSubscription, reason: str) -> None:
    if subscription.ativo:
        subscription.ativo = False
        subscription.desativado_em = utcnow()
        subscription.motivo_desativacao = reason


def deactivate(
    session: Session, credential: Credential, subscription: WebhookSubscription
) -> WebhookSubscription:
    """DELETE: stops deliveries (pending ones end as FALHOU); the record and its log stay."""
    before = render(subscription)
    _stop(subscription, "Desativado pela API.")
    subscription.updated_at = utcnow()
    _audit(session, credential, subscription, "DESATIVAR", before)
    return subscription


def rotate(
    session: Session, credential: Credential, subscription: WebhookSubscription
) -> tuple[str, datetime]:
    """A new secret; the previous one keeps signing until the answer's `..._expira_em`."""
    rt = runtime.current()
    now = utcnow()
    overlap = timedelta(seconds=rt.settings.webhook_secret_overlap_seconds)
    before = render(subscription, now)
    secret = keyring.rotate(subscription, rt.secrets, now, overlap)
    subscription.updated_at = now
    _audit(session, credential, subscription, "ROTACIONAR_SEGREDO", before)
    return secret, now + overlap


# -- deliveries ----------------------------------------------------------------------------


def _attempts_of(session: Session, delivery_ids: list[str]) -> dict[str, list[WebhookAttempt]]:
    by_delivery: dict[str, list[WebhookAttempt]] = {i: [] for i in delivery_ids}
    if delivery_ids:
        query = select(WebhookAttempt).where(WebhookAttempt.delivery_id.in_(delivery_ids))
        for attempt in session.execute(query).scalars():
            by_delivery[attempt.delivery_id].append(attempt)
    return by_delivery


def deliveries(
    session: Session, subscription: WebhookSubscription, args: Mapping[str, Any]
) -> dict[str, Any]:
    """The delivery log, newest first, each with its attempts."""
    query = select(WebhookDelivery).where(WebhookDelivery.subscription_id == subscription.id)
    if args.get("status"):
        query = query.where(WebhookDelivery.status == args["status"])
    order = Ordering("entregas", WebhookDelivery.created_at, WebhookDelivery.id)
    found = paginate(session, query, dict(args), order)
    ids = [d.id for d in found.itens]
    kinds = _kinds_of(session, [d.event_id for d in found.itens])
    attempts = _attempts_of(session, ids)
    items = [render_delivery(d, kinds.get(d.event_id, ""), attempts[d.id]) for d in found.itens]
    return found.rendered(items).envelope()


def _kinds_of(session: Session, event_ids: list[str]) -> dict[str, str]:
    if not event_ids:
        return {}
    query = select(WebhookEvent.id, WebhookEvent.tipo).where(WebhookEvent.id.in_(event_ids))
    return {row.id: row.tipo for row in session.execute(query)}


def _require_active(subscription: WebhookSubscription) -> None:
    if not subscription.ativo:
        raise ApiError("WEBHOOK_INATIVO")


def replay(session: Session, subscription: WebhookSubscription, delivery_id: str) -> dict[str, Any]:
    """A delivered or failed delivery goes out again (same event id and body, new signature)."""
    delivery = session.get(WebhookDelivery, delivery_id, with_for_update=True)
    if delivery is None or delivery.subscription_id != subscription.id:
        raise ApiError("NAO_ENCONTRADO", "Entrega não encontrada.")
    _require_active(subscription)
    if delivery.status == DeliveryStatus.PENDENTE.value:
        raise ApiError("ENTREGA_EM_ANDAMENTO")
    delivery.status = DeliveryStatus.PENDENTE.value
    delivery.falhas = 0
    lease.release(delivery, next_at=utcnow())
    delivery.updated_at = utcnow()
    after_commit(session, KIND, delivery.id)
    kinds = _kinds_of(session, [delivery.event_id])
    attempts = _attempts_of(session, [delivery.id])[delivery.id]
    return render_delivery(delivery, kinds.get(delivery.event_id, ""), attempts)


def send_test(session: Session, subscription: WebhookSubscription) -> dict[str, Any]:
    """A `webhook.test` event for this subscription only, through the normal delivery path."""
    _require_active(subscription)
    ambiente = HOMOLOGACAO if HOMOLOGACAO in subscription.ambientes else PRODUCAO
    data = {
        "webhook_id": subscription.id,
        "teste": True,
        "mensagem": "Evento de teste: se a assinatura confere, o webhook está configurado.",
    }
    event_id, delivery_ids = store_event(
        session,
        tipo=TEST_EVENT,
        account_id=subscription.account_id,
        company_id=subscription.company_id,
        ambiente=ambiente,
        data=data,
        targets=[subscription],
    )
    return {
        "entrega_id": delivery_ids[0],
        "evento_id": event_id,
        "status": DeliveryStatus.PENDENTE.value,
    }
