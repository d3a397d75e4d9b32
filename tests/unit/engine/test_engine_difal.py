"""DIFAL (EC 87/2015, LC 190/2022) over the global pack: the ICMSUFDest group of an interstate
sale to a non-contributor final consumer, computed by hand here from the rules' rates (half up
per item), Simples Nacional outside it by rule (ADI 5464), and a UF without data as missing."""

from __future__ import annotations

from datetime import date
from decimal import ROUND_HALF_UP
from decimal import Decimal as D
from functools import cache

from engine_factories import company_rule, make_ctx

from engine import Company, Counterpart, Item, PersonType, RuleSet, RuleType, compute
from engine.packs import DEFAULT_ROOT, load_pack

TRIB = company_rule("trib", criterios={"crt": "3"}, resultado={
    "cfop": "6108", "cst_icms": "00", "cst_pis": "01", "aliq_pis": "1.65",
    "cst_cofins": "01", "aliq_cofins": "7.60"})  # fmt: skip
SIMPLES = company_rule("trib.sn", criterios={"crt": "1"}, resultado={
    "cfop": "6108", "csosn": "102", "cst_pis": "49", "cst_cofins": "49"})  # fmt: skip
CONSUMER = {"tipo": PersonType.PF, "contribuinte": False, "consumidor_final": True}


@cache
def global_rules() -> RuleSet:
    return load_pack(DEFAULT_ROOT / "global" / "nacional" / "2026.1").ruleset()


def cents(value: D) -> D:
    return value.quantize(D("0.01"), ROUND_HALF_UP)


def sale(uf_dest: str, *, crt: int = 3, value: str = "1000.00", explain: bool = False,
         when: date = date(2026, 5, 10)):  # fmt: skip
    ctx = make_ctx(
        data_operacao=when,
        empresa=Company(crt=crt, uf="SP", cod_municipio="3550308"),
        contraparte=Counterpart(uf=uf_dest, **CONSUMER),
        itens=(Item(1, D("1"), D(value), origem="0"),),
    )
    return compute(ctx, RuleSet([TRIB, SIMPLES], base=global_rules()), explain=explain)


def test_double_base_destination_sp_to_ba() -> None:
    """BA: 20.5 %, base dupla, no general FCP; SP→BA interstate 7 % (Res. SF 22/1989)."""
    r = sale("BA")
    [item] = r.itens
    difal = item.icms_uf_dest
    assert difal is not None and item.icms is not None
    origin = cents(D("1000.00") * D("7") / 100)  # 70.00, the item's interstate ICMS
    base = cents((D("1000.00") - origin) / (1 - D("20.5") / 100))  # 930 / 0.795 = 1169.81
    owed = cents(base * D("20.5") / 100) - origin  # 239.81 − 70.00
    assert (base, owed) == (D("1169.81"), D("169.81"))
    assert difal.vBCUFDest == base and difal.pICMSUFDest == D("20.50")
    assert difal.pICMSInter == D("7.00") == item.icms.pICMS
    assert difal.pICMSInterPart == D("100.00")
    assert difal.vICMSUFDest == owed and difal.vICMSUFRemet == D("0.00")
    assert difal.pFCPUFDest is None and difal.vFCPUFDest is None and difal.vBCFCPUFDest is None
    assert r.totais["vICMSUFDest"] == owed and r.totais["vICMSUFRemet"] == D("0.00")
    assert "vFCPUFDest" not in r.totais
    assert not r.requires_review and r.warnings == () and r.missing == ()


def test_single_base_with_fcp_sp_to_rj() -> None:
    """RJ: 20 % + FECP 2 %, base única; SP→RJ interstate 12 % (S/SE to S/SE)."""
    r = sale("RJ")
    difal = r.itens[0].icms_uf_dest
    assert difal is not None
    assert difal.vBCUFDest == D("1000.00") == difal.vBCFCPUFDest
    assert difal.pICMSInter == D("12.00") and difal.pFCPUFDest == D("2.00")
    assert difal.vICMSUFDest == D("200.00") - D("120.00")
    assert difal.vFCPUFDest == D("20.00")
    assert r.totais["vFCPUFDest"] == D("20.00") and r.totais["vICMSUFDest"] == D("80.00")


def test_rounding_is_half_up_per_item() -> None:
    """0.50 to BA: origin 0.035 → 0.04; base (0.50 − 0.04) / 0.795 = 0.5786 → 0.58;
    0.58 × 20.5 % = 0.1189 → 0.12; DIFAL 0.12 − 0.04 = 0.08."""
    difal = sale("BA", value="0.50").itens[0].icms_uf_dest
    assert difal is not None
    assert (difal.vBCUFDest, difal.vICMSUFDest) == (D("0.58"), D("0.08"))


def test_difal_leaves_the_ibs_cbs_base() -> None:
    """NT 2025.002: vBC IBS/CBS excludes vICMSUFDest and vFCPUFDest (tax_domain §1.7)."""
    item = sale("RJ").itens[0]
    assert item.ibs_cbs is not None and item.icms is not None and item.pis and item.cofins
    assert item.ibs_cbs.vBC == (D("1000.00") - item.icms.vICMS - item.pis.v - item.cofins.v
                                - D("80.00") - D("20.00"))  # fmt: skip


def test_explain_shows_incidence_and_destination_rules_with_sources() -> None:
    r = sale("BA", explain=True)
    assert r.decisions is not None
    steps = {d.etapa: d for d in r.decisions if d.etapa.startswith("DIFAL")}
    assert steps["DIFAL"].regra_id == "icms.difal.nao_contribuinte"
    assert "EC 87/2015" in (steps["DIFAL"].fonte or "")
    dest = steps["DIFAL_UF_DESTINO"]
    assert dest.regra_id == "icms.difal.uf.ba" and "LC 190/2022" in (dest.fonte or "")
    assert (dest.base, dest.aliquota, dest.valor) == (D("1169.81"), D("20.50"), D("169.81"))
    used = {u.rule_id for u in r.rules_used}
    assert {"icms.difal.nao_contribuinte", "icms.difal.uf.ba"} <= used


def test_simples_nacional_owes_no_difal_by_rule() -> None:
    r = sale("BA", crt=1, explain=True)
    assert r.itens[0].icms_uf_dest is None and "vICMSUFDest" not in r.totais
    assert not r.requires_review and r.missing == ()
    assert r.decisions is not None
    [step] = [d for d in r.decisions if d.etapa == "DIFAL"]
    assert step.regra_id == "icms.difal.simples_nacional" and step.fonte
    assert "ADI 5464" in step.fonte and "ADI 5464" in step.motivo
    loser = [c.regra_id for c in step.concorrentes]
    assert loser == ["icms.difal.nao_contribuinte"]  # less specific: no crt criterion


def test_destination_without_data_is_missing_naming_the_rule_type() -> None:
    """SP's base method is not in the research: the global rule has the rate only, and the
    engine asks the company for the method (no number)."""
    r = _from_rj_to_sp()
    assert r.itens[0].icms_uf_dest is None
    [gap] = r.missing
    assert gap.codigo == "BASE_DIFAL" and gap.tipo_regra == "DIFAL_UF_DESTINO"
    assert "SP" in gap.mensagem and "cadastre uma regra DIFAL_UF_DESTINO da empresa" in gap.mensagem


def test_a_company_rule_gives_the_base_method_the_pack_lacks() -> None:
    own = company_rule("emp.difal.sp", RuleType.DIFAL_UF_DESTINO, criterios={"uf_destino": "SP"},
                       resultado={"aliquota": "18.00", "base": "dupla"})  # fmt: skip
    ctx = make_ctx(
        empresa=Company(crt=3, uf="RJ"),
        contraparte=Counterpart(uf="SP", **CONSUMER),
        itens=(Item(1, D("1"), D("100.00"), origem="0"),),
    )
    r = compute(ctx, RuleSet([TRIB, own], base=global_rules()))
    assert not r.missing
    # RJ → SP 12 %: (100 − 12) / (1 − 0.18) = 107.317 → 107.32 × 18 % = 19.32 − 12.00 = 7.32
    assert (r.itens[0].icms_uf_dest.vBCUFDest, r.itens[0].icms_uf_dest.vICMSUFDest) == (
        D("107.32"), D("7.32"))  # fmt: skip


def test_every_destination_uf_has_a_rule_or_asks_for_one() -> None:
    """Issue 36: no sale to a consumer in any UF ends without a rule or a clear request."""
    ufs = "AC AL AM AP BA CE DF ES GO MA MG MS MT PA PB PE PI PR RJ RN RO RR RS SC SE SP TO"
    for uf in ufs.split():
        if uf == "RJ":
            continue
        ctx = make_ctx(
            empresa=Company(crt=3, uf="RJ"), contraparte=Counterpart(uf=uf, **CONSUMER),
            itens=(Item(1, D("1"), D("100.00"), origem="0"),),
        )  # fmt: skip
        r = compute(ctx, RuleSet([TRIB], base=global_rules()))
        if r.missing:
            assert [m.codigo for m in r.missing] in (["BASE_DIFAL"], ["ALIQUOTA_ICMS_UF_DESTINO"])
            assert "cadastre uma regra DIFAL_UF_DESTINO" in r.missing[0].mensagem, uf
        else:
            assert r.itens[0].icms_uf_dest is not None, uf


def _from_rj_to_sp():
    ctx = make_ctx(
        empresa=Company(crt=3, uf="RJ"),
        contraparte=Counterpart(uf="SP", **CONSUMER),
        itens=(Item(1, D("1"), D("100.00"), origem="0"),),
    )
    return compute(ctx, RuleSet([TRIB], base=global_rules()))


def test_company_rule_fills_a_missing_destination() -> None:
    """The remedy the missing entry names: a company DIFAL_UF_DESTINO rule with its source."""
    own = company_rule("emp.difal.sp", RuleType.DIFAL_UF_DESTINO, criterios={"uf_destino": "SP"},
                       resultado={"aliquota": "18.00", "base": "unica"},
                       fonte="RICMS/SP (cadastro da empresa)")  # fmt: skip
    ctx = make_ctx(
        empresa=Company(crt=3, uf="RJ"),
        contraparte=Counterpart(uf="SP", **CONSUMER),
        itens=(Item(1, D("1"), D("100.00"), origem="0"),),
    )
    r = compute(ctx, RuleSet([TRIB, own], base=global_rules()))
    difal = r.itens[0].icms_uf_dest
    assert r.missing == () and difal is not None
    assert difal.vICMSUFDest == D("18.00") - D("12.00")


def test_contributor_or_internal_sale_has_no_difal() -> None:
    contributor = make_ctx(contraparte=Counterpart(uf="BA", tipo=PersonType.PJ, contribuinte=True,
                                                   consumidor_final=True))  # fmt: skip
    internal = make_ctx(contraparte=Counterpart(uf="SP", **CONSUMER))
    for ctx in (contributor, internal):
        r = compute(ctx, RuleSet([TRIB], base=global_rules()))
        assert r.itens[0].icms_uf_dest is None and r.missing == ()
        assert not any(u.tipo.startswith("DIFAL") for u in r.rules_used)
