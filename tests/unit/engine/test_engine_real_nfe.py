"""Real NF-e with ICMS-ST, IPI and DIFAL (../shared/corpus/nfe, nfe_more) recomputed by the engine.

Each document becomes a context (products with NCM, CEST, origin, quantity, price, discount,
freight; issuer CRT and UF; recipient UF, contributor and final-consumer flags) and company
rules holding the document's own rates (CST/CSOSN, pICMS, pRedBC, MVA, ST rate and reduction,
IPI, PIS, COFINS, DIFAL destination rate). The engine must give back every item's bases and
values and the totals to the cent. An item an issuer computed against the engine's documented
choice is listed with the reason, and asserted to differ (so that a change of choice shows).
The cases and the reading of the documents are in `tests/real_nfe.py`, shared with the test
that issues the same documents against the simulator (`tests/e2e/test_real_nfe_issued.py`).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from engine import Company, Counterpart, DocumentType, Item, RuleSet, RuleType, TaxContext, compute
from engine.result import ItemTaxes, TaxResult
from engine.rules import Rule, RuleOrigin
from tests.paths import CORPUS
from tests.real_nfe import (
    CASES,
    ITEM_FIELDS,
    NOT_REPRODUCIBLE,
    NS,
    TOTALS,
    Case,
    check,
    dec,
    difal_results,
    document_line,
    original_item,
    rule_result,
    text,
)

START = date(2000, 1, 1)


def item_rule(det: Any, n: int, case: Case, interstate: bool) -> Rule:
    return Rule(
        id=f"doc.item{n}",
        tipo=RuleType.TRIBUTACAO,
        versao="1",
        fonte="documento do corpus",
        vigencia_inicio=START,
        origem=RuleOrigin.EMPRESA,
        criterios={"produto_id": f"p{n}"},
        resultado=rule_result(det, n, case, interstate),
    )


def difal_rules(dets: list[Any]) -> list[Rule]:
    results = difal_results(dets)
    if results is None:
        return []
    incidence, uf = results
    common = {
        "versao": "1",
        "fonte": "documento do corpus",
        "vigencia_inicio": START,
        "origem": RuleOrigin.EMPRESA,
    }
    return [
        Rule(
            id="doc.difal",
            tipo=RuleType.DIFAL_INCIDENCIA,
            criterios={"contribuinte": False},
            resultado=incidence,
            **common,
        ),
        Rule(
            id="doc.difal.uf",
            tipo=RuleType.DIFAL_UF_DESTINO,
            resultado=uf,
            **common,
        ),
    ]


def context(root: Any, case: Case) -> tuple[TaxContext, list[Rule], list[Any]]:
    emit_uf = text(root, ".//n:emit/n:enderEmit/n:UF")
    dest_uf = text(root, ".//n:dest/n:enderDest/n:UF")
    ide = root.find(".//n:ide", NS)
    interstate = emit_uf != dest_uf
    dets = root.findall(".//n:det", NS)
    items, rules = [], []
    for det in dets:
        n = int(det.get("nItem"))
        line = document_line(det)
        items.append(
            Item(
                n,
                line.quantity,
                line.unit_price,
                desconto=line.discount,
                frete=line.freight,
                seguro=line.insurance,
                outras_despesas=line.other,
                produto_id=f"p{n}",
                ncm=line.ncm,
                cest=line.cest,
                origem=line.origin,
                importacao=line.importation,
            )
        )
        rules.append(item_rule(det, n, case, interstate))
    rules += difal_rules(dets)
    ctx = TaxContext(
        documento=DocumentType.NFE,
        data_operacao=date.fromisoformat((text(ide, "n:dhEmi") or "")[:10]),
        empresa=Company(crt=int(text(root, ".//n:emit/n:CRT") or 3), uf=emit_uf or ""),
        contraparte=Counterpart(
            uf=dest_uf,
            contribuinte=text(root, ".//n:dest/n:indIEDest") != "9",
            consumidor_final=text(ide, "n:indFinal") == "1",
        ),
        itens=tuple(items),
    )
    return ctx, rules, dets


def computed_item(item: ItemTaxes) -> dict[str, D]:
    out: dict[str, D] = {}
    for name, (grp, attr) in ITEM_FIELDS.items():
        part = getattr(item, grp)
        value = getattr(part, attr) if part is not None else None
        if value is not None:
            out[name] = value
    return out


def compare(case: Case) -> tuple[list[str], list[str]]:
    """(unexpected differences, documented deviations that did not happen)."""
    root = etree.parse(str(CORPUS / case.path)).getroot()
    ctx, rules, dets = context(root, case)
    result: TaxResult = compute(ctx, RuleSet(rules))
    assert not result.missing, result.missing
    wrong: list[str] = []
    unseen: list[str] = []
    for det, item in zip(dets, result.itens, strict=True):
        want, got = original_item(det), computed_item(item)
        for name in sorted(set(want) | set(got)):
            w, g = want.get(name, D("0.00")), got.get(name, D("0.00"))
            check(case, (item.numero, name), w, g, wrong, unseen)
    tot = root.find(".//n:ICMSTot", NS)
    for name in TOTALS:
        w, g = dec(tot, f"n:{name}") or D("0.00"), result.totais.get(name, D("0.00"))
        check(case, (0, name), w, g, wrong, unseen)
    return wrong, unseen


@pytest.mark.parametrize("case", CASES, ids=lambda c: Path(c.path).stem[-24:])
def test_real_nfe_reproduced(case: Case) -> None:
    wrong, unseen = compare(case)
    assert wrong == [] and unseen == []


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, marks=pytest.mark.xfail(reason=reason, strict=True))
        for path, reason in sorted(NOT_REPRODUCIBLE.items())
    ],
)
def test_documents_the_engine_cannot_reproduce(path: str) -> None:
    """Computed all the same: a document that starts to match makes this fail (strict)."""
    wrong, _ = compare(Case(path))
    assert wrong == []
