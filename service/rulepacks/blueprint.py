"""`/configuracao-fiscal/pacotes` [consultar] and `/fiscal/simulacoes` [configurar]: routes
only; the work is in `operations` and `simulations`."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from service import runtime
from service.accounts.scopes import Scope
from service.api import Blueprint
from service.auth import requires
from service.companies.resolver import resolve_company
from service.queue.answers import wants_async
from service.rulepacks import operations, simulations
from service.rulepacks.schemas import PacksSchema, SimulationRequestSchema, SimulationSchema

packs_blp = Blueprint(
    "rule_packs",
    __name__,
    url_prefix="/configuracao-fiscal/pacotes",
    description="Pacotes de regras em vigor por camada (global, plataforma, empresa)",
)
simulations_blp = Blueprint(
    "simulations",
    __name__,
    url_prefix="/fiscal/simulacoes",
    description="Simulações: regras candidatas da empresa refeitas sobre os documentos emitidos",
)

QUEUED = {
    "description": "Simulação na fila (muitos documentos, ou `Prefer: respond-async`): siga "
    "`Location` (`GET /fiscal/simulacoes/{id}`) até CONCLUIDA.",
    "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/EnvelopeSimulation"}}
    },
}
SIMULATION_EXAMPLE = {
    "desde": "2026-10-01",
    "regras": [{
        "id": "loja.refrigerantes", "tipo": "TRIBUTACAO",
        "criterios": {"ncm_prefixo": "2202"},
        "resultado": {"cfop": "5102", "cst_icms": "00", "aliq_icms": "12.00"},
        "vigencia_inicio": "2026-01-01", "versao": "1",
        "fonte": "RICMS/SP art. 54 (redução da carga do item)",
    }],
}  # fmt: skip


@packs_blp.route("")
class Packs(MethodView):
    @requires(Scope.CONSULTAR)
    @packs_blp.response(200, PacksSchema)
    @packs_blp.errors()
    def get(self) -> dict[str, Any]:
        """As revisões em vigor para a empresa, camada por camada (os pacotes globais do
        produto, os de plataforma ligados a ela, o seu pacote de empresa), quantas regras
        próprias vêm de pacote ou da API, e as revisões publicadas antes."""
        return operations.packs_in_force(runtime.db(), resolve_company())


@simulations_blp.route("")
class Simulations(MethodView):
    @requires(Scope.CONFIGURAR)
    @simulations_blp.arguments(SimulationRequestSchema, example=SIMULATION_EXAMPLE)
    @simulations_blp.response(200, SimulationSchema)
    @simulations_blp.doc(responses={"202": QUEUED})
    @simulations_blp.errors("FISCAL_CONFIGURATION_REQUIRED")
    def post(self, body: dict[str, Any]) -> Any:
        """Refaz os documentos emitidos pela empresa desde `desde` com as regras candidatas
        (cada uma substitui a regra da empresa de mesmo id; `retirar` deixa regras de fora) e
        diz quais tributos mudariam, em quanto e por qual regra. Nada muda nos documentos nem
        nas regras. Até 500 documentos a resposta vem aqui (200); acima disso, ou com `Prefer:
        respond-async`, 202 e a simulação em `GET /fiscal/simulacoes/{id}`."""
        session = runtime.db()
        row = simulations.create(session, resolve_company(), body, queued=wants_async())
        session.commit()
        answer = simulations.render(row)
        if row.status == "PENDENTE":
            return answer, 202, {"Location": answer["links"]["self"]}
        return answer


@simulations_blp.route("/<simulation_id>")
class SimulationItem(MethodView):
    @requires(Scope.CONFIGURAR)
    @simulations_blp.response(200, SimulationSchema)
    @simulations_blp.errors("NAO_ENCONTRADO")
    def get(self, simulation_id: str) -> dict[str, Any]:
        """A simulação: PENDENTE enquanto a fila a refaz, CONCLUIDA com o resultado, ERRO."""
        return simulations.render(simulations.find(runtime.db(), resolve_company(), simulation_id))
