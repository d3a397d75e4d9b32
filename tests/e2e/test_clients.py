"""The generated Python client (`clients/python`, written by `scripts/clients` from the OpenAPI
document) against the real server: `fiscal quickstart` on a fresh data dir, whose demo data
issues every family. One full flow per family: the request built from the client's models
(the bodies of the guides), issued, then read back — the document, its XML and its PDF — and
every answer parsed by the client into its typed model (an answer missing a required member,
or with a status or enum value the document does not list, fails here)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest

from tests.e2e.quickstart_process import running_quickstart

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "clients" / "python"))  # an installed copy is not required

from fiscal_client import AuthenticatedClient  # noqa: E402
from fiscal_client.models import (  # noqa: E402
    CteIssueRequest,
    CteOsIssueRequest,
    ErrorEnvelope,
    IssueRequest,
    MdfeIssueRequest,
    NfseIssueRequest,
)
from fiscal_client.types import File  # noqa: E402

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AuthenticatedClient]:
    with running_quickstart(tmp_path_factory.mktemp("clients") / "data") as running:
        base_url = f"http://127.0.0.1:{running.port}"
        timeout = httpx.Timeout(90.0)
        with AuthenticatedClient(base_url, token=running.keys["test"], timeout=timeout) as api:
            yield api


def operation(family: str, method: str, path: str = "") -> ModuleType:
    """A generated operation, e.g. `fiscal_client.api.nfe.get_api_v1_nfe_document_id_xml`."""
    return importlib.import_module(f"fiscal_client.api.{family}.{method}_api_v1_{family}{path}")


def issue(client: AuthenticatedClient, family: str, body: Any) -> Any:
    return issued(operation(family, "post").sync_detailed(client=client, body=body))


def issued(answer: Any) -> Any:
    """The parsed 200 of an issuance: an authorized document."""
    assert answer.status_code == 200, answer.content
    document = answer.parsed
    assert not isinstance(document, ErrorEnvelope), answer.content
    assert document.success is True and document.status == "AUTORIZADA", answer.content
    return document


def fetch(client: AuthenticatedClient, family: str, path: str, document: Any) -> Any:
    """GET /<family>/<id><path> of the demo company, through the generated function."""
    get = operation(family, "get", f"_document_id{path}")
    answer = get.sync_detailed(document.id, client=client, empresa="DEMO")
    assert answer.status_code == 200, answer.content
    return answer.parsed


def read_back(client: AuthenticatedClient, family: str, document: Any, pdf: str) -> Any:
    """GET the document, its XML and its PDF through the family's generated functions; the
    document as read."""
    found = fetch(client, family, "", document)
    assert found.id == document.id and found.status == document.status
    key = document.chave_acesso if family == "nfse" else document.chave
    assert key and len(key) in (44, 50), key  # an NFS-e's access key has 50 digits
    xml = fetch(client, family, "_xml", document)
    assert isinstance(xml, str) and xml.lstrip().startswith("<") and key in xml
    printed = fetch(client, family, f"_{pdf}", document)
    assert isinstance(printed, File) and printed.payload.read().startswith(b"%PDF-")
    return found


@pytest.fixture(scope="module")
def nfe_document(client: AuthenticatedClient) -> Any:
    body = IssueRequest.from_dict({
        "empresa": "DEMO", "pedido": "CLIENTE-NFE-1", "cliente": "C001",
        "itens": [{"codigo": "P001", "quantidade": 3},
                  {"codigo": "P002", "quantidade": 1, "desconto": "1.90"}],
        "pagamento": "pix",
    })  # fmt: skip
    return issue(client, "nfe", body)


@pytest.fixture(scope="module")
def cte_document(client: AuthenticatedClient, nfe_document: Any) -> Any:
    body = CteIssueRequest.from_dict({
        "empresa": "DEMO", "pedido": "CLIENTE-CTE-1", "tomador": "remetente",
        "remetente": "C003", "destinatario": "C001", "valor_prestacao": "480.00",
        "componentes": [{"nome": "FRETE PESO", "valor": "430.00"},
                        {"nome": "PEDAGIO", "valor": "50.00"}],
        "carga": {"valor": "756.00", "produto": "Cadernos", "peso_kg": "60"},
        "documentos": [nfe_document.chave],
        "fiscal": {"tipo_estabelecimento_tomador": "industrial"},
    })  # fmt: skip
    return issue(client, "cte", body)


def test_nfe(client: AuthenticatedClient, nfe_document: Any):
    assert nfe_document.modelo == "55" and len(nfe_document.chave) == 44
    read_back(client, "nfe", nfe_document, "danfe")


def test_nfce(client: AuthenticatedClient):
    body = IssueRequest.from_dict({
        "empresa": "DEMO", "pedido": "CLIENTE-CUPOM-1",
        "itens": [{"codigo": "P001", "quantidade": 2}, {"codigo": "P002", "quantidade": 1}],
        "pagamento": [{"forma": "cartao_debito", "valor": "20.00"},
                      {"forma": "dinheiro", "valor": "10.00"}],
    })  # fmt: skip
    document = issue(client, "nfce", body)
    assert document.modelo == "65"
    read_back(client, "nfce", document, "danfce")


def test_nfse(client: AuthenticatedClient):
    body = NfseIssueRequest.from_dict({
        "empresa": "DEMO", "pedido": "CLIENTE-OS-1", "servico": {"codigo": "S001"},
        "tomador": "C001", "observacoes": "Sprint 1 do projeto",
    })  # fmt: skip
    document = issue(client, "nfse", body)
    assert document.numero_nfse and document.valor_iss is not None
    read_back(client, "nfse", document, "danfse")


def test_cte(client: AuthenticatedClient, cte_document: Any):
    assert cte_document.chave[20:22] == "57"
    read_back(client, "cte", cte_document, "dacte")


def test_cteos(client: AuthenticatedClient):
    body = CteOsIssueRequest.from_dict({
        "empresa": "DEMO", "pedido": "CLIENTE-FRETAMENTO-1", "tomador": "C001",
        "servico": {"tipo": "transporte_pessoas", "descricao": "Fretamento eventual",
                    "quantidade": "14"},
        "origem": {"cod_municipio": "3550308", "municipio": "São Paulo", "uf": "SP"},
        "destino": {"cod_municipio": "3509502", "municipio": "Campinas", "uf": "SP"},
        "valor_prestacao": "1200.00", "veiculo": "FRT3B45", "fretamento": {"tipo": "eventual"},
    })  # fmt: skip
    document = issue(client, "cteos", body)
    assert document.chave[20:22] == "67"
    read_back(client, "cteos", document, "dacte")


def test_mdfe(client: AuthenticatedClient, cte_document: Any):
    body = MdfeIssueRequest.from_dict({
        "empresa": "DEMO", "pedido": "CLIENTE-VIAGEM-1", "veiculo": "DMO1A23",
        "condutores": ["39053344705"], "documentos": [{"cte_id": cte_document.id}],
        "carga": {"peso_kg": "80", "tipo": "05", "produto": "Cadernos"},
        "percurso": {"carregamento": {"cod_municipio": "3550308", "municipio": "São Paulo",
                                      "cep": "01001000"},
                     "descarregamento_cep": "13012100"},
    })  # fmt: skip
    document = issue(client, "mdfe", body)
    assert document.chave[20:22] == "58"
    found = read_back(client, "mdfe", document, "damdfe")
    assert [(d.tipo, d.cte_id) for d in found.documentos] == [("cte", cte_document.id)]
    assert [c.cpf for c in found.condutores] == ["39053344705"]
