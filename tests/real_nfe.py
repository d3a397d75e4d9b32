"""Real NF-e with ICMS-ST, IPI and DIFAL (../shared/corpus/nfe, nfe_more): the cases and the
reading of each document, shared by the engine's test (`tests/unit/engine/
test_engine_real_nfe.py`, rules handed to `compute`) and the issuance's (`tests/e2e/
test_real_nfe_issued.py`, the same rules registered through the API and the NF-e issued against
the simulator). One reading, so both measure the same thing against the same deviations.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal as D
from typing import Any

from lxml import etree

from engine import Importation
from engine.rounding import money

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}


@dataclass(frozen=True)
class Case:
    path: str
    mva_original: dict[int, str] = field(default_factory=dict)
    """Interstate ST items: the original MVA of the destination's list (the document shows the
    adjusted one; Convênio ICMS 142/2018 cl. 13 §1º turns one into the other)."""
    deviations: dict[tuple[int, str], str] = field(default_factory=dict)
    """(item, field) the issuer computed otherwise, with the reason; 0 as item = a total."""


_NFELIB_IMPORT = (
    "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
    "42210775277525000178550030000266631762885493-procNFe.xml"
)

CASES = [
    # SP → MG to a contributor for resale: ICMS10 with MVA ajustada at 12 % and 4 % (import
    # content), ST with a base reduction whose effective load (7 %) is below the interstate rate
    # (original MVA kept, §2º), IPI in the ST base only, discounts.
    Case(
        "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
        "35180834128745000152550010000476491552806942-nfe.xml",
        mva_original={1: "40", 3: "40", 5: "40", 13: "40", 12: "35", 16: "20", 6: "15"},
        deviations={
            (6, "vICMSST"): "MG deducts the own ICMS at the 7 % effective load of sugar (0.31), "
            "not the 12 % ICMS of the operation (LC 87/1996 art. 8 §5 gives 0.00)",
            (0, "vST"): "item 6, above",
            (0, "vNF"): "item 6, above",
        },
    ),
    # SP internal, ICMS70: own base reduced 33.33 %, ST by MVA 71.35 % on the full value.
    Case(
        "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
        "35180834128745000152550010000476051695511860-nfe.xml"
    ),
    # SC → SP, non-contributor final consumer: freight and IPI in the ICMS base (CST 20 with
    # 26.66 % reduction), IPI on vProd, DIFAL single base.
    Case(
        "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
        "42211275277525000178550030000276771368212013-procNFe.xml",
        deviations={
            (1, "vPIS"): "the issuer left the freight (788.00) out of the PIS base; the engine "
            "takes the gross revenue of the sale, freight billed included",
            (1, "vCOFINS"): "as vPIS",
            (0, "vPIS"): "item 1, above",
            (0, "vCOFINS"): "item 1, above",
        },
    ),
    # Simples Nacional, CSOSN 500 (ST withheld earlier, no values declared), PIS/COFINS 99.
    Case("nfe/erpbrasil.assinatura__tests_xml_nfe-400-assinado.xml"),
    # OCA l10n-brazil: IPI in the ICMS base of sales to final consumers (00, 20 with 51.11 %).
    Case("nfe_more/l10n-brazil__NFe35200681583054000129550010000000012760018057.xml"),
    Case("nfe_more/l10n-brazil__NFe35210381583054000129550010000000021659443040.xml"),
    Case("nfe_more/l10n-brazil__NFe35210381583054000129550010000000031659634756.xml"),
    Case("nfe_more/l10n-brazil__NFe35210381583054000129550010000000041662059365.xml"),
    Case("nfe_more/l10n-brazil__NFe35200159594315000157550010000000032062777166.xml"),
    # The same sale as 35200681583054…, IPI left out of the ICMS base of a final consumer.
    Case(
        "nfe_more/l10n-brazil__NFe35200697231608000169550010000000111855451724.xml",
        deviations={
            (2, "vBC"): "IPI (182.25) left out of the ICMS base of a sale to a final consumer, "
            "against CF art. 155 §2º XI",
            (2, "vICMS"): "as vBC",
            (0, "vBC"): "item 2, above",
            (0, "vICMS"): "item 2, above",
        },
    ),
    # SP internal CST 10 (12 % own, MVA 44.88 %) with the ICMS taken out of the PIS/COFINS base
    # (STF Tema 69 in the document: the tax rule's `pis_cofins_sem_icms`).
    Case(
        "nfe_more/BrazilFiscalReport__nfe_big_font_size.xml",
        deviations={
            (0, name): "the document's ICMSTot is not the sum of its items (vProd 1950.00 for "
            "items summing 10190.00): a DANFE layout fixture; every item is reproduced"
            for name in ("vBC", "vICMS", "vBCST", "vST", "vProd", "vPIS", "vCOFINS", "vNF")
        },
    ),
    # Simples Nacional CSOSN 101 with credit, IPI CST 99 without rate.
    Case(
        "nfe_more/BrazilFiscalReport__nfe_test_sn.xml"
    ),  # IPI not taxed (IPINT) with ICMS00/20, internal and interstate, and an export.
    Case(
        "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
        "26180875335849000115550010000016871192213331-nfe.xml"
    ),
    Case("nfe/sped-da__examples_nfe_fixtures_mod55-nfe_5.xml"),
    Case("nfe/sped-da__examples_nfe_fixtures_cancelada_55_new.xml"),
    Case(
        "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
        "42220575277525000178550030000292481295366801-procNFe.xml"
    ),
    Case("nfe/BrazilFiscalReport__tests_fixtures_danfe_nfe_with_production_environment.xml"),
    # An import (SC, CFOP 3101, idDest 3, DI and II groups): II, IOF, customs expenses and the
    # AFRMM as the clearance declared them; IPI on customs value + II, PIS/COFINS-Importação
    # (2.10 / 9.65) on the customs value, both to the cent; the ICMS base is not the law's.
    Case(
        _NFELIB_IMPORT,
        deviations={
            **{
                (n, name): "ICMS base = customs value + II only (45265.35 for item 1, the IPI "
                "base): the issuer left out the IPI, PIS/COFINS-Importação and the ICMS itself, "
                "which LC 87/1996 art. 13 V and §1º I put in (the engine: 65514.41)"
                for n in (1, 2, 3)
                for name in ("vBC", "vICMS")
            },
            (1, "vIPI"): "45265.35 × 10 % = 4526.535 written 4526.53: a binary float rounded "
            "down (4526.534999…); half up on the decimal value is 4526.54",
            **{(0, name): "the items above" for name in ("vBC", "vICMS", "vIPI")},
            (0, "vNF"): "vII (13921.27) left out of vNF, which the MOC formula adds (the "
            "authority does not check vNF on imports); and the items above",
        },
    ),
    Case("nfe/BrazilFiscalReport__tests_fixtures_danfe_nfe_without_production_environment.xml"),
]

_DIFAL_2018 = (
    "DIFAL of 2018: base vBC / (1 − pICMSUFDest) (e.g. 11.05 for 9.06 at 18 %), neither the "
    "single nor the LC 190/2022 double base, with that year's 80/20 partilha"
)
_UNROUNDED = (
    "ICMS computed on the unrounded qCom × vUnCom (2 × 5.12316 = 10.24632 × 18 % = 1.84), not on "
    "the vBC written (10.25 × 18 % = 1.845 → 1.85, the engine's per-item rounding)"
)
_NFELIB = "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_"
NOT_REPRODUCIBLE = {
    _NFELIB + "35180834128745000152550010000474281920007498-nfe.xml": _DIFAL_2018
    + "; freight left out of the PIS/COFINS base",
    _NFELIB + "35180834128745000152550010000474501597356342-nfe.xml": _DIFAL_2018,
    _NFELIB + "35180834128745000152550010000474641681223493-nfe.xml": _DIFAL_2018,
    _NFELIB + "35180834128745000152550010000476121675985748-nfe.xml": _DIFAL_2018,
    _NFELIB + "35180834128745000152550010000474491454651420-nfe.xml": _UNROUNDED,
    _NFELIB + "35180834128745000152550010000476861118934859-nfe.xml": _UNROUNDED,
    "nfe/sped-nfe__tests_fixtures_xml_nfe_4.0.xml": "PIS/COFINS base vProd + vFrete − vICMS − "
    "vICMSUFDest (33.45 of 40.79): the STF Tema 69 exclusion taken in the document",
    "nfe/sped-da__tests_fixtures_xml_nfe.xml": "PIS/COFINS base 93 % of vProd (3515.40 of "
    "3780.00) with nothing in the document explaining the reduction",
    "nfe/sped-nfe__tests_fixtures_xml_nfe_layout4_com_prot.xml": "CSOSN 202 with modBCST 4 "
    "and every ST value zero (vBCST 0.00, pICMSST 0, no pMVAST): a placeholder, not a "
    "computation; rules read from it give no margin, so the engine answers `missing` MVA_ST",
    "nfe/nfelib__nfelib_nfe_samples_v4_0_leiauteNFe_nfe_reforma_tributaria.xml": "a layout "
    "sample: vBC 56768.66 for a vProd of 14.88 and no pICMS the rules could take, so the "
    "engine answers `missing` ALIQUOTA_ICMS",
}


def text(node: Any, path: str) -> str | None:
    found = node.find(path, NS)
    return None if found is None or found.text is None else found.text


def dec(node: Any, path: str) -> D | None:
    raw = text(node, path)
    return None if raw is None else D(raw)


def group(imposto: Any, tax: str) -> Any:
    """The one child group of ICMS / IPI / PIS / COFINS (ICMS10, IPITrib, PISAliq, ...)."""
    outer = imposto.find(f"n:{tax}", NS)
    if outer is None:
        return None
    for child in outer:
        if etree.QName(child).localname not in ("cEnq", "CNPJProd", "cSelo", "qSelo"):
            return child
    return None


def rate(node: Any, name: str) -> str | None:
    value = dec(node, f"n:{name}")
    return None if value is None else str(value.normalize())


@dataclass(frozen=True)
class Line:
    """One det/prod as a request would state it. When qCom × vUnCom does not round to vProd
    (a unit price with more places than the document kept), the line is 1 × vProd."""

    quantity: D
    unit_price: D
    discount: D
    freight: D
    insurance: D
    other: D
    ncm: str | None
    cest: str | None
    origin: str | None
    importation: Importation | None = None
    """An import's customs values: the II group and the DI's AFRMM, as the document states."""


def document_line(det: Any) -> Line:
    prod = det.find("n:prod", NS)
    vprod = dec(prod, "n:vProd")
    qty, unit = dec(prod, "n:qCom"), dec(prod, "n:vUnCom")
    assert vprod is not None and qty is not None and unit is not None
    if money(qty * unit) != vprod:
        qty, unit = D(1), vprod
    icms = group(det.find("n:imposto", NS), "ICMS")
    return Line(
        quantity=qty,
        unit_price=unit,
        discount=dec(prod, "n:vDesc") or D(0),
        freight=dec(prod, "n:vFrete") or D(0),
        insurance=dec(prod, "n:vSeg") or D(0),
        other=dec(prod, "n:vOutro") or D(0),
        ncm=text(prod, "n:NCM"),
        cest=text(prod, "n:CEST"),
        origin=text(icms, "n:orig"),
        importation=_importation(det),
    )


def _importation(det: Any) -> Importation | None:
    """The customs values of an imported line (CFOP 3xxx); an II group on another line (a
    DANFE layout fixture) is not an import."""
    ii = det.find("n:imposto/n:II", NS)
    if ii is None or not (text(det, "n:prod/n:CFOP") or "").startswith("3"):
        return None
    return Importation(
        valor_aduaneiro=dec(ii, "n:vBC") or D(0),
        valor_ii=dec(ii, "n:vII") or D(0),
        valor_iof=dec(ii, "n:vIOF") or D(0),
        despesas_aduaneiras=dec(ii, "n:vDespAdu") or D(0),
        valor_afrmm=dec(det, "n:prod/n:DI/n:vAFRMM") or D(0),
    )


def rule_result(det: Any, n: int, case: Case, interstate: bool) -> dict[str, Any]:
    """The item's tax rule result (`/configuracao-fiscal/tributacao` vocabulary), read from
    the document's own CST/CSOSN, rates, MVA and CFOP."""
    prod, imposto = det.find("n:prod", NS), det.find("n:imposto", NS)
    icms, ipi = group(imposto, "ICMS"), group(imposto, "IPI")
    pis, cofins = group(imposto, "PIS"), group(imposto, "COFINS")
    res: dict[str, Any] = {"cfop": text(prod, "n:CFOP")}
    res["cst_icms"], res["csosn"] = text(icms, "n:CST"), text(icms, "n:CSOSN")
    res["aliq_icms"], res["red_bc"] = rate(icms, "pICMS"), rate(icms, "pRedBC")
    res["aliq_cred_sn"] = rate(icms, "pCredSN")
    if icms.find("n:vBCST", NS) is not None:
        res["mod_bc_st"] = text(icms, "n:modBCST")
        res["mva_st"] = case.mva_original.get(n) if interstate else rate(icms, "pMVAST")
        res["aliq_icms_st"] = rate(icms, "pICMSST")
        red = dec(icms, "n:pRedBCST")
        res["red_bc_st"] = str(red) if red else None
    if ipi is not None:
        res["cst_ipi"], res["aliq_ipi"] = text(ipi, "n:CST"), rate(ipi, "pIPI")
        res["c_enq_ipi"] = text(imposto, "n:IPI/n:cEnq")
        if res["cst_ipi"] in ("49", "99") and not dec(ipi, "n:vIPI"):
            res["aliq_ipi"] = None
    res["cst_pis"], res["aliq_pis"] = text(pis, "n:CST"), rate(pis, "pPIS")
    res["cst_cofins"], res["aliq_cofins"] = text(cofins, "n:CST"), rate(cofins, "pCOFINS")
    for key in ("aliq_pis", "aliq_cofins"):
        if res[key] is not None and D(res[key]) == 0:
            res[key] = None
    if _icms_out_of_contributions(prod, icms, pis):
        res["pis_cofins_sem_icms"] = True
    return {k: v for k, v in res.items() if v is not None}


def _icms_out_of_contributions(prod: Any, icms: Any, pis: Any) -> bool:
    """The issuer took the STF Tema 69 exclusion in the document: PIS base = value − vICMS."""
    base, v_icms = dec(pis, "n:vBC"), dec(icms, "n:vICMS")
    if base is None or not v_icms:
        return False
    value = sum((dec(prod, f"n:{n}") or D(0) for n in ("vProd", "vFrete", "vSeg", "vOutro")), D(0))
    return base == value - (dec(prod, "n:vDesc") or D(0)) - v_icms


def difal_results(dets: list[Any]) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The results of the DIFAL_INCIDENCIA (non-contributor) and DIFAL_UF_DESTINO rules the
    document's ICMSUFDest implies, or None when it has none."""
    dest = [d.find("n:imposto/n:ICMSUFDest", NS) for d in dets]
    found = next((g for g in dest if g is not None), None)
    if found is None:
        return None
    incidence = {"aplicar": True, "p_partilha_destino": rate(found, "pICMSInterPart")}
    uf = {
        "aliquota": rate(found, "pICMSUFDest"),
        "p_fcp": rate(found, "pFCPUFDest") if dec(found, "n:vFCPUFDest") else None,
        "base": "unica"
        if dec(found, "n:vBCUFDest") == dec(group(found.getparent(), "ICMS"), "n:vBC")
        else "dupla",
    }
    return incidence, uf


ITEM_FIELDS = {
    "vBC": ("icms", "vBC"),
    "vICMS": ("icms", "vICMS"),
    "pMVAST": ("icms", "pMVAST"),
    "vBCST": ("icms", "vBCST"),
    "vICMSST": ("icms", "vICMSST"),
    "vFCP": ("icms", "vFCP"),
    "vFCPST": ("icms", "vFCPST"),
    "vCredICMSSN": ("icms", "vCredICMSSN"),
    "vIPI": ("ipi", "vIPI"),
    "vPIS": ("pis", "v"),
    "vCOFINS": ("cofins", "v"),
    "vICMSUFDest": ("icms_uf_dest", "vICMSUFDest"),
    "vBCUFDest": ("icms_uf_dest", "vBCUFDest"),
    "vFCPUFDest": ("icms_uf_dest", "vFCPUFDest"),
}
TOTALS = (
    "vBC",
    "vICMS",
    "vBCST",
    "vST",
    "vFCP",
    "vFCPST",
    "vProd",
    "vFrete",
    "vSeg",
    "vDesc",
    "vII",
    "vOutro",
    "vIPI",
    "vPIS",
    "vCOFINS",
    "vICMSUFDest",
    "vFCPUFDest",
    "vNF",
)


ORIGINAL_GROUPS = {"icms": "ICMS", "ipi": "IPI", "pis": "PIS", "cofins": "COFINS"}


def original_item(det: Any) -> dict[str, D]:
    """The values of ITEM_FIELDS in an NF-e's det (the original's or an issued one's), each
    read in its own group."""
    imposto = det.find("n:imposto", NS)
    out: dict[str, D] = {"vPIS": D("0.00"), "vCOFINS": D("0.00")}
    for name, (grp, _) in ITEM_FIELDS.items():
        node = (
            imposto.find("n:ICMSUFDest", NS)
            if grp == "icms_uf_dest"
            else group(imposto, ORIGINAL_GROUPS[grp])
        )
        value = None if node is None else dec(node, f"n:{name}")
        if value is not None:
            out[name] = value
    return out


def check(
    case: Case, key: tuple[int, str], w: D, g: D, wrong: list[str], unseen: list[str]
) -> None:
    """A documented deviation must still happen; any other difference is wrong."""
    if key in case.deviations:
        if w == g:
            unseen.append(f"{key}: documented deviation did not happen ({w})")
        return
    if w != g:
        wrong.append(f"item {key[0]} {key[1]}: document {w}, engine {g}")
