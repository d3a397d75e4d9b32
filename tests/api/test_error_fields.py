"""Every validation error names a field of the request (issue 40).

An integrator fixes what `errors[].field` points at, so it must be a path of the request body
(dotted, list positions as numbers) or a query parameter, never a layout element (`prodPred`) or
a register's name (`cliente` on a CT-e). The walk takes each family's valid request, removes
every part the OpenAPI document marks as required (at any depth), sends the parts the layout
needs in some cases only, and codes no register holds; each answer's fields are then looked up
in the same OpenAPI request schema the answer belongs to.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from simulator.testing import SimulatorHandle, running_simulator
from tests.api.cte.helpers import cte_body, cte_ready, cteos_body
from tests.api.mdfe.helpers import mdfe_body, mdfe_ready
from tests.api.nfe.helpers import Ready, authority_settings, nfe_body, ready_to_issue
from tests.api.nfse.helpers import nfse_body, nfse_ready

API = "/api/v1"
Body = dict[str, Any]
_orders = count(1)


@pytest.fixture
def backend() -> str:
    """The walk reads answers, not storage: one backend is enough."""
    return "sqlite"


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimulatorHandle]:
    with running_simulator(Path(tmp_path_factory.mktemp("authority"))) as handle:
        yield handle


@pytest.fixture
def app(app_factory: Any, sim: SimulatorHandle) -> Flask:
    return app_factory(**authority_settings(sim))


def _nfce_body(pedido: str) -> Body:
    body = nfe_body(pedido)
    del body["cliente"]
    return body


@dataclass(frozen=True)
class Family:
    """One issuing route: how to make a company ready, a valid body, and the requests the
    schema cannot refuse by itself (conditionally required parts, unknown register codes)."""

    route: str
    ready: Callable[..., Ready]
    body: Callable[[str], Body]
    cases: dict[str, Callable[[Body], None]] = field(default_factory=dict)


def _set(path: str, value: Any) -> Callable[[Body], None]:
    """A change to the body: `value` at the dotted `path` (None removes it)."""

    def change(body: Body) -> None:
        *parents, last = path.split(".")
        node: Any = body
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if value is None:
            node.pop(last, None)
        else:
            node[last] = value

    return change


def _all(*changes: Callable[[Body], None]) -> Callable[[Body], None]:
    def change(body: Body) -> None:
        for one in changes:
            one(body)

    return change


GOODS_CASES = {
    "produto desconhecido": _set("itens.0.codigo", "NAO-EXISTE"),
    "cliente desconhecido": _set("cliente", "NAO-EXISTE"),
    "natureza desconhecida": _set("natureza", "NAO-EXISTE"),
    "referência sem forma": _set("referencias", [{"serie": 1}]),
    "finalidade complementar sem referências": _set("finalidade", 2),
    "empresa desconhecida": _set("empresa", "NAO-EXISTE"),
}
FAMILIES = {
    "nfe": Family("/nfe", ready_to_issue, nfe_body, {
        **GOODS_CASES,
        "sem cliente": _set("cliente", None),
        "fornecedor desconhecido": _all(_set("tipo_operacao", 0), _set("cliente", None),
                                        _set("fornecedor", "NAO-EXISTE")),
        "devolução de nota desconhecida": _all(_set("itens", None), _set("devolucao_de", {
            "documento": "nfe_nao_existe", "itens": [{"item": 1, "quantidade": 1}]})),
    }),
    "nfce": Family("/nfce", ready_to_issue, _nfce_body, {
        **GOODS_CASES,
        "entrada": _set("tipo_operacao", 0),
        "veículo": _set("frete", {"modalidade": 0, "veiculo": {"placa": "BRA2E19"}}),
    }),
    "nfse": Family("/nfse", nfse_ready, lambda pedido: nfse_body(pedido), {
        "serviço desconhecido": _set("servico.codigo", "NAO-EXISTE"),
        "serviço sem código nem descrição": _set("servico", {"valor": "10.00"}),
        "tomador desconhecido": _set("tomador", "NAO-EXISTE"),
        "empresa desconhecida": _set("empresa", "NAO-EXISTE"),
    }),
    "cte": Family("/cte", cte_ready, lambda pedido: cte_body(pedido), {
        "remetente desconhecido": _set("remetente", "NAO-EXISTE"),
        "destinatario desconhecido": _set("destinatario", "NAO-EXISTE"),
        "expedidor desconhecido": _set("expedidor", "NAO-EXISTE"),
        "recebedor desconhecido": _set("recebedor", "NAO-EXISTE"),
        "tomador sem endereço": _set("tomador", {"cpf_cnpj": "52998224725", "nome": "Maria"}),
        "tomador papel ausente": _set("tomador", "recebedor"),
        "componentes que não somam": _set("componentes.0.valor", "1.00"),
        "empresa desconhecida": _set("empresa", "NAO-EXISTE"),
    }),
    "cteos": Family("/cteos", cte_ready, lambda pedido: cteos_body(pedido), {
        "tomador desconhecido": _set("tomador", "NAO-EXISTE"),
        "empresa desconhecida": _set("empresa", "NAO-EXISTE"),
    }),
    "mdfe": Family("/mdfe", mdfe_ready, lambda pedido: mdfe_body(pedido), {
        "prestador sem produto": _all(_set("tipo_emitente", 1), _set("carga.produto", None)),
        "prestador sem tipo de carga": _all(_set("tipo_emitente", 1), _set("carga.tipo", None)),
        "lotação sem CEP de descarga": _set("percurso.descarregamento_cep", None),
        "lotação sem CEP de carga": _set("percurso.carregamento.cep", None),
        "veículo desconhecido": _set("veiculo", "ZZZ9Z99"),
        "reboque desconhecido": _set("reboques", ["ZZZ9Z98"]),
        "tração como reboque": _set("reboques", ["BRA2E19"]),
        "condutor desconhecido": _set("condutores", ["11144477735"]),
        "cte_id desconhecido": _set("documentos", [{"cte_id": "doc_nao_existe"}]),
        "chave sem município": _set("documentos.0.municipio_descarga", None),
        "documento sem chave": _set("documentos", [{"municipio_descarga": "3509502"}]),
        "documento repetido": lambda b: b["documentos"].append(dict(b["documentos"][0])),
        "município desconhecido": _set("documentos.0.municipio_descarga", "1100015"),
        "empresa desconhecida": _set("empresa", "NAO-EXISTE"),
    }),
}  # fmt: skip


# -- the OpenAPI document -----------------------------------------------------------------


@dataclass(frozen=True)
class Contract:
    """The request schema and query parameters of one route, as the OpenAPI document says."""

    spec: dict[str, Any]
    schema: dict[str, Any]
    query: frozenset[str]

    @classmethod
    def of(cls, spec: dict[str, Any], route: str) -> Contract:
        operation = spec["paths"][API + route]["post"]
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        query = {p["name"] for p in operation.get("parameters", []) if p.get("in") == "query"}
        return cls(spec, schema, frozenset(query))

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            *_, name = schema["$ref"].split("/")
            schema = self.spec["components"]["schemas"][name]
        return schema

    def alternatives(self, schema: dict[str, Any]) -> list[dict[str, Any]]:
        """The schema itself, or each branch of its oneOf/anyOf/allOf."""
        schema = self.resolve(schema)
        branches = [*schema.get("oneOf", []), *schema.get("anyOf", []), *schema.get("allOf", [])]
        found = [schema]
        for branch in branches:
            found.extend(self.alternatives(branch))
        return found

    def names(self, path: str) -> bool:
        """Whether `path` is a field of the request body or a query parameter."""
        return path in self.query or self._within(self.schema, path.split(".") if path else [""])

    def _within(self, schema: dict[str, Any], parts: list[str]) -> bool:
        if not parts:
            return True
        head, rest = parts[0], parts[1:]
        for option in self.alternatives(schema):
            if head.isdigit() and "items" in option and self._within(option["items"], rest):
                return True
            child = option.get("properties", {}).get(head)
            if child is not None and self._within(child, rest):
                return True
        return False

    def required_paths(self, body: Any, schema: dict[str, Any], prefix: str = "") -> list[str]:
        """Every required member present in `body`, at any depth, as dotted paths."""
        found: list[str] = []
        for option in self.alternatives(schema):
            if isinstance(body, list) and "items" in option:
                for index, item in enumerate(body):
                    found += self.required_paths(item, option["items"], f"{prefix}{index}.")
            if not isinstance(body, dict):
                continue
            required = set(option.get("required", []))
            for name, child in option.get("properties", {}).items():
                if name not in body:
                    continue
                if name in required:
                    found.append(prefix + name)
                found += self.required_paths(body[name], child, f"{prefix}{name}.")
        return sorted(set(found))


# -- the walk -----------------------------------------------------------------------------


def _without(body: Body, path: str) -> Body:
    changed = copy.deepcopy(body)
    *parents, last = path.split(".")
    node: Any = changed
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        del node[int(last)]
    else:
        del node[last]
    return changed


def _requests(family: Family, contract: Contract) -> Iterator[tuple[str, Body]]:
    """(what is wrong, body): each required part missing, then the family's own cases."""
    valid = family.body(f"W-{next(_orders)}")
    for path in contract.required_paths(valid, contract.schema):
        body = _without(family.body(f"W-{next(_orders)}"), path)
        if path != "pedido":
            body.setdefault("pedido", f"W-{next(_orders)}")
        yield f"sem {path}", body
    for label, change in family.cases.items():
        body = family.body(f"W-{next(_orders)}")
        change(body)
        yield label, body


def _walk(client: Any, ready: Ready, family: Family, contract: Contract) -> list[str]:
    """What is wrong with the answers: a 5xx, or a field the request does not have."""
    offenders = []
    for label, body in _requests(family, contract):
        answer = client.post(API + family.route, headers=ready.headers, json=body)
        error = (answer.get_json() or {}).get("error") or {}
        if answer.status_code >= 500:
            offenders.append(f"{label}: {answer.status_code} {error.get('code')}")
        for item in error.get("errors") or []:
            if not contract.names(item["field"]):
                offenders.append(f"{label}: field {item['field']!r} ({item['message']})")
    return offenders


@pytest.mark.parametrize("name", list(FAMILIES))
def test_every_validation_error_names_a_request_field(app, sim, name):
    client, family = app.test_client(), FAMILIES[name]
    ready = family.ready(client, app.extensions["fiscal"], sim)
    contract = Contract.of(client.get(API + "/openapi.json").get_json(), family.route)
    assert contract.required_paths(family.body("X"), contract.schema), "nothing to walk"
    assert _walk(client, ready, family, contract) == []


def test_the_contract_tells_fields_from_layout_names(app):
    spec = app.test_client().get(API + "/openapi.json").get_json()
    mdfe, cte = Contract.of(spec, "/mdfe"), Contract.of(spec, "/cte")
    assert mdfe.names("carga.produto") and mdfe.names("documentos.0.municipio_descarga")
    assert mdfe.names("empresa")
    assert not mdfe.names("prodPred") and not mdfe.names("documentos.0._schema")
    assert cte.names("remetente") and not cte.names("cliente")


def test_a_layout_rule_names_the_request_field_and_keeps_the_element(app, sim):
    client = app.test_client()
    ready = mdfe_ready(client, app.extensions["fiscal"], sim)
    body = mdfe_body(f"W-{next(_orders)}", tipo_emitente=1)
    del body["carga"]["produto"]
    refused = client.post(API + "/mdfe", headers=ready.headers, json=body)
    error = refused.get_json()["error"]
    assert refused.status_code == 422, error
    assert [e["field"] for e in error["errors"]] == ["carga.produto"]
    assert error["details"] == [{"campo": "carga.produto", "elemento": "prodPred"}]
