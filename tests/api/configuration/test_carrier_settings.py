"""The issuer's transport settings (CT-e and CT-e OS series, RNTRC, TAF, state registry) through
`/configuracao-fiscal/emitente`: accepted as the CT-e 4.00 layouts want them, refused with the
field and what to fix otherwise, rendered and audited like every issuer field."""

from __future__ import annotations

import json

import pytest

from tests.factories import auth, make_account
from tests.factories_config import issuer_body

API = "/api/v1/configuracao-fiscal"
EMITENTE = API + "/emitente"
TAF = "123456789012"
STATE_REGISTRY = "1234567890123456789012345"
CARRIER = {"serie_cte": 3, "serie_cteos": 7, "rntrc": "12345678", "taf_cteos": TAF,
           "reg_estadual_cteos": STATE_REGISTRY}  # fmt: skip


def _post(client, acc, **fields):
    return client.post(
        EMITENTE, headers=auth(acc.live), json=issuer_body(config_automatica=False, **fields)
    )


def _errors(response) -> dict[str, str]:
    assert response.status_code == 422, response.get_json()
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    return {e["field"]: e["message"] for e in error["errors"]}


def test_new_issuer_has_series_1_and_no_carrier_registrations(client, rt):
    acc = make_account(rt)
    created = _post(client, acc)
    assert created.status_code == 201, created.get_json()
    issuer = created.get_json()["emitente"]
    assert (issuer["serie_cte"], issuer["serie_cteos"]) == (1, 1)
    assert issuer["rntrc"] is None and issuer["taf_cteos"] is None
    assert issuer["reg_estadual_cteos"] is None


def test_post_put_get_round_trip(client, rt):
    acc = make_account(rt)
    created = _post(client, acc, **CARRIER)
    assert created.status_code == 201, created.get_json()
    assert {k: created.get_json()["emitente"][k] for k in CARRIER} == CARRIER
    assert {k: client.get(EMITENTE, headers=auth(acc.live)).get_json()["emitente"][k]
            for k in CARRIER} == CARRIER  # fmt: skip

    change = {"serie_cte": 0, "serie_cteos": 999, "rntrc": "isento", "taf_cteos": None}
    put = client.put(EMITENTE, headers=auth(acc.live), json=change)
    assert put.status_code == 200, put.get_json()
    expected = {**CARRIER, **change, "rntrc": "ISENTO"}
    assert {k: put.get_json()["emitente"][k] for k in CARRIER} == expected
    read = client.get(EMITENTE, headers=auth(acc.live)).get_json()["emitente"]
    assert {k: read[k] for k in CARRIER} == expected


def test_put_of_one_carrier_field_keeps_the_others(client, rt):
    acc = make_account(rt)
    _post(client, acc, **CARRIER)
    put = client.put(EMITENTE, headers=auth(acc.live), json={"serie_cteos": 2})
    assert put.status_code == 200, put.get_json()
    assert {k: put.get_json()["emitente"][k] for k in CARRIER} == {**CARRIER, "serie_cteos": 2}


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("rntrc", "1234567", "8 dígitos"),
        ("rntrc", "123456789", "8 dígitos"),
        ("rntrc", "1234567A", "ISENTO"),
        ("rntrc", "ISENTA", "ISENTO"),
        ("taf_cteos", "12345678901", "12 dígitos"),
        ("taf_cteos", "1234567890123", "12 dígitos"),
        ("taf_cteos", "12345678901A", "12 dígitos"),
        ("reg_estadual_cteos", "123456789012345678901234", "25 dígitos"),
        ("reg_estadual_cteos", "12345678901234567890123456", "25 dígitos"),
        ("reg_estadual_cteos", "12345", "25 dígitos"),
        ("reg_estadual_cteos", "ABCDEFGHIJKLMNOPQRSTUVWXY", "25 dígitos"),
        ("serie_cte", 1000, "0 e 999"),
        ("serie_cte", -1, "0 e 999"),
        ("serie_cteos", 1000, "0 e 999"),
        ("serie_cteos", None, "nulo"),
    ],
)
def test_bad_values_are_refused_on_post_and_put(client, rt, field, value, says):
    acc = make_account(rt)
    refused = _errors(_post(client, acc, **{field: value}))
    assert field in refused and says in refused[field], refused
    assert client.get(API, headers=auth(acc.live)).get_json()["emitente"] is None

    assert _post(client, acc, **CARRIER).status_code == 201
    refused = _errors(client.put(EMITENTE, headers=auth(acc.live), json={field: value}))
    assert field in refused and says in refused[field], refused
    kept = client.get(EMITENTE, headers=auth(acc.live)).get_json()["emitente"]
    assert {k: kept[k] for k in CARRIER} == CARRIER


def test_changes_are_audited_with_previous_and_new_values(client, rt):
    acc = make_account(rt)
    _post(client, acc)
    put = client.put(EMITENTE, headers=auth(acc.live), json=CARRIER)
    assert put.status_code == 200, put.get_json()
    logs = client.get(API + "/logs", headers=auth(acc.live),
                      query_string={"entidade": "emitente"}).get_json()  # fmt: skip
    created = next(i for i in logs["items"] if i["acao"] == "CRIAR")
    assert (created["valor_novo"]["serie_cte"], created["valor_novo"]["rntrc"]) == (1, None)
    update = next(i for i in logs["items"] if i["acao"] == "ATUALIZAR")
    before = {k: update["valor_anterior"][k] for k in CARRIER}
    assert before == {"serie_cte": 1, "serie_cteos": 1, "rntrc": None, "taf_cteos": None,
                      "reg_estadual_cteos": None}  # fmt: skip
    assert {k: update["valor_novo"][k] for k in CARRIER} == CARRIER


def test_openapi_documents_the_carrier_fields(client):
    document = client.get("/api/v1/openapi.json").get_json()
    text = json.dumps(document["components"]["schemas"])
    for name in CARRIER:
        assert f'"{name}"' in text
    record = document["components"]["schemas"]["IssuerRecord"]["properties"]
    assert {"serie_cte", "serie_cteos", "rntrc", "taf_cteos", "reg_estadual_cteos"} <= set(record)
