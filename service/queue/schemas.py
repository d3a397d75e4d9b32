"""Request and query schemas of `/fiscal/solicitacoes`."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.errors import ApiError
from service.nfe.schemas import IssueRequestSchema
from service.pagination import PageArgsSchema
from service.queue.models import TaskStatus
from service.queue.operations import KNOWN_DOCUMENTS, MODELO
from service.validators import OneOf


class TaskRequestSchema(IssueRequestSchema):
    """`documento` plus the same JSON as the document's own issuance endpoint."""

    documento = ma.fields.String(required=True, validate=OneOf(KNOWN_DOCUMENTS))

    @ma.pre_load
    def supported(self, data: Any, **_: Any) -> Any:
        """A known document the queue cannot issue yet is 501, before its body is judged."""
        documento = data.get("documento") if isinstance(data, dict) else None
        if documento in KNOWN_DOCUMENTS and documento not in MODELO:
            raise ApiError("DOCUMENTO_NAO_SUPORTADO", body={"documento": documento})
        return data


class TaskListArgsSchema(PageArgsSchema):
    status = ma.fields.String(validate=OneOf([s.value for s in TaskStatus]))
    documento = ma.fields.String(validate=OneOf(KNOWN_DOCUMENTS))
    pedido = ma.fields.String()
    empresa = ma.fields.String()
    empresa_id = ma.fields.String()
    de = ma.fields.Date()
    ate = ma.fields.Date()
