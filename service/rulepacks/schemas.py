"""Request and answer schemas of `/configuracao-fiscal/pacotes` and `/fiscal/simulacoes`."""

from __future__ import annotations

import marshmallow as ma

from engine import RuleType
from service.validators import Length, OneOf, Range, Regexp

RULE_TYPES = [t.value for t in RuleType]
DATE = r"^\d{4}-\d{2}-\d{2}$"
DAY = "data no formato AAAA-MM-DD"


class CandidateRuleSchema(ma.Schema):
    """A rule as a company pack writes it (`rulepacks/schema/rule.schema.json`)."""

    class Meta:
        unknown = ma.RAISE

    id = ma.fields.String(
        required=True,
        validate=[
            Length(min=1, max=80),
            Regexp(
                r"^[a-z0-9][a-z0-9._-]*$", error="minúsculas, dígitos, ponto, hífen e sublinhado"
            ),
        ],
    )
    tipo = ma.fields.String(required=True, validate=OneOf(RULE_TYPES))
    descricao = ma.fields.String(validate=Length(max=255))
    criterios = ma.fields.Dict(required=True)
    condicao = ma.fields.Dict(allow_none=True)
    resultado = ma.fields.Dict(required=True)
    vigencia_inicio = ma.fields.String(required=True, validate=Regexp(DATE, error=DAY))
    vigencia_fim = ma.fields.String(allow_none=True, validate=Regexp(DATE, error=DAY))
    versao = ma.fields.String(required=True, validate=Length(min=1, max=40))
    fonte = ma.fields.String(required=True, validate=Length(min=3, max=500))
    confianca = ma.fields.String(
        load_default="1",
        validate=Regexp(
            r"^(0(\.[0-9]+)?|1(\.0+)?)$", error='decimal entre 0 e 1, em texto (ex. "0.85")'
        ),
    )
    prioridade = ma.fields.Integer(validate=Range(0, 1000))
    tags = ma.fields.List(ma.fields.String())


class SimulationRequestSchema(ma.Schema):
    regras = ma.fields.List(ma.fields.Nested(CandidateRuleSchema), load_default=list,
                            validate=Length(max=1000))  # fmt: skip
    retirar = ma.fields.List(ma.fields.String(), load_default=list, validate=Length(max=1000))
    desde = ma.fields.Date(required=True)
    ate = ma.fields.Date(load_default=None, allow_none=True)
    empresa = ma.fields.String()
    empresa_id = ma.fields.String()

    @ma.validates_schema
    def _something(self, data: dict[str, object], **_: object) -> None:
        if not data.get("regras") and not data.get("retirar"):
            raise ma.ValidationError("informe `regras` candidatas ou regras a `retirar`", "regras")
        ate = data.get("ate")
        if ate is not None and ate <= data["desde"]:  # type: ignore[operator]
            raise ma.ValidationError("deve ser depois de `desde`", "ate")


class SimulationSchema(ma.Schema):
    id = ma.fields.String()
    status = ma.fields.String(metadata={"enum": ["PENDENTE", "CONCLUIDA", "ERRO"]})
    empresa_id = ma.fields.String()
    documentos = ma.fields.Integer()
    desde = ma.fields.String()
    ate = ma.fields.String(allow_none=True)
    resultado = ma.fields.Dict(allow_none=True, metadata={"description": (
        "documentos, alterados, erros, totais {tributo: diferença}, documentos_alterados[] "
        "{id, documento, data_operacao, erro, mudancas[] {tributo, item, antes, depois, "
        "diferenca, base_*, aliquota_*}, regras[] {regra_id, versao, tipo, camada, mudanca, "
        "campos}}")})  # fmt: skip
    erro = ma.fields.String(allow_none=True)
    criada_em = ma.fields.String(allow_none=True)
    concluida_em = ma.fields.String(allow_none=True)
    links = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.String())


class PackRevisionSchema(ma.Schema):
    camada = ma.fields.String()
    nome = ma.fields.String()
    revisao = ma.fields.String()
    regras = ma.fields.Integer()
    origem = ma.fields.String(metadata={"description": "produto | publicado"})
    digest = ma.fields.String(allow_none=True)
    publicado_em = ma.fields.String(allow_none=True)
    publicado_por = ma.fields.String(allow_none=True)
    empresas = ma.fields.Integer(allow_none=True)
    todas_empresas = ma.fields.Boolean(allow_none=True)


class PacksSchema(ma.Schema):
    empresa_id = ma.fields.String()
    pacotes = ma.fields.List(ma.fields.Nested(PackRevisionSchema))
    regras_empresa = ma.fields.Dict(
        metadata={"description": "{api, pacote}: company rules in force by origin"}
    )
    historico = ma.fields.List(ma.fields.Nested(PackRevisionSchema))
