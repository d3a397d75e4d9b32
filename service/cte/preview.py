"""`POST /cte/preview`, `/cteos/preview` and `/fiscal/validate` with `CTE`/`CTEOS`: the
issuance path without its effects (the same `assemble` as the issuance, then the XML built,
signed and checked against the official XSDs on a placeholder number). Nothing is written."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from documents.cte.builder import LAYOUT_VERSION
from engine import snapshot
from service import clock
from service.companies.models import Company
from service.cte import assemble
from service.issuance import registry
from service.issuance.preview import decide_and_check

BUILDERS = {"cte": assemble.cte_draft, "cteos": assemble.cteos_draft}


def evaluate(
    session: Session,
    company: Company,
    module: str,
    body: dict[str, Any],
    *,
    ambiente: str,
    now: dt.datetime,
    explain: bool,
) -> dict[str, Any]:
    """Decide, build, sign and validate; 422 `FISCAL_CONFIGURATION_REQUIRED` lists every gap
    (the certificate's too). A result that needs review is shown, not refused."""
    today = clock.operation_date(company.uf, now)
    build = BUILDERS[module]

    def decide() -> assemble.Draft:
        return build(session, company, body, ambiente=ambiente, today=today, explain=explain,
                     allow_review=True)  # fmt: skip

    draft, layout = decide_and_check(registry.by_module(module), company, now, decide)
    assert isinstance(draft, assemble.Draft)
    result = draft.result
    data: dict[str, Any] = result.to_dict()
    icms = draft.decided.item.icms
    data.update(
        document=_document(company, module, draft),
        classifications={
            **data.get("classifications", {}),
            "cfop": draft.decided.cfop,
            "cst": icms.CST if icms else None,
        },
        snapshot_sha256=snapshot(draft.decided.context, result)[1],
        ready_to_issue=layout.validado and not result.requires_review,
        xml_validado=layout.validado,
        leiaute=LAYOUT_VERSION,
        violacoes=list(layout.violacoes),
    )
    return data


def _document(company: Company, module: str, draft: assemble.Draft) -> dict[str, Any]:
    data = draft.data
    return {
        "documento": registry.by_module(module).documento,
        "empresa": company.codigo,
        "data_operacao": draft.result.data_operacao.isoformat(),
        "cfop": draft.decided.cfop,
        "valor_prestacao": str(draft.valor_total),
        "inicio": {"cod_municipio": data.start.code, "uf": data.start.uf},
        "fim": {"cod_municipio": data.end.code, "uf": data.end.uf},
        "tipo_servico": draft.tipo_servico,
    }
