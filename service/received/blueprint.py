"""`/dfe/recebidos` [dfe:read, dfe:write] and `/dfe/configuracao`: routes only; the work is in
`operations` (and the distribution job in `distribution`)."""

from __future__ import annotations

from typing import Any

from flask import Response
from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.models import Company, Module
from service.companies.resolver import effective_environment, resolve_company
from service.received import operations
from service.received.schemas import (
    DfeSettingsAnswerSchema,
    DfeSettingsSchema,
    DisagreementSchema,
    KeyQuerySchema,
    ManifestationSchema,
    ReceivedListArgsSchema,
    ReceivedListSchema,
    ReceivedSchema,
)
from service.received.store import Owner

blp = Blueprint(
    "received",
    __name__,
    url_prefix="/dfe/recebidos",
    description="Documentos recebidos: NF-e, CT-e e NFS-e emitidos para a empresa (distribuição "
    "DF-e)",
)
settings_blp = Blueprint(
    "received_settings",
    __name__,
    url_prefix="/dfe/configuracao",
    description="Documentos recebidos: ciência automática e o estado da distribuição",
)

KEY_EXAMPLE = {"chave": "35251145723174000110550010000000071000055435"}
MANIFESTATION_EXAMPLE = {"tipo": "confirmacao"}
XML_EXAMPLE = '<?xml version="1.0" encoding="UTF-8"?><nfeProc …'


def _company() -> tuple[Company, Owner]:
    company = resolve_company(Module.DFE)
    ambiente = effective_environment(company, current_credential()).value
    return company, Owner(company.account_id, company.id, ambiente)


@blp.route("")
class Received(MethodView):
    @requires(Scope.DFE_READ)
    @blp.arguments(ReceivedListArgsSchema, location="query")
    @blp.response(200, ReceivedListSchema)
    @blp.errors("MODULO_NAO_HABILITADO")
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """As NF-e, os CT-e e as NFS-e emitidos para a empresa que a distribuição DF-e trouxe
        (resumo ou XML completo), da emissão mais nova; filtros `emitente`, `de`/`ate` (emissão),
        `situacao`, `manifestacao`, `tipo`."""
        _, owner = _company()
        return operations.listing(runtime.db(), owner, args)


@blp.route("/consultar-chave")
class ByKey(MethodView):
    @requires(Scope.DFE_WRITE)
    @blp.arguments(KeyQuerySchema, example=KEY_EXAMPLE)
    @blp.response(200, ReceivedSchema)
    @blp.errors("MODULO_NAO_HABILITADO", "DFE_CONSULTAS_ESGOTADAS", "DOCUMENTO_NAO_ENCONTRADO",
                "SEFAZ_REJECTION", "AUTORIDADE_INACESSIVEL")  # fmt: skip
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Pede ao Ambiente Nacional uma NF-e pela chave (consChNFe) e a guarda: até 20
        consultas por hora e empresa (422 `DFE_CONSULTAS_ESGOTADAS` diz quando libera)."""
        company, owner = _company()
        return operations.by_key(company, owner, body["chave"])


@blp.route("/<chave>")
class OneReceived(MethodView):
    @requires(Scope.DFE_READ)
    @blp.selects_company
    @blp.response(200, ReceivedSchema)
    @blp.errors("MODULO_NAO_HABILITADO", "DOCUMENTO_NAO_ENCONTRADO")
    def get(self, chave: str) -> dict[str, Any]:
        """Um documento recebido, com os seus eventos (cancelamento, manifestações)."""
        _, owner = _company()
        session = runtime.db()
        return operations.detail(session, operations.received(session, owner, chave))


@blp.route("/<chave>/xml")
class ReceivedXml(MethodView):
    @requires(Scope.DFE_READ)
    @blp.selects_company
    @blp.file("application/xml", XML_EXAMPLE)
    @blp.errors("MODULO_NAO_HABILITADO", "DOCUMENTO_NAO_ENCONTRADO", "XML_INDISPONIVEL")
    def get(self, chave: str) -> Response:
        """O XML completo (nfeProc, cteProc ou a NFS-e); 409 `XML_INDISPONIVEL` enquanto só
        o resumo chegou."""
        _, owner = _company()
        row = operations.received(runtime.db(), owner, chave)
        return Response(
            operations.whole_xml(row),
            mimetype="application/xml",
            headers={
                "Content-Disposition": f'inline; filename="{row.chave}-{row.tipo.lower()}.xml"'
            },
        )


@blp.route("/<chave>/danfe")
class ReceivedPdf(MethodView):
    @requires(Scope.DFE_READ)
    @blp.selects_company
    @blp.file("application/pdf", "%PDF-1.4 …")
    @blp.errors("MODULO_NAO_HABILITADO", "DOCUMENTO_NAO_ENCONTRADO", "XML_INDISPONIVEL")
    def get(self, chave: str) -> Response:
        """O DANFE da NF-e recebida, o DACTE do CT-e ou o DANFSe da NFS-e (marcado quando
        cancelado); 409 `XML_INDISPONIVEL` enquanto só o resumo chegou, ou para um documento
        sem PDF aqui (CT-e OS: baixe o XML)."""
        _, owner = _company()
        row = operations.received(runtime.db(), owner, chave)
        content, name = operations.pdf(row)
        return Response(content, mimetype="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{name}"'})  # fmt: skip


@blp.route("/<chave>/desacordo")
class Disagree(MethodView):
    @requires(Scope.DFE_WRITE)
    @blp.arguments(DisagreementSchema, example={"observacao": "Mercadoria entregue com avaria, "
                   "valor do frete contestado."})  # fmt: skip
    @blp.response(200, ReceivedSchema)
    @blp.errors("MODULO_NAO_HABILITADO", "DOCUMENTO_NAO_ENCONTRADO", "SEFAZ_EVENT_REJECTION",
                "AUTORIDADE_INACESSIVEL", "SERVICO_INDISPONIVEL")  # fmt: skip
    def post(self, body: dict[str, Any], chave: str) -> dict[str, Any]:
        """Prestação em desacordo (610110) do tomador sobre um CT-e recebido, assinada com o
        certificado da empresa e registrada na autoridade do CT-e; 422 para um documento que
        não é CT-e ou quando a empresa não é o tomador."""
        company, owner = _company()
        return operations.disagreement(runtime.db(), company, owner, chave, body["observacao"])


@blp.route("/<chave>/manifestacao")
class Manifest(MethodView):
    @requires(Scope.DFE_WRITE)
    @blp.arguments(ManifestationSchema, example=MANIFESTATION_EXAMPLE)
    @blp.response(200, ReceivedSchema)
    @blp.errors("MODULO_NAO_HABILITADO", "DOCUMENTO_NAO_ENCONTRADO", "MANIFESTACAO_FORA_DE_ORDEM",
                "SEFAZ_EVENT_REJECTION", "AUTORIDADE_INACESSIVEL",
                "MANIFESTACAO_INCERTA")  # fmt: skip
    def post(self, body: dict[str, Any], chave: str) -> dict[str, Any]:
        """Manifestação do destinatário, assinada com o certificado da empresa e registrada
        no Ambiente Nacional: `ciencia` (210210), `confirmacao` (210200), `desconhecimento`
        (210220) ou `nao_realizada` (210240, com `justificativa`). A ordem legal é conferida
        antes (422 `MANIFESTACAO_FORA_DE_ORDEM`)."""
        company, owner = _company()
        return operations.manifestation(runtime.db(), company, owner, chave, body)


@settings_blp.route("")
class DfeSettings(MethodView):
    @requires(Scope.DFE_READ)
    @settings_blp.response(200, DfeSettingsAnswerSchema)
    @settings_blp.selects_company
    @settings_blp.errors()
    def get(self) -> dict[str, Any]:
        """A ciência automática e onde está a distribuição: último NSU, próxima consulta,
        bloqueio (656), última resposta e as consultas por chave que restam na hora."""
        return operations.settings(runtime.db(), _owner())

    @requires(Scope.DFE_WRITE)
    @settings_blp.arguments(DfeSettingsSchema, example={"ciencia_automatica": True})
    @settings_blp.response(200, DfeSettingsAnswerSchema)
    @settings_blp.errors()
    def put(self, body: dict[str, Any]) -> dict[str, Any]:
        """Liga ou desliga a ciência automática (210210 em cada NF-e recebida, para que o XML
        completo chegue). Pode ser gravada antes de habilitar o módulo `dfe`."""
        company = resolve_company()
        session = runtime.db()
        operations.set_awareness(session, company, body["ciencia_automatica"])
        session.commit()
        return operations.settings(session, _owner())


def _owner() -> Owner:
    """The setting does not need the module (it is kept for when the module is enabled)."""
    company = resolve_company()
    ambiente = effective_environment(company, current_credential()).value
    return Owner(company.account_id, company.id, ambiente)
