"""Every request example of the OpenAPI document succeeds ("Try it out") on a ready company.

The company is the quickstart's (`fiscal quickstart`): its modules, products P001 and P002,
customer C001, a CSC and a trusted A1. Each example runs on a fresh one; an operation on a record
(`/{id}`) first makes that record with its collection's own example.
"""

from __future__ import annotations

from typing import Any

import pytest

from service.demo_company import ISSUER, SERVICE
from service.notify.webhooks.client import Network, system_connect
from tests.api.cte.helpers import INTERNAL_ICMS, carrier
from tests.api.mdfe.helpers import DRIVER, TRUCK
from tests.api.nfe.helpers import add_customer, add_product, ready_company
from tests.api.nfse.helpers import ISS_RULE
from tests.api.webhooks.helpers import use_network

EXCLUDED = {
    # The outside network (public CNPJ registers); the fuzzing job excludes it too.
    "POST /api/v1/configuracao-fiscal/cnpj/consultar": "rede externa",
    # The example cannot carry a real PKCS#12: the upload is shown with a placeholder.
    "POST /api/v1/configuracao-fiscal/certificado": "arquivo A1 real",
    # The desacordo is the taker's event; the CT-e the example makes is taken by a customer
    # (tests/e2e/test_cte_http.py registers one on a CT-e the company itself takes).
    "POST /api/v1/cte/{document_id}/desacordo": "evento do tomador",
    # Issue 38: these need a document another company issued to this one, and the `dfe`
    # module (tests/api/received and tests/e2e/test_received_http.py make them).
    "POST /api/v1/dfe/recebidos/consultar-chave": "NF-e emitida por outra empresa",
    "POST /api/v1/dfe/recebidos/{chave}/manifestacao": "NF-e recebida",
    "POST /api/v1/dfe/recebidos/{chave}/desacordo": "CT-e recebido como tomador",
}
PUBLIC_ADDRESS = "93.184.215.14"  # what the example's host is taken to resolve to


def _parent(path: str) -> tuple[str, str]:
    """`/nfe/{document_id}/cancelamento` -> (`/nfe`, `{document_id}`)."""
    head, _, rest = path.partition("/{")
    name, _, _tail = rest.partition("}")
    return head, "{" + name + "}"


def _id_of(answer: dict[str, Any]) -> str:
    for member in ("item", "webhook", "regra"):
        if isinstance(answer.get(member), dict):
            return str(answer[member]["id"])
    return str(answer["id"])


def _examples(document: dict[str, Any]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    found = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method == "parameters":
                continue
            content = operation.get("requestBody", {}).get("content", {})
            example = content.get("application/json", {}).get("example")
            if example is not None:
                found[f"{method.upper()} {path}"] = (method, path, example)
    return found


def _ready(client: Any, rt: Any, sim: Any, label: str) -> dict[str, str]:
    """The quickstart's registers, plus what it leaves to the company: the ISS rate of its
    municipality and its internal transport ICMS (base rules with their law; here test
    rules), and the carrier's CT-e settings."""
    ready = ready_company(client, rt, sim, modulos=ISSUER["modulos"])
    for codigo in ("P001", "P002"):
        add_product(rt, ready, codigo)
    add_customer(rt, ready, "C001")
    assert client.post("/api/v1/servicos", json=SERVICE, headers=ready.headers).status_code == 201
    rules = "/api/v1/configuracao-fiscal/regras-base"
    for rule in (ISS_RULE, INTERNAL_ICMS):
        assert client.post(rules, json=rule, headers=ready.headers).status_code == 201
    carrier(rt, ready)  # the CT-e modules, RNTRC and TAF
    if "/mdfe" in label:  # the manifest's vehicle and driver, as the register examples make them
        for path, body in (("/api/v1/veiculos", TRUCK), ("/api/v1/condutores", DRIVER)):
            assert client.post(path, json=body, headers=ready.headers).status_code == 201
    return ready.headers


def _call(client: Any, method: str, path: str, body: dict[str, Any], headers: Any) -> Any:
    return client.open(path, method=method.upper(), json=body, headers=headers)


def test_every_request_example_succeeds_on_a_ready_company(app, rt, sim):
    use_network(app, Network(resolve=lambda host, port: [PUBLIC_ADDRESS], connect=system_connect))
    client = app.test_client()
    examples = _examples(client.get("/api/v1/openapi.json").get_json())
    assert len(examples) > 30
    failures = []
    for label, (method, path, body) in sorted(examples.items()):
        if label in EXCLUDED:
            continue
        headers = _ready(client, rt, sim, label)
        if "{" in path:
            collection, placeholder = _parent(path)
            made = client.post(collection, json=examples[f"POST {collection}"][2], headers=headers)
            assert made.status_code < 300, (label, made.get_json())
            path = path.replace(placeholder, _id_of(made.get_json()))
        answer = _call(client, method, path, body, headers)
        if not 200 <= answer.status_code < 300:
            failures.append((label, answer.status_code, answer.get_json()))
    assert not failures, failures


@pytest.mark.parametrize("label", sorted(EXCLUDED))
def test_excluded_operations_still_show_an_example(client, label):
    method, path = label.split(" ")
    operation = client.get("/api/v1/openapi.json").get_json()["paths"][path][method.lower()]
    assert operation["requestBody"]["content"]["application/json"]["example"]
