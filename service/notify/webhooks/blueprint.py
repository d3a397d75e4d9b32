"""`/webhooks`: routes only; the work is in `operations`. Every route needs [configurar]."""

from __future__ import annotations

import logging
from typing import Any

from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.notify.webhooks import operations
from service.notify.webhooks.schemas import (
    DeliveryAnswerSchema,
    DeliveryListArgsSchema,
    DeliveryListSchema,
    TestEventAnswerSchema,
    WebhookAnswerSchema,
    WebhookCreatedSchema,
    WebhookListArgsSchema,
    WebhookListSchema,
    WebhookRotatedSchema,
    WebhookSchema,
    WebhookUpdateSchema,
)

log = logging.getLogger("service.notify.webhooks")

blp = Blueprint("webhooks", __name__, url_prefix="/webhooks", description="Webhooks")


EXAMPLE = {"url": "https://erp.example.com/webhooks/fiscal",
           "eventos": ["nfe.authorized", "nfe.rejected", "fiscal.document.*"]}  # fmt: skip
"""The URL must resolve to public addresses (docs "SSRF protection")."""


@blp.route("")
class Webhooks(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.arguments(WebhookListArgsSchema, location="query")
    @blp.response(200, WebhookListSchema)
    @blp.errors(company=False)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The account's webhooks, newest first (a test key sees only test webhooks)."""
        return operations.page(runtime.db(), current_credential(), args).envelope()

    @requires(Scope.CONFIGURAR)
    @blp.arguments(WebhookSchema, example=EXAMPLE)
    @blp.response(201, WebhookCreatedSchema)
    @blp.errors("EMPRESA_NAO_AUTORIZADA", "LIMITE_WEBHOOKS", company=False)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Creates a webhook; the signing secret is in this answer and never again."""
        session = runtime.db()
        subscription, secret = operations.create(session, current_credential(), body)
        session.commit()
        return {"webhook": operations.render(subscription), "segredo": secret}


@blp.route("/<webhook_id>")
class WebhookItem(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.response(200, WebhookAnswerSchema)
    @blp.errors("NAO_ENCONTRADO", company=False)
    def get(self, webhook_id: str) -> dict[str, Any]:
        subscription = operations.get(runtime.db(), current_credential(), webhook_id)
        return {"webhook": operations.render(subscription)}

    @requires(Scope.CONFIGURAR)
    @blp.arguments(WebhookUpdateSchema, example={"eventos": ["nfe.*", "fiscal.document.*"]})
    @blp.response(200, WebhookAnswerSchema)
    @blp.errors("NAO_ENCONTRADO", "EMPRESA_NAO_AUTORIZADA", "LIMITE_WEBHOOKS", company=False)
    def put(self, body: dict[str, Any], webhook_id: str) -> dict[str, Any]:
        """Partial update; `ativo: true` reactivates, `empresa_id: null` drops the filter."""
        session, credential = runtime.db(), current_credential()
        subscription = operations.get(session, credential, webhook_id)
        operations.update(session, credential, subscription, body)
        session.commit()
        return {"webhook": operations.render(subscription)}

    @requires(Scope.CONFIGURAR)
    @blp.response(200, WebhookAnswerSchema)
    @blp.errors("NAO_ENCONTRADO", company=False)
    def delete(self, webhook_id: str) -> dict[str, Any]:
        """Deactivates (the record and its delivery log stay; PUT `ativo: true` restores)."""
        session, credential = runtime.db(), current_credential()
        subscription = operations.get(session, credential, webhook_id)
        operations.deactivate(session, credential, subscription)
        session.commit()
        return {"webhook": operations.render(subscription)}


@blp.route("/<webhook_id>/rotacionar-segredo")
class WebhookRotation(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.response(200, WebhookRotatedSchema)
    @blp.errors("NAO_ENCONTRADO", company=False)
    def post(self, webhook_id: str) -> dict[str, Any]:
        """New secret, answered once; the old one also signs until `segredo_anterior_expira_em`."""
        session, credential = runtime.db(), current_credential()
        subscription = operations.get(session, credential, webhook_id)
        secret, expires = operations.rotate(session, credential, subscription)
        session.commit()
        return {
            "webhook": operations.render(subscription),
            "segredo": secret,
            "segredo_anterior_expira_em": expires.isoformat(),
        }


@blp.route("/<webhook_id>/entregas")
class WebhookDeliveries(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.arguments(DeliveryListArgsSchema, location="query")
    @blp.response(200, DeliveryListSchema)
    @blp.errors("NAO_ENCONTRADO", company=False)
    def get(self, args: dict[str, Any], webhook_id: str) -> dict[str, Any]:
        """Delivery log, newest first: status and every attempt (HTTP code, latency, error)."""
        session = runtime.db()
        subscription = operations.get(session, current_credential(), webhook_id)
        return operations.deliveries(session, subscription, args)


@blp.route("/<webhook_id>/entregas/<entrega_id>/reenviar")
class WebhookReplay(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.response(202, DeliveryAnswerSchema)
    @blp.errors("NAO_ENCONTRADO", "WEBHOOK_INATIVO", "ENTREGA_EM_ANDAMENTO", company=False)
    def post(self, webhook_id: str, entrega_id: str) -> dict[str, Any]:
        """Schedules a delivered or failed delivery again (same `X-Webhook-Id` and body)."""
        session = runtime.db()
        subscription = operations.get(session, current_credential(), webhook_id)
        answer = operations.replay(session, subscription, entrega_id)
        session.commit()
        return {"entrega": answer}


@blp.route("/<webhook_id>/teste")
class WebhookTest(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.response(202, TestEventAnswerSchema)
    @blp.errors("NAO_ENCONTRADO", "WEBHOOK_INATIVO", company=False)
    def post(self, webhook_id: str) -> dict[str, Any]:
        """Sends a `webhook.test` event to this webhook through the normal delivery path."""
        session = runtime.db()
        subscription = operations.get(session, current_credential(), webhook_id)
        answer = operations.send_test(session, subscription)
        session.commit()
        return answer


@blp.record_once
def _warn_on_allowed_hosts(state: Any) -> None:
    """WEBHOOK_ALLOWED_HOSTS opens private addresses to deliveries: say so at every start."""
    hosts = state.app.extensions["fiscal"].settings.webhook_allowed_hosts
    if hosts:
        log.warning(
            "WEBHOOK_ALLOWED_HOSTS is set (%s): webhooks to these hosts may reach private and "
            "loopback addresses; use only for tests and local development",
            ", ".join(hosts),
        )
