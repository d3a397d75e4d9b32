"""ICMS withheld by substitution (ICMS-ST) and its FCP, for the substitute's output.

Sources (the rule that supplies each rate carries its own `fonte`):
- LC 87/1996 art. 8 II: the ST base is the value of the own operation plus freight, insurance
  and other charges billed to the buyer, plus the value-added margin (MVA); art. 8 §5: the
  tax withheld is the destination's internal rate on that base minus the tax due on the own
  operation. The IPI is part of the price the buyer pays, so it enters the ST base always
  (Convênio ICMS 142/2018, its MVA clause: "acrescido dos valores correspondentes a frete,
  seguro, impostos, contribuições ... e de outros encargos transferíveis ou cobrados do
  destinatário"; the clause number is unconfirmed, see below).
  `vBCST = (vProd + vFrete + vSeg + vOutro − vDesc + vIPI) × (1 + MVA) × (1 − pRedBCST)`.
- MVA ajustada of an interstate operation: `MVA aj = [(1 + MVA original) × (1 − ALQ inter) /
  (1 − ALQ intra)] − 1`, ALQ intra being the destination's rate or the effective load when a
  base reduction lowers it ("percentual de carga tributária efetiva"); when ALQ intra is below
  ALQ inter the original MVA is used. Formula and provisos as the ST convênios and protocols
  print them (Conv. ICMS 60/13, Prot. ICMS 58-61/13, as transcribed in RICMS/TO, Decreto
  2.912/2006; RICMS/MG Anexo XV Parte 1 art. 19 §5º, SEF/MG Orientação DOLT/SUTRI 001/2008).
  Convênio ICMS 142/2018 leaves the MVA to the destination UF or the convênio/protocol; the
  number of its MVA clause is unconfirmed (cl. 11 in a 2018 reading of its text, which the
  issue also cites; cl. 13 here before), as is whether it prints the formula itself.
  A remitter in the Simples Nacional: Convênio ICMS 35/2011 cl. 1ª and parágrafo único (the
  Simples substitute "não aplicará 'MVA ajustada'" and uses the "MVA ST original"; RICMS/TO
  art. 63-A; SEFAZ/SP RC 17.710/2018), kept by Convênio ICMS 142/2018 ("Nas hipóteses em que
  o contribuinte remetente seja optante pelo Simples Nacional, será aplicada a MVA prevista
  para as operações internas ..."): the goods flow passes no interstate rate for a Simples
  issuer, so its margin is the original one. It deducts as own tax
  the value of the operation at the interstate (or internal) rate it would owe outside the
  Simples (Resolução CGSN 94/2011 art. 28 §2º II, per a SEFAZ/GO opinion; article of today's
  Resolução CGSN 140/2018 unconfirmed; ST is outside the Simples by LC 123/2006 art. 13 §1º
  XIII "a"; the CSOSN 201/202/203 of the layout carry no own ICMS, so the flow computes it).
  The adjusted MVA is rounded to 2 decimals, as the UFs publish their tables, and that
  rounded margin is the one applied and written in pMVAST.
- FCP-ST (EC 31/2000 ADCT art. 82; NT 2016.002): `vBCFCPST = vBCST`, `vFCPST = vBCFCPST ×
  pFCPST − FCP of the own operation`.
- modBCST (layout): 4 MVA; 6 operation value (NT 2019.001, no margin); 0 tabled or maximum
  consumer price, 1-3 negative/positive/neutral list price and 5 pauta: the rule's price per
  unit × quantity (LC 87/1996 art. 8 §§2º-3º, §6º; Convênio ICMS 142/2018 cl. 11-12), reduced
  by pRedBCST, no margin; without that price the item is `missing` (never guessed).
Every amount is rounded half up to cents per item; `vICMSST` and `vFCPST` are never negative.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from engine.errors import MissingValueError
from engine.rounding import HUNDRED, ZERO, apply_rate, money

MOD_MVA = "4"
MOD_OPERATION_VALUE = "6"
MOD_UNIT_PRICE = frozenset({"0", "1", "2", "3", "5"})
"""Methods whose base is a price per unit (tabled price, lists, pauta)."""
DEFAULT_MOD_BC_ST = MOD_MVA
MVA_PLACES = Decimal("0.01")


@dataclass(frozen=True)
class StSpec:
    """What the tax rule and the ICMS_ST rule say about the substitution of one item: each
    reads into one (blank fields come from the other rule or the destination's rate and FCP
    rules); a blank method is DEFAULT_MOD_BC_ST (MVA)."""

    mod_bc_st: str | None = None
    mva: Decimal | None = None
    aliquota: Decimal | None = None
    red_bc_st: Decimal | None = None
    p_fcp_st: Decimal | None = None
    unit_price: Decimal | None = None
    """Price per unit of the methods in MOD_UNIT_PRICE (pauta, PMPF, list or tabled price)."""


@dataclass(frozen=True)
class StValues:
    """The ST fields of an ICMS group (XML names)."""

    modBCST: str
    pMVAST: Decimal | None
    pRedBCST: Decimal | None
    vBCST: Decimal
    pICMSST: Decimal
    vICMSST: Decimal
    vBCFCPST: Decimal | None = None
    pFCPST: Decimal | None = None
    vFCPST: Decimal | None = None


def adjusted_mva(mva: Decimal, inter: Decimal, intra: Decimal) -> Decimal:
    """MVA ajustada (formula and provisos of the ST convênios/protocols, module docstring),
    percentages in and out."""
    if intra < inter:
        return mva
    factor = (1 + mva / HUNDRED) * (1 - inter / HUNDRED) / (1 - intra / HUNDRED)
    return ((factor - 1) * HUNDRED).quantize(MVA_PLACES, ROUND_HALF_UP)


def effective_rate(rate: Decimal, reduction: Decimal | None) -> Decimal:
    """The destination's load on the ST base: its rate, lowered by a base reduction."""
    if reduction is None:
        return rate
    return rate * (HUNDRED - reduction) / HUNDRED


def compute_st(
    value: Decimal,
    spec: StSpec,
    own_icms: Decimal,
    own_fcp: Decimal | None = None,
    inter_rate: Decimal | None = None,
    quantity: Decimal | None = None,
) -> StValues:
    """ST of one item. `value` is the operation value with IPI (the ST base before the margin);
    `own_icms` and `own_fcp` the tax of the own operation deducted; `inter_rate` the interstate
    rate when the operation is interstate (the MVA is then adjusted); `quantity` the units the
    price-per-unit methods multiply."""
    rate = _require_rate(spec)
    method = spec.mod_bc_st or DEFAULT_MOD_BC_ST
    if method in MOD_UNIT_PRICE:
        mva, grossed = None, _priced(spec, quantity)
    else:
        mva = _margin(spec, method, inter_rate, rate)
        grossed = value if mva is None else value * (HUNDRED + mva) / HUNDRED
    reduction = spec.red_bc_st
    vbcst = money(grossed if reduction is None else grossed * (HUNDRED - reduction) / HUNDRED)
    vicmsst = max(apply_rate(vbcst, rate) - own_icms, ZERO)
    fcp = spec.p_fcp_st
    vfcpst = None if fcp is None else max(apply_rate(vbcst, fcp) - (own_fcp or ZERO), ZERO)
    return StValues(
        modBCST=method, pMVAST=mva, pRedBCST=reduction, vBCST=vbcst, pICMSST=rate,
        vICMSST=vicmsst, vBCFCPST=vbcst if fcp is not None else None, pFCPST=fcp, vFCPST=vfcpst,
    )  # fmt: skip


def _priced(spec: StSpec, quantity: Decimal | None) -> Decimal:
    if spec.unit_price is None or quantity is None:
        raise MissingValueError(
            "PRECO_BC_ST", "preco_bc_st",
            f"modBCST {spec.mod_bc_st} (pauta, preço tabelado ou de lista) exige o preço por "
            "unidade: preco_bc_st na regra de tributação ou preco_unitario na regra ICMS_ST",
        )  # fmt: skip
    return spec.unit_price * quantity


def _margin(spec: StSpec, method: str, inter: Decimal | None, rate: Decimal) -> Decimal | None:
    if method == MOD_OPERATION_VALUE:
        return None
    if spec.mva is None:
        raise MissingValueError("MVA_ST", "mva_st", "ICMS-ST por MVA exige a MVA original")
    if inter is None:
        return spec.mva
    return adjusted_mva(spec.mva, inter, effective_rate(rate, spec.red_bc_st))


def _require_rate(spec: StSpec) -> Decimal:
    if spec.aliquota is None:
        raise MissingValueError(
            "ALIQUOTA_ICMS_ST", "aliq_icms_st", "nenhuma alíquota interna do destino para o ICMS-ST"
        )
    return spec.aliquota
