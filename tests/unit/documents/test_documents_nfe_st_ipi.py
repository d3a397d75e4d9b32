"""ICMS-ST, FCP, retained ST and IPI groups from the engine to the XML: the engine computes a
sale, `service/nfe/taxes.py` copies its groups, the builder writes them, the official XSD
accepts the document and the totals (vST, vFCPST, vIPI, vNF) equal the engine's."""

from __future__ import annotations

import dataclasses
from datetime import date
from decimal import Decimal as D
from types import ModuleType
from typing import Any

import pytest
from lxml import etree

from documents.nfe.model import Crt, Item, NFeData, Payment
from documents.nfe.pipeline import prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner
from documents.xml import parse_untrusted
from engine import Company, Counterpart, DocumentType, RetainedSt, RuleSet, TaxContext, compute
from engine import Item as EngineItem
from engine.rules import Rule, RuleOrigin, RuleType
from service.nfe import taxes

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
PIS = {"cst_pis": "01", "aliq_pis": "1.65", "cst_cofins": "01", "aliq_cofins": "7.60"}
SN_PIS = {"cst_pis": "49", "cst_cofins": "49"}
ST = {"mva_st": "40", "aliq_icms_st": "18"}
RETAINED = RetainedSt(
    base=D("140.00"),
    aliquota=D("18"),
    valor=D("7.20"),
    valor_substituto=D("18.00"),
    aliquota_fcp=D("2"),
    valor_fcp=D("2.80"),
)

CASES: dict[str, tuple[bool, dict[str, Any], str, list[str]]] = {
    # name: (simples, TRIBUTACAO result, expected group, fields that must be written)
    "cst10_fcp_ipi": (
        False,
        {
            "cst_icms": "10",
            "aliq_icms": "18",
            "p_fcp": "2",
            "aliq_fcp_st": "2",
            "cst_ipi": "50",
            "aliq_ipi": "10",
            **ST,
            **PIS,
        },
        "ICMS10",
        ["vBCFCP", "pMVAST", "vBCST", "vICMSST", "vFCPST"],
    ),
    "cst30": (False, {"cst_icms": "30", **ST, **PIS}, "ICMS30", ["vBCST", "vICMSST"]),
    "cst60_retained": (
        False,
        {"cst_icms": "60", **PIS},
        "ICMS60",
        ["vBCSTRet", "pST", "vICMSSubstituto", "vICMSSTRet", "vFCPSTRet"],
    ),
    "cst70_reduced": (
        False,
        {
            "cst_icms": "70",
            "aliq_icms": "18",
            "red_bc": "20",
            "red_bc_st": "20",
            "cst_ipi": "53",
            **ST,
            **PIS,
        },
        "ICMS70",
        ["pRedBC", "pRedBCST", "vBCST"],
    ),
    "cst90_st": (
        False,
        {"cst_icms": "90", "aliq_icms": "18", **ST, **PIS},
        "ICMS90",
        ["vICMS", "vBCST", "vICMSST"],
    ),
    "csosn201": (
        True,
        {"csosn": "201", "aliq_icms": "18", "aliq_cred_sn": "2.5", **ST, **SN_PIS},
        "ICMSSN201",
        ["vBCST", "pCredSN"],
    ),
    "csosn202": (
        True,
        {"csosn": "202", "aliq_icms": "18", **ST, **SN_PIS},
        "ICMSSN202",
        ["vBCST", "vICMSST"],
    ),
    "csosn203": (True, {"csosn": "203", "aliq_icms": "18", **ST, **SN_PIS}, "ICMSSN202", ["vBCST"]),
    "csosn500_retained": (
        True,
        {"csosn": "500", **SN_PIS},
        "ICMSSN500",
        ["vBCSTRet", "vICMSSTRet"],
    ),
    "csosn900_st": (
        True,
        {"csosn": "900", "aliq_icms": "18", "cst_ipi": "99", **ST, **SN_PIS},
        "ICMSSN900",
        ["vICMS", "vBCST"],
    ),
}


def engine_items(simples: bool, resultado: dict[str, Any]) -> tuple[Any, list[Any]]:
    rule = Rule(
        id="trib",
        tipo=RuleType.TRIBUTACAO,
        versao="1",
        fonte="teste",
        vigencia_inicio=date(2026, 1, 1),
        origem=RuleOrigin.EMPRESA,
        resultado={"cfop": "5403", **resultado},
    )
    line = EngineItem(
        1, D("2"), D("500.00"), origem="0", ncm="22030000", frete=D("20"), st_retido=RETAINED
    )
    ctx = TaxContext(
        documento=DocumentType.NFE,
        data_operacao=date(2026, 1, 15),
        empresa=Company(crt=1 if simples else 3, uf="SP"),
        contraparte=Counterpart(uf="SP", contribuinte=True, consumidor_final=False),
        itens=(line,),
    )
    result = compute(ctx, RuleSet([rule]))
    assert not result.missing, result.missing
    return result, [taxes.item_taxes(i, "0") for i in result.itens]


def document(
    nfe_factory: ModuleType, simples: bool, resultado: dict[str, Any]
) -> tuple[Any, NFeData]:
    result, groups = engine_items(simples, resultado)
    base: NFeData = nfe_factory.nfe_data(1, reform=False)
    decided = result.itens[0]
    item: Item = dataclasses.replace(
        base.items[0],
        quantity=D("2"),
        unit_price=D("500.00"),
        total=decided.vProd,
        freight=decided.vFrete,
        cfop="5403",
        taxes=groups[0],
    )
    issuer = base.issuer
    if simples:
        issuer = dataclasses.replace(issuer, crt=Crt.SIMPLES_NACIONAL)
    data = dataclasses.replace(
        base,
        issuer=issuer,
        items=(item,),
        payments=(Payment(kind="01", amount=result.totais["vNF"], indicator="0"),),
    )
    return result, data


@pytest.mark.parametrize("case", sorted(CASES))
def test_st_and_ipi_groups_pass_the_xsd_with_the_engine_totals(
    case: str, nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    simples, resultado, group, written = CASES[case]
    result, data = document(nfe_factory, simples, resultado)
    signed = prepare_nfe(data, signer)
    assert validate(signed.xml, "nfe/4.00/NFe") == []
    root = parse_untrusted(signed.xml)
    found = root.xpath(f"//n:det/n:imposto/n:ICMS/n:{group}", namespaces=NS)
    assert found, group
    names = [etree.QName(c).localname for c in found[0]]
    assert all(name in names for name in written), (written, names)
    tot = result.totais
    icms_tot = root.xpath("//n:total/n:ICMSTot", namespaces=NS)[0]
    for name in ("vST", "vFCPST", "vIPI", "vFrete", "vNF", "vFCP"):
        xml_value = D(icms_tot.findtext(f"n:{name}", namespaces=NS))
        assert xml_value == tot.get(name, D("0.00")), name


def test_ipi_groups_are_written_after_icms() -> None:
    from documents.nfe import builder
    from documents.nfe.model import Ipi

    imposto = etree.Element("{http://www.portalfiscal.inf.br/nfe}imposto")
    builder._ipi(imposto, Ipi(cst="50", v_bc=D("100.00"), rate=D("10"), value=D("10.00")))
    builder._ipi(imposto, Ipi(cst="53", c_enq="301"))
    texts = [(etree.QName(e).localname, e.text) for e in imposto.iter() if e.text]
    assert texts == [
        ("cEnq", "999"),
        ("CST", "50"),
        ("vBC", "100.00"),
        ("pIPI", "10.00"),
        ("vIPI", "10.00"),
        ("cEnq", "301"),
        ("CST", "53"),
    ]
