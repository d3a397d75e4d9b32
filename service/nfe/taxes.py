"""The engine's item taxes in the shapes of the NF-e builder.

Nothing is computed here: values are copied from the `TaxResult` (ICMS with its FCP,
substitution and retained-ST fields, IPI, PIS, COFINS, DIFAL, IBS/CBS). A group the engine
decided but the builder cannot write yet (IBS/CBS reductions, deferral outside CST 51) is
refused explicitly rather than dropped, because a document without a decided tax would be wrong.
"""

from __future__ import annotations

from decimal import Decimal

from documents.nfe import model as doc
from engine.result import (
    IbsCbsGroup,
    IcmsGroup,
    IcmsUfDestGroup,
    IiGroup,
    IpiGroup,
    PisCofinsGroup,
)
from engine.result import ItemTaxes as EngineItemTaxes

_ZERO = Decimal("0")
_DEFERRAL = ("vICMSOp", "pDif", "vICMSDif")
"""Only ICMS51 carries the deferral (rural producers' CST 51, tax_domain.md §6)."""


class UnsupportedTaxGroup(Exception):
    """The engine decided something the XML builder cannot express yet."""

    def __init__(self, item: int, detail: str) -> None:
        super().__init__(f"item {item}: {detail}")
        self.item = item
        self.detail = detail


def icms(item: int, group: IcmsGroup, orig: str) -> doc.Icms:
    unsupported = () if group.CST == "51" else _DEFERRAL
    used = [name for name in unsupported if getattr(group, name) not in (None, _ZERO)]
    if used:
        raise UnsupportedTaxGroup(item, f"ICMS com {', '.join(used)} ainda não suportado no XML")
    return doc.Icms(
        orig=group.orig or orig,
        cst=group.CST,
        csosn=group.CSOSN,
        mod_bc=group.modBC,
        v_bc=group.vBC,
        p_red_bc=group.pRedBC,
        p_icms=group.pICMS,
        v_icms=group.vICMS,
        p_cred_sn=group.pCredSN,
        v_cred_icms_sn=group.vCredICMSSN,
        v_icms_op=group.vICMSOp,
        p_dif=group.pDif,
        v_icms_dif=group.vICMSDif,
        v_bc_fcp=group.vBCFCP,
        p_fcp=group.pFCP,
        v_fcp=group.vFCP,
        mod_bc_st=group.modBCST,
        p_mva_st=group.pMVAST,
        p_red_bc_st=group.pRedBCST,
        v_bc_st=group.vBCST,
        p_icms_st=group.pICMSST,
        v_icms_st=group.vICMSST,
        v_bc_fcp_st=group.vBCFCPST,
        p_fcp_st=group.pFCPST,
        v_fcp_st=group.vFCPST,
        v_bc_st_ret=group.vBCSTRet,
        p_st=group.pST,
        v_icms_substituto=group.vICMSSubstituto,
        v_icms_st_ret=group.vICMSSTRet,
        v_bc_fcp_st_ret=group.vBCFCPSTRet,
        p_fcp_st_ret=group.pFCPSTRet,
        v_fcp_st_ret=group.vFCPSTRet,
    )


def ipi(group: IpiGroup) -> doc.Ipi:
    return doc.Ipi(
        cst=group.CST, c_enq=group.cEnq, v_bc=group.vBC, rate=group.pIPI, value=group.vIPI
    )


def ii(group: IiGroup) -> doc.ImportTax:
    """The II group, as the customs clearance declared it (the engine copies, never computes)."""
    return doc.ImportTax(
        v_bc=group.vBC, v_desp_adu=group.vDespAdu, v_ii=group.vII, v_iof=group.vIOF
    )


def pis_cofins(group: PisCofinsGroup) -> doc.PisCofins:
    """A CST of the "other operations" family (49..99) without value has base and rate zero in
    the layout (PISOutr/COFINSOutr always carry vBC and p): the engine said "no tax", and zero
    is how the group writes it; a value without base and rate is passed on and refused."""
    v_bc, rate = group.vBC, group.p
    if v_bc is None and rate is None and group.v == 0 and _is_other(group.CST):
        v_bc, rate = Decimal("0.00"), Decimal("0.0000")
    return doc.PisCofins(cst=group.CST, v_bc=v_bc, rate=rate, value=group.v)


def _is_other(cst: str) -> bool:
    return cst.isdigit() and 49 <= int(cst) <= 99


def ibs_cbs(item: int, group: IbsCbsGroup) -> doc.IbsCbs:
    parts = (group.gIBSUF, group.gIBSMun, group.gCBS)
    if any(p is not None and (p.pRedAliq or p.pDif) for p in parts):
        raise UnsupportedTaxGroup(item, "IBS/CBS com redução ou diferimento ainda não suportado")
    uf, mun, cbs = parts
    return doc.IbsCbs(
        cst=group.CST,
        c_class_trib=group.cClassTrib,
        v_bc=group.vBC,
        p_ibs_uf=uf.p if uf else _ZERO,
        v_ibs_uf=uf.v if uf else Decimal("0.00"),
        p_ibs_mun=mun.p if mun else _ZERO,
        v_ibs_mun=mun.v if mun else Decimal("0.00"),
        p_cbs=cbs.p if cbs else _ZERO,
        v_cbs=cbs.v if cbs else Decimal("0.00"),
    )


def icms_uf_dest(group: IcmsUfDestGroup) -> doc.IcmsUfDest:
    """The DIFAL group, copied: every amount was rounded per item by the engine."""
    return doc.IcmsUfDest(
        v_bc=group.vBCUFDest,
        p_icms_dest=group.pICMSUFDest,
        p_icms_inter=group.pICMSInter,
        p_share=group.pICMSInterPart,
        v_icms_dest=group.vICMSUFDest,
        v_icms_origin=group.vICMSUFRemet,
        v_bc_fcp=group.vBCFCPUFDest,
        p_fcp=group.pFCPUFDest,
        v_fcp=group.vFCPUFDest,
    )


def item_taxes(decided: EngineItemTaxes, orig: str) -> doc.ItemTaxes:
    """All groups of one item (the engine guarantees ICMS, PIS and COFINS when complete)."""
    if decided.icms is None or decided.pis is None or decided.cofins is None:
        raise UnsupportedTaxGroup(decided.numero, "ICMS, PIS e COFINS são obrigatórios")
    return doc.ItemTaxes(
        icms=icms(decided.numero, decided.icms, orig),
        pis=pis_cofins(decided.pis),
        cofins=pis_cofins(decided.cofins),
        ibs_cbs=ibs_cbs(decided.numero, decided.ibs_cbs) if decided.ibs_cbs else None,
        icms_uf_dest=icms_uf_dest(decided.icms_uf_dest) if decided.icms_uf_dest else None,
        ipi=ipi(decided.ipi) if decided.ipi else None,
        ii=ii(decided.ii) if decided.ii else None,
    )
