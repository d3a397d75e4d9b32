"""ICMS of a goods item (NF-e / NFC-e): CST 00 20 40 41 50 51 60 90, CSOSN 101 102 103 300 400
500 900. Base of the operation value (modBC 3); reduced base for CST 20; deferral for CST 51;
Simples credit (pCredSN) for CSOSN 101/900. Sources: tax_domain.md §2.4; LC 123 art. 23."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from engine.calculators import opt_decimal, opt_text
from engine.errors import MissingValueError
from engine.result import IcmsGroup
from engine.rounding import apply_rate, money, reduce_by

MOD_BC_OPERATION_VALUE = "3"
CST_GROUPS = {
    "00": "ICMS00", "20": "ICMS20", "40": "ICMS40", "41": "ICMS40", "50": "ICMS40",
    "51": "ICMS51", "60": "ICMS60", "90": "ICMS90",
}  # fmt: skip
CSOSN_GROUPS = {
    "101": "ICMSSN101", "102": "ICMSSN102", "103": "ICMSSN102", "300": "ICMSSN102",
    "400": "ICMSSN102", "500": "ICMSSN500", "900": "ICMSSN900",
}  # fmt: skip
RATE_REQUIRED_CSTS = frozenset({"00", "20", "51"})


@dataclass(frozen=True)
class IcmsSpec:
    """What a tax rule says about ICMS for one item."""

    cst: str | None = None
    csosn: str | None = None
    aliquota: Decimal | None = None
    red_bc: Decimal | None = None
    aliq_cred_sn: Decimal | None = None
    p_dif: Decimal | None = None
    p_fcp: Decimal | None = None
    cbenef: str | None = None

    @property
    def needs_rate(self) -> bool:
        """CSTs that cannot be computed without a rate (the global pack may supply it)."""
        return self.aliquota is None and self.cst in RATE_REQUIRED_CSTS

    def with_rate(self, rate: Decimal, p_fcp: Decimal | None) -> IcmsSpec:
        return replace(self, aliquota=rate, p_fcp=self.p_fcp or p_fcp)


def spec_from_result(resultado: Mapping[str, Any]) -> IcmsSpec:
    """Read the ICMS fields of a TRIBUTACAO result."""
    return IcmsSpec(
        cst=opt_text(resultado, "cst_icms"),
        csosn=opt_text(resultado, "csosn"),
        aliquota=opt_decimal(resultado, "aliq_icms"),
        red_bc=opt_decimal(resultado, "red_bc"),
        aliq_cred_sn=opt_decimal(resultado, "aliq_cred_sn"),
        p_dif=opt_decimal(resultado, "p_dif"),
        p_fcp=opt_decimal(resultado, "p_fcp"),
        cbenef=opt_text(resultado, "cbenef"),
    )


def compute_icms(base: Decimal, origem: str | None, spec: IcmsSpec, simples: bool) -> IcmsGroup:
    """ICMS group of one item; the CRT family decides CST (regime normal) or CSOSN (Simples)."""
    if simples:
        return _csosn(base, origem, spec)
    return _cst(base, origem, spec)


def _cst(base: Decimal, origem: str | None, spec: IcmsSpec) -> IcmsGroup:
    cst = spec.cst
    if cst is None:
        raise MissingValueError("CST_ICMS", "cst_icms", "regime normal exige CST do ICMS")
    group = CST_GROUPS.get(cst)
    if group is None:
        raise MissingValueError("CST_NAO_SUPORTADO", "cst_icms", f"CST {cst} não suportado")
    if cst == "51":
        return _deferred(base, group, origem, spec)
    if cst in RATE_REQUIRED_CSTS or (cst == "90" and spec.aliquota is not None):
        return _taxed(base, spec, group, origem, cst=cst)
    return IcmsGroup(grupo=group, orig=origem, CST=cst, cBenef=spec.cbenef)


def _taxed(
    base: Decimal,
    spec: IcmsSpec,
    grupo: str,
    orig: str | None,
    cst: str | None = None,
    csosn: str | None = None,
) -> IcmsGroup:
    """vBC (reduced when pRedBC applies), pICMS, vICMS and the optional FCP."""
    rate = _require_rate(spec)
    if cst == "20" and spec.red_bc is None:
        raise MissingValueError("RED_BC", "red_bc", "CST 20 exige percentual de redução da BC")
    vbc = money(reduce_by(base, spec.red_bc)) if spec.red_bc is not None else base
    fcp = apply_rate(vbc, spec.p_fcp) if spec.p_fcp is not None else None
    return IcmsGroup(
        grupo=grupo, orig=orig, CST=cst, CSOSN=csosn, cBenef=spec.cbenef,
        modBC=MOD_BC_OPERATION_VALUE, vBC=vbc, pRedBC=spec.red_bc, pICMS=rate,
        vICMS=apply_rate(vbc, rate), pFCP=spec.p_fcp, vFCP=fcp,
    )  # fmt: skip


def _deferred(base: Decimal, grupo: str, orig: str | None, spec: IcmsSpec) -> IcmsGroup:
    """CST 51: vICMS = vICMSOp − vICMSDif, with vICMSDif = vICMSOp × pDif."""
    if spec.p_dif is None:
        raise MissingValueError("P_DIF", "p_dif", "CST 51 exige o percentual do diferimento")
    taxed = _taxed(base, spec, grupo, orig, cst="00")
    assert taxed.vICMS is not None
    deferred = apply_rate(taxed.vICMS, spec.p_dif)
    return replace(
        taxed, CST="51", vICMSOp=taxed.vICMS, pDif=spec.p_dif, vICMSDif=deferred,
        vICMS=taxed.vICMS - deferred,
    )  # fmt: skip


def _csosn(base: Decimal, origem: str | None, spec: IcmsSpec) -> IcmsGroup:
    if spec.csosn is None:
        raise MissingValueError("CSOSN", "csosn", "Simples Nacional exige CSOSN")
    group = CSOSN_GROUPS.get(spec.csosn)
    if group is None:
        raise MissingValueError("CSOSN_NAO_SUPORTADO", "csosn", f"CSOSN {spec.csosn} não suportado")
    head = IcmsGroup(grupo=group, orig=origem, CSOSN=spec.csosn, cBenef=spec.cbenef)
    if spec.csosn == "101":
        return _sn_credit(base, head, spec, required=True)
    if spec.csosn == "900":
        return _sn900(base, head, spec)
    return head


def _sn_credit(base: Decimal, head: IcmsGroup, spec: IcmsSpec, required: bool) -> IcmsGroup:
    """Credit the buyer may take (LC 123 art. 23): pCredSN × value of the operation."""
    if spec.aliq_cred_sn is None:
        if required:
            raise MissingValueError("ALIQ_CRED_SN", "aliq_cred_sn", "CSOSN 101 exige pCredSN")
        return head
    return replace(head, pCredSN=spec.aliq_cred_sn, vCredICMSSN=apply_rate(base, spec.aliq_cred_sn))


def _sn900(base: Decimal, head: IcmsGroup, spec: IcmsSpec) -> IcmsGroup:
    if spec.aliquota is not None:
        head = _taxed(base, spec, head.grupo, head.orig, csosn=head.CSOSN)
    return _sn_credit(base, head, spec, required=False)


def _require_rate(spec: IcmsSpec) -> Decimal:
    if spec.aliquota is None:
        raise MissingValueError("ALIQUOTA_ICMS", "aliq_icms", "nenhuma alíquota de ICMS vigente")
    return spec.aliquota
