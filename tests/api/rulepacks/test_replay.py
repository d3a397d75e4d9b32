"""Replay of a candidate pack over issued documents: it reports exactly the documents whose
taxes a changed rule alters, to the cent, names the rules that made the difference, and
changes nothing."""

from __future__ import annotations

import shutil
from datetime import date
from decimal import Decimal
from typing import Any

import yaml
from sqlalchemy import select

from service.db import transaction
from service.issuance.models import FiscalDocument
from tests.api.nfe.helpers import _configured, add_customer, add_product, nfe_body
from tests.api.nfe.helpers import ready_to_issue as ready_company
from tests.api.rulepacks.packs import add_rules, exported, replayed, tax_rule, write_pack

SINCE = date(2020, 1, 1)
PRESUMIDO = {"crt": 3, "apuracao": "presumido"}


def _issue(
    client: Any, ready: Any, pedido: str, codigo: str, quantidade: int, cliente: str = "C1"
) -> str:
    body = nfe_body(pedido, cliente=cliente, itens=[{"codigo": codigo, "quantidade": quantidade}])
    answer = client.post(
        "/api/v1/nfe", headers=ready.headers, json={**body, "empresa": ready.codigo}
    )
    assert answer.status_code == 200, answer.get_json()
    return str(answer.get_json()["id"])


def _issued(client: Any, rt: Any, sim: Any) -> tuple[Any, Any, dict[str, str]]:
    """Company A: two notes of P1 (NCM 2202, 10.00) and one of P2 (coffee, NCM 0901, 25.00);
    company B, same account: one note of P1 in SP and one to a consumer in RJ (the interstate
    rate from the global pack). Lucro presumido in SP (the internal 18 % is in its rules)."""
    first = ready_company(client, rt, sim, **PRESUMIDO)
    add_product(rt, first, "P2", ncm="09012100", preco="25.00", descricao="Café torrado")
    second = _configured(client, rt, sim, first.account_id, first.key, first.test_key, **PRESUMIDO)
    add_product(rt, second)
    add_customer(rt, second)
    add_customer(rt, second, "RJ1", uf="RJ")
    docs = {
        "a1": _issue(client, first, "R-1", "P1", 3), "a2": _issue(client, first, "R-2", "P1", 5),
        "a3": _issue(client, first, "R-3", "P2", 2), "b1": _issue(client, second, "R-4", "P1", 1),
        "b2": _issue(client, second, "R-5", "P1", 4, cliente="RJ1"),
    }  # fmt: skip
    return first, second, docs


def _snapshots(rt: Any) -> dict[str, str]:
    with transaction(rt.sessions) as session:
        rows = session.execute(select(FiscalDocument.id, FiscalDocument.snapshot_sha256))
        return dict(rows.all())


def _changes(report: Any) -> dict[str, dict[str, Decimal]]:
    return {
        d.id: {c.tributo: c.diferenca for c in d.mudancas if c.item is not None}
        for d in report.alterados
    }


def test_a_company_rule_changes_exactly_its_documents(client, rt, sim, tmp_path):
    first, _second, docs = _issued(client, rt, sim)
    before = _snapshots(rt)
    reduced = tax_rule("loja.refrigerante.reduzido", "2202", cst_icms="00", aliq_icms="12.00",
                       cst_pis="01", aliq_pis="0.65", cst_cofins="01",
                       aliq_cofins="3.00")  # fmt: skip
    pack = exported(rt, first.company_id, tmp_path)
    add_rules(pack, "TRIBUTACAO", reduced)
    report = replayed(rt, pack, SINCE)

    assert report.documentos == 3  # company B's note is not the candidate's to change
    assert set(_changes(report)) == {docs["a1"], docs["a2"]}
    # 3 × 10.00 = 30.00 at 12 % instead of 18 %: 3.60 instead of 5.40; 5 × 10.00: 6.00 vs 9.00
    assert _changes(report)[docs["a1"]]["ICMS"] == Decimal("-1.80")
    assert _changes(report)[docs["a2"]]["ICMS"] == Decimal("-3.00")
    assert report.totais["ICMS"] == Decimal("-4.80")
    doc = next(d for d in report.alterados if d.id == docs["a1"])
    icms = next(c for c in doc.mudancas if c.tributo == "ICMS")
    assert (icms.aliquota_antes, icms.aliquota_depois) == ("18.00", "12.00")
    assert ("loja.refrigerante.reduzido", "adicionada", "empresa") in {
        (r.regra_id, r.mudanca, r.camada) for r in doc.regras
    }
    assert any(r.mudanca == "retirada" and r.tipo == "TRIBUTACAO" for r in doc.regras)
    assert _snapshots(rt) == before  # nothing written


def test_a_global_rate_change_reaches_the_documents_that_used_it(client, rt, sim, tmp_path):
    _first, _second, docs = _issued(client, rt, sim)
    candidate = tmp_path / "global" / "nacional" / "2026.9"
    shutil.copytree("rulepacks/global/nacional/2026.1", candidate)
    file = candidate / "rules" / "icms_interestadual.yaml"
    data = yaml.safe_load(file.read_text())
    twelve = next(r for r in data["regras"] if r["id"] == "icms.inter.12")
    twelve["resultado"]["aliquota"] = "13.00"
    file.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
    report = replayed(rt, candidate, SINCE)
    assert report.documentos == 5 and set(_changes(report)) == {docs["b2"]}
    # 4 × 10.00 = 40.00 at 13 % instead of 12 %: 5.20 instead of 4.80; the destination's
    # share (DIFAL) shrinks by as much
    assert _changes(report)[docs["b2"]]["ICMS"] == Decimal("0.40")
    assert _changes(report)[docs["b2"]]["ICMS_UF_DEST"] == Decimal("-0.40")
    (doc,) = report.alterados
    assert ("icms.inter.12", "alterada", ("resultado.aliquota",), "global") in {
        (r.regra_id, r.mudanca, r.campos, r.camada) for r in doc.regras
    }
    only_a = replayed(rt, candidate, SINCE, company_ids=[_first.company_id])
    assert only_a.documentos == 3 and not only_a.alterados


def test_a_platform_candidate_reaches_only_the_companies_it_names(client, rt, sim, tmp_path):
    first, _second, docs = _issued(client, rt, sim)
    cafe = tax_rule("contabil.cafe", "0901", cst_icms="20", aliq_icms="18.00", red_bc="33.33",
                    cst_pis="01", aliq_pis="0.65", cst_cofins="01", aliq_cofins="3.00")  # fmt: skip
    pack = write_pack(tmp_path, "plataforma", "contabil", "2026.1", [cafe],
                      empresas=[first.codigo])  # fmt: skip
    report = replayed(rt, pack, SINCE)
    assert set(_changes(report)) == {docs["a3"]}
    # 2 × 25.00 = 50.00 reduced by 33.33 %: base 33.34 × 18 % = 6.00, instead of 9.00
    assert _changes(report)[docs["a3"]]["ICMS"] == Decimal("-3.00")
    assert report.alterados[0].regras[0].camada == "plataforma"
