"""IPI of an output item (Decreto 7.212/2010, RIPI).

Ad valorem only: `vIPI = vBC × pIPI`. The base is the value of the operation (RIPI art. 190,
II and §1º; Lei 4.502/1964 art. 14 §1º): the price plus freight and the other charges billed to
the buyer (insurance, other expenses). Unconditional discounts are taken out: the rule that
forbade it (Lei 4.502/1964 art. 14 §2º, wording of Lei 7.798/1989, repeated in RIPI art. 190
§3º) was held unconstitutional by the STF (RE 567.935, Tema 84) and suspended by Resolução do
Senado Federal 1/2017. So `vBC = vProd + vFrete + vSeg + vOutro − vDesc`.

Output CSTs (IN RFB 1.009/2010 table, NF-e layout): 50 taxed and 99 other outputs write
`IPITrib`; 51 zero rate, 52 exempt, 53 not taxed, 54 immune, 55 suspended write `IPINT`. The
input CSTs 00, 49 (IPITrib) and 01–05 (IPINT) are accepted for entry documents. `cEnq` is the
legal framing code; 999 means "taxed normally" (the layout's default for no benefit).
Per-unit IPI (beverages, cigarettes) is not computed: such a rule is `missing`.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from engine.errors import MissingValueError
from engine.result import IpiGroup
from engine.rounding import ZERO, apply_rate

DEFAULT_C_ENQ = "999"
TAXED_CSTS = frozenset({"00", "50"})
OTHER_CSTS = frozenset({"49", "99"})
"""IPITrib CSTs where a rate is optional (no rate: base, rate and value zero)."""
NOT_TAXED_CSTS = frozenset({"01", "02", "03", "04", "05", "51", "52", "53", "54", "55"})


@dataclass(frozen=True)
class IpiSpec:
    """What the tax rule (and the TIPI rule, for a blank rate) says about IPI."""

    cst: str | None = None
    aliquota: Decimal | None = None
    c_enq: str | None = None

    @property
    def needs_rate(self) -> bool:
        return self.aliquota is None and self.cst in TAXED_CSTS


def compute_ipi(base: Decimal, spec: IpiSpec) -> IpiGroup | None:
    """The item's IPI group; None when the rule has no IPI CST (the issuer is not taxed)."""
    cst = spec.cst
    if cst is None:
        return None
    c_enq = spec.c_enq or DEFAULT_C_ENQ
    if cst in NOT_TAXED_CSTS:
        return IpiGroup(CST=cst, cEnq=c_enq)
    if cst in TAXED_CSTS or (cst in OTHER_CSTS and spec.aliquota is not None):
        if spec.aliquota is None:
            raise MissingValueError("ALIQUOTA_IPI", "aliq_ipi", f"CST IPI {cst} exige alíquota")
        rate = spec.aliquota
        return IpiGroup(CST=cst, cEnq=c_enq, vBC=base, pIPI=rate, vIPI=apply_rate(base, rate))
    if cst in OTHER_CSTS:
        return IpiGroup(CST=cst, cEnq=c_enq, vBC=ZERO, pIPI=ZERO, vIPI=ZERO)
    raise MissingValueError("CST_IPI_NAO_SUPORTADO", "cst_ipi", f"CST IPI {cst} não suportado")
