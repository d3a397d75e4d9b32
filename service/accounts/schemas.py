"""Request and response schemas of the API-key endpoints."""

import marshmallow as ma

from service.accounts.scopes import ALL_SCOPES
from service.validators import Length, OneOf


class ApiKeyCreateSchema(ma.Schema):
    nome = ma.fields.String(required=True, validate=Length(min=1, max=120))
    escopos = ma.fields.List(ma.fields.String(validate=OneOf(ALL_SCOPES)), load_default=None)
    modo = ma.fields.String(load_default="test", validate=OneOf(["live", "test"]))
    tipo = ma.fields.String(load_default="usuario", validate=OneOf(["usuario", "servico"]))


class ApiKeySchema(ma.Schema):
    id = ma.fields.String()
    nome = ma.fields.String(attribute="name")
    prefixo = ma.fields.String(attribute="prefix")
    escopos = ma.fields.List(ma.fields.String(), attribute="scopes")
    modo = ma.fields.String(attribute="mode")
    tipo = ma.fields.Function(
        lambda key: "usuario" if key.kind == "user" else "servico",
        metadata={"type": "string", "enum": ["usuario", "servico"]},
    )
    criada_em = ma.fields.DateTime(attribute="created_at")
    ultimo_uso_em = ma.fields.DateTime(attribute="last_used_at", allow_none=True)
    ativa = ma.fields.Boolean(attribute="active")


class ApiKeyCreatedSchema(ma.Schema):
    api_key = ma.fields.Nested(ApiKeySchema)
    chave = ma.fields.String(metadata={"description": "A chave completa; exibida só agora."})


class ApiKeyListSchema(ma.Schema):
    total = ma.fields.Integer()
    itens = ma.fields.List(ma.fields.Nested(ApiKeySchema))


class ApiKeyRevokedSchema(ma.Schema):
    id = ma.fields.String()
    ativa = ma.fields.Boolean()
