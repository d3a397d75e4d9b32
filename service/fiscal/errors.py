"""Engine refusals mapped to the API's error catalogue (used by every caller of the engine)."""

from __future__ import annotations

from typing import Any

from engine import TaxResult
from engine.errors import ContextError, RuleConflictError
from engine.serialize import jsonable
from service.errors import ApiError


def engine_error(exc: Exception) -> ApiError:
    """Engine refusals at the edge: conflicts, impossible contexts, unsupported documents."""
    if isinstance(exc, RuleConflictError):
        return ApiError(
            "CONFLITO_REGRAS",
            details=[{"tipo": exc.tipo, "regras": list(exc.rule_ids), "item": exc.item}],
        )
    if isinstance(exc, ContextError):
        return ApiError("VALIDATION_ERROR", errors=[{"field": exc.field, "message": exc.message}])
    return ApiError("NFF_NAO_DISPONIVEL")


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
