"""Domain errors of the tax engine.

Each error carries structured attributes so the API edge (`service/errors.py`) can map it to
its catalogue without parsing messages.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class: anything the engine refuses to do."""


class ContextError(EngineError):
    """The TaxContext is incomplete or contradictory (maps to 422 VALIDATION_ERROR)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class UnsupportedDocumentError(EngineError):
    """A document type the engine does not know (NFF maps to 501 NFF_NAO_DISPONIVEL)."""

    def __init__(self, documento: str) -> None:
        super().__init__(f"tipo de documento não suportado: {documento}")
        self.documento = documento


class RuleConflictError(EngineError):
    """Two rules tie on specificity, origin and priority (maps to 422 CONFLITO_REGRAS)."""

    code = "CONFLITO_REGRAS"

    def __init__(self, tipo: str, rule_ids: tuple[str, ...], item: int | None = None) -> None:
        ids = ", ".join(rule_ids)
        super().__init__(f"conflito entre regras {tipo}: {ids}")
        self.tipo = tipo
        self.rule_ids = rule_ids
        self.item = item


class InvalidRuleError(EngineError):
    """A rule breaks the rule model (bad criterion, condition, rate or CST pairing).

    `field` is the part of the rule at fault, as a path in the rule's plain form
    (`criterios.nao_existe`, `resultado.aliquota`, `condicao`, `fonte`), so a caller that
    checks a rule when it is written can point the user at it; `tipo` is the rule's type when
    the raiser knows it.
    """

    def __init__(
        self, rule_id: str, message: str, field: str | None = None, tipo: str | None = None
    ) -> None:
        super().__init__(f"regra {rule_id}: {message}")
        self.rule_id = rule_id
        self.message = message
        self.field = field
        self.tipo = tipo


class PackError(EngineError):
    """A rule pack file is invalid; names the file and, when known, the rule."""

    def __init__(self, file: str, rule_id: str | None, message: str) -> None:
        where = f"{file} [{rule_id}]" if rule_id else file
        super().__init__(f"{where}: {message}")
        self.file = file
        self.rule_id = rule_id
        self.message = message


class MissingValueError(EngineError):
    """A calculator lacks a value it needs (becomes a `missing` entry, never a number)."""

    def __init__(self, codigo: str, campo: str, message: str) -> None:
        super().__init__(f"{codigo} ({campo}): {message}")
        self.codigo = codigo
        self.campo = campo
        self.message = message
