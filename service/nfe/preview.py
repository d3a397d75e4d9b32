"""`/fiscal/preview` and `/fiscal/validate` for NF-e/NFC-e: the issuance path without its effects.

The request goes through the same `assemble.draft` as POST /nfe and /nfce, so a preview decides
exactly what the issuance would decide; the layout is checked by the lifecycle's preview
(`service.issuance.preview`: placeholder number, signed, validated, refusals as data). Nothing
is written: no order, number, charge or transmission.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy.orm import Session

from documents.nfe import model as doc
from documents.nfe.builder import LAYOUT_VERSION
from engine import TaxContext, TaxResult, snapshot
from engine.result import RuleMatch
from engine.serialize import jsonable
from service import clock
from service.companies.models import Company
from service.issuance import registry
from service.issuance.preview import Layout, decide_and_check
from service.nfe import assemble


@dataclass(frozen=True)
class Outcome:
    """Everything a preview or a validation answers, computed once."""

    modelo: str
    ambiente: str
    company: Company
    body: dict[str, Any]
    context: TaxContext
    result: TaxResult
    layout: Layout
    items: tuple[doc.Item, ...] = ()
    """The document's lines as decided (a return's come from its original, not `itens`)."""

    @property
    def ready_to_issue(self) -> bool:
        return self.layout.validado and not self.result.requires_review


def evaluate(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    modelo: str,
    ambiente: str,
    now: dt.datetime,
    explain: bool,
) -> Outcome:
    """Decide, build, sign and validate; 422 `FISCAL_CONFIGURATION_REQUIRED` lists every gap.

    A result that requires review is not an error here (it is at issuance): the caller gets
    the decisions with `ready_to_issue` false, since that is what a preview is for.
    """
    today = body.get("data_operacao") or clock.operation_date(company.uf, now)

    def decide() -> assemble.Draft:
        return assemble.draft(session, company, body, modelo=modelo, ambiente=ambiente,
                              today=today, explain=explain, allow_review=True)  # fmt: skip

    draft, layout = decide_and_check(registry.by_model(modelo), company, now, decide)
    assert isinstance(draft, assemble.Draft)
    return Outcome(
        modelo, ambiente, company, body, draft.context, draft.result, layout, draft.data.items
    )


def _rule(match: RuleMatch | None) -> dict[str, Any] | None:
    if match is None:
        return None
    return {
        "regra_id": match.regra_id,
        "tipo_regra": match.tipo_regra,
        "prioridade": match.prioridade,
        "versao": match.versao,
        "criterios_correspondentes": list(match.criterios_correspondentes),
    }


def _items(outcome: Outcome) -> list[dict[str, Any]]:
    day = outcome.result.data_operacao.isoformat()
    return [
        {
            "numero": decided.numero,
            "codigo": line.code,
            "cfop": line.cfop,
            "regra_tributaria_id": decided.regra_tributaria_id,
            "regra_iva_id": decided.regra_iva_id,
            "decisao_tributaria": {
                "data_operacao": day,
                "regra_tributaria": _rule(decided.regra_tributaria),
                "regra_iva": _rule(decided.regra_iva),
            },
        }
        for line, decided in zip(outcome.items, outcome.result.itens, strict=True)
    ]


def document(outcome: Outcome) -> dict[str, Any]:
    """`document` of both answers: the decisions per item and the document's totals."""
    return {
        "modelo": outcome.modelo,
        "ambiente": outcome.ambiente,
        "empresa": outcome.company.codigo,
        "data_operacao": outcome.result.data_operacao.isoformat(),
        "contexto": outcome.context.empresa.contexto,
        "itens": _items(outcome),
        "totais": jsonable(outcome.result.totais),
    }


def _common(outcome: Outcome) -> dict[str, Any]:
    result = outcome.result
    data = result.to_dict()
    for numero, line in enumerate(outcome.items):  # the CFOP written (the rule's or the nature's)
        data["taxes"]["itens"][numero]["cfop"] = line.cfop
        data["classifications"]["itens"][numero]["cfop"] = line.cfop
    data.update(
        document=document(outcome),
        warnings=data["warnings"],
        confidence_score=float(result.confidence_score),
        snapshot_sha256=snapshot(outcome.context, replace(result, decisions=None))[1],
        ready_to_issue=outcome.ready_to_issue,
        xml_validado=outcome.layout.validado,
        leiaute=LAYOUT_VERSION,
        violacoes=list(outcome.layout.violacoes),
    )
    return data


def render_preview(outcome: Outcome) -> dict[str, Any]:
    """POST /fiscal/preview."""
    return _common(outcome)


def render_validation(outcome: Outcome) -> dict[str, Any]:
    """POST /fiscal/validate: `valid` means complete, consistent and inside the layout."""
    data = _common(outcome)
    data["valid"] = outcome.layout.validado
    data["document"]["documento"] = registry.by_model(outcome.modelo).documento
    return data
