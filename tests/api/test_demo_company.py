"""The demo company's modules: a new `DEMO` and one made before `nfse` and `mdfe` joined them."""

from __future__ import annotations

import pytest

from service.demo_company import ISSUER, ensure_demo_company
from tests.factories import auth, make_account

CSC = "SEGREDO-CSC-0123456789"
ISSUER_API = "/api/v1/configuracao-fiscal/emitente?empresa=DEMO"


@pytest.mark.parametrize("older", [False, True])
def test_demo_has_the_nfse_and_mdfe_modules_and_their_registers(client, rt, older):
    account = make_account(rt)
    headers = auth(account.live)
    if older:
        body = {**ISSUER, "modulos": ["nfe", "nfce"], "csc": CSC}
        made = client.post("/api/v1/configuracao-fiscal/emitente", headers=headers, json=body)
        assert made.status_code == 201, made.get_json()
    state = ensure_demo_company(rt.settings, account.live, csc=CSC, make_a1=None)
    assert state.created is not older
    issuer = client.get(ISSUER_API, headers=headers).get_json()["emitente"]
    assert issuer["modulos"] == ["cte", "cteos", "mdfe", "nfce", "nfe", "nfse"]
    assert (issuer["rntrc"], issuer["taf_cteos"]) == ("12345678", "123456789012")
    assert (issuer["razao_social"], issuer["crt"]) == (ISSUER["razao_social"], ISSUER["crt"])
    services = client.get("/api/v1/servicos?empresa=DEMO", headers=headers)
    assert services.status_code == 200, services.get_json()
    for register in ("veiculos", "condutores"):
        answer = client.get(f"/api/v1/{register}?empresa=DEMO", headers=headers)
        assert answer.status_code == 200, answer.get_json()
