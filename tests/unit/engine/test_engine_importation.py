"""An import's taxes (engine/calculators/importation.py, engine/flows/importation.py): the bases
come from the customs clearance the importer declares, the rates from the tax rule."""

from __future__ import annotations

from decimal import Decimal as D

from engine import Counterpart, Importation, Item, RuleSet, compute
from engine.calculators.importation import icms_gross_base
from tests.unit.engine.engine_factories import company_rule, make_ctx

CLEARED = Importation(
    valor_aduaneiro=D("5200.00"),
    valor_ii=D("936.00"),
    valor_iof=D("10.00"),
    despesas_aduaneiras=D("154.23"),
    valor_afrmm=D("130.00"),
)
PARCELS = D("5200.00") + 936 + 10 + 130 + D("154.23") + D("613.60") + D("109.20") + D("501.80")
"""LC 87/1996 art. 13 V: customs value, II, IOF, AFRMM, customs expenses, IPI, PIS, COFINS."""
IMPORT_RULE = {
    "cfop": "3102", "cst_icms": "00", "aliq_icms": "18", "cst_ipi": "00", "aliq_ipi": "10",
    "cst_pis": "02", "aliq_pis": "2.10", "cst_cofins": "02", "aliq_cofins": "9.65",
}  # fmt: skip


def _compute(rule: dict[str, object], importation: Importation | None = CLEARED):  # type: ignore[no-untyped-def]
    item = Item(1, D("100"), D("50.00"), origem="1", importacao=importation)
    ctx = make_ctx(contraparte=Counterpart(uf="EX", contribuinte=False), itens=(item,))
    return compute(ctx, RuleSet([company_rule("imp", resultado=rule)]))


def test_ipi_pis_cofins_and_icms_of_an_import_follow_the_law():
    result = _compute(IMPORT_RULE)
    assert not result.missing
    item = result.itens[0]
    assert item.ipi is not None and item.pis is not None and item.cofins is not None
    assert (item.ipi.vBC, item.ipi.vIPI) == (D("6136.00"), D("613.60"))  # 5200 + 936
    assert (item.pis.vBC, item.pis.v) == (D("5200.00"), D("109.20"))
    assert (item.cofins.vBC, item.cofins.v) == (D("5200.00"), D("501.80"))
    assert item.icms is not None
    assert item.icms.vBC == (PARCELS / D("0.82")).quantize(D("0.01"))
    assert item.icms.vICMS == (item.icms.vBC * D("0.18")).quantize(D("0.01"))
    assert item.ii is not None
    assert (item.ii.vBC, item.ii.vDespAdu, item.ii.vII, item.ii.vIOF) == (
        D("5200.00"), D("154.23"), D("936.00"), D("10.00"),
    )  # fmt: skip
    assert item.cfop == "3102"


def test_the_import_tax_enters_the_invoice_total():
    result = _compute(IMPORT_RULE)
    assert result.totais["vII"] == D("936.00")
    assert result.totais["vNF"] == D("5000.00") + D("936.00") + D("613.60")


def test_a_reduced_base_keeps_the_icms_inside_at_the_effective_rate():
    """CST 20 with 50 % off: full base = sum / (1 − 18 % × 50 %), vBC = its half, and vICMS is
    still vBC × pICMS, the check the authority makes."""
    result = _compute({**IMPORT_RULE, "cst_icms": "20", "red_bc": "50"})
    icms = result.itens[0].icms
    assert icms is not None and icms.vBC is not None
    full = (PARCELS / D("0.91")).quantize(D("0.01"))
    assert icms.vBC == (full / 2).quantize(D("0.01"))
    assert icms.vICMS == (icms.vBC * D("0.18")).quantize(D("0.01"))


def test_the_fcp_is_inside_the_base_with_the_icms():
    """FCP points are ICMS rate (ADCT art. 82 §1º): sum / (1 − (18 % + 2 %))."""
    result = _compute({**IMPORT_RULE, "p_fcp": "2"})
    icms = result.itens[0].icms
    assert icms is not None and icms.vBC is not None
    assert icms.vBC == (PARCELS / D("0.80")).quantize(D("0.01"))
    assert icms.vFCP == (icms.vBC * D("0.02")).quantize(D("0.01"))


def test_an_untaxed_import_has_no_icms_inside():
    result = _compute({**IMPORT_RULE, "cst_icms": "41", "aliq_icms": None})
    icms = result.itens[0].icms
    assert icms is not None and icms.CST == "41" and icms.vBC is None


def test_gross_base_without_rate_is_the_sum():
    assert icms_gross_base(D("100.00"), None, None) == D("100.00")
    assert icms_gross_base(D("82.00"), D("18"), None) == D("100.00")


def test_an_item_without_importation_is_a_plain_goods_item():
    result = _compute(IMPORT_RULE, importation=None)
    item = result.itens[0]
    assert item.ii is None and "vII" not in result.totais
    assert item.icms is not None and item.icms.vBC == D("5500.00")  # value + IPI, no gross-up
