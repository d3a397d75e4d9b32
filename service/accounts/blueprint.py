"""`/api-keys`: create (shown once), list and revoke the account's credentials."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from service import runtime
from service.accounts import operations
from service.accounts.models import ApiKey, KeyKind, KeyMode
from service.accounts.schemas import (
    ApiKeyCreatedSchema,
    ApiKeyCreateSchema,
    ApiKeyListSchema,
    ApiKeyRevokedSchema,
)
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import Credential, current_credential, requires
from service.errors import ApiError

blp = Blueprint("api_keys", __name__, url_prefix="/api-keys", description="Chaves de API")


def _check_grant(creator: Credential, scopes: set[str], mode: KeyMode, kind: KeyKind) -> None:
    """A key never grants more than its creator has, nor leaves the sandbox."""
    if not creator.has_user:
        raise ApiError("FORBIDDEN", "Credencial de serviço não gerencia chaves de API.")
    if not scopes <= creator.scopes:
        raise ApiError("FORBIDDEN", "Não é possível conceder permissões que a chave atual não tem.")
    if creator.is_test and mode is KeyMode.LIVE:
        raise ApiError("FORBIDDEN", "Uma chave de teste só cria chaves de teste.")


@blp.route("")
class ApiKeys(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.response(200, ApiKeyListSchema)
    @blp.errors(company=False)
    def get(self) -> dict[str, Any]:
        """Lists the account's active keys (a test key sees only test keys)."""
        credential = current_credential()
        mode = KeyMode.TEST.value if credential.is_test else None
        keys = operations.list_keys(runtime.db(), credential.account_id, mode)
        return {"total": len(keys), "itens": keys}

    @requires(Scope.CONFIGURAR)
    @blp.arguments(
        ApiKeyCreateSchema, example={"nome": "ERP loja 1", "escopos": ["emitir", "consultar"]}
    )
    @blp.response(201, ApiKeyCreatedSchema)
    @blp.errors(company=False)
    def post(self, data: dict[str, Any]) -> dict[str, Any]:
        """Creates a key; the full key is in this answer and never again."""
        credential = current_credential()
        scopes = set(data["escopos"] if data["escopos"] is not None else credential.scopes)
        mode = KeyMode(data["modo"])
        kind = KeyKind.USER if data["tipo"] == "usuario" else KeyKind.SERVICE
        _check_grant(credential, scopes, mode, kind)
        session = runtime.db()
        issued = operations.issue_key(
            session,
            runtime.current().hasher,
            account_id=credential.account_id,
            name=data["nome"],
            scopes=scopes,
            mode=mode,
            kind=kind,
            created_by=credential.key_id,
        )
        session.commit()
        return {"api_key": issued.record, "chave": issued.plaintext}


def _visible(key: ApiKey, credential: Credential) -> bool:
    """Another account's key, a revoked one or (for a test key) a live one is not found."""
    same_account = key.account_id == credential.account_id and key.active
    return same_account and (not credential.is_test or key.mode == KeyMode.TEST.value)


@blp.route("/<key_id>")
class ApiKeyItem(MethodView):
    @requires(Scope.CONFIGURAR)
    @blp.response(200, ApiKeyRevokedSchema)
    @blp.errors("NAO_ENCONTRADO", company=False)
    def delete(self, key_id: str) -> dict[str, Any]:
        """Revokes a key at once (audited)."""
        credential = current_credential()
        session = runtime.db()
        key = session.get(ApiKey, key_id)
        if key is None or not _visible(key, credential):
            raise ApiError("NAO_ENCONTRADO")
        if not credential.has_user:
            raise ApiError("FORBIDDEN", "Credencial de serviço não gerencia chaves de API.")
        operations.revoke_key(session, key, actor_key_id=credential.key_id, ip=request.remote_addr)
        session.commit()
        return {"id": key_id, "ativa": False}
