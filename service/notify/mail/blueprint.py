"""`/fiscal/notificacoes/preferencias`: routes only; the work is in `preferences`.

GET needs [consultar], PUT [configurar]. `empresa_id`/`empresa` select a company; without
them the account-wide preference is read or written (not the "only company" rule of other
resources, because the account-wide default is a thing of its own here).
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.audit import operations as audit
from service.auth import current_credential, requires
from service.companies.resolver import resolve_company
from service.notify.mail import preferences
from service.notify.mail.schemas import (
    PreferenceBodySchema,
    PreferenceQuerySchema,
    PreferenceSchema,
)

blp = Blueprint(
    "mail_preferences",
    __name__,
    url_prefix="/fiscal/notificacoes",
    description="Preferências de notificação por e-mail",
)


def _company_id(selector: dict[str, Any]) -> str | None:
    """The selected company (checked against the key's account), or None for the account."""
    if not (selector.get("empresa_id") or selector.get("empresa")):
        return None
    return resolve_company().id


def _answer(pref: preferences.Effective) -> dict[str, Any]:
    enabled = runtime.current().settings.mail.enabled
    return {**preferences.view(pref), "envio_habilitado": enabled}


EXAMPLE = {"tipos": ["autorizada", "rejeitada", "acao_necessaria"],
           "emails": ["fiscal@example.com"], "ativo": True}  # fmt: skip


@blp.route("/preferencias")
class Preferences(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.arguments(PreferenceQuerySchema, location="query")
    @blp.response(200, PreferenceSchema)
    @blp.errors("EMPRESA_NAO_AUTORIZADA", company=False)
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """The preference in force: the company's, else the account's, else the default
        (`origem` says which)."""
        credential = current_credential()
        company_id = _company_id(args)
        return _answer(preferences.effective(runtime.db(), credential.account_id, company_id))

    @requires(Scope.CONFIGURAR)
    @blp.arguments(PreferenceBodySchema, example=EXAMPLE)
    @blp.response(200, PreferenceSchema)
    @blp.errors("EMPRESA_NAO_AUTORIZADA", company=False)
    def put(self, body: dict[str, Any]) -> dict[str, Any]:
        """Replace the preference of the company (or of the account without a selector)."""
        credential = current_credential()
        company_id = _company_id({**request.args, **body})
        session = runtime.db()
        saved, before = preferences.save(
            session,
            credential.account_id,
            company_id,
            tipos=body["tipos"],
            emails=body["emails"],
            ativo=body["ativo"],
        )
        after = preferences.view(saved)
        audit.record(
            session,
            account_id=credential.account_id,
            company_id=company_id,
            acao="ATUALIZAR" if before else "CRIAR",
            entidade="notificacao_preferencia",
            registro_id=company_id or "conta",
            antes=before,
            depois=after,
            ip=request.remote_addr,
            actor_key_id=credential.key_id,
        )
        session.commit()
        return _answer(saved)
