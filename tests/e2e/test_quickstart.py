"""The README's first command, for real: gunicorn + the simulator as separate processes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from tests.e2e.quickstart_process import Quickstart, json_objects, run_bash, running_quickstart

pytestmark = pytest.mark.e2e
BANNER_END = 'curl -s "http'
"""The banner's last line: the configuration overview of the demo company."""


@pytest.fixture
def quickstart(tmp_path: Path) -> Iterator[tuple[int, Path, Quickstart]]:
    with running_quickstart(tmp_path / "data") as running:
        yield running.port, running.data_dir, running


def test_quickstart_serves_with_a_ready_key(quickstart):
    port, data_dir, _running = quickstart
    info = json.loads((data_dir / "dev-account.json").read_text())
    key = info["api_keys"]["test"]
    response = requests.get(
        f"http://127.0.0.1:{port}/api/v1/api-keys",
        headers={"Authorization": f"Bearer {key}"},
        timeout=10,
    )
    assert response.status_code == 200
    assert response.json()["success"] is True
    assert response.headers["X-Request-Id"].startswith("req_")
    health = requests.get(f"http://127.0.0.1:{port}/health", timeout=10).json()
    assert health["modo"] == "embedded" and health["checks"]["database"] == "ok"
    ready = json.loads((data_dir / "simulator" / "ready.json").read_text())
    assert ready["base_url"].startswith("https://127.0.0.1:")


def test_cli_accounts_create_json_contract(tmp_path: Path):
    env = {**os.environ, "FISCAL_DATA_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    run = [sys.executable, "-c", "from service.cli import main; main()"]
    subprocess.run([*run, "db", "upgrade"], env=env, check=True, capture_output=True)
    result = subprocess.run(
        [
            *run,
            "accounts",
            "create",
            "--name",
            "ERP",
            "--email",
            "erp@exemplo.com",
            "--credits",
            "100.00",
            "--max-companies",
            "3",
            "--json",
        ],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    out = json.loads(result.stdout)
    assert out["account_id"].startswith("acc_")
    assert out["api_keys"]["live"].startswith("fiscal_live_")
    assert out["api_keys"]["test"].startswith("fiscal_test_")


def _printed_commands(running: Quickstart) -> str:
    """The two lines the banner prints: issue the demo NF-e, save its DANFE."""
    lines = running.banner(BANNER_END)
    issue = next(line for line in lines if line.startswith("ID=$(curl "))
    danfe = next(line for line in lines if line.startswith("curl ") and "/danfe" in line)
    assert f":{running.port}/api/v1/nfe " in issue and running.keys["test"] in issue
    return issue + "\n" + danfe + "\n"


def test_printed_commands_authorize_an_nfe_and_save_its_danfe(quickstart, tmp_path: Path):
    _port, _data_dir, running = quickstart
    script = _printed_commands(running)
    work = tmp_path / "work"
    work.mkdir()
    result = run_bash(script, work)
    assert result.returncode == 0, result.stderr
    answer = json_objects(result.stderr)[0]
    assert answer["status"] == "AUTORIZADA", answer
    assert answer["pedido"] == "DEMO-1" and answer["chave"].startswith("35")
    assert (work / "danfe.pdf").read_bytes().startswith(b"%PDF-")
    again = run_bash(script, work)
    assert json_objects(again.stderr)[0]["id"] == answer["id"]  # the same order: a replay


def test_demo_company_is_ready_for_both_models(quickstart):
    _port, _data_dir, running = quickstart
    overview = running.get("/configuracao-fiscal?empresa=DEMO").json()
    assert overview["pronta_para_emitir"] is True, overview["pendencias"]
    assert overview["pronta_para_emitir_modelos"] == {"nfe": True, "nfce": True}
    assert overview["pendencias"] == []
    issuer = overview["emitente"]
    assert (issuer["uf"], issuer["crt"], issuer["csc_configurado"]) == ("SP", 1, True)
    assert overview["certificado"]["status"] == "ok"
    products = running.get("/produtos?empresa=DEMO").json()["itens"]
    assert [(p["codigo"], bool(p["ncm"]), p["preco"]) for p in products] == [
        ("P001", True, "3.50"), ("P002", True, "18.90")]  # fmt: skip
    customer = running.get("/clientes?empresa=DEMO&codigo=C001").json()["itens"][0]
    assert customer["uf"] == "SP" and customer["cod_municipio"] != issuer["cod_municipio"]
    assert issuer["modulos"] == ["cte", "cteos", "mdfe", "nfce", "nfe", "nfse"]
    services = running.get("/servicos?empresa=DEMO").json()["itens"]
    assert [(s["codigo"], s["aliquota_iss"]) for s in services] == [("S001", None)]
    assert running.get("/veiculos?empresa=DEMO").json()["total"] == 2
    nfce = requests.post(
        running.api + "/nfce", timeout=60,
        headers={"Authorization": f"Bearer {running.keys['test']}"},
        json={"empresa": "DEMO", "pedido": "CUPOM-DEMO", "pagamento": "dinheiro",
              "itens": [{"codigo": "P002", "quantidade": 1}]},
    )  # fmt: skip
    assert nfce.status_code == 200 and nfce.json()["status"] == "AUTORIZADA", nfce.json()


def test_a_second_start_keeps_the_same_demo_company(tmp_path: Path):
    data_dir = tmp_path / "data"
    with running_quickstart(data_dir) as first:
        first.banner(BANNER_END)
    with running_quickstart(data_dir) as second:
        second.banner(BANNER_END)
        companies = second.get("/empresas").json()["itens"]
        certificates = second.get("/configuracao-fiscal/logs?empresa=DEMO&entidade=certificado")
        products = second.get("/produtos?empresa=DEMO").json()
        overview = second.get("/configuracao-fiscal?empresa=DEMO").json()
    assert sorted(c["codigo"] for c in companies) == ["DEMO", "PRODUTOR"]
    assert certificates.json()["total"] == 1
    assert products["total"] == 2
    assert overview["pronta_para_emitir_modelos"] == {"nfe": True, "nfce": True}


def test_a_new_simulator_ca_gets_a_new_demo_certificate(tmp_path: Path):
    """Deleting the simulator's folder makes a new CA: the old certificate would be refused."""
    data_dir = tmp_path / "data"
    with running_quickstart(data_dir) as first:
        first.banner(BANNER_END)
    shutil.rmtree(data_dir / "simulator")
    with running_quickstart(data_dir) as second:
        lines = second.banner(BANNER_END)
        certificates = second.get("/configuracao-fiscal/logs?empresa=DEMO&entidade=certificado")
        work = tmp_path / "work"
        work.mkdir()
        result = run_bash(_printed_commands(second), work)
    assert certificates.json()["total"] == 2
    assert json_objects(result.stderr)[0]["status"] == "AUTORIZADA", (result.stderr, lines)


def test_without_simulator_the_demo_company_has_no_certificate_and_says_why(tmp_path: Path):
    with running_quickstart(tmp_path / "data", "--no-simulator") as running:
        lines = running.banner(BANNER_END)
        overview = running.get("/configuracao-fiscal?empresa=DEMO").json()
    text = "\n".join(lines)
    assert "--no-simulator" in text and "ID=$(curl" not in text
    assert overview["certificado"]["status"] == "ausente"
    assert overview["pronta_para_emitir_modelos"] == {"nfe": False, "nfce": False}
    assert "Certificado: envie o certificado A1." in overview["pendencias"]
