"""Query and answer schemas of `GET /fiscal/autoridades`."""

from __future__ import annotations

import marshmallow as ma

from service.authorities.models import AuthorityStatus
from service.brazil.geo import normalize_uf
from service.configuration.fields import CompanySelector, Normalized
from service.validators import OneOf

MODELS = ("55", "65", "57", "67", "58", "SE")
"""NF-e, NFC-e, CT-e, CT-e OS, MDF-e and the national NFS-e (`SE`)."""


class AuthorityQuerySchema(CompanySelector):
    """`empresa`/`empresa_id` narrows to one company of the account; `uf` to its companies of
    one UF; `modelo` to one document model."""

    uf = Normalized(normalize_uf, metadata={"description": "UF das empresas (ex.: SP)."})
    modelo = ma.fields.String(
        validate=OneOf(MODELS),
        metadata={"description": "55 NF-e, 65 NFC-e, 57 CT-e, 67 CT-e OS, 58 MDF-e, SE NFS-e."},
    )


class LastAnswerSchema(ma.Schema):
    c_stat = ma.fields.String(
        allow_none=True, metadata={"description": "cStat da resposta (ex.: 107, 108, 109)."}
    )
    motivo = ma.fields.String(
        allow_none=True,
        metadata={"description": "xMotivo, ou por que o pedido não chegou à autoridade."},
    )
    causa = ma.fields.String(
        allow_none=True,
        metadata={"description": "Falha de comunicação (ex.: CONNECTION_REFUSED, READ_TIMEOUT)."},
    )
    em = ma.fields.String(metadata={"description": "Quando a resposta foi registrada."})


class AuthoritySchema(ma.Schema):
    modelo = ma.fields.String(metadata={"description": "Modelo do documento (SE: NFS-e)."})
    documento = ma.fields.String(metadata={"description": "NFE, NFCE, CTE, CTEOS, MDFE, NFSE."})
    autorizador = ma.fields.String(
        metadata={"description": "Autorizador que atende (UF própria, SVRS, SVAN, SVSP, SEFIN)."}
    )
    ambiente = ma.fields.String(metadata={"enum": ["HOMOLOGACAO", "PRODUCAO"]})
    status = ma.fields.String(metadata={"enum": [s.value for s in AuthorityStatus]})
    desde = ma.fields.String(allow_none=True, metadata={"description": "Desde quando no status."})
    ultima_resposta = ma.fields.Nested(LastAnswerSchema, allow_none=True)
    verificado_em = ma.fields.String(
        allow_none=True, metadata={"description": "Última consulta ao serviço de status."}
    )
    falhas_consecutivas = ma.fields.Integer()
    contingencia = ma.fields.String(
        allow_none=True,
        metadata={
            "description": "Modo de contingência em vigor para as suas empresas nesta "
            "autoridade (SVC, EPEC, OFFLINE; vários separados por vírgula), ou nulo."
        },
    )
    ufs = ma.fields.List(ma.fields.String(), metadata={"description": "UFs das suas empresas."})
    empresas = ma.fields.List(
        ma.fields.String(), metadata={"description": "Códigos das suas empresas atendidas."}
    )


class AuthorityListSchema(ma.Schema):
    total = ma.fields.Integer()
    itens = ma.fields.List(ma.fields.Nested(AuthoritySchema))
