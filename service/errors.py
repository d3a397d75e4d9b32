"""The one API error catalogue: every code the service answers, its HTTP status and message.

Domain packages raise their own small exceptions; the edge maps them to an `ApiError` whose
code is listed here. Messages are in Portuguese because API users read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow.exceptions import SCHEMA


@dataclass(frozen=True)
class ErrorSpec:
    """HTTP status and default message of one error code."""

    status: int
    message: str


CATALOGUE: dict[str, ErrorSpec] = {
    "VALIDATION_ERROR": ErrorSpec(422, "Requisição inválida."),
    "FISCAL_CONFIGURATION_REQUIRED": ErrorSpec(422, "Configuração fiscal necessária."),
    "CONFIG_FISCAL_INCOMPLETA": ErrorSpec(422, "Configuração fiscal incompleta."),
    "SEFAZ_REJECTION": ErrorSpec(422, "Documento rejeitado pela autoridade fiscal."),
    "SEFAZ_EVENT_REJECTION": ErrorSpec(422, "Evento rejeitado pela autoridade fiscal."),
    "NFSE_REJECTION": ErrorSpec(
        422, "DPS rejeitada pelo sistema nacional da NFS-e; veja error.details."
    ),
    "NFSE_CANCEL_REJECTION": ErrorSpec(422, "Cancelamento de NFS-e rejeitado."),
    "SEFAZ_UNAVAILABLE": ErrorSpec(
        202, "Situação incerta após falha de comunicação; consulte o documento."
    ),
    "AUTORIDADE_RECUSOU_CERTIFICADO": ErrorSpec(
        502,
        "A autoridade fiscal recusou o certificado A1 na conexão; nada foi enviado nem cobrado.",
    ),
    "AUTORIDADE_INACESSIVEL": ErrorSpec(
        503, "Não foi possível conectar à autoridade fiscal; nada foi enviado nem cobrado."
    ),
    "REVISAO_FISCAL_NECESSARIA": ErrorSpec(
        422, "A tributação não pode ser determinada com segurança; revisão fiscal necessária."
    ),
    "CONTINGENCIA_INDISPONIVEL": ErrorSpec(
        422, "Modo de contingência indisponível para este modelo na UF do emitente."
    ),
    "CONFLITO_REGRAS": ErrorSpec(422, "Regras fiscais conflitantes para a mesma operação."),
    "IDEMPOTENCY_KEY_REUSED": ErrorSpec(
        422, "O mesmo pedido já foi enviado com conteúdo diferente."
    ),
    "REQUEST_IN_PROGRESS": ErrorSpec(409, "Este pedido ainda está em processamento."),
    "SALDO_INSUFICIENTE": ErrorSpec(402, "Saldo de créditos insuficiente."),
    "RATE_LIMITED": ErrorSpec(429, "Limite de requisições por minuto excedido."),
    "NAO_AUTENTICADO": ErrorSpec(401, "Chave de API ausente ou inválida."),
    "FORBIDDEN": ErrorSpec(403, "A chave de API não tem a permissão necessária."),
    "EMPRESA_NAO_AUTORIZADA": ErrorSpec(403, "Empresa inexistente, inativa ou de outra conta."),
    "MODULO_NAO_HABILITADO": ErrorSpec(403, "Módulo não habilitado para esta empresa."),
    "EMITENTE_NAO_CONFIGURADO": ErrorSpec(
        403, "Credencial sem usuário da plataforma não pode cadastrar emitente."
    ),
    "CARTEIRA_INDISPONIVEL": ErrorSpec(403, "Credencial sem carteira de créditos."),
    "DOCUMENTO_NAO_ENCONTRADO": ErrorSpec(404, "Documento não encontrado."),
    "NAO_ENCONTRADO": ErrorSpec(404, "Registro não encontrado."),
    "ROTA_NAO_ENCONTRADA": ErrorSpec(404, "Rota não encontrada."),
    "METODO_NAO_PERMITIDO": ErrorSpec(405, "Método não permitido para esta rota."),
    "CORPO_MUITO_GRANDE": ErrorSpec(413, "Corpo da requisição excede o limite."),
    "URI_MUITO_LONGA": ErrorSpec(414, "URL longa demais: envie os dados no corpo (JSON)."),
    "TIPO_DE_CONTEUDO_INVALIDO": ErrorSpec(415, "Tipo de conteúdo não suportado."),
    "STATUS_INVALIDO": ErrorSpec(409, "Operação exige documento AUTORIZADO."),
    "XML_INDISPONIVEL": ErrorSpec(409, "XML autorizado ainda não disponível."),
    "DOCUMENTO_NAO_AUTORIZADO": ErrorSpec(409, "Disponível apenas para documento autorizado."),
    "DOCUMENTO_SEM_PROTOCOLO": ErrorSpec(409, "Documento sem protocolo de autorização."),
    "EVENTO_SEM_PDF": ErrorSpec(409, "Só a carta de correção (CC-e) tem representação em PDF."),
    "CONDUTOR_JA_INCLUIDO": ErrorSpec(409, "Condutor já incluído no MDF-e."),
    "REGISTRO_DUPLICADO": ErrorSpec(409, "Registro já existe."),
    "REGRA_DE_PACOTE": ErrorSpec(
        409, "Regra publicada de um pacote: altere-a no repositório do pacote e publique-a."
    ),
    "CONTINGENCIA_EM_VIGOR": ErrorSpec(
        409, "Já há contingência em vigor para este modelo: saia dela (DELETE) antes."
    ),
    "LIMITE_EMPRESAS": ErrorSpec(409, "Limite de empresas da conta atingido."),
    "LIMITE_WEBHOOKS": ErrorSpec(409, "Limite de webhooks ativos da conta atingido."),
    "WEBHOOK_INATIVO": ErrorSpec(409, "Webhook inativo: reative-o com PUT ativo true."),
    "ENTREGA_EM_ANDAMENTO": ErrorSpec(409, "Entrega ainda pendente: aguarde a próxima tentativa."),
    "CNPJ_INVALIDO": ErrorSpec(422, "CNPJ inválido (dígitos verificadores)."),
    "CNPJ_CONSULTA_INDISPONIVEL": ErrorSpec(502, "Serviços de consulta de CNPJ indisponíveis."),
    "CERTIFICADO_INVALIDO": ErrorSpec(422, "Certificado inválido ou senha incorreta."),
    "CERTIFICADO_VENCIDO": ErrorSpec(422, "Certificado vencido."),
    "CERTIFICADO_DIVERGENTE": ErrorSpec(422, "Certificado de outro CNPJ."),
    "NFF_NAO_DISPONIVEL": ErrorSpec(501, "NFF não implementada."),
    "DOCUMENTO_NAO_SUPORTADO": ErrorSpec(
        501, "A emissão deste tipo de documento ainda não está disponível."
    ),
    "MANIFESTACAO_FORA_DE_ORDEM": ErrorSpec(
        422, "Manifestação não permitida agora para esta NF-e recebida."
    ),
    "MANIFESTACAO_INCERTA": ErrorSpec(
        503, "A resposta da autoridade à manifestação não chegou; consulte a NF-e recebida."
    ),
    "DFE_CONSULTAS_ESGOTADAS": ErrorSpec(
        422, "Limite de consultas por chave da hora atingido para esta empresa."
    ),
    "SOLICITACAO_NAO_ENCONTRADA": ErrorSpec(404, "Solicitação não encontrada."),
    "SOLICITACAO_NAO_CANCELAVEL": ErrorSpec(
        409, "A solicitação só pode ser cancelada antes da transmissão."
    ),
    "SOLICITACAO_NAO_REPROCESSAVEL": ErrorSpec(
        409, "Só uma solicitação em ACAO_NECESSARIA pode ser reprocessada."
    ),
    "SERVICO_INDISPONIVEL": ErrorSpec(503, "Serviço temporariamente indisponível."),
    "ERRO_INTERNO": ErrorSpec(500, "Erro interno. Informe o request_id ao suporte."),
}


class ConfigurationError(RuntimeError):
    """The service cannot start with the given environment."""


class ApiError(Exception):
    """An error answered to the API caller in the envelope.

    `extra` carries the optional members the spec names (`missing`, `motivos`, `details`,
    `errors`, `sefaz_code`) and is rendered inside `error`.
    """

    def __init__(
        self,
        code: str,
        message: str | None = None,
        *,
        headers: dict[str, str] | None = None,
        body: dict[str, Any] | None = None,
        **extra: Any,
    ) -> None:
        spec = CATALOGUE[code]
        super().__init__(message or spec.message)
        self.code = code
        self.status = spec.status
        self.message = message or spec.message
        self.extra = {k: v for k, v in extra.items() if v is not None}
        self.headers = headers or {}
        self.body = body or {}

    def payload(self) -> dict[str, Any]:
        """The `error` object plus top-level members some codes carry (e.g. `ready_to_issue`)."""
        error = {"code": self.code, "message": self.message, **self.extra}
        return {"success": False, **self.body, "error": error}


def invalid_field(field: str, message: str, *, element: str | None = None) -> ApiError:
    """One `VALIDATION_ERROR` on one field (`error.errors[].field`), for checks beyond schemas.
    `field` is a path of the request, what the caller can fix; `element` the layout's XML
    element it becomes (in `error.details`), for whoever reads the authority's rules."""
    details = [{"campo": field, "elemento": element}] if element else None
    errors = [{"field": field, "message": message}]
    return ApiError("VALIDATION_ERROR", errors=errors, details=details)


def field_errors(messages: dict[str, Any], prefix: str = "") -> list[dict[str, str]]:
    """Flatten marshmallow's nested messages into `[{field, message}]` with dotted paths. A
    whole-object message (marshmallow's `_schema` key) names the object itself, a path of the
    request (`documentos.0`), never `documentos.0._schema`."""
    flat: list[dict[str, str]] = []
    for key, value in messages.items():
        path = _path(prefix, str(key))
        if isinstance(value, dict):
            flat.extend(field_errors(value, path))
        else:
            for message in value if isinstance(value, list) else [value]:
                flat.append({"field": path, "message": _translate(str(message))})
    return flat


def _path(prefix: str, key: str) -> str:
    if key == SCHEMA and prefix:
        return prefix
    return f"{prefix}.{key}" if prefix else key


_TRANSLATIONS = {
    "Missing data for required field.": "Campo obrigatório.",
    "Unknown field.": "Campo desconhecido.",
    "Not a valid string.": "Deve ser um texto.",
    "Not a valid integer.": "Deve ser um número inteiro.",
    "Not a valid number.": "Deve ser um número.",
    "Not a valid decimal.": "Deve ser um número decimal.",
    "Not a valid boolean.": "Deve ser verdadeiro ou falso.",
    "Not a valid list.": "Deve ser uma lista.",
    "Not a valid date.": "Data inválida (use AAAA-MM-DD).",
    "Not a valid datetime.": "Data e hora inválidas.",
    "Invalid input type.": "Tipo de dado inválido.",
    "Field may not be null.": "Campo não pode ser nulo.",
    "Invalid input.": "Valor inválido.",
    "Invalid value.": "Valor inválido.",
    "Not a valid email address.": "E-mail inválido.",
    "Not a valid mapping type.": "Deve ser um objeto JSON.",
    "Invalid type.": "Deve ser um objeto JSON.",
    "Not a valid utf-8 string.": "Texto em UTF-8 inválido.",
    "Not a valid URL.": "URL inválida.",
    "Not a valid aware datetime.": "Data e hora sem fuso: informe o deslocamento (ex.: -03:00).",
    "Number too large.": "Número grande demais.",
    "Special numeric values (nan or infinity) are not permitted.": "Informe um número finito.",
}


def _translate(message: str) -> str:
    """marshmallow's field messages are English; API users read Portuguese. (Validators get
    their Portuguese messages where they are built: `service.validators`.)"""
    if message in _TRANSLATIONS:
        return _TRANSLATIONS[message]
    if message.startswith("Must be one of:"):
        return "Use um destes valores:" + message.removeprefix("Must be one of:")
    return message
