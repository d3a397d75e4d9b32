"""ICMS of a goods item (NF-e / NFC-e): CST 00 10 20 30 40 41 50 51 60 70 90, CSOSN 101 102 103
201 202 203 300 400 500 900. Base of the operation value (modBC 3): vProd + vFrete + vSeg +
vOutro − vDesc (LC 87/1996 art. 13 I and §1º II: insurance, other charges and freight billed
by the seller are in the base; only conditional discounts are), plus the IPI when the buyer is
a final consumer (CF art. 155 §2º XI; LC 87/1996 art. 13 §2º), as the flow passes it; reduced
base for CST 20 and 70; deferral for CST 51; Simples credit (pCredSN) for CSOSN 101/201/900.
The substitution (ST) fields of CST 10 30 70 90 and CSOSN 201 202 203 900 are added by
`icms_st`. Sources: tax_domain.md §2.4; LC 123 art. 23."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cached_property
from typing import Any

from engine.calculators import opt_decimal, opt_text
from engine.errors import MissingValueError
from engine.result import IcmsGroup
from engine.rounding import apply_rate, money, reduce_by
from engine.values import evolve

MOD_BC_OPERATION_VALUE = "3"
CST_GROUPS = {
    "00": "ICMS00", "10": "ICMS10", "20": "ICMS20", "30": "ICMS30", "40": "ICMS40",
    "41": "ICMS40", "50": "ICMS40", "51": "ICMS51", "60": "ICMS60", "70": "ICMS70",
    "90": "ICMS90",
}  # fmt: skip
CSOSN_GROUPS = {
    "101": "ICMSSN101", "102": "ICMSSN102", "103": "ICMSSN102", "201": "ICMSSN201",
    "202": "ICMSSN202", "203": "ICMSSN202", "300": "ICMSSN102", "400": "ICMSSN102",
    "500": "ICMSSN500", "900": "ICMSSN900",
}  # fmt: skip
RATE_REQUIRED_CSTS = frozenset({"00", "10", "20", "51", "70"})
ST_CSTS = frozenset({"10", "30", "70"})
ST_CSOSNS = frozenset({"201", "202", "203"})
"""Codes that always carry ICMS-ST; CST 90 and CSOSN 900 carry it when the rule asks for it."""
RETAINED_CODES = frozenset({"60", "500"})
"""ST withheld earlier (substituído): the group informs the retained values."""
OWN_RATE_CODES = frozenset({"30", "201", "202", "203"})
"""ST codes without an own ICMS field whose rate is still needed: the interstate rate that
adjusts the MVA (CST 30) and the Simples remitter's own ICMS deducted from the ST."""
NO_VBCFCP_GROUPS = frozenset({"ICMS00"})
"""ICMS00 carries pFCP/vFCP on vBC; the other taxed groups carry their own vBCFCP."""


@dataclass(frozen=True)
class IcmsSpec:
    """What a tax rule says about ICMS for one item. Parsed once per rule (`Run.parsed`), so
    the code tests below are cached on the instance, not redone for each item."""

    cst: str | None = None
    csosn: str | None = None
    aliquota: Decimal | None = None
    red_bc: Decimal | None = None
    aliq_cred_sn: Decimal | None = None
    p_dif: Decimal | None = None
    p_fcp: Decimal | None = None
    cbenef: str | None = None
    st: bool = False
    """The rule asks for ICMS-ST (CST 90 / CSOSN 900 with ST fields)."""

    @cached_property
    def needs_rate(self) -> bool:
        """CSTs that cannot be computed without a rate (the global pack may supply it)."""
        return self.aliquota is None and (
            self.cst in RATE_REQUIRED_CSTS or self.cst in OWN_RATE_CODES
            or self.csosn in OWN_RATE_CODES
        )  # fmt: skip

    @cached_property
    def has_st(self) -> bool:
        """Whether the item's ICMS group carries a substitution computed now."""
        return (
            self.cst in ST_CSTS or self.csosn in ST_CSOSNS
            or (self.st and (self.cst == "90" or self.csosn == "900"))
        )  # fmt: skip

    @cached_property
    def retained(self) -> bool:
        return self.cst in RETAINED_CODES or self.csosn in RETAINED_CODES

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
        p_fcp=opt_decimal(resultado, "p_fcp") or opt_decimal(resultado, "aliq_fcp"),
        cbenef=opt_text(resultado, "cbenef"),
        st=any(resultado.get(k) not in (None, "") for k in ST_FIELDS),
    )


ST_FIELDS = ("mod_bc_st", "mva_st", "aliq_icms_st", "red_bc_st", "aliq_fcp_st", "preco_bc_st")
"""TRIBUTACAO fields that ask for ICMS-ST in CST 90 / CSOSN 900."""


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


COMPLEMENT_CSTS = frozenset({"00", "20", "90"})
COMPLEMENT_CSOSNS = frozenset({"900"})
"""Codes whose group states an own ICMS with nothing else required: those a complement of
ICMS may carry (ST, deferral and untaxed codes have no own ICMS to complement alone)."""


def complement_icms(base: Decimal, origem: str | None, spec: IcmsSpec, simples: bool) -> IcmsGroup:
    """A complement of ICMS (finNFe 2, quantity and value zero): the rule's CST or CSOSN with
    vBC the declared base as written (CST 20 states the rule's pRedBC, already applied to it),
    vICMS = vBC × pICMS, and the FCP on the same base when the spec carries its rate."""
    code = complement_code(spec, simples, (COMPLEMENT_CSTS, COMPLEMENT_CSOSNS), "ICMS")
    rate = _require_rate(spec)
    if code == "20" and spec.red_bc is None:
        raise MissingValueError("RED_BC", "red_bc", "CST 20 exige percentual de redução da BC")
    grupo = CSOSN_GROUPS[code] if simples else CST_GROUPS[code]
    fcp = apply_rate(base, spec.p_fcp) if spec.p_fcp is not None else None
    return IcmsGroup(
        grupo=grupo, orig=origem, CST=None if simples else code, CSOSN=code if simples else None,
        cBenef=spec.cbenef, modBC=MOD_BC_OPERATION_VALUE, vBC=base,
        pRedBC=spec.red_bc if code == "20" else None, pICMS=rate, vICMS=apply_rate(base, rate),
        vBCFCP=base if fcp is not None and grupo not in NO_VBCFCP_GROUPS else None,
        pFCP=spec.p_fcp if fcp is not None else None, vFCP=fcp,
    )  # fmt: skip


def complement_code(
    spec: IcmsSpec, simples: bool, allowed: tuple[frozenset[str], frozenset[str]], tax: str
) -> str:
    """The rule's CST (regime normal) or CSOSN (Simples) when a complement of `tax` (ICMS,
    ICMS-ST) may carry it; `allowed` is (CSTs, CSOSNs). Otherwise `missing`, naming them."""
    code = spec.csosn if simples else spec.cst
    codes = allowed[1] if simples else allowed[0]
    if code not in codes:
        field, name = ("csosn", "CSOSN") if simples else ("cst_icms", "CST")
        raise MissingValueError(
            f"CST_COMPLEMENTO_{tax.replace('-', '_')}", field,
            f"complemento de {tax} exige {name} {', '.join(sorted(codes))} na regra de "
            f"tributação (a regra aplicada dá {code or 'nenhum'})",
        )  # fmt: skip
    return str(code)


def own_icms(base: Decimal, spec: IcmsSpec) -> Decimal:
    """The Simples remitter's own ICMS deducted from the ST (CSOSN 201/202/203/900): the
    operation value at the rate it would owe outside the Simples (`icms_st` docstring)."""
    return apply_rate(base, _require_rate(spec))


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
    if cst in ("20", "70") and spec.red_bc is None:
        raise MissingValueError("RED_BC", "red_bc", f"CST {cst} exige percentual de redução da BC")
    vbc = money(reduce_by(base, spec.red_bc)) if spec.red_bc is not None else base
    fcp = apply_rate(vbc, spec.p_fcp) if spec.p_fcp is not None else None
    vbcfcp = vbc if fcp is not None and grupo not in NO_VBCFCP_GROUPS else None
    return IcmsGroup(
        grupo=grupo, orig=orig, CST=cst, CSOSN=csosn, cBenef=spec.cbenef,
        modBC=MOD_BC_OPERATION_VALUE, vBC=vbc, pRedBC=spec.red_bc, pICMS=rate,
        vICMS=apply_rate(vbc, rate), vBCFCP=vbcfcp, pFCP=spec.p_fcp, vFCP=fcp,
    )  # fmt: skip


def _deferred(base: Decimal, grupo: str, orig: str | None, spec: IcmsSpec) -> IcmsGroup:
    """CST 51: vICMS = vICMSOp − vICMSDif, with vICMSDif = vICMSOp × pDif."""
    if spec.p_dif is None:
        raise MissingValueError("P_DIF", "p_dif", "CST 51 exige o percentual do diferimento")
    taxed = _taxed(base, spec, grupo, orig, cst="00")
    assert taxed.vICMS is not None
    deferred = apply_rate(taxed.vICMS, spec.p_dif)
    return evolve(
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
    if spec.csosn in ("101", "201"):
        return _sn_credit(base, head, spec, required=True)
    if spec.csosn == "900":
        return _sn900(base, head, spec)
    return head


def _sn_credit(base: Decimal, head: IcmsGroup, spec: IcmsSpec, required: bool) -> IcmsGroup:
    """Credit the buyer may take (LC 123 art. 23): pCredSN × value of the operation."""
    if spec.aliq_cred_sn is None:
        if required:
            raise MissingValueError(
                "ALIQ_CRED_SN", "aliq_cred_sn", f"CSOSN {head.CSOSN} exige pCredSN"
            )
        return head
    return evolve(head, pCredSN=spec.aliq_cred_sn, vCredICMSSN=apply_rate(base, spec.aliq_cred_sn))


def _sn900(base: Decimal, head: IcmsGroup, spec: IcmsSpec) -> IcmsGroup:
    if spec.aliquota is not None:
        head = _taxed(base, spec, head.grupo, head.orig, csosn=head.CSOSN)
    return _sn_credit(base, head, spec, required=False)


def _require_rate(spec: IcmsSpec) -> Decimal:
    if spec.aliquota is None:
        raise MissingValueError("ALIQUOTA_ICMS", "aliq_icms", "nenhuma alíquota de ICMS vigente")
    return spec.aliquota
