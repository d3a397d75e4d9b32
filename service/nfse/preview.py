"""`POST /nfse/preview` and `/fiscal/validate` with `documento: NFSE`: the issuance path without
its effects. The request goes through the same `assemble.draft` as POST /nfse (so the preview
decides exactly what the issuance would), then the DPS is built, signed and checked against
the official XSD on a placeholder number (`service.issuance.preview`). Nothing is written."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from documents.nfse.builder import LAYOUT_VERSION
from engine import snapshot
from service import clock
from service.companies.models import Company
from service.issuance import registry
from service.issuance.preview import Layout, decide_and_check
from service.nfse import assemble


@dataclass(frozen=True)
class Outcome:
    company: Company
    draft: assemble.Draft
    layout: Layout

    @property
    def ready_to_issue(self) -> bool:
        return self.layout.validado and not self.draft.result.requires_review


def evaluate(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    ambiente: str,
    now: dt.datetime,
    explain: bool,
) -> Outcome:
    """Decide, build, sign and validate; 422 `FISCAL_CONFIGURATION_REQUIRED` lists every gap
    (the certificate's too). A result that needs review is shown, not refused."""
    today = clock.operation_date(company.uf, now)

    def decide() -> assemble.Draft:
        return assemble.draft(session, company, body, ambiente=ambiente, today=today,
                              explain=explain, allow_review=True)  # fmt: skip

    draft, layout = decide_and_check(registry.by_module("nfse"), company, now, decide)
    assert isinstance(draft, assemble.Draft)
    return Outcome(company, draft, layout)


def _document(outcome: Outcome) -> dict[str, Any]:
    draft, data = outcome.draft, outcome.draft.data
    iss = draft.iss
    return {
        "documento": "NFSE",
        "empresa": outcome.company.codigo,
        "data_operacao": draft.result.data_operacao.isoformat(),
        "competencia": data.competence.isoformat(),
        "servico": {
            "descricao": data.service.description,
            "c_trib_nac": data.service.national_code,
            "local_prestacao": data.service.place,
        },
        "tomador": data.taker.registration if data.taker else None,
        "valor_servicos": str(draft.valor_total),
        "valor_iss": str(iss.vISSQN) if iss else None,
        "aliquota_iss": str(iss.pAliq) if iss else None,
        "municipio_incidencia": iss.municipio_incidencia if iss else None,
        "iss_retido": iss.tpRetISSQN != "1" if iss else None,
    }


def render(outcome: Outcome) -> dict[str, Any]:
    """The preview's answer (spec: ready_to_issue, document, taxes, classifications,
    confidence_score, requires_review, dps_validacao[])."""
    result = outcome.draft.result
    data = result.to_dict()
    data.update(
        document=_document(outcome),
        snapshot_sha256=snapshot(outcome.draft.context, result)[1],
        ready_to_issue=outcome.ready_to_issue,
        xml_validado=outcome.layout.validado,
        leiaute=LAYOUT_VERSION,
        dps_validacao=list(outcome.layout.violacoes),
    )
    return data


def render_validation(outcome: Outcome) -> dict[str, Any]:
    """`/fiscal/validate`: `valid` means complete, consistent and inside the DPS layout."""
    data = render(outcome)
    data["valid"] = outcome.layout.validado
    data["violacoes"] = data["dps_validacao"]
    return data
