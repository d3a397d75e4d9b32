"""An imported goods item (`Item.importacao`): the NF-e of entry the importer issues for goods
cleared from abroad. The tax rule (TRIBUTACAO) gives CFOP, CSTs and rates as for any goods
item; the bases come from the customs clearance (`engine.calculators.importation`, with the
law of each one):

IPI on customs value + II; PIS/COFINS-Importação on the customs value; then ICMS on the sum of
customs value, II, IPI, IOF, PIS/COFINS, AFRMM and customs expenses with the ICMS inside; the
II group is written as declared. No DIFAL (there is no other UF). The item's freight,
insurance and other expenses (vFrete, vSeg, vOutro) are the note's values only: the customs
expenses enter the bases through `despesas_aduaneiras`, never twice.
"""

from __future__ import annotations

from engine.calculators import importation as bases
from engine.calculators.ibs_cbs import goods_base
from engine.context import Item
from engine.facts import Facts
from engine.flows import goods
from engine.flows.common import ibs_cbs_resolution, ibs_cbs_step, line_values
from engine.result import IiGroup, ItemTaxes
from engine.rounding import ZERO, money
from engine.rules import RuleType
from engine.run import Run


def imported_item(run: Run, facts: Facts, item: Item) -> ItemTaxes:
    """All taxes of one imported item."""
    imp = item.importacao
    assert imp is not None
    n = item.numero
    vprod, vdesc = line_values(item)
    frete, seguro, outro = money(item.frete), money(item.seguro), money(item.outras_despesas)
    res = run.resolve(RuleType.TRIBUTACAO, facts, n)
    icms = pis = cofins = ipi = None
    cfop = inf_cpl = None
    if res.winner is None:
        run.need("REGRA_TRIBUTACAO", goods._no_rule_message(n, facts), n, "TRIBUTACAO")
    else:
        run.use(res, "TRIBUTACAO", n)
        spec = run.parsed(res.winner, "goods", goods.goods_spec)
        cfop, inf_cpl = spec.cfop, spec.inf_cpl
        ipi = goods._ipi(run, facts, n, bases.ipi_base(imp), spec.ipi, res)
        customs = bases.contributions_base(imp)
        pis = goods._contribution(run, "PIS", customs, spec.pis, n, res)
        cofins = goods._contribution(run, "COFINS", customs, spec.cofins, n, res)
        total = bases.icms_sum(
            imp,
            ipi.vIPI if ipi is not None and ipi.vIPI is not None else ZERO,
            pis.v if pis is not None else ZERO,
            cofins.v if cofins is not None else ZERO,
        )
        run.note("IMPORTACAO", "soma da base do ICMS na importação (LC 87/1996 art. 13 V), "
                 "antes do ICMS por dentro", n, base=total)  # fmt: skip
        icms = goods._icms(run, facts, item, total, total, spec, res)
    ii = IiGroup(
        vBC=money(imp.valor_aduaneiro), vDespAdu=money(imp.despesas_aduaneiras),
        vII=money(imp.valor_ii), vIOF=money(imp.valor_iof),
    )  # fmt: skip
    iva = ibs_cbs_resolution(run, facts, n)
    ibs = ibs_cbs_step(run, iva, goods_base(bases.ibs_cbs_base(imp)), n)
    return ItemTaxes(
        numero=n, vProd=vprod, vDesc=vdesc, cfop=cfop, vFrete=frete or None,
        vSeg=seguro or None, vOutro=outro or None, icms=icms, ipi=ipi, pis=pis, cofins=cofins,
        ibs_cbs=ibs, regra_tributaria=res.match, regra_iva=iva.match, inf_cpl=inf_cpl, ii=ii,
    )  # fmt: skip
