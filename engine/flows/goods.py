"""NF-e / NFC-e items: the company TRIBUTACAO rule gives CFOP, ICMS (with its substitution),
IPI and PIS/COFINS; a blank ICMS rate comes from the global internal/interstate rate rules, a
blank IPI rate from an IPI (TIPI) rule, the ST margin and destination rate from ICMS_ST and the
destination's internal rate rules, FCP rates from FCP rules; rural context applies RURAL_*
rules; IBS/CBS comes from IVA or IBS_CBS rules.

Bases (each calculator's docstring has the law): the operation value is vProd + vFrete + vSeg
+ vOutro − vDesc. ICMS: the operation value, plus the IPI when the buyer is a final consumer or
not an ICMS contributor (CF art. 155 §2º XI). IPI: the operation value. ST: the operation value
plus the IPI. PIS/COFINS: the operation value (the gross revenue of the sale: Lei 9.718/1998
art. 3º with DL 1.598/1977 art. 12, whose §4º leaves out the IPI and the ICMS-ST charged to the
buyer; unconditional discounts out by Lei 10.637/2002 art. 1º §3º V "a" and Lei 10.833/2003
art. 1º §3º V "a"); the ICMS stays in it unless the tax rule's `pis_cofins_sem_icms` takes the
STF Tema 69 exclusion in the document (otherwise it is taken in the bookkeeping)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from engine.calculators import opt_decimal, opt_text
from engine.calculators.ibs_cbs import goods_base
from engine.calculators.icms import (
    IcmsSpec,
    complement_icms,
    compute_icms,
    own_icms,
    spec_from_result,
)
from engine.calculators.icms_st import DEFAULT_MOD_BC_ST, MOD_UNIT_PRICE, StSpec, compute_st
from engine.calculators.importation import icms_gross_base
from engine.calculators.ipi import IpiSpec, compute_ipi
from engine.calculators.pis_cofins import compute_pis_cofins
from engine.calculators.rural import apply_benefit, basis_text, is_normal
from engine.calculators.st_complement import complement_icms_st
from engine.context import IcmsComplement, IcmsStComplement, Item
from engine.errors import MissingValueError
from engine.facts import Facts
from engine.flows.common import ibs_cbs_resolution, ibs_cbs_step, line_values
from engine.flows.difal import difal_step
from engine.flows.importation import imported_item
from engine.resolve import Resolution
from engine.result import IcmsGroup, IcmsUfDestGroup, IpiGroup, ItemTaxes, PisCofinsGroup
from engine.rounding import ZERO, money
from engine.rules import RuleType
from engine.run import Run
from engine.values import evolve

RATE_TYPES = {
    "interna": RuleType.ICMS_ALIQUOTA_INTERNA,
    "interestadual": RuleType.ICMS_ALIQUOTA_INTERESTADUAL,
}


def goods_item(run: Run, facts: Facts, item: Item) -> ItemTaxes:
    """All taxes of one goods item (an imported one has its own bases: `flows.importation`)."""
    if item.importacao is not None:
        return imported_item(run, facts, item)
    n = item.numero
    vprod, vdesc = line_values(item)
    if item.frete or item.seguro or item.outras_despesas:
        frete, seguro, outro = money(item.frete), money(item.seguro), money(item.outras_despesas)
        value = vprod + frete + seguro + outro - vdesc
    else:  # most lines: nothing to round or add
        frete = seguro = outro = ZERO
        value = vprod - vdesc
    res = run.resolve(RuleType.TRIBUTACAO, facts, n)
    icms = pis = cofins = difal = ipi = None
    cfop = inf_cpl = None
    if res.winner is None:
        run.need("REGRA_TRIBUTACAO", _no_rule_message(n, facts), n, RuleType.TRIBUTACAO.value)
    else:
        run.use(res, "TRIBUTACAO", n)
        spec = run.parsed(res.winner, "goods", goods_spec)
        cfop, inf_cpl = spec.cfop, spec.inf_cpl
        ipi = None if spec.ipi.cst is None else _ipi(run, facts, n, value, spec.ipi, res)
        vipi = ipi.vIPI if ipi is not None and ipi.vIPI is not None else ZERO
        own_base = value + vipi if _ipi_in_icms_base(facts) else value
        if isinstance(item.complemento_icms, IcmsStComplement):
            icms = _st_complement(run, facts, item, spec, res)
        elif item.complemento_icms is not None:
            icms = _complement(run, facts, item, spec.icms, res)
        else:
            icms = _icms(run, facts, item, own_base, value + vipi, spec, res)
        contribution_base = _contribution_base(value, icms, spec.without_icms)
        pis = _contribution(run, "PIS", contribution_base, spec.pis, n, res)
        cofins = _contribution(run, "COFINS", contribution_base, spec.cofins, n, res)
        if item.complemento_icms is None:
            difal = difal_step(run, facts, n, icms)
    if item.complemento_icms is not None:
        base = goods_base(value)  # a tax-only line: no value of its own, nothing to deduct
    else:
        base = goods_base(value, *_deductions(icms, pis, cofins), *_difal_deductions(difal))
    iva = ibs_cbs_resolution(run, facts, n)
    ibs = ibs_cbs_step(run, iva, base, n)
    return ItemTaxes(
        numero=n, vProd=vprod, vDesc=vdesc, cfop=cfop, vFrete=frete or None,
        vSeg=seguro or None, vOutro=outro or None, icms=icms, icms_uf_dest=difal, ipi=ipi,
        pis=pis, cofins=cofins, ibs_cbs=ibs, regra_tributaria=res.match, regra_iva=iva.match,
        inf_cpl=inf_cpl,
    )  # fmt: skip


def _contribution_base(value: Decimal, icms: IcmsGroup | None, without_icms: bool) -> Decimal:
    """PIS/COFINS base: the operation value; with the tax rule's `pis_cofins_sem_icms`, minus
    the ICMS stated in the document (STF RE 574.706, Tema 69, and its 2021 clarification: the
    ICMS "destacado" leaves the base). Whether to take the exclusion in the document or only
    in the bookkeeping is the issuer's choice; the default keeps it in."""
    if not without_icms or icms is None or icms.vICMS is None:
        return value
    return max(value - icms.vICMS, ZERO)


def _ipi_in_icms_base(facts: Facts) -> bool:
    """CF art. 155 §2º XI (LC 87/1996 art. 13 §2º): the IPI stays out of the ICMS base only
    in an operation between contributors of goods for industrialization or resale; a final
    consumer or a non-contributor pays ICMS on it."""
    return facts.get("consumidor_final") is True or facts.get("contribuinte") is False


@dataclass(frozen=True)
class Contribution:
    """PIS or COFINS as a TRIBUTACAO rule states it."""

    cst: str | None
    rate: Decimal | None


@dataclass(frozen=True)
class GoodsSpec:
    """A TRIBUTACAO result read once: codes as text, rates as Decimal."""

    cfop: str | None
    inf_cpl: str | None
    icms: IcmsSpec
    pis: Contribution
    cofins: Contribution
    st: StSpec
    ipi: IpiSpec
    without_icms: bool = False
    """`pis_cofins_sem_icms`: the ICMS leaves the PIS/COFINS base (`_contribution_base`)."""


def goods_spec(result: Mapping[str, Any]) -> GoodsSpec:
    return GoodsSpec(
        cfop=opt_text(result, "cfop"),
        inf_cpl=opt_text(result, "inf_cpl"),
        icms=spec_from_result(result),
        pis=Contribution(opt_text(result, "cst_pis"), opt_decimal(result, "aliq_pis")),
        cofins=Contribution(opt_text(result, "cst_cofins"), opt_decimal(result, "aliq_cofins")),
        st=StSpec(
            mod_bc_st=opt_text(result, "mod_bc_st"),
            mva=opt_decimal(result, "mva_st"),
            aliquota=opt_decimal(result, "aliq_icms_st"),
            red_bc_st=opt_decimal(result, "red_bc_st"),
            p_fcp_st=opt_decimal(result, "aliq_fcp_st"),
            unit_price=opt_decimal(result, "preco_bc_st"),
        ),
        ipi=IpiSpec(
            cst=opt_text(result, "cst_ipi"),
            aliquota=opt_decimal(result, "aliq_ipi"),
            c_enq=opt_text(result, "c_enq_ipi"),
        ),
        without_icms=result.get("pis_cofins_sem_icms") is True,
    )


def st_rule_spec(result: Mapping[str, Any]) -> StSpec:
    """An ICMS_ST rule (convênio / protocol / UF list): margin, method, rate, reduction."""
    return StSpec(
        mod_bc_st=opt_text(result, "mod_bc_st"), mva=opt_decimal(result, "mva"),
        aliquota=opt_decimal(result, "aliq_interna_destino"),
        red_bc_st=opt_decimal(result, "red_bc_st"), p_fcp_st=opt_decimal(result, "p_fcp_st"),
        unit_price=opt_decimal(result, "preco_unitario"),
    )  # fmt: skip


def ipi_rule_spec(result: Mapping[str, Any]) -> tuple[Decimal | None, str | None]:
    """(aliquota, c_enq) of an IPI (TIPI) rule."""
    return opt_decimal(result, "aliquota"), opt_text(result, "c_enq")


def _no_rule_message(n: int, facts: Facts) -> str:
    return (
        f"item {n}: nenhuma regra de tributação vigente (NCM {facts.get('ncm')}, "
        f"operação {facts.get('operacao')}, CRT {facts.get('crt')})"
    )


def _deductions(
    icms: IcmsGroup | None, pis: PisCofinsGroup | None, cofins: PisCofinsGroup | None
) -> list[Decimal | None]:
    return [
        icms.vICMS if icms else None,
        icms.vFCP if icms else None,
        pis.v if pis else None,
        cofins.v if cofins else None,
    ]


def _difal_deductions(difal: IcmsUfDestGroup | None) -> list[Decimal | None]:
    """vICMSUFDest and vFCPUFDest leave the IBS/CBS base too (NT 2025.002; tax_domain §1.7)."""
    return [difal.vICMSUFDest, difal.vFCPUFDest] if difal else []


# --- IPI ---------------------------------------------------------------------------------


def _ipi(
    run: Run, facts: Facts, n: int, value: Decimal, spec: IpiSpec, trib: Resolution
) -> IpiGroup | None:
    """IPI when the tax rule gives an IPI CST; a blank rate comes from the IPI (TIPI) rule."""
    source = trib
    if spec.cst is not None and (spec.needs_rate or spec.c_enq is None):
        res = run.resolve(RuleType.IPI, facts, n)
        if res.winner is not None:
            rate, c_enq = run.parsed(res.winner, "ipi", ipi_rule_spec)
            if spec.needs_rate and rate is not None:
                source = res
            new = IpiSpec(spec.cst, spec.aliquota if spec.aliquota is not None else rate,
                          spec.c_enq or c_enq)  # fmt: skip
            spec = run.cached(("ipi", spec, res), lambda: new)
            run.use(res, "IPI_TIPI", n, aliquota=rate, motivo="alíquota/enquadramento da TIPI")
    try:
        group = compute_ipi(value, spec)
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {n}: {exc.message}", n, RuleType.IPI.value)
        return None
    if group is not None and run.explain:
        run.cite(source, "IPI", n, f"CST {group.CST}, cEnq {group.cEnq}", base=group.vBC,
                 aliquota=group.pIPI, valor=group.vIPI)  # fmt: skip
    return group


# --- ICMS and ICMS-ST --------------------------------------------------------------------


def _icms(
    run: Run,
    facts: Facts,
    item: Item,
    base: Decimal,
    st_value: Decimal,
    goods: GoodsSpec,
    trib: Resolution,
) -> IcmsGroup | None:
    """Own ICMS on `base`; its substitution on `st_value` (the value with IPI) when owed."""
    spec = goods.icms
    source = trib
    if run.rural:
        spec = _rural(run, facts, item.numero, spec)
    if spec.needs_rate:
        spec, source = _global_rate(run, facts, item.numero, spec, trib)
    if spec.p_fcp is None and not run.simples and facts.get("operacao") == "interna":
        spec = _own_fcp(run, facts, item.numero, spec)
    if item.importacao is not None:  # the ICMS inside its own base (LC 87/1996 art. 13 §1º I)
        base = icms_gross_base(base, spec.aliquota, spec.red_bc, spec.p_fcp)
    try:
        group = compute_icms(base, item.origem, spec, run.simples)
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {item.numero}: {exc.message}", item.numero, "TRIBUTACAO")
        return None
    if run.explain:
        run.cite(source, "ICMS", item.numero, f"grupo {group.grupo}", base=group.vBC,
                 aliquota=group.pICMS, valor=group.vICMS)  # fmt: skip
    if spec.has_st:
        return _with_st(run, facts, item, group, spec, goods.st, base, st_value, trib)
    if spec.retained:
        return _retained(run, item, group)
    return group


def _st_complement(
    run: Run, facts: Facts, item: Item, spec: GoodsSpec, trib: Resolution
) -> IcmsGroup | None:
    """A complement of ICMS-ST: the rule's ST code on the declared vBCST, at the declared rate
    or the one `_st_spec` finds (tax rule, ICMS_ST rule, destination's internal rate)."""
    declared = item.complemento_icms
    assert isinstance(declared, IcmsStComplement)
    st, sources = spec.st, {"aliquota": trib}  # a declared rate: no other rule is read
    if declared.aliquota_st is None:
        st, sources = _st_spec(run, facts, item.numero, spec.st, trib)
    try:
        group = complement_icms_st(money(declared.base_st), declared.aliquota_st, item.origem,
                                   spec.icms, st, run.simples)  # fmt: skip
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {item.numero}: {exc.message}", item.numero, "TRIBUTACAO")
        return None
    if run.explain:
        run.cite(sources["aliquota"], "ICMS_ST", item.numero,
                 f"complemento de ICMS-ST, grupo {group.grupo}", base=group.vBCST,
                 aliquota=group.pICMSST, valor=group.vICMSST)  # fmt: skip
    return group


def _complement(
    run: Run, facts: Facts, item: Item, spec: IcmsSpec, trib: Resolution
) -> IcmsGroup | None:
    """A complement of ICMS: the rule's CST on the declared base, at the declared rate of the
    difference (no FCP: its rate did not change), else at the rule's rate or the rate in force
    with the FCP of the base complemented. No ST, deferral or DIFAL is complemented here."""
    declared = item.complemento_icms
    assert isinstance(declared, IcmsComplement)
    source = trib
    if declared.aliquota is not None:
        spec = replace(spec, aliquota=declared.aliquota, p_fcp=None)
    else:
        if spec.aliquota is None:
            spec, source = _global_rate(run, facts, item.numero, spec, trib)
        if spec.p_fcp is None and not run.simples and facts.get("operacao") == "interna":
            spec = _own_fcp(run, facts, item.numero, spec)
    try:
        group = complement_icms(money(declared.base), item.origem, spec, run.simples)
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {item.numero}: {exc.message}", item.numero, "TRIBUTACAO")
        return None
    if run.explain:
        run.cite(source, "ICMS", item.numero, f"complemento de ICMS, grupo {group.grupo}",
                 base=group.vBC, aliquota=group.pICMS, valor=group.vICMS)  # fmt: skip
    return group


def _with_st(
    run: Run,
    facts: Facts,
    item: Item,
    group: IcmsGroup,
    spec: IcmsSpec,
    own: StSpec,
    base: Decimal,
    st_value: Decimal,
    trib: Resolution,
) -> IcmsGroup | None:
    """The ST fields of the item's group; anything unknown is `missing`, never guessed."""
    n, quantity = item.numero, item.quantidade
    st, sources = _st_spec(run, facts, n, own, trib)
    interstate = facts.get("operacao") == "interestadual"
    try:
        deducted = _own_deduction(group, spec, base)
        inter = spec.aliquota if spec.aliquota is not None else group.pICMS
        if interstate and inter is None and st.mod_bc_st == DEFAULT_MOD_BC_ST:
            raise MissingValueError(
                "ALIQUOTA_ICMS", "aliq_icms", "MVA ajustada exige a alíquota interestadual"
            )
        adjust = interstate and not run.simples  # a Simples remitter keeps the original MVA
        values = compute_st(st_value, st, deducted, group.vFCP, inter if adjust else None,
                            quantity)  # fmt: skip
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {n}: {exc.message}", n, RuleType.ICMS_ST.value)
        return None
    if run.explain:
        mva = f"MVA {values.pMVAST}%" if values.pMVAST is not None else f"modBCST {st.mod_bc_st}"
        adjusted = " ajustada (Conv. ICMS 142/2018)" if st.mva != values.pMVAST else ""
        run.cite(sources["mva"], "ICMS_ST_BASE", n, f"{mva}{adjusted}", base=values.vBCST,
                 aliquota=values.pMVAST)  # fmt: skip
        run.cite(sources["aliquota"], "ICMS_ST", n, f"ICMS próprio deduzido {deducted}",
                 base=values.vBCST, aliquota=values.pICMSST, valor=values.vICMSST)  # fmt: skip
        if values.vFCPST is not None:
            run.cite(sources["fcp"], "FCP_ST", n, "FCP retido por ST", base=values.vBCFCPST,
                     aliquota=values.pFCPST, valor=values.vFCPST)  # fmt: skip
    return evolve(
        group, modBCST=values.modBCST, pMVAST=values.pMVAST, pRedBCST=values.pRedBCST,
        vBCST=values.vBCST, pICMSST=values.pICMSST, vICMSST=values.vICMSST,
        vBCFCPST=values.vBCFCPST, pFCPST=values.pFCPST, vFCPST=values.vFCPST,
    )  # fmt: skip


def _own_deduction(group: IcmsGroup, spec: IcmsSpec, base: Decimal) -> Decimal:
    """The tax due on the own operation (LC 87/1996 art. 8 §5): the item's ICMS; none for
    CST 30 (exempt or untaxed own operation); the Simples remitter's hypothetical ICMS."""
    if group.CST is not None:
        return group.vICMS or ZERO
    if group.vICMS is not None:  # CSOSN 900 with its own ICMS
        return group.vICMS
    return own_icms(base, spec)


def _st_spec(
    run: Run, facts: Facts, n: int, own: StSpec, trib: Resolution
) -> tuple[StSpec, dict[str, Resolution]]:
    """The tax rule's ST fields, completed by the ICMS_ST rule, the destination's internal
    rate rule and its FCP rule, each field from the first that gives it."""
    sources = {"mva": trib, "aliquota": trib, "fcp": trib}
    fields = own
    if (
        own.mva is None
        or own.aliquota is None
        or own.mod_bc_st is None
        or (own.unit_price is None and own.mod_bc_st in MOD_UNIT_PRICE)
    ):
        res = run.resolve(RuleType.ICMS_ST, facts, n)
        if res.winner is not None:
            rule = run.parsed(res.winner, "icms_st", st_rule_spec)
            run.use(res, "ICMS_ST_REGRA", n, motivo="MVA e alíquota do ICMS-ST")
            merged = run.cached(("st-merge", own, rule, res, trib),
                                lambda: _merge(own, rule, res, sources))  # fmt: skip
            fields, sources = merged[0], dict(merged[1])
    aliquota, fcp = fields.aliquota, fields.p_fcp_st
    if aliquota is None:
        aliquota, found = _destination_rate(run, facts, n)
        if found is not None:
            sources["aliquota"] = found
    if fcp is None:
        fcp, found = _fcp_rate(run, facts, n, facts.get("uf_destino"))
        if found is not None:
            sources["fcp"] = found
    method = fields.mod_bc_st or DEFAULT_MOD_BC_ST
    spec = run.cached(
        ("st", fields, aliquota, fcp),
        lambda: replace(fields, mod_bc_st=method, aliquota=aliquota, p_fcp_st=fcp),
    )  # one per rule and rates in the call, not one per item
    return spec, sources


def _merge(
    own: StSpec, rule: StSpec, res: Resolution, sources: dict[str, Resolution]
) -> tuple[StSpec, dict[str, Resolution]]:
    out = dict(sources)
    if own.mva is None and rule.mva is not None:
        out["mva"] = res
    if own.aliquota is None and rule.aliquota is not None:
        out["aliquota"] = res
    if own.p_fcp_st is None and rule.p_fcp_st is not None:
        out["fcp"] = res
    merged = StSpec(
        mod_bc_st=own.mod_bc_st or rule.mod_bc_st,
        mva=own.mva if own.mva is not None else rule.mva,
        aliquota=own.aliquota if own.aliquota is not None else rule.aliquota,
        red_bc_st=own.red_bc_st if own.red_bc_st is not None else rule.red_bc_st,
        p_fcp_st=own.p_fcp_st if own.p_fcp_st is not None else rule.p_fcp_st,
        unit_price=own.unit_price if own.unit_price is not None else rule.unit_price,
    )
    return merged, out


def _destination_rate(run: Run, facts: Facts, n: int) -> tuple[Decimal | None, Resolution | None]:
    """The destination's internal rate (the rate of the operations it taxes by substitution)."""
    dest = facts.get("uf_destino")
    if not isinstance(dest, str):
        return None, None
    there = {**facts, "uf_origem": dest, "operacao": "interna"}
    res = run.resolve(RuleType.ICMS_ALIQUOTA_INTERNA, there, n)
    if res.winner is None:
        return None, None
    rate, _ = run.parsed(res.winner, "icms_rate", _rate)
    run.use(res, "ALIQUOTA_ICMS_ST", n, aliquota=rate, motivo=f"alíquota interna de {dest}")
    return rate, res


def _fcp_rate(
    run: Run, facts: Facts, n: int, uf: object
) -> tuple[Decimal | None, Resolution | None]:
    """The FCP rate of a UF from its FCP rule (none: no FCP)."""
    if not isinstance(uf, str) or not run.ruleset.has(RuleType.FCP):
        return None, None
    res = run.resolve(RuleType.FCP, {**facts, "uf": uf}, n)
    if res.winner is None:
        return None, None
    rate = run.parsed(res.winner, "fcp", _fcp)
    run.use(res, "FCP", n, aliquota=rate, motivo=f"FCP de {uf}")
    return rate, res


def _own_fcp(run: Run, facts: Facts, n: int, spec: IcmsSpec) -> IcmsSpec:
    """FCP of an internal operation taxed by the issuer (CST with a rate), from the UF's FCP
    rule when the tax rule gives none (EC 31/2000, ADCT art. 82 §1º: up to 2 points on the
    ICMS rate, per state law; the rule carries that law as `fonte`)."""
    if spec.aliquota is None or spec.cst not in FCP_CSTS:
        return spec
    rate, res = _fcp_rate(run, facts, n, facts.get("uf_origem"))
    if rate is None or res is None:
        return spec
    return run.cached(("fcp", spec, res), lambda: replace(spec, p_fcp=rate))


FCP_CSTS = frozenset({"00", "10", "20", "51", "70", "90"})
"""CSTs whose group carries the FCP of the own operation (layout 4.00, NT 2016.002)."""


def _fcp(result: Mapping[str, Any]) -> Decimal | None:
    return opt_decimal(result, "aliquota")


def _retained(run: Run, item: Item, group: IcmsGroup) -> IcmsGroup:
    """CST 60 / CSOSN 500: the ST withheld earlier, as the caller declared it (informative)."""
    ret = item.st_retido
    if ret is None:
        return group
    run.note("ICMS_ST_RETIDO", "ICMS-ST retido anteriormente, declarado no item", item.numero,
             base=money(ret.base), aliquota=ret.aliquota, valor=money(ret.valor))  # fmt: skip
    substitute = None if ret.valor_substituto is None else money(ret.valor_substituto)
    fcp = ret.valor_fcp is not None
    return evolve(
        group, vBCSTRet=money(ret.base), pST=ret.aliquota, vICMSSubstituto=substitute,
        vICMSSTRet=money(ret.valor), vBCFCPSTRet=money(ret.base) if fcp else None,
        pFCPSTRet=ret.aliquota_fcp if fcp else None,
        vFCPSTRet=money(ret.valor_fcp) if ret.valor_fcp is not None else None,
    )  # fmt: skip


def _global_rate(
    run: Run, facts: Facts, n: int, spec: IcmsSpec, trib: Resolution
) -> tuple[IcmsSpec, Resolution]:
    """The rule left the rate blank: take the internal or interstate rate rule in force."""
    tipo = RATE_TYPES.get(str(facts.get("operacao")))
    if tipo is None:
        return spec, trib
    res = run.resolve(tipo, facts, n)
    if res.winner is None:
        return spec, trib
    rate, fcp = run.parsed(res.winner, "icms_rate", _rate)
    run.use(res, "ALIQUOTA_ICMS", n, aliquota=rate, motivo="alíquota em branco na regra")
    if rate is None:
        return spec, trib
    return run.cached(("rate", spec, res), lambda: spec.with_rate(rate, fcp)), res


def _rate(result: Mapping[str, Any]) -> tuple[Decimal | None, Decimal | None]:
    """(aliquota, p_fcp) of an ICMS_ALIQUOTA_* rule."""
    return opt_decimal(result, "aliquota"), opt_decimal(result, "p_fcp")


def _rural(run: Run, facts: Facts, n: int, spec: IcmsSpec) -> IcmsSpec:
    """Rural producer: a benefit rule, else a non-normal RURAL_ICMS rule, changes the spec."""
    for tipo in (RuleType.RURAL_BENEFICIO, RuleType.RURAL_ICMS):
        res = run.resolve(tipo, facts, n)
        if res.winner is None:
            continue
        result = res.winner.rule.resultado
        run.use(res, tipo.value, n, motivo=basis_text(result))
        if tipo is RuleType.RURAL_ICMS and is_normal(result):
            return spec
        return apply_benefit(spec, result)
    return spec


def _contribution(
    run: Run, tax: str, base: Decimal, spec: Contribution, n: int, trib: Resolution
) -> PisCofinsGroup | None:
    try:
        group = compute_pis_cofins(tax, base, spec.cst, spec.rate)
    except MissingValueError as exc:
        run.need(exc.codigo, f"item {n}: {exc.message}", n, "TRIBUTACAO")
        return None
    if run.explain:
        run.cite(trib, tax, n, f"CST {group.CST}", base=group.vBC, aliquota=group.p,
                 valor=group.v)  # fmt: skip
    return group
