"""A complement of ICMS-ST: the substitution a note under-charged, issued alone (finNFe 2).

Real shops issue it when the ST of a sale was under-charged (a wrong margin, a wrong base):
an item of quantity and value zero whose ICMS group states the declared ST base (vBCST as
written, margin and reduction taken as already applied, so pMVAST and pRedBCST are not
written) and vICMSST = vBCST × pICMSST. The own ICMS is not complemented: CST 10 and 70 write
their required own fields as zero, CST 90 and the CSOSNs leave them out. The FCP-ST follows
the base complemented (a difference of base) and stays out of a difference of rate, as the
own complement does with the FCP. vNF becomes vST (+ vFCPST) by the layout's total formula.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from engine.calculators.icms import (
    CSOSN_GROUPS,
    CST_GROUPS,
    MOD_BC_OPERATION_VALUE,
    IcmsSpec,
    complement_code,
)
from engine.calculators.icms_st import DEFAULT_MOD_BC_ST, StSpec
from engine.errors import MissingValueError
from engine.result import IcmsGroup
from engine.rounding import ZERO, apply_rate

ST_COMPLEMENT_CSTS = frozenset({"10", "30", "70", "90"})
ST_COMPLEMENT_CSOSNS = frozenset({"201", "202", "203", "900"})
"""Codes whose group carries the substitution: those a complement of ICMS-ST may carry."""

_OWN_ZERO = frozenset({"10", "70"})
"""CSTs whose group requires the own ICMS fields (written as zero: nothing own complemented)."""


def complement_icms_st(
    base_st: Decimal,
    declared_rate: Decimal | None,
    origem: str | None,
    spec: IcmsSpec,
    st: StSpec,
    simples: bool,
) -> IcmsGroup:
    """The ICMS group of a complement of ICMS-ST; `st` is the substitution the rules give
    (rate from the tax rule, the ICMS_ST rule or the destination's internal rate rule)."""
    code = _code(spec, simples)
    rate = declared_rate if declared_rate is not None else st.aliquota
    if rate is None:
        raise MissingValueError(
            "ALIQUOTA_ICMS_ST", "aliq_icms_st",
            "complemento de ICMS-ST sem alíquota: informe `aliquota_st`, `aliq_icms_st` na "
            "regra de tributação, uma regra ICMS_ST ou a alíquota interna do destino",
        )  # fmt: skip
    fcp = st.p_fcp_st if declared_rate is None else None
    group = IcmsGroup(
        grupo=CSOSN_GROUPS[code] if simples else CST_GROUPS[code],
        orig=origem, CST=None if simples else code, CSOSN=code if simples else None,
        cBenef=spec.cbenef, modBCST=st.mod_bc_st or DEFAULT_MOD_BC_ST, vBCST=base_st,
        pICMSST=rate, vICMSST=apply_rate(base_st, rate),
        vBCFCPST=base_st if fcp is not None else None, pFCPST=fcp,
        vFCPST=apply_rate(base_st, fcp) if fcp is not None else None,
    )  # fmt: skip
    if simples or code not in _OWN_ZERO:
        return group
    return _own_zero(group, spec, code)


def _code(spec: IcmsSpec, simples: bool) -> str:
    """The rule's CST (regime normal) or CSOSN (Simples), when it carries a substitution."""
    return complement_code(spec, simples, (ST_COMPLEMENT_CSTS, ST_COMPLEMENT_CSOSNS), "ICMS-ST")


def _own_zero(group: IcmsGroup, spec: IcmsSpec, code: str) -> IcmsGroup:
    """CST 10/70: modBC, vBC, pICMS and vICMS are required; the own operation is not
    complemented, so they are zero (CST 70 keeps the rule's pRedBC, which its group needs)."""
    if code == "70" and spec.red_bc is None:
        raise MissingValueError("RED_BC", "red_bc", "CST 70 exige percentual de redução da BC")
    return replace(
        group, modBC=MOD_BC_OPERATION_VALUE, vBC=ZERO, pICMS=ZERO, vICMS=ZERO,
        pRedBC=spec.red_bc if code == "70" else None,
    )  # fmt: skip
