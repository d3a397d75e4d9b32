"""`/fiscal/calcular` decides what the issuance of the same request decides (issue 36).

For each family (NF-e, NFC-e, NFS-e, CT-e, CT-e OS) and context (a normal company, a rural
producer), the request is issued against the simulator and then calculated; the engine's
item taxes and totals stored in the issued document's snapshot must be the calculation's.
Before the two shared one decision path a rural producer's soybeans were issued with the
deferral (CST 51) and calculated as "nenhuma regra de tributação vigente".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from service.db import transaction
from service.issuance.models import FiscalDocument
from tests.api.cte.helpers import cte_body, cte_ready, cteos_body
from tests.api.nfe.helpers import Ready, add_customer, add_product, nfe_body, ready_to_issue
from tests.api.nfse.helpers import nfse_body, nfse_ready
from tests.factories import auth

API = "/api/v1"
SOY = "12019000"
DEFERRAL = {
    "tipo": "RURAL_ICMS",
    "criterios": {"contexto": "PRODUTOR_RURAL", "ncm_prefixo": "1201"},
    "resultado": {
        "tratamento": "DIFERIMENTO",
        "cst_icms": "51",
        "p_dif": "100.00",
        "fundamento": {
            "instrumento": "RICMS/SP art. 350 (diferimento da soja em grão)",
            "uf": "SP",
            "tipo_beneficio": "diferimento",
            "cst_icms": "51",
            "percentual": "100",
            "verificado_em": "2026-11-20",
        },
    },
    "vigencia_inicio": "2026-01-01",
    "versao": "1",
    "fonte": "RICMS/SP (Decreto 45.490/2000) art. 350",
}


REGIME = {"crt": 3, "apuracao": "presumido"}
"""A regime normal issuer: the engine's `regime` fact, which the calculation used to lose."""


def _rural(client: Any, ready: Ready) -> None:
    """The company becomes a (legal-person) rural producer, with the deferral of soybeans."""
    properties = [{"nome": "Fazenda", "cod_municipio": "3543907", "nirf": "1234567-8"}]
    producer = {"contexto_fiscal": "PRODUTOR_RURAL", "propriedades": properties}
    on = client.put(API + "/rural/produtor", headers=ready.headers, json=producer)
    assert on.status_code == 200, on.get_json()
    rule = client.post(API + "/configuracao-fiscal/regras-base", headers=ready.headers,
                       json=DEFERRAL)  # fmt: skip
    assert rule.status_code == 201, rule.get_json()


def _goods(client: Any, rt: Any, sim: Any, rural: bool) -> Ready:
    ready = ready_to_issue(client, rt, sim, **REGIME)
    if rural:
        add_product(rt, ready, "SOJA", ncm=SOY, preco="150.00", descricao="Soja em grão")
        add_customer(rt, ready, "C2", uf="RJ")
        _rural(client, ready)
    return ready


def _goods_body(rural: bool) -> dict[str, Any]:
    if not rural:
        return nfe_body("PED-CALC")
    items = [{"codigo": "SOJA", "quantidade": 3}, {"codigo": "P1", "quantidade": 1}]
    return nfe_body("PED-CALC", natureza="VENDA_PRODUCAO", itens=items)


def _nfce_body(rural: bool) -> dict[str, Any]:
    body = _goods_body(rural)
    body.pop("cliente")
    body["pagamento"] = "dinheiro"
    if rural:
        body.pop("natureza")
    return body


SERVICE = {"codigo": "S1", "c_ind_op": "100301"}  # a regime normal provider's IBS/CBS


def _nfse(client: Any, rt: Any, sim: Any, rural: bool) -> Ready:
    ready = nfse_ready(client, rt, sim, **REGIME)
    if rural:
        _rural(client, ready)
    return ready


def _cte(client: Any, rt: Any, sim: Any, rural: bool) -> Ready:
    ready = cte_ready(client, rt, sim, apuracao=REGIME["apuracao"])
    if rural:
        _rural(client, ready)
    return ready


FAMILIES: dict[str, tuple[str, str, Callable[..., Ready], Callable[[bool], dict[str, Any]]]] = {
    "NFE": ("/nfe", "NFE", _goods, _goods_body),
    "NFCE": ("/nfce", "NFCE", _goods, _nfce_body),
    "NFSE": ("/nfse", "NFSE", _nfse, lambda rural: nfse_body("OS-CALC", servico=SERVICE)),
    "CTE": ("/cte", "CTE", _cte, lambda rural: cte_body("FRETE-CALC")),
    "CTEOS": ("/cteos", "CTEOS", _cte, lambda rural: cteos_body("FRETAMENTO-CALC")),
}


def _stored(rt: Any, document_id: str) -> tuple[dict[str, Any], str]:
    """The engine's result as the issuance stored it in the snapshot, and the digest."""
    with transaction(rt.sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return dict(document.snapshot["resultado"]), str(document.snapshot_sha256)


def _decided(result: dict[str, Any]) -> dict[str, Any]:
    """What the engine decided: each item's taxes and the totals (and what it missed)."""
    return {
        "itens": result["taxes"]["itens"],
        "totais": result["taxes"]["totais"],
        "missing": result["missing"],
        "rules_used": result["rules_used"],
    }


@pytest.mark.parametrize("rural", [False, True], ids=["normal", "rural"])
@pytest.mark.parametrize("family", list(FAMILIES))
def test_calculation_decides_what_the_issuance_of_the_same_request_decides(
    client, rt, sim, family, rural
):
    route, documento, setup, body_of = FAMILIES[family]
    ready = setup(client, rt, sim, rural)
    body = body_of(rural)
    issued = client.post(API + route, headers=ready.headers, json=body)
    assert issued.status_code == 200, issued.get_json()
    assert issued.get_json()["status"] == "AUTORIZADA", issued.get_json()
    stored, digest = _stored(rt, issued.get_json()["id"])
    operation = {k: v for k, v in body.items() if k != "pedido"}
    request = {"documento": documento, "operacao": operation}
    if rural:
        request["contexto"] = "PRODUTOR_RURAL"
    calculated = client.post(API + "/fiscal/calcular", headers=auth(ready.key), json=request)
    assert calculated.status_code == 200, calculated.get_json()
    answer = calculated.get_json()
    assert _decided(answer) == _decided(stored)
    assert answer["snapshot_sha256"] == digest  # the same context, rules and result
    if rural and family in ("NFE", "NFCE"):
        soy = answer["taxes"]["itens"][0]
        assert soy["icms"]["CST"] == "51" and soy["icms"]["pDif"] == "100.00"
