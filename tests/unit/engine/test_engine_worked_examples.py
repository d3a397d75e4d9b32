"""Published worked examples of ICMS-ST, reproduced by the engine to the cent (issue 36).

Each test names its source (URL, or repository + path) and what the source says. Where the
engine and the source disagree, the test says why: a source that rounds differently or is
wrong keeps the engine's number with the source's next to it; an engine that is wrong is a
strict xfail with the reason.

Searched and not found (so no test here): a published numeric example of a pauta / PMPF base
(modBCST 5), and one of the retained-ST fields (vBCSTRet, pST, vICMSSubstituto, vICMSSTRet) of
a CST 60 / CSOSN 500 sale; the SEFAZ/MG Orientação DOLT/SUTRI 001/2008 and the SEFAZ/GO
"Perguntas e Respostas - Substituição Tributária 4" carry examples that the stored copies cut
before the numbers. Formulas: engine/calculators/icms_st.py.
"""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest
from engine_factories import company_rule, make_ctx

from engine import Company, Counterpart, Item, RuleSet, compute
from engine.calculators.icms_st import adjusted_mva

PIS_COFINS = {"cst_pis": "01", "aliq_pis": "1.65", "cst_cofins": "01", "aliq_cofins": "7.60"}
SIMPLES_PIS_COFINS = {"cst_pis": "49", "cst_cofins": "49"}
CONTRIBUTOR = Counterpart(uf="SP", contribuinte=True, consumidor_final=False)


def trib(pis_cofins: dict[str, str] = PIS_COFINS, **resultado: Any) -> Any:
    return company_rule("trib", resultado={"cfop": "5403", **pis_cofins, **resultado})


def line(value: str, quantity: str = "1", **kw: Any) -> Item:
    return Item(1, D(quantity), D(value), origem="0", ncm="22030000", **kw)


def icms_of(rule: Any, value: str, **ctx: Any) -> Any:
    ctx.setdefault("contraparte", CONTRIBUTOR)
    result = compute(make_ctx(itens=(line(value),), **ctx), RuleSet([rule]), explain=True)
    assert not result.missing, result.missing
    return result.itens[0].icms


# --- MVA ajustada: the formula's published results ------------------------------------------


@pytest.mark.parametrize(
    ("mva", "inter", "intra", "published"),
    [
        # Senior ERP manual, "ICMS ST" 5.10.4 (documentacao.senior.com.br/gestaoempresarialerp/
        # 5.10.4/geral/impostos-icms-st.htm, SC section): "MVA Ajustada = [(1+ 0,40) x (1 - 0,12)
        # ÷ (1- 0,17)] - 1 = 0,4843" and "MVA Ajustada = 48,43%".
        ("40", "12", "17", "48.43"),
        # preparatorio.grancontabil.com.br/2020/05/mva-margem-de-valor-agregado.html: MVA 50 %,
        # interstate 12 %, destination 19 % -> "62,96%".
        ("50", "12", "19", "62.96"),
        # affectum.com.br/blog-affectum-consultoria/o-convenio-icms-352011-e-o-simples-nacional:
        # "MVA Original = 45 %. Alíquota Interestadual = 12 %. Alíquota no destino = 25 %. MVA
        # Ajustada = 70,13 %".
        ("45", "12", "25", "70.13"),
    ],
)
def test_published_mva_ajustada(mva: str, inter: str, intra: str, published: str) -> None:
    """The formula of Convênio ICMS 142/2018 (and of the protocols before it) as three
    published sources work it, rounded to two decimals as they print it."""
    assert adjusted_mva(D(mva), D(inter), D(intra)) == D(published)


def test_senior_manual_interstate_purchase_at_12_into_sc() -> None:
    """Senior ERP manual, ICMS ST 5.10.4, SC section (URL in the parametrized test above): "Valor
    Mercadoria = R$ 1.000,00; BC ICMS = R$ 1.000,00; % ICMS = 12%; Vlr ICMS = R$ 120,00; MVA =
    40%; MVA Ajustada = 48,43%; BC ICMS ST = R$ 1.484,30; % ICMS ST = 17%; Vlr ICMS ST = 252,33
    - 120,00 = R$ 132,33". A 12 % interstate sale into SC (PR -> SC here)."""
    rule = trib(cst_icms="10", aliq_icms="12", mva_st="40", aliq_icms_st="17")
    icms = icms_of(
        rule,
        "1000.00",
        empresa=Company(crt=3, uf="PR"),
        contraparte=Counterpart(uf="SC", contribuinte=True, consumidor_final=False),
    )
    assert (icms.vBC, icms.pICMS, icms.vICMS) == (D("1000.00"), D("12"), D("120.00"))
    assert (icms.pMVAST, icms.vBCST, icms.pICMSST, icms.vICMSST) == (
        D("48.43"),
        D("1484.30"),
        D("17"),
        D("132.33"),
    )


def test_grancontabil_interstate_equalization_one_cent_in_the_source() -> None:
    """preparatorio.grancontabil.com.br/2020/05/mva-margem-de-valor-agregado.html, table
    "Interestadual": goods worth 100 net of tax sold at 12 % for "113,64", ICMS "13,64", MVA
    "62,96%", BC ST "185,18", rate 19 %, ST "21,55", ICMS + ST "35,19" (the same 35,19 as its
    internal row, which is the point of the adjustment).

    The engine agrees on every number but the ST base: 113.64 × 1.6296 = 185.1877 -> 185.19.
    The source's 185,18 comes from the unrounded price 100 / 0.88 = 113.6364 × 1.62963 =
    185.185…, truncated; an NF-e carries vProd 113.64 and pMVAST 62.96, and its own internal
    row prints the same base as 185,19. The ST value and the total are the same either way."""
    rule = trib(cst_icms="10", aliq_icms="12", mva_st="50", aliq_icms_st="19")
    icms = icms_of(rule, "113.64", contraparte=Counterpart(uf="MG", contribuinte=True))
    assert (icms.vBC, icms.vICMS) == (D("113.64"), D("13.64"))
    assert (icms.pMVAST, icms.vICMSST) == (D("62.96"), D("21.55"))
    assert icms.vICMS + icms.vICMSST == D("35.19")
    assert icms.vBCST == D("185.19")  # source: 185,18 (unrounded price, see docstring)


# --- ST with a base reduction -----------------------------------------------------------------


def test_motortributarionet_cst10_with_st_base_reduction() -> None:
    """AutomacaoNet/MotorTributarioNet, src/TestesUnitarios/Cst/Cst10Test.cs (commit 00c246f):
    value 100.00, ICMS 18 %, MVA 50 %, "PercentualReducaoSt = 10" -> ValorBcIcms 100.00,
    ValorBcIcmsSt 135.00, ValorIcmsSt 6.30 (100 × 1.5 × 0.9 = 135.00 × 18 % = 24.30 − 18.00)."""
    rule = trib(cst_icms="10", aliq_icms="18", mva_st="50", red_bc_st="10", aliq_icms_st="18")
    icms = icms_of(rule, "100.00")
    assert (icms.vBC, icms.vICMS) == (D("100.00"), D("18.00"))
    assert (icms.pMVAST, icms.pRedBCST, icms.vBCST, icms.vICMSST) == (
        D("50"),
        D("10"),
        D("135.00"),
        D("6.30"),
    )


def test_flexdocs_cst70_own_base_reduced_st_base_not() -> None:
    """Flexdocs NF-e guide, knowledge base article 295 (www.flexdocs.net/suporte/
    knowledgebase.php?article=295, "Emissor do Regime Normal e CST=70"): ICMS70 with
    pRedBC 66.67, vBC 66.67, pICMS 18.00, vICMS 12.00, modBCST 4, pMVAST 50.00, vBCST 150.00,
    pICMSST 18.00, vICMSST 15.00 (an item of 100.00; the ST base is not reduced).

    The source writes in pRedBC the share of the base kept (66.67 %), while the layout's pRedBC
    is the percentage of the reduction: the reduction that gives vBC 66.67 is 33.33 %. With it
    every value of the source is reproduced."""
    rule = trib(cst_icms="70", aliq_icms="18", red_bc="33.33", mva_st="50", aliq_icms_st="18")
    icms = icms_of(rule, "100.00")
    assert (icms.grupo, icms.vBC, icms.vICMS) == ("ICMS70", D("66.67"), D("12.00"))
    assert (icms.pMVAST, icms.pRedBCST, icms.vBCST, icms.vICMSST) == (
        D("50"),
        None,
        D("150.00"),
        D("15.00"),
    )


def test_motortributarionet_cst70_reduces_the_st_base_twice() -> None:
    """AutomacaoNet/MotorTributarioNet, src/TestMotorTributarioNet/Cst/Cst70Test.cs (commit
    d26bf2b): value 100.00, PercentualReducao 10, ICMS 18 %, MVA 100 %, PercentualReducaoSt 10
    -> ValorBcIcms 90.00, ValorIcms 16.20, ValorBcIcmsSt 162.00, ValorIcmsSt 12.96.

    The engine agrees on the own operation and disagrees on the ST: the library starts the ST
    base from the already reduced own base (90 × 2 × 0.9 = 162.00), applying a reduction twice.
    The ST base is the value of the operation plus charges plus the margin (LC 87/1996 art. 8
    II), reduced only by pRedBCST: 100 × 2 × 0.9 = 180.00, × 18 % = 32.40 − 16.20 = 16.20. The
    library's own issue #24 ("Calculo ICMS ST com divergência quando possui redução na base de
    calculo do ICMS", github.com/AutomacaoNet/MotorTributarioNet/issues/24) reports the same
    and a maintainer gives the formula the engine uses: ((item + IPI) × (1 + MVA)) × (1 −
    redução ST). The source is wrong; the engine's numbers stay."""
    rule = trib(
        cst_icms="70", aliq_icms="18", red_bc="10", mva_st="100", red_bc_st="10", aliq_icms_st="18"
    )
    icms = icms_of(rule, "100.00")
    assert (icms.vBC, icms.vICMS) == (D("90.00"), D("16.20"))
    assert (icms.vBCST, icms.vICMSST) == (D("180.00"), D("16.20"))  # source: 162.00, 12.96


# --- Freight, insurance, other charges and discount in both bases -----------------------------


def test_phpfiscal_cst10_with_freight_insurance_other_and_discount() -> None:
    """joaoroyosilva/PHPFiscal, tests/Icms/Icms10Test.php: product 135.00, freight 7.50,
    insurance 3.00, other charges 1.50, discount 13.50, ICMS 18 %, MVA 35 %, ST 18 % -> base
    133.50, ICMS 24.03, ST base 180.23, ICMS-ST 8.41."""
    rule = trib(cst_icms="10", aliq_icms="18", mva_st="35", aliq_icms_st="18")
    item = line(
        "135.00", frete=D("7.50"), seguro=D("3.00"), outras_despesas=D("1.50"), desconto=D("13.50")
    )
    result = compute(make_ctx(itens=(item,), contraparte=CONTRIBUTOR), RuleSet([rule]))
    assert not result.missing, result.missing
    icms = result.itens[0].icms
    assert (icms.vBC, icms.vICMS, icms.vBCST, icms.vICMSST) == (
        D("133.50"),
        D("24.03"),
        D("180.23"),
        D("8.41"),
    )


def test_phpfiscal_cst30_rounds_twice_and_deducts_an_exempt_operation() -> None:
    """joaoroyosilva/PHPFiscal, tests/Icms/Icms30Test.php: the same item as its Icms10Test
    (base 133.50) under CST 30 with percentualReducaoSt 10 -> ST base 162.21, ICMS-ST 5.17.

    Two differences, both on the source's side:
    - it rounds the unreduced ST base first (133.50 × 1.35 = 180.225 -> 180.23) and then
      reduces it (× 0.9 = 162.207 -> 162.21); the engine rounds once, on the base the XML
      carries: 180.225 × 0.9 = 162.2025 -> 162.20;
    - it deducts an own ICMS of 24.03 from an operation that CST 30 declares exempt or not
      taxed; LC 87/1996 art. 8 §5 deducts "o valor do imposto devido pela operação própria",
      and none is due (docs/decisions.md "Goods taxes"): 162.20 × 18 % = 29.20."""
    rule = trib(cst_icms="30", mva_st="35", red_bc_st="10", aliq_icms_st="18")
    item = line(
        "135.00", frete=D("7.50"), seguro=D("3.00"), outras_despesas=D("1.50"), desconto=D("13.50")
    )
    result = compute(make_ctx(itens=(item,), contraparte=CONTRIBUTOR), RuleSet([rule]))
    assert not result.missing, result.missing
    icms = result.itens[0].icms
    assert (icms.grupo, icms.vICMS) == ("ICMS30", None)
    assert (icms.vBCST, icms.vICMSST) == (D("162.20"), D("29.20"))  # source: 162.21, 5.17


# --- FCP-ST ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "mva", "published"),
    [
        # AutomacaoNet/MotorTributarioNet, src/TestMotorTributarioNet/CalculoFcpStTest.cs,
        # TestaFcpSt_Valor_56: 2000.00, MVA 40 %, FCP-ST 2 % -> ValorFcpSt 56.00.
        ("2000.00", "40", "56.00"),
        # Same file, TestFcpSt_Valor_2_60, citing portalspedbrasil.com.br/forum/
        # fundo-do-combate-a-probreza-icms-normal-e-fcp-st/: 100.00, MVA 30 %, 2 % -> 2.60.
        ("100.00", "30", "2.60"),
    ],
)
def test_fcp_st_without_an_own_fcp(value: str, mva: str, published: str) -> None:
    """FCP-ST = vBCST × pFCPST, less the own operation's FCP (none here)."""
    rule = trib(cst_icms="10", aliq_icms="18", mva_st=mva, aliq_icms_st="18", aliq_fcp_st="2")
    icms = icms_of(rule, value)
    assert icms.vBCFCPST == icms.vBCST
    assert (icms.pFCPST, icms.vFCPST) == (D("2"), D(published))


# --- Simples Nacional (CSOSN 202 / 203) -------------------------------------------------------


@pytest.mark.parametrize("csosn", ["202", "203"])
def test_motortributarionet_csosn_202_203_with_ipi(csosn: str) -> None:
    """AutomacaoNet/MotorTributarioNet, src/TestMotorTributarioNet/Csosn/Csosn202Test.cs (commit
    533d5e7) and Csosn203Test.cs (commit a5bd0d2): value 2000.00, IPI 15 %, MVA 40 %, ICMS and
    ICMS-ST 18 % -> ValorBcIcmsSt 3220.00, ValorIcmsSt 219.60: (2000 + 300) × 1.4 = 3220.00 ×
    18 % = 579.60, less the remitter's own ICMS as if outside the Simples, 2000 × 18 % = 360.00
    (IPI out of it: a sale between contributors)."""
    rule = trib(
        SIMPLES_PIS_COFINS,
        csosn=csosn,
        aliq_icms="18",
        mva_st="40",
        aliq_icms_st="18",
        cst_ipi="50",
        aliq_ipi="15",
    )
    simples = Company(crt=1, uf="SP")
    ctx = make_ctx(itens=(line("2000.00"),), empresa=simples, contraparte=CONTRIBUTOR)
    result = compute(ctx, RuleSet([rule]))
    assert not result.missing, result.missing
    item = result.itens[0]
    assert item.ipi.vIPI == D("300.00")
    assert (item.icms.CSOSN, item.icms.pMVAST, item.icms.vBCST, item.icms.vICMSST) == (
        csosn,
        D("40"),
        D("3220.00"),
        D("219.60"),
    )


def test_simples_remitter_keeps_the_original_mva_interstate() -> None:
    """A rule, not a numeric example. Convênio ICMS 35/2011, cláusula primeira: the Simples
    Nacional substitute "não aplicará 'MVA ajustada' prevista em Convênio ou Protocolo ... nas
    operações interestaduais"; parágrafo único: "o percentual de MVA adotado será aquele
    estabelecido a título de 'MVA ST original'" (text quoted at portalspedbrasil.com.br/?p=7913;
    SEFAZ/SP Resposta à Consulta 17.710/2018 applies it after the suspension of Conv. 52/2017 by
    STF ADI 5866). The same rule is RICMS/TO (Decreto 2.912/2006) art. 63-A and parágrafo
    único, at dtri.sefaz.to.gov.br/legislacao/ntributaria/decretos/Decreto2.912-06.htm (stored
    copy: smart63labs/nova_tea, dados/scraped_backup/secretaria-da-fazenda-406ahm359ier/
    decreto_no_291206_20251223_124637.md), and Conv. ICMS 142/2018 keeps it: "Nas hipóteses em
    que o contribuinte remetente seja optante pelo Simples Nacional, será aplicada a MVA
    prevista para as operações internas na legislação da unidade federada de destino ou em
    convênio e protocolo" (quoted at tatianescremin.com.br/convenio-icms-142-18-exclui-a-
    possibilidade-de-mva-ajustada-...).

    Simples SP -> MG, 1000.00, interstate 12 %, MG 18 %, MVA 40 %: pMVAST 40 (not 50.24),
    vBCST 1400.00 × 18 % = 252.00 − 120.00 (the operation at the interstate rate) = 132.00.
    The engine (`_with_st`) adjusts the MVA only for an issuer outside the Simples; the
    deduction keeps the interstate rate (Resolução CGSN 94/2011 art. 28 §2º II)."""
    rule = trib(SIMPLES_PIS_COFINS, csosn="202", aliq_icms="12", mva_st="40", aliq_icms_st="18")
    result = compute(
        make_ctx(
            itens=(line("1000.00"),),
            empresa=Company(crt=1, uf="SP"),
            contraparte=Counterpart(uf="MG", contribuinte=True, consumidor_final=False),
        ),
        RuleSet([rule]),
    )
    assert not result.missing, result.missing
    icms = result.itens[0].icms
    assert (icms.pMVAST, icms.vBCST, icms.vICMSST) == (D("40"), D("1400.00"), D("132.00"))
