"""`POST /mdfe/preview` and `/fiscal/validate` with `MDFE`: the issuance path without its
effects (the same `assemble.draft`, then the XML built, signed and XSD-checked on a placeholder
number). The MDF-e carries no tax, so nothing needs review."""

from __future__ import annotations

from typing import Any

from service import clock, runtime
from service.companies.resolver import effective_environment, resolve_company
from service.issuance.family import Family
from service.issuance.preview import decide_and_check
from service.mdfe import assemble


def evaluate(family: Family, body: dict[str, Any]) -> dict[str, Any]:
    """The manifest checked, built, signed and XSD-validated; nothing written."""
    company = resolve_company(family.module)
    now = clock.utc_now()
    ambiente = effective_environment(company).value
    today = clock.operation_date(company.uf, now)

    def decide() -> assemble.Draft:
        return assemble.draft(runtime.db(), company, body, ambiente=ambiente, today=today)

    draft, layout = decide_and_check(family, company, now, decide)
    assert isinstance(draft, assemble.Draft)
    return {
        "ready_to_issue": layout.validado,
        "document": {"documento": "MDFE", "empresa": company.codigo,
                     "qtd_documentos": len(draft.listed),
                     "documentos": [{"tipo": d.kind, "chave": d.key,
                                     "municipio_descarga": d.unloading} for d in draft.listed],
                     "valor_carga": str(draft.valor_total)},
        "qtd_documentos": len(draft.listed),
        "xml_validado": layout.validado,
        "leiaute": "3.00",
        "violacoes": list(layout.violacoes),
        "confidence_score": 1.0,
        "requires_review": False,
    }  # fmt: skip
