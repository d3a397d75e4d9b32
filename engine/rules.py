"""The one rule model for every source: global packs, company base, tax and IVA rules.

Criteria forms (spec "Versioned base rule"): `campo: valor` (equality), `campo_prefixo`
(text prefix) and `campo_in` (membership). A blank criterion (None, "" or []) matches anything
and does not count for specificity.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum
from typing import Any

from engine.defaults import AUTO_TAG, DEFAULT_PRIORITY
from engine.errors import InvalidRuleError
from engine.facts import VOCABULARY, Facts, FactValue


class RuleOrigin(StrEnum):
    """Who owns a rule; the company's own rules prevail over global ones."""

    GLOBAL = "global"
    EMPRESA = "empresa"


class RuleType(StrEnum):
    """Rule `tipo` values: the spec's base types, the global ICMS rate types and the company
    NF-e/NFC-e rule types converted by the service (TRIBUTACAO, IVA)."""

    ISS = "ISS"
    ISS_LIMITES = "ISS_LIMITES"
    ISS_RETENCAO = "ISS_RETENCAO"
    RETENCAO_FEDERAL = "RETENCAO_FEDERAL"
    MUNICIPIO_INCIDENCIA = "MUNICIPIO_INCIDENCIA"
    ICMS_TRANSPORTE = "ICMS_TRANSPORTE"
    RURAL_ICMS = "RURAL_ICMS"
    RURAL_BENEFICIO = "RURAL_BENEFICIO"
    CFOP_OPERACAO = "CFOP_OPERACAO"
    IBS_CBS = "IBS_CBS"
    ICMS_ALIQUOTA_INTERNA = "ICMS_ALIQUOTA_INTERNA"
    ICMS_ALIQUOTA_INTERESTADUAL = "ICMS_ALIQUOTA_INTERESTADUAL"
    DIFAL_INCIDENCIA = "DIFAL_INCIDENCIA"
    DIFAL_UF_DESTINO = "DIFAL_UF_DESTINO"
    ICMS_ST = "ICMS_ST"
    FCP = "FCP"
    IPI = "IPI"
    TRIBUTACAO = "TRIBUTACAO"
    IVA = "IVA"


@dataclass(frozen=True)
class Rule:
    """One version of one rule, with its validity window and provenance."""

    id: str
    tipo: RuleType
    resultado: Mapping[str, Any]
    vigencia_inicio: date
    versao: str
    fonte: str
    criterios: Mapping[str, Any] = field(default_factory=dict)
    condicao: Mapping[str, Any] | None = None
    vigencia_fim: date | None = None
    prioridade: int = DEFAULT_PRIORITY
    confianca: Decimal = Decimal("1")
    origem: RuleOrigin = RuleOrigin.GLOBAL
    tags: tuple[str, ...] = ()
    descricao: str | None = None
    pacote: str | None = None
    revisao_pacote: str | None = None

    @property
    def auto(self) -> bool:
        """Automatically generated company rule (`[Auto]`)."""
        return AUTO_TAG in self.tags

    @property
    def origin_rank(self) -> int:
        """Company own rules 2, company `[Auto]` rules 1, global rules 0."""
        if self.origem is RuleOrigin.GLOBAL:
            return 0
        return 1 if self.auto else 2

    def in_force(self, on: date) -> bool:
        """Validity is inclusive at both ends; an open end means still in force."""
        return self.vigencia_inicio <= on and (self.vigencia_fim is None or on <= self.vigencia_fim)


class Mode(StrEnum):
    """How a criterion compares with its fact."""

    EQ = "eq"
    PREFIX = "prefixo"
    IN = "in"


_EQ = Mode.EQ
CriterionValue = str | bool | frozenset[str | bool]


@dataclass(frozen=True)
class Criterion:
    """One compiled criterion: the fact it reads, the comparison and the expected value."""

    key: str
    fact: str
    mode: Mode
    value: CriterionValue

    def matches(self, actual: FactValue) -> bool:
        if actual is None:
            return False
        if self.mode is _EQ and not isinstance(actual, frozenset):
            return actual == self.value
        if isinstance(actual, frozenset):
            return any(self._one(a) for a in actual)
        return self._one(actual)

    def _one(self, actual: str | bool) -> bool:
        if self.mode is Mode.EQ:
            return actual == self.value
        if self.mode is Mode.IN:
            return actual in self.value  # type: ignore[operator]
        return isinstance(actual, str) and actual.startswith(str(self.value))


def norm(value: Any) -> str | bool:
    """Criterion values are compared as text (3 and "3" are the same CRT); booleans stay."""
    if isinstance(value, bool):
        return value
    if isinstance(value, Decimal | int | float | str):
        return str(value)
    raise TypeError(type(value).__name__)


def is_blank(value: Any) -> bool:
    """Blank criteria match anything."""
    return value is None or value == "" or value == [] or value == ()


def split_key(key: str) -> tuple[str, Mode]:
    """`ncm_prefixo` → (ncm, prefix); `crt_in` → (crt, in); else equality."""
    if key.endswith("_prefixo"):
        return key[: -len("_prefixo")], Mode.PREFIX
    if key.endswith("_in"):
        return key[: -len("_in")], Mode.IN
    return key, Mode.EQ


_KEYS: dict[str, tuple[str, str, Mode]] = {}
"""Criterion key → (key, fact, mode) for keys naming a vocabulary fact (a bounded table):
every rule then holds the same key and fact strings, and compiling makes no temporary ones."""

CriterionTable = dict[str, dict[CriterionValue, Criterion]]
"""Criteria already made while building one RuleSet, by key and value (`compile_criteria`)."""


def _split_known(rule_id: str, key: str) -> tuple[str, str, Mode]:
    found = _KEYS.get(key)
    if found is None:
        fact, mode = split_key(key)
        if fact not in VOCABULARY:
            raise InvalidRuleError(rule_id, unknown_criterion(key), field=f"criterios.{key}")
        found = _KEYS[key] = (key, fact, mode)
    return found


def unknown_criterion(key: str) -> str:
    """What a criterion may be named, said to whoever wrote an unknown one."""
    return (
        f"critério desconhecido: {key}. Use um campo do vocabulário ({', '.join(VOCABULARY)}), "
        "por igualdade (campo), prefixo de texto (campo_prefixo) ou lista de valores (campo_in)"
    )


def compile_criteria(rule: Rule, known: CriterionTable | None = None) -> tuple[Criterion, ...]:
    """Checked, normalized criteria of a rule (blank ones dropped).

    With `known`, a criterion equal to one already made (same key, same value) is that one:
    thousands of rules then share `crt = "3"`, and no duplicate is made only to be dropped
    (short-lived objects made while a big set is built leave holes among the set's objects,
    and later allocations scattered into those holes are slower to reach).
    """
    out = []
    for key, raw in rule.criterios.items():
        if is_blank(raw):
            continue
        key, fact, mode = _split_known(rule.id, key)
        value = _criterion_value(rule.id, key, mode, raw)
        if known is None:
            out.append(Criterion(key, fact, mode, value))
            continue
        by_value = known.get(key)
        if by_value is None:
            by_value = known[key] = {}
        found = by_value.get(value)
        if found is None:
            found = by_value[value] = Criterion(key, fact, mode, value)
        elif type(found.value) is not type(value):
            found = Criterion(key, fact, mode, value)
        out.append(found)
    return tuple(out)


def _criterion_value(rule_id: str, key: str, mode: Mode, raw: Any) -> CriterionValue:
    field = f"criterios.{key}"
    try:
        if mode is Mode.IN:
            if not isinstance(raw, list | tuple):
                raise InvalidRuleError(rule_id, f"{key} deve ser uma lista de valores", field)
            return frozenset(norm(v) for v in raw)
        return norm(raw)
    except TypeError as exc:
        raise InvalidRuleError(
            rule_id, f"{key}: valor inválido ({exc}); use texto, número inteiro ou booleano", field
        ) from exc


def criteria_match(criteria: tuple[Criterion, ...], facts: Facts) -> bool:
    """All criteria hold for the facts (a plain loop: this is the hottest path)."""
    for c in criteria:  # noqa: SIM110
        if not c.matches(facts.get(c.fact)):
            return False
    return True
