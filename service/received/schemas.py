"""Request and answer schemas of `/dfe/recebidos` and `/dfe/configuracao`."""

from __future__ import annotations

import marshmallow as ma

from service.configuration.fields import CompanySelector
from service.pagination import PageArgsSchema, PageSchema
from service.received.manifestation import KINDS
from service.received.models import Manifestacao, Situacao, Tipo
from service.validators import OneOf, Regexp, fiscal_text

KEY_PATTERN = r"^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$"


class ReceivedListArgsSchema(PageArgsSchema, CompanySelector):
    emitente = ma.fields.String(
        metadata={"description": "CNPJ/CPF do emitente (só dígitos) ou parte do nome."}
    )
    de = ma.fields.Date(metadata={"description": "Emitidas a partir deste dia (AAAA-MM-DD)."})
    ate = ma.fields.Date(metadata={"description": "Emitidas até este dia, inclusive."})
    situacao = ma.fields.String(validate=OneOf([s.value for s in Situacao]))
    manifestacao = ma.fields.String(validate=OneOf([m.value for m in Manifestacao]))
    tipo = ma.fields.String(validate=OneOf([t.value for t in Tipo]))


class ReceivedEventSchema(ma.Schema):
    tp_evento = ma.fields.String(
        metadata={
            "description": "110111 cancelamento, 210200/210210/210220/210240 manifestação, "
            "610110 desacordo (CT-e), 101101 cancelamento da NFS-e."
        }
    )
    n_seq = ma.fields.Integer()
    protocolo = ma.fields.String(allow_none=True)
    registrado_em = ma.fields.String(metadata={"format": "date-time"})


class ReceivedSchema(ma.Schema):
    id = ma.fields.String()
    chave = ma.fields.String()
    tipo = ma.fields.String(metadata={"enum": [t.value for t in Tipo]})
    ambiente = ma.fields.String(metadata={"enum": ["HOMOLOGACAO", "PRODUCAO"]})
    nsu = ma.fields.String(allow_none=True, metadata={"description": "NSU que o trouxe."})
    emitente_cnpj = ma.fields.String(allow_none=True)
    emitente_nome = ma.fields.String(allow_none=True)
    valor = ma.fields.String(
        allow_none=True,
        metadata={"description": "vNF, vTPrest (CT-e) ou vLiq (NFS-e), em reais."},
    )
    emitido_em = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    situacao = ma.fields.String(metadata={"enum": [s.value for s in Situacao]})
    manifestacao = ma.fields.String(metadata={"enum": [m.value for m in Manifestacao]})
    xml_disponivel = ma.fields.Boolean(
        metadata={"description": "O XML completo chegou (após a ciência ou outra manifestação)."}
    )
    recebido_em = ma.fields.String(metadata={"format": "date-time"})
    atualizado_em = ma.fields.String(metadata={"format": "date-time"})
    eventos = ma.fields.List(ma.fields.Nested(ReceivedEventSchema))


class ReceivedListSchema(PageSchema):
    itens = ma.fields.List(ma.fields.Nested(ReceivedSchema))


class ManifestationSchema(CompanySelector):
    tipo = ma.fields.String(
        required=True, validate=OneOf(sorted(KINDS)),
        metadata={"description": "ciencia (210210), confirmacao (210200), desconhecimento "
                  "(210220) ou nao_realizada (210240)."},
    )  # fmt: skip
    justificativa = fiscal_text(
        15, 255, metadata={"description": "Obrigatória para nao_realizada: 15 a 255 caracteres."}
    )

    @ma.validates_schema
    def _justified(self, data: dict[str, object], **_: object) -> None:
        if data.get("tipo") == "nao_realizada" and not data.get("justificativa"):
            raise ma.ValidationError("Obrigatória para nao_realizada.", "justificativa")
        if data.get("tipo") != "nao_realizada" and data.get("justificativa"):
            raise ma.ValidationError("Só a nao_realizada leva justificativa.", "justificativa")


class DisagreementSchema(CompanySelector):
    observacao = fiscal_text(
        15, 255, required=True,
        metadata={"description": "Por que a prestação está em desacordo: 15 a 255 caracteres."},
    )  # fmt: skip


class KeyQuerySchema(CompanySelector):
    chave = ma.fields.String(
        required=True, validate=Regexp(KEY_PATTERN, error="Chave de acesso inválida."),
        metadata={"description": "Chave de acesso (44 posições) da NF-e emitida para a empresa."},
    )  # fmt: skip


class DfeSettingsSchema(CompanySelector):
    ciencia_automatica = ma.fields.Boolean(
        required=True,
        metadata={"description": "Registrar a ciência da operação (210210) em cada NF-e "
                  "recebida, para que o XML completo chegue na distribuição seguinte."},
    )  # fmt: skip


class CursorSchema(ma.Schema):
    familia = ma.fields.String(metadata={"enum": ["NFE", "CTE", "NFSE"]})
    ult_nsu = ma.fields.String(metadata={"description": "Último NSU lido."})
    max_nsu = ma.fields.String(metadata={"description": "Maior NSU da empresa na distribuição."})
    proxima_consulta = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    bloqueado_ate = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    ultima_resposta = ma.fields.String(allow_none=True)


class DfeSettingsAnswerSchema(ma.Schema):
    ciencia_automatica = ma.fields.Boolean()
    cursores = ma.fields.List(
        ma.fields.Nested(CursorSchema),
        metadata={"description": "A distribuição de cada família (NF-e, CT-e, NFS-e); os campos "
                  "de cursor no topo repetem o da NF-e."},
    )  # fmt: skip
    ult_nsu = ma.fields.String(metadata={"description": "Último NSU lido."})
    max_nsu = ma.fields.String(metadata={"description": "Maior NSU da empresa no AN."})
    proxima_consulta = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    bloqueado_ate = ma.fields.String(allow_none=True, metadata={"format": "date-time"})
    ultima_resposta = ma.fields.String(allow_none=True)
    consultas_chave_restantes = ma.fields.Integer(
        metadata={"description": "Consultas por chave que ainda cabem na hora atual."}
    )
