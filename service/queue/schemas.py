"""Request and query schemas of `/fiscal/solicitacoes`."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.pagination import PageArgsSchema, PageSchema
from service.queue.models import TaskStatus
from service.queue.operations import KNOWN_DOCUMENTS, family_of
from service.validators import OneOf


class TaskRequestSchema(ma.Schema):
    """`documento` plus the same JSON as the document's own issuance endpoint, judged by that
    family's request schema (the queue knows families only through the registry)."""

    class Meta:
        unknown = ma.INCLUDE  # the family's own members, loaded by its schema below

    documento = ma.fields.String(required=True, validate=OneOf(KNOWN_DOCUMENTS))

    @ma.pre_load
    def supported(self, data: Any, **_: Any) -> Any:
        """A known document no family issues yet is 501, before its body is judged."""
        documento = data.get("documento") if isinstance(data, dict) else None
        if documento in KNOWN_DOCUMENTS:
            family_of(documento)
        return data

    @ma.post_load
    def issuance(self, data: dict[str, Any], **_: Any) -> dict[str, Any]:
        """The rest of the body, loaded by the family's request schema (its field errors are
        this request's field errors)."""
        family = family_of(data["documento"])
        body = {k: v for k, v in data.items() if k != "documento"}
        loaded: dict[str, Any] = family.request_loader.load(body)
        return {"documento": data["documento"], **loaded}


class TaskListArgsSchema(PageArgsSchema):
    status = ma.fields.String(validate=OneOf([s.value for s in TaskStatus]))
    documento = ma.fields.String(validate=OneOf(KNOWN_DOCUMENTS))
    pedido = ma.fields.String()
    empresa = ma.fields.String()
    empresa_id = ma.fields.String()
    de = ma.fields.Date()
    ate = ma.fields.Date()


class TaskErrorSchema(ma.Schema):
    class Meta:
        unknown = ma.INCLUDE  # the error's own details (`motivos`, `missing`…) ride along

    codigo = ma.fields.String()
    mensagem = ma.fields.String(allow_none=True)


class TransitionSchema(ma.Schema):
    de = ma.fields.String(allow_none=True)
    para = ma.fields.String()
    motivo = ma.fields.String(allow_none=True)
    em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})


class TaskSchema(ma.Schema):
    """The task resource (`operations.render`); for the docs."""

    solicitacao_id = ma.fields.String()
    status = ma.fields.String(metadata={"enum": [s.value for s in TaskStatus]})
    documento = ma.fields.String()
    pedido = ma.fields.String()
    empresa_id = ma.fields.String()
    ambiente = ma.fields.String()
    origem = ma.fields.String()
    tentativas = ma.fields.Integer()
    proxima_tentativa_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    ultimo_erro = ma.fields.Nested(TaskErrorSchema, allow_none=True)
    documento_id = ma.fields.String(allow_none=True)
    documento_status = ma.fields.String(allow_none=True)
    chave = ma.fields.String(allow_none=True)
    numero = ma.fields.Integer(allow_none=True)
    serie = ma.fields.Integer(allow_none=True)
    links = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String())
    criado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    atualizado_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    finalizada_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    historico = ma.fields.List(ma.fields.Nested(TransitionSchema))


class TaskListSchema(PageSchema):
    itens = ma.fields.List(ma.fields.Nested(TaskSchema))
