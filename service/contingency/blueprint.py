"""Contingency routes: `/configuracao-fiscal/contingencia` (the company's setting, manual
entry and exit) and `/fiscal/contingencia` (history and the gap report). Routes only; the
work is in `operations`."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import current_credential, requires
from service.companies.resolver import resolve_company
from service.contingency import operations
from service.contingency.schemas import (
    EnterSchema,
    HistoryArgsSchema,
    HistorySchema,
    LeaveSchema,
    PendingArgsSchema,
    PendingListSchema,
    PeriodSchema,
    SettingsAnswerSchema,
    SettingsSchema,
)

settings_blp = Blueprint(
    "contingency_settings",
    __name__,
    url_prefix="/configuracao-fiscal/contingencia",
    description="Contingência: modo automático ou manual, entrada e saída",
)
report_blp = Blueprint(
    "contingency_report",
    __name__,
    url_prefix="/fiscal/contingencia",
    description="Contingência: histórico dos períodos e documentos por transmitir",
)


ENTER_EXAMPLE = {
    "modelo": "55", "tipo": "SVC",
    "justificativa": "SEFAZ fora do ar desde as 10h; NF-e pela SVC",
}  # fmt: skip


def _commit() -> None:
    runtime.db().commit()


@settings_blp.route("")
class Contingency(MethodView):
    @requires(Scope.CONSULTAR)
    @settings_blp.response(200, SettingsAnswerSchema)
    @settings_blp.errors()
    def get(self) -> dict[str, Any]:
        """O modo (`automatica` ou `manual`) e os períodos de contingência em vigor."""
        return operations.settings(runtime.db(), resolve_company())

    @requires(Scope.CONFIGURAR)
    @settings_blp.arguments(EnterSchema, example=ENTER_EXAMPLE)
    @settings_blp.response(201, PeriodSchema)
    @settings_blp.errors("MODULO_NAO_HABILITADO", "CONTINGENCIA_INDISPONIVEL",
                         "CONTINGENCIA_EM_VIGOR")  # fmt: skip
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Entra em contingência manual para um modelo: os próximos documentos saem com o
        tpEmis do modo, `dhCont` agora e `xJust` = `justificativa`."""
        period = operations.enter(runtime.db(), resolve_company(), current_credential(), body)
        answer = operations.render(period, 0)
        _commit()
        return answer

    @requires(Scope.CONFIGURAR)
    @settings_blp.arguments(LeaveSchema, location="query")
    @settings_blp.response(200, PeriodSchema)
    @settings_blp.errors("NAO_ENCONTRADO")
    def delete(self, args: dict[str, Any]) -> dict[str, Any]:
        """Sai da contingência do modelo (`?modelo=65`): os próximos documentos saem normais;
        os emitidos antes da autorização continuam a ser transmitidos."""
        period = operations.leave(
            runtime.db(), resolve_company(), current_credential(), args["modelo"]
        )
        answer = operations.render(period)
        _commit()
        return answer


@settings_blp.route("/modo")
class Mode(MethodView):
    @requires(Scope.CONFIGURAR)
    @settings_blp.arguments(SettingsSchema, example={"modo": "manual"})
    @settings_blp.response(200, SettingsAnswerSchema)
    @settings_blp.errors()
    def put(self, body: dict[str, Any]) -> dict[str, Any]:
        """`automatica` (padrão) ou `manual`."""
        company = resolve_company()
        operations.set_mode(runtime.db(), company, current_credential(), body["modo"])
        _commit()
        return operations.settings(runtime.db(), resolve_company())


@report_blp.route("/historico")
class History(MethodView):
    @requires(Scope.CONSULTAR)
    @report_blp.arguments(HistoryArgsSchema, location="query")
    @report_blp.response(200, HistorySchema)
    @report_blp.errors()
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """Cada período (início, fim, autoridade, modo, origem, documentos), do mais novo."""
        return operations.history(runtime.db(), resolve_company(), args)


@report_blp.route("/pendentes")
class Pending(MethodView):
    @requires(Scope.CONSULTAR)
    @report_blp.arguments(PendingArgsSchema, location="query")
    @report_blp.response(200, PendingListSchema)
    @report_blp.errors()
    def get(self, args: dict[str, Any]) -> dict[str, Any]:
        """Documentos emitidos em contingência ainda não autorizados, com o prazo de
        transmissão e as horas restantes (negativas: prazo vencido)."""
        return operations.pending(runtime.db(), resolve_company(), args)
