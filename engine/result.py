"""TaxResult and its parts: what the engine answers, in the shapes the XML builders need.

Group attributes use the XML names (vBC, pICMS, ...) because that contract fixes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from engine.rules import Rule
from engine.serialize import jsonable
from engine.values import fast_init

if TYPE_CHECKING:
    from engine.ruleset import CompiledRule


@fast_init
@dataclass(frozen=True, slots=True)
class RuleMatch:
    """Which rule decided an item, and on which of its criteria (preview `decisao_tributaria`)."""

    regra_id: str
    tipo_regra: str
    prioridade: int
    versao: str
    criterios_correspondentes: tuple[str, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class IcmsGroup:
    """ICMS of one item or prestação; `grupo` names the XML group (ICMS00, ICMSSN101, ...)."""

    grupo: str
    orig: str | None = None
    CST: str | None = None
    CSOSN: str | None = None
    modBC: str | None = None
    vBC: Decimal | None = None
    pRedBC: Decimal | None = None
    pICMS: Decimal | None = None
    vICMSOp: Decimal | None = None
    pDif: Decimal | None = None
    vICMSDif: Decimal | None = None
    vICMS: Decimal | None = None
    vBCFCP: Decimal | None = None
    pFCP: Decimal | None = None
    vFCP: Decimal | None = None
    modBCST: str | None = None
    pMVAST: Decimal | None = None
    pRedBCST: Decimal | None = None
    vBCST: Decimal | None = None
    pICMSST: Decimal | None = None
    vICMSST: Decimal | None = None
    vBCFCPST: Decimal | None = None
    pFCPST: Decimal | None = None
    vFCPST: Decimal | None = None
    vBCSTRet: Decimal | None = None
    pST: Decimal | None = None
    vICMSSubstituto: Decimal | None = None
    vICMSSTRet: Decimal | None = None
    vBCFCPSTRet: Decimal | None = None
    pFCPSTRet: Decimal | None = None
    vFCPSTRet: Decimal | None = None
    pCredSN: Decimal | None = None
    vCredICMSSN: Decimal | None = None
    indSN: str | None = None
    cBenef: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class IcmsUfDestGroup:
    """ICMSUFDest of one item: the DIFAL (EC 87/2015, LC 190/2022) of an interstate sale to a
    non-contributor final consumer, owed to the destination UF; the FCP fields only with FCP."""

    vBCUFDest: Decimal
    pICMSUFDest: Decimal
    pICMSInter: Decimal
    pICMSInterPart: Decimal
    vICMSUFDest: Decimal
    vICMSUFRemet: Decimal
    vBCFCPUFDest: Decimal | None = None
    pFCPUFDest: Decimal | None = None
    vFCPUFDest: Decimal | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class IpiGroup:
    """IPI of one item: `IPITrib` (CST 00 49 50 99, with base, rate and value) or `IPINT`
    (CST 01-05 51-55, code only). `cEnq` is the legal framing code (999 = taxed normally)."""

    CST: str
    cEnq: str
    vBC: Decimal | None = None
    pIPI: Decimal | None = None
    vIPI: Decimal | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class IiGroup:
    """The import tax group of an imported item, as the customs clearance declared it (the
    engine writes it, never computes it): II base (customs value), customs expenses, II, IOF."""

    vBC: Decimal
    vDespAdu: Decimal
    vII: Decimal
    vIOF: Decimal


@fast_init
@dataclass(frozen=True, slots=True)
class PisCofinsGroup:
    """PIS or COFINS of one item; `v` is zero for CSTs without a value."""

    CST: str
    v: Decimal
    vBC: Decimal | None = None
    p: Decimal | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class IbsCbsPart:
    """One sphere of the reform taxes: IBS UF, IBS municipal or CBS."""

    p: Decimal
    pAliqEfet: Decimal
    v: Decimal
    pRedAliq: Decimal | None = None
    pDif: Decimal | None = None
    vDif: Decimal | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class IbsCbsGroup:
    """IBS/CBS of one item; presumed credit is informative and never summed into totals."""

    CST: str
    cClassTrib: str
    vBC: Decimal | None = None
    gIBSUF: IbsCbsPart | None = None
    gIBSMun: IbsCbsPart | None = None
    gCBS: IbsCbsPart | None = None
    vIBS: Decimal | None = None
    pCredPres: Decimal | None = None
    vCredPresInformativo: Decimal | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class IssGroup:
    """ISSQN of one NFS-e service."""

    cTribNac: str | None
    municipio_incidencia: str
    vBC: Decimal
    pAliq: Decimal
    vISSQN: Decimal
    tpRetISSQN: str
    lc116: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Withholding:
    """One federal withholding (IRRF, CSRF, INSS); `retido` false when dispensed."""

    tributo: str
    vBC: Decimal
    aliquotas: Mapping[str, Decimal]
    valores: Mapping[str, Decimal]
    valor: Decimal
    retido: bool
    motivo: str


@fast_init
@dataclass(frozen=True, slots=True)
class ItemTaxes:
    """Everything computed for one item."""

    numero: int
    vProd: Decimal
    vDesc: Decimal
    cfop: str | None = None
    vFrete: Decimal | None = None
    vSeg: Decimal | None = None
    vOutro: Decimal | None = None
    icms: IcmsGroup | None = None
    icms_uf_dest: IcmsUfDestGroup | None = None
    ipi: IpiGroup | None = None
    pis: PisCofinsGroup | None = None
    cofins: PisCofinsGroup | None = None
    ibs_cbs: IbsCbsGroup | None = None
    iss: IssGroup | None = None
    retencoes: tuple[Withholding, ...] = ()
    regra_tributaria: RuleMatch | None = None
    regra_iva: RuleMatch | None = None
    inf_cpl: str | None = None
    ii: IiGroup | None = None

    @property
    def regra_tributaria_id(self) -> str | None:
        """Id of the TRIBUTACAO rule (preview field `regra_tributaria_id`)."""
        return self.regra_tributaria.regra_id if self.regra_tributaria else None

    @property
    def regra_iva_id(self) -> str | None:
        """Id of the IVA / IBS_CBS rule (preview field `regra_iva_id`)."""
        return self.regra_iva.regra_id if self.regra_iva else None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = jsonable(self)
        data["regra_tributaria_id"] = self.regra_tributaria_id
        data["regra_iva_id"] = self.regra_iva_id
        return data


@dataclass(frozen=True)
class RuleUsage:
    """Provenance of one rule used (`rules_used[]`)."""

    rule_id: str
    tipo: str
    versao: str
    fonte: str
    vigencia_inicio: date
    origem: str
    """`pacote` (from a rule pack) or `api` (written through the API)."""
    camada: str
    """The layer: `global`, `plataforma` or `empresa`."""
    pacote: str | None = None
    revisao_pacote: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Missing:
    """Something to configure before the engine can answer (`missing[]`, stable shape)."""

    codigo: str
    mensagem: str
    item: int | None = None
    tipo_regra: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Notice:
    """A warning that does not block (`warnings[]`)."""

    codigo: str
    mensagem: str
    item: int | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Competitor:
    """A rule that matched but lost, and why."""

    regra_id: str
    versao: str
    motivo: str
    camada: str | None = None


@fast_init
@dataclass(frozen=True, slots=True)
class Decision:
    """One explained decision (explain=true)."""

    etapa: str
    motivo: str
    item: int | None = None
    regra_id: str | None = None
    tipo_regra: str | None = None
    versao: str | None = None
    fonte: str | None = None
    camada: str | None = None
    """The layer of the rule named (`global`, `plataforma`, `empresa`)."""
    base: Decimal | None = None
    aliquota: Decimal | None = None
    valor: Decimal | None = None
    criterios_correspondentes: tuple[str, ...] = ()
    concorrentes: tuple[Competitor, ...] = ()


@dataclass(frozen=True)
class TaxResult:
    """Output of `compute`. `to_dict()` is what the API returns."""

    documento: str
    data_operacao: date
    itens: tuple[ItemTaxes, ...]
    totais: Mapping[str, Decimal]
    classifications: Mapping[str, Any]
    rules_used: tuple[RuleUsage, ...]
    warnings: tuple[Notice, ...]
    missing: tuple[Missing, ...]
    confidence_score: Decimal
    requires_review: bool
    decisions: tuple[Decision, ...] | None = None
    _rules: tuple[Rule, ...] = field(default=(), repr=False, compare=False)
    _compiled: tuple[CompiledRule, ...] = field(default=(), repr=False, compare=False)
    """The same rules as compiled in their RuleSet: the snapshot keeps each rule's JSON there."""

    @property
    def complete(self) -> bool:
        """True when nothing is missing (the document may be built)."""
        return not self.missing

    def to_dict(self) -> dict[str, Any]:
        items = [item.to_dict() for item in self.itens]
        data: dict[str, Any] = {
            "documento": self.documento,
            "data_operacao": self.data_operacao.isoformat(),
            "taxes": {
                "itens": items,
                "totais": jsonable(self.totais),
                "tributos": tax_lines(items),
            },
            "classifications": jsonable(self.classifications),
            "rules_used": jsonable(self.rules_used),
            "warnings": jsonable(self.warnings),
            "missing": jsonable(self.missing),
            "confidence_score": float(self.confidence_score),  # a JSON number (spec: 0 to 1)
            "requires_review": self.requires_review,
        }
        if self.decisions is not None:
            data["explain"] = jsonable(self.decisions)
        return data


def tax_lines(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flat list {item, tipo, base, aliquota, valor} of every computed tax (spec example),
    from the items' JSON (`ItemTaxes.to_dict()`): amounts are the same text, written once;
    a missing base or rate is null."""
    lines: list[dict[str, Any]] = []
    for it in items:
        n = it["numero"]
        icms = it.get("icms")
        if icms is not None and "vICMS" in icms:
            lines.append(_line(n, "ICMS", icms.get("vBC"), icms.get("pICMS"), icms["vICMS"]))
        if icms is not None:
            lines.extend(_st_lines(n, icms))
        lines.extend(_difal_lines(n, it.get("icms_uf_dest")))
        ipi = it.get("ipi")
        if ipi is not None and "vIPI" in ipi:
            lines.append(_line(n, "IPI", ipi.get("vBC"), ipi.get("pIPI"), ipi["vIPI"]))
        for name, key in (("PIS", "pis"), ("COFINS", "cofins")):
            grp = it.get(key)
            if grp is not None:
                lines.append(_line(n, name, grp.get("vBC"), grp.get("p"), grp["v"]))
        ibs = it.get("ibs_cbs")
        if ibs is not None:
            for name, key in _IBS_CBS_PARTS:
                part = ibs.get(key)
                if part is not None:
                    lines.append(_line(n, name, ibs.get("vBC"), part["pAliqEfet"], part["v"]))
        iss = it.get("iss")
        if iss is not None:
            lines.append(_line(n, "ISS", iss["vBC"], iss["pAliq"], iss["vISSQN"]))
        for w in it["retencoes"]:
            for name, rate in w["aliquotas"].items():
                lines.append(_line(n, f"RET_{name}", w["vBC"], rate, w["valores"][name]))
    return lines


def _st_lines(item: int, icms: dict[str, Any]) -> list[dict[str, Any]]:
    """The item's own FCP, its ICMS-ST and FCP-ST, when computed."""
    lines = []
    if "vFCP" in icms:
        lines.append(_line(item, "FCP", icms.get("vBCFCP", icms.get("vBC")), icms.get("pFCP"),
                           icms["vFCP"]))  # fmt: skip
    if "vICMSST" in icms:
        lines.append(_line(item, "ICMS_ST", icms.get("vBCST"), icms.get("pICMSST"),
                           icms["vICMSST"]))  # fmt: skip
    if "vFCPST" in icms:
        lines.append(_line(item, "FCP_ST", icms.get("vBCFCPST"), icms.get("pFCPST"),
                           icms["vFCPST"]))  # fmt: skip
    return lines


def _difal_lines(item: int, group: dict[str, Any] | None) -> list[dict[str, Any]]:
    """DIFAL to the destination UF and its FCP, when the item owes them."""
    if group is None:
        return []
    lines = [_line(item, "ICMS_UF_DEST", group["vBCUFDest"], group["pICMSUFDest"],
                   group["vICMSUFDest"])]  # fmt: skip
    if "vFCPUFDest" in group:
        lines.append(_line(item, "FCP_UF_DEST", group.get("vBCFCPUFDest"),
                           group.get("pFCPUFDest"), group["vFCPUFDest"]))  # fmt: skip
    return lines


_IBS_CBS_PARTS = (("IBS_UF", "gIBSUF"), ("IBS_MUN", "gIBSMun"), ("CBS", "gCBS"))


def _line(item: int, tipo: str, base: str | None, rate: str | None, value: str) -> dict[str, Any]:
    return {"item": item, "tipo": tipo, "base": base, "aliquota": rate, "valor": value}
