"""Engine refusals mapped to the API's error catalogue (used by every caller of the engine)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy.orm import Session

from engine import TaxContext, TaxResult, compute
from engine.errors import (
    ContextError,
    InvalidRuleError,
    RuleConflictError,
    UnsupportedDocumentError,
)
from engine.serialize import jsonable
from service.companies.models import Company
from service.errors import ApiError
from service.fiscal.rules import CACHE, BrokenRule, BrokenRulesError, describe

ENGINE_REFUSALS = (
    RuleConflictError,
    ContextError,
    UnsupportedDocumentError,
    InvalidRuleError,
    BrokenRulesError,
)
"""What a computation may raise that is the caller's data or configuration, not a defect:
every caller of `compute` catches these and answers `engine_error(exc)`."""
BROKEN_RULE = "REGRA_INVALIDA"


def engine_error(exc: Exception) -> ApiError:
    """Engine refusals at the edge: conflicts, impossible contexts, unsupported documents,
    company rules the engine cannot compile or evaluate."""
    if isinstance(exc, RuleConflictError):
        return ApiError(
            "CONFLITO_REGRAS",
            details=[{"tipo": exc.tipo, "regras": list(exc.rule_ids), "item": exc.item}],
        )
    if isinstance(exc, ContextError):
        return ApiError("VALIDATION_ERROR", errors=[{"field": exc.field, "message": exc.message}])
    if isinstance(exc, BrokenRulesError):
        return broken_configuration(exc.broken)
    if isinstance(exc, InvalidRuleError):  # a condition that failed while evaluated
        return broken_configuration((describe(exc),))
    return ApiError("NFF_NAO_DISPONIVEL")


def broken_configuration(broken: tuple[BrokenRule, ...]) -> ApiError:
    """422 `FISCAL_CONFIGURATION_REQUIRED` naming each stored rule the engine cannot read.

    Nothing is computed while one exists: leaving it out would decide taxes with a rule set
    the company did not configure.
    """
    return ApiError(
        "FISCAL_CONFIGURATION_REQUIRED",
        "Há regras fiscais da empresa que o motor não consegue ler: corrija-as ou desative-as.",
        missing=[
            f"regra {b.regra_id} ({b.tipo}), campo {b.campo}: {b.mensagem}. Corrija-a ou "
            f"desative-a em {b.corrigir_em}"
            for b in broken
        ],
        motivos=[BROKEN_RULE],
        details=[asdict(b) for b in broken],
        body={"ready_to_issue": False},
    )


def missing_configuration(result: TaxResult) -> ApiError:
    """422 `FISCAL_CONFIGURATION_REQUIRED` listing what the engine found missing.

    With `explain=true` the answer keeps the decisions taken up to the gaps (top-level
    `explain`, as in a 200): they show which rule was looked for and not found.
    """
    body: dict[str, Any] = {"ready_to_issue": False}
    if result.decisions is not None:
        body["explain"] = jsonable(result.decisions)
    return ApiError(
        "FISCAL_CONFIGURATION_REQUIRED",
        "Sem regra fiscal para a operação: cadastre o que falta.",
        missing=[m.mensagem for m in result.missing],
        motivos=sorted({m.codigo for m in result.missing}),
        body=body,
    )


def run_engine(
    session: Session, company: Company, ctx: TaxContext, *, explain: bool, allow_review: bool
) -> TaxResult:
    """The engine on an issuance's context, as every family runs it: its refusals, missing
    configuration (422 `FISCAL_CONFIGURATION_REQUIRED`) and, unless allowed, a result that needs
    review (422 `REVISAO_FISCAL_NECESSARIA`) are the API's answers. The cached rule set is
    validated by the company's `revisao_regras` as read with it (no query of its own)."""
    try:
        rules = CACHE.ruleset(session, company.id, company.revisao_regras)
        result = compute(ctx, rules, explain=explain)
    except ENGINE_REFUSALS as exc:
        raise engine_error(exc) from exc
    if result.missing:
        raise missing_configuration(result)
    if result.requires_review and not allow_review:
        raise ApiError(
            "REVISAO_FISCAL_NECESSARIA",
            details=[w.mensagem for w in result.warnings],
            body={"confidence_score": float(result.confidence_score)},
        )
    return result
