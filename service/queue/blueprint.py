"""`/fiscal/solicitacoes`: the queue's tasks (routes only; the work is in `operations`)."""

from __future__ import annotations

from typing import Any

from flask import request
from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.resolver import resolve_company
from service.errors import ApiError
from service.issuance.routes import answer_existing
from service.issuance.schemas import IssuedDocumentSchema
from service.queue import operations
from service.queue.answers import queued
from service.queue.schemas import (
    TaskListArgsSchema,
    TaskListSchema,
    TaskRequestSchema,
    TaskSchema,
)

blp = Blueprint(
    "solicitacoes",
    __name__,
    url_prefix="/fiscal/solicitacoes",
    description="Fila fiscal: solicitações de emissão processadas em segundo plano",
)

EXAMPLE = {"documento": "NFE", "pedido": "PED-0002", "cliente": "C001",
           "itens": [{"codigo": "P001", "quantidade": 1}], "pagamento": "pix"}  # fmt: skip
"""Queues an NF-e for the quickstart company (`DEMO`: P001, C001)."""


@blp.route("")
class Tasks(MethodView):
    @requires(Scope.EMITIR)
    @blp.arguments(TaskRequestSchema, example=EXAMPLE)
    @blp.response(202)
    @blp.documents(202, TaskSchema)
    @blp.documents(200, IssuedDocumentSchema)
    @blp.errors("MODULO_NAO_HABILITADO", "SALDO_INSUFICIENTE", "REQUEST_IN_PROGRESS",
                "IDEMPOTENCY_KEY_REUSED", "DOCUMENTO_NAO_SUPORTADO")  # fmt: skip
    def post(self, body: dict[str, Any]) -> Any:
        """Queue an issuance: 202 with `solicitacao_id` (402 when the balance cannot hold it)."""
        documento = body.pop("documento")
        family = operations.family_of(documento)
        company = resolve_company(family.module)
        credential = current_credential()
        if not credential.can(family.scopes.issue):
            raise ApiError("FORBIDDEN", f"Emitir {family.label} exige a permissão "
                           f"{family.scopes.issue}.")  # fmt: skip
        if family.check_request is not None:
            family.check_request(credential, body)
        raw = request.get_json()
        enqueued = operations.enqueue(company, credential, documento, body, raw)
        if enqueued.task_id is None:
            return answer_existing(family, enqueued)
        return queued(enqueued)

    @requires(Scope.CONSULTAR)
    @blp.arguments(TaskListArgsSchema, location="query")
    @blp.response(200)
    @blp.documents(200, TaskListSchema)
    @blp.errors()
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """Tasks of the selected company, newest first (filters: status, documento, pedido,
        de, ate)."""
        session = runtime.db()
        page = operations.listed(current_credential(), resolve_company(), args)
        documents = operations.documents_of(session, page.itens)
        itens = [operations.render(session, t, with_history=False) for t in page.itens]
        del documents  # held while rendering: each task's document came from that one query
        return {**page.envelope(), "itens": itens}


@blp.route("/<task_id>")
class Task(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.response(200)
    @blp.documents(200, TaskSchema)
    @blp.errors("SOLICITACAO_NAO_ENCONTRADA", company=False)
    def get(self, task_id: str) -> dict[str, Any]:
        """The task with its history of transitions."""
        task = operations.find_for(current_credential(), resolve_company(), task_id)
        return operations.render(runtime.db(), task)


@blp.route("/<task_id>/cancelar")
class Cancel(MethodView):
    @requires(Scope.EMITIR)
    @blp.response(200)
    @blp.documents(200, TaskSchema)
    @blp.errors("SOLICITACAO_NAO_ENCONTRADA", "SOLICITACAO_NAO_CANCELAVEL", company=False)
    def post(self, task_id: str) -> dict[str, Any]:
        """CANCELADA before transmission (never a fiscal cancellation); 409 afterwards."""
        operations.cancel(current_credential(), resolve_company(), task_id)
        return _fresh(task_id)


@blp.route("/<task_id>/reprocessar")
class Reprocess(MethodView):
    @requires(Scope.EMITIR)
    @blp.response(200)
    @blp.documents(200, TaskSchema)
    @blp.errors("SOLICITACAO_NAO_ENCONTRADA", "SOLICITACAO_NAO_REPROCESSAVEL", company=False)
    def post(self, task_id: str) -> dict[str, Any]:
        """Back to work after the configuration was fixed (only from ACAO_NECESSARIA)."""
        operations.reprocess(current_credential(), resolve_company(), task_id)
        return _fresh(task_id)


def _fresh(task_id: str) -> dict[str, Any]:
    with runtime.current().sessions() as session:
        task = session.get(operations.FiscalTask, task_id)
        assert task is not None
        return operations.render(session, task)
