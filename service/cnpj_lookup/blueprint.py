"""`POST /configuracao-fiscal/cnpj/consultar`: routes only; the work is in `operations`."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import requires
from service.cnpj_lookup import operations, providers
from service.validators import Length

blp = Blueprint(
    "cnpj_lookup",
    __name__,
    url_prefix="/configuracao-fiscal/cnpj",
    description="Consulta de CNPJ em cadastros públicos",
)


class CnpjLookupSchema(ma.Schema):
    cnpj = ma.fields.String(required=True, validate=Length(min=1, max=30))


class CnpjLookupDataSchema(ma.Schema):
    cnpj = ma.fields.String()
    razao_social = ma.fields.String()
    nome_fantasia = ma.fields.String(allow_none=True)
    situacao_cadastral = ma.fields.String(allow_none=True)
    data_abertura = ma.fields.String(allow_none=True)
    cnae = ma.fields.String(allow_none=True)
    cnaes_secundarios = ma.fields.List(ma.fields.String())
    cep = ma.fields.String(allow_none=True)
    logradouro = ma.fields.String(allow_none=True)
    numero = ma.fields.String(allow_none=True)
    bairro = ma.fields.String(allow_none=True)
    municipio = ma.fields.String(allow_none=True)
    cod_municipio = ma.fields.String(allow_none=True)
    uf = ma.fields.String(allow_none=True)
    cod_uf = ma.fields.String(allow_none=True)
    telefone = ma.fields.String(allow_none=True)
    email = ma.fields.String(allow_none=True)
    crt = ma.fields.Integer(allow_none=True)


class CnpjLookupResultSchema(ma.Schema):
    dados = ma.fields.Nested(CnpjLookupDataSchema)
    origem = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String())
    fonte = ma.fields.String()
    avisos = ma.fields.List(ma.fields.String())


@blp.route("/consultar")
class CnpjLookup(MethodView):
    @requires(Scope.CONSULTAR)
    @blp.arguments(CnpjLookupSchema, example={"cnpj": "11.444.777/0001-61"})
    @blp.response(200, CnpjLookupResultSchema)
    @blp.errors("CNPJ_INVALIDO", "CNPJ_CONSULTA_INDISPONIVEL", company=False)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Look a CNPJ up in public registers; CRT only suggested; nothing stored."""
        settings = runtime.current().settings
        chain = providers.chain(
            settings.cnpj_providers, settings.cnpj_provider_urls, settings.cnpj_lookup_timeout
        )
        return operations.lookup(body["cnpj"], chain)
