"""What a rule's `resultado` may hold, by rule type: the fields its calculator reads, their kinds.

The one definition of the result vocabulary: `check_rule` applies it when a rule enters a
RuleSet (packs and company rules alike), and the service compiles a rule with the same code
when it is written, so a rule accepted at write time is one the engine can read at run time.
A field no calculator reads is refused (it would be silently ignored), and so is a value of
the wrong kind (a code that is not text, a rate that is not a decimal, a flag that is not a
boolean), which would otherwise fail or be misread in the middle of a calculation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.codes import (
    BASE_METHODS,
    INCIDENCE_PLACES,
    SIMPLES_GROUP,
    TP_RET_BY_INTERMEDIARY,
    TP_RET_BY_TAKER,
    TP_RET_NOT_WITHHELD,
)
from engine.errors import InvalidRuleError
from engine.rules import Rule, RuleType

_ZERO, _HUNDRED = Decimal(0), Decimal(100)

RATE, AMOUNT, TEXT, FLAG, RATES = "taxa", "valor", "texto", "booleano", "taxas"
MARGIN = "margem"
"""Kinds of result fields: a percentage 0–100 as decimal text; a non-negative money amount as
decimal text; a code or note as text; a JSON boolean; a map of component → percentage; a
percentage with no upper bound (an ICMS-ST value-added margin, MVA, may exceed 100 %)."""
MOD_BC_ST = frozenset({"0", "1", "2", "3", "4", "5", "6"})
"""modBCST of the NF-e layout: 0 tabled/maximum price, 1 negative list, 2 positive list,
3 neutral list, 4 MVA (%), 5 pauta, 6 operation value (NT 2019.001)."""
BASIS = "fundamento"
"""The legal basis of a benefit: an object with the tax_domain.md §6 schema."""
BASIS_REQUIRED = ("instrumento", "uf", "tipo_beneficio")
BASIS_OPTIONAL = ("cbenef", "cst_icms", "percentual", "condicoes", "vigencia", "url_ou_doe",
                  "verificado_por", "verificado_em")  # fmt: skip
BENEFIT_KINDS = frozenset({"isencao", "reducao_bc", "diferimento", "suspensao",
                           "credito_presumido"})  # fmt: skip
"""`tipo_beneficio` (tax_domain.md §6: isenção, redução BC, diferimento, suspensão, crédito
presumido), written without accents as every code of the rule vocabulary."""

Field = tuple[str, frozenset[str]]
"""(kind, allowed values; empty = any value of the kind)."""

_ANY: frozenset[str] = frozenset()
_PLAIN: dict[str, Field] = {
    kind: (kind, _ANY) for kind in (RATE, AMOUNT, TEXT, FLAG, RATES, BASIS, MARGIN)
}
"""One tuple per kind without choices, so the hot check can compare by identity."""
_ANY_TEXT, _ANY_RATE = _PLAIN[TEXT], _PLAIN[RATE]
_PLACES = frozenset(INCIDENCE_PLACES)
_TP_RET = frozenset({TP_RET_NOT_WITHHELD, TP_RET_BY_TAKER, TP_RET_BY_INTERMEDIARY})
_FLAGS: dict[str, Field] = {"requer_revisao": _PLAIN[FLAG], "motivo": _ANY_TEXT}
"""Every type may force review (`requer_revisao`) and say why (`motivo`)."""


def _fields(**kinds: str | Field) -> dict[str, Field]:
    out = dict(_FLAGS)
    out.update({k: v if isinstance(v, tuple) else _PLAIN[v] for k, v in kinds.items()})
    return out


_ICMS_RATES = _fields(aliquota=RATE, p_fcp=RATE)
_IBS_CBS = _fields(
    cst=TEXT, cclasstrib=TEXT, ibs_p_uf=RATE, ibs_p_mun=RATE, cbs_p=RATE,
    red_aliq_ibs_uf=RATE, red_aliq_ibs_mun=RATE, red_aliq_cbs=RATE,
    dif_p_ibs_uf=RATE, dif_p_ibs_mun=RATE, dif_p_cbs=RATE, cred_presumido_p=RATE, aplicar=FLAG,
)  # fmt: skip
_RURAL = _fields(
    tratamento=TEXT, cst_icms=TEXT, csosn=TEXT, p_dif=RATE, red_bc=RATE, cbenef=TEXT,
    fundamento=BASIS,
)  # fmt: skip

RESULT_FIELDS: Mapping[RuleType, Mapping[str, Field]] = {
    RuleType.TRIBUTACAO: _fields(
        cfop=TEXT,
        csosn=TEXT,
        cst_icms=TEXT,
        aliq_icms=RATE,
        red_bc=RATE,
        aliq_cred_sn=RATE,
        p_dif=RATE,
        p_fcp=RATE,
        cbenef=TEXT,
        cst_pis=TEXT,
        aliq_pis=RATE,
        cst_cofins=TEXT,
        aliq_cofins=RATE,
        inf_cpl=TEXT,
        mod_bc_st=(TEXT, MOD_BC_ST),
        mva_st=MARGIN,
        aliq_icms_st=RATE,
        red_bc_st=RATE,
        aliq_fcp=RATE,
        aliq_fcp_st=RATE,
        cst_ipi=TEXT,
        aliq_ipi=RATE,
        c_enq_ipi=TEXT,
        preco_bc_st=AMOUNT,
        pis_cofins_sem_icms=FLAG,
    ),
    RuleType.ICMS_ST: _fields(
        mva=MARGIN,
        mod_bc_st=(TEXT, MOD_BC_ST),
        aliq_interna_destino=RATE,
        red_bc_st=RATE,
        p_fcp_st=RATE,
        preco_unitario=AMOUNT,
    ),
    RuleType.FCP: _fields(aliquota=RATE),
    RuleType.IPI: _fields(aliquota=RATE, c_enq=TEXT),
    # IVA rules also keep the register's descriptive fields (shown, not calculated with).
    RuleType.IVA: {**_IBS_CBS, **_fields(classificacao=TEXT, regime=TEXT, inf_cpl=TEXT)},
    RuleType.IBS_CBS: _IBS_CBS,
    RuleType.ICMS_ALIQUOTA_INTERNA: _ICMS_RATES,
    RuleType.ICMS_ALIQUOTA_INTERESTADUAL: _ICMS_RATES,
    RuleType.ISS: _fields(aliquota=RATE),
    RuleType.ISS_LIMITES: _fields(aliquota_minima=RATE, aliquota_maxima=RATE),
    RuleType.ISS_RETENCAO: _fields(iss_retido=FLAG, tp_ret_issqn=(TEXT, _TP_RET)),
    RuleType.RETENCAO_FEDERAL: _fields(tributo=TEXT, aliquotas=RATES, dispensa_ate=AMOUNT),
    RuleType.MUNICIPIO_INCIDENCIA: _fields(local=(TEXT, _PLACES), inciso=TEXT),
    RuleType.CFOP_OPERACAO: _fields(cfop=TEXT),
    RuleType.ICMS_TRANSPORTE: _fields(
        grupo=(TEXT, frozenset({SIMPLES_GROUP})), cst=TEXT, aliquota=RATE, red_bc=RATE
    ),
    RuleType.RURAL_ICMS: _RURAL,
    RuleType.RURAL_BENEFICIO: _RURAL,
    RuleType.DIFAL_INCIDENCIA: _fields(aplicar=FLAG, p_partilha_destino=RATE),
    RuleType.DIFAL_UF_DESTINO: _fields(aliquota=RATE, p_fcp=RATE, base=(TEXT, BASE_METHODS)),
}

REQUIRED: Mapping[RuleType, tuple[str, ...]] = {
    RuleType.MUNICIPIO_INCIDENCIA: ("local",),
    RuleType.RETENCAO_FEDERAL: ("tributo", "aliquotas"),
}
"""Fields without which the rule decides nothing (IBS/CBS codes: see `_check_required`)."""

_VALID_RATES: set[str] = set()
"""Rate texts already found valid (bounded): a big set repeats a few rates, and checking
them again would make and drop a Decimal per rate of every rule."""
_VALID_RATES_MAX = 4096


def check_result(rule: Rule) -> None:
    """Every result field is one the type's calculator reads, with a value of its kind."""
    allowed = RESULT_FIELDS[rule.tipo]
    for name, raw in rule.resultado.items():
        spec = allowed.get(name)
        if spec is None:
            raise _error(rule, name, f"campo desconhecido para {rule.tipo.value}; use "
                         f"{', '.join(sorted(allowed))}")  # fmt: skip
        if type(raw) is str and (spec is _ANY_TEXT or (spec is _ANY_RATE and raw in _VALID_RATES)):
            continue  # the common cases of a big set, without a call
        if raw is None or raw == "":
            continue  # blank: the calculator reads it as absent
        kind, choices = spec
        _CHECKS[kind](rule, name, raw)
        if choices and raw not in choices:
            raise _error(rule, name, f"deve ser um de: {', '.join(sorted(choices))}")
    _check_required(rule)


def _check_required(rule: Rule) -> None:
    result = rule.resultado
    needed = REQUIRED.get(rule.tipo, ())
    if rule.tipo in (RuleType.IBS_CBS, RuleType.IVA) and result.get("aplicar") is not False:
        needed = ("cst", "cclasstrib")  # the IBS/CBS group cannot be written without them
    for name in needed:
        if result.get(name) in (None, ""):
            raise _error(rule, name, f"obrigatório em regras {rule.tipo.value}")


def decimal_field(rule_id: str, name: str, raw: Any, field: str | None = None) -> Decimal:
    """A rate as Decimal; floats are refused because they cannot carry a legal rate exactly."""
    value = _decimal(rule_id, name, raw, field)
    if not value <= _HUNDRED:
        raise InvalidRuleError(rule_id, f"{name} fora de 0 a 100: {raw}", field)
    return value


def _decimal(rule_id: str, name: str, raw: Any, field: str | None) -> Decimal:
    """Decimal text (or an integer), finite and not negative."""
    if isinstance(raw, float | bool) or not isinstance(raw, str | int | Decimal):
        raise InvalidRuleError(
            rule_id, f"{name} deve ser texto decimal (ex.: \"12.5\"), não {type(raw).__name__}",
            field,
        )  # fmt: skip
    try:
        value = Decimal(str(raw))
    except InvalidOperation as exc:
        raise InvalidRuleError(rule_id, f"{name} não é decimal: {raw!r}", field) from exc
    if not value.is_finite() or value < _ZERO:
        raise InvalidRuleError(rule_id, f"{name} deve ser decimal não negativo: {raw}", field)
    return value


def _rate(rule: Rule, name: str, raw: Any) -> None:
    decimal_field(rule.id, name, raw, f"resultado.{name}")
    if type(raw) is str and len(_VALID_RATES) < _VALID_RATES_MAX:
        _VALID_RATES.add(raw)


def _amount(rule: Rule, name: str, raw: Any) -> None:
    _decimal(rule.id, name, raw, f"resultado.{name}")


def _text(rule: Rule, name: str, raw: Any) -> None:
    if not isinstance(raw, str):
        raise _error(rule, name, f'deve ser texto (ex.: "00"), não {type(raw).__name__}')


def _flag(rule: Rule, name: str, raw: Any) -> None:
    if not isinstance(raw, bool):
        raise _error(rule, name, "deve ser verdadeiro ou falso (true/false)")


def _rates(rule: Rule, name: str, raw: Any) -> None:
    if not isinstance(raw, Mapping) or not raw:
        raise _error(rule, name, 'deve ser um objeto {componente: taxa}, ex.: {"IR": "1.5"}')
    for component, rate in raw.items():
        decimal_field(rule.id, f"{name}.{component}", rate, f"resultado.{name}.{component}")


def _basis(rule: Rule, name: str, raw: Any) -> None:
    """`instrumento`, `uf` and `tipo_beneficio` required, the other §6 keys allowed."""
    if not isinstance(raw, dict):
        raise _error(rule, name, "deve ser um objeto {instrumento, uf, tipo_beneficio, ...} "
                     "(tax_domain §6), não um texto")  # fmt: skip
    for key in BASIS_REQUIRED:
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise _error(rule, f"{name}.{key}", "obrigatório (texto)")
    unknown = sorted(set(raw) - set(BASIS_REQUIRED) - set(BASIS_OPTIONAL))
    if unknown:
        raise _error(rule, f"{name}.{unknown[0]}", "campo desconhecido; use "
                     f"{', '.join(BASIS_REQUIRED + BASIS_OPTIONAL)}")  # fmt: skip
    if raw["tipo_beneficio"] not in BENEFIT_KINDS:
        raise _error(rule, f"{name}.tipo_beneficio",
                     f"deve ser um de: {', '.join(sorted(BENEFIT_KINDS))}")  # fmt: skip


_CHECKS: dict[str, Callable[[Rule, str, Any], None]] = {
    RATE: _rate, AMOUNT: _amount, TEXT: _text, FLAG: _flag, RATES: _rates, BASIS: _basis,
    MARGIN: _amount,
}  # fmt: skip


def _error(rule: Rule, name: str, message: str) -> InvalidRuleError:
    return InvalidRuleError(rule.id, f"resultado.{name}: {message}", f"resultado.{name}")
