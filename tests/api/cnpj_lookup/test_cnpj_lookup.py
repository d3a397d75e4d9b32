"""`POST /configuracao-fiscal/cnpj/consultar` against a local server answering like each
public register, through the real HTTP client, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from service.db import Base
from service.models import load_all
from tests.api.cnpj_lookup import fake_registers
from tests.api.cnpj_lookup.fake_registers import CNPJ, company
from tests.factories import auth, make_account, make_key
from tests.factories_config import issuer_body

URL = "/api/v1/configuracao-fiscal/cnpj/consultar"
ALPHANUMERIC = "12ABC34501DE35"
TIMEOUT = 2.0
"""Long enough for a loopback answer on a loaded CI machine (0.4 s timed out there once);
the slow and trickling registers take 5 and 4 s."""


@pytest.fixture
def registers():
    with fake_registers.running() as state:
        yield state


@pytest.fixture
def lookup(app_factory, registers):
    """A client of an app whose providers are the local server; `providers` picks the order."""

    def make(providers=("brasilapi", "receitaws")):
        app = app_factory(
            cnpj_providers=tuple(providers),
            cnpj_provider_urls=registers.urls(),
            cnpj_lookup_timeout=TIMEOUT,
        )
        rt = app.extensions["fiscal"]
        acc = make_account(rt)
        client = app.test_client()

        def post(body, key=None):
            return client.post(URL, headers=auth(key or acc.live), json=body)

        post.rt, post.acc, post.client = rt, acc, client  # type: ignore[attr-defined]
        return post

    return make


def _error(response):
    return response.get_json()["error"]


def test_brasilapi_answer_is_mapped_with_origins(lookup, registers):
    post = lookup()
    response = post({"cnpj": "19.131.243/0001-97"})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["fonte"] == "brasilapi"
    assert body["dados"] == {
        "cnpj": CNPJ, "razao_social": "OPEN KNOWLEDGE BRASIL",
        "nome_fantasia": "REDE PELO CONHECIMENTO LIVRE", "situacao_cadastral": "ATIVA",
        "data_abertura": "2013-10-03", "cnae": "9430800",
        "cnaes_secundarios": ["9493600", "9499500"], "cep": "01422000",
        "logradouro": "ALAMEDA FRANCA", "numero": "144", "bairro": "JARDIM PAULISTA",
        "municipio": "SAO PAULO", "cod_municipio": "3550308", "uf": "SP", "cod_uf": "35",
        "telefone": "1123851939", "email": "contato@ok.org.br", "crt": 1,
    }  # fmt: skip
    assert body["origem"]["razao_social"] == "AUTOMATICO"
    assert body["origem"]["cod_municipio"] == "AUTOMATICO"
    assert body["origem"]["cod_uf"] == "CALCULADO"
    assert body["origem"]["crt"] == "SUGERIDO"
    assert any("CRT 1" in a for a in body["avisos"])
    assert any("cClassTrib" in a for a in body["avisos"])
    assert registers.hits == [("brasilapi", CNPJ)]
    for name in ("cfop", "cst", "cst_icms", "aliq_icms", "cclasstrib", "csosn"):
        assert name not in body["dados"]


@pytest.mark.parametrize(
    ("mode", "reason"),
    [("slow", "tempo esgotado"), ("trickle", "tempo esgotado"), ("error500", "HTTP 500"),
     ("malformed", "resposta não é JSON"), ("ratelimit", "HTTP 429"),
     ("huge", "resposta grande demais"), ("huge_stream", "resposta grande demais"),
     ("other_cnpj", "resposta inválida: resposta sobre outro CNPJ")],
)  # fmt: skip
def test_failing_first_provider_falls_back_in_order(lookup, registers, mode, reason):
    registers.modes["brasilapi"] = mode
    response = lookup()({"cnpj": CNPJ})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["fonte"] == "receitaws"
    assert [p for p, _ in registers.hits] == ["brasilapi", "receitaws"]
    assert body["dados"]["razao_social"] == "OPEN KNOWLEDGE BRASIL"
    assert body["dados"]["data_abertura"] == "2013-10-03"
    assert body["dados"]["cnae"] == "9430800"
    assert body["dados"]["cep"] == "01422000"
    assert body["dados"]["telefone"] == "1123851939"
    assert f"Fonte brasilapi: {reason}; dados obtidos de receitaws." in body["avisos"]
    # ReceitaWS has no IBGE code: left empty with a warning, never guessed from the name
    assert body["dados"]["cod_municipio"] is None
    assert "cod_municipio" not in body["origem"]
    assert any("cod_municipio" in a for a in body["avisos"])


def test_configured_order_is_followed(lookup, registers):
    registers.modes["receitaws"] = "error500"
    response = lookup(("receitaws", "cnpjws", "brasilapi"))({"cnpj": CNPJ})
    assert response.get_json()["fonte"] == "cnpjws"
    assert [p for p, _ in registers.hits] == ["receitaws", "cnpjws"]


def test_cnpjws_answer_carries_the_ibge_code(lookup, registers):
    registers.companies[CNPJ] = company(simples=False, mei=False, email=None)
    body = lookup(("cnpjws",))({"cnpj": CNPJ}).get_json()
    assert body["fonte"] == "cnpjws"
    assert body["dados"]["cod_municipio"] == "3550308"
    assert body["dados"]["logradouro"] == "Alameda FRANCA"
    assert body["dados"]["situacao_cadastral"] == "ATIVA"
    assert body["dados"]["email"] is None and "email" not in body["origem"]
    assert body["dados"]["crt"] == 3 and body["origem"]["crt"] == "SUGERIDO"


def test_all_providers_failing_is_502(lookup, registers):
    registers.modes.update(brasilapi="slow", receitaws="malformed")
    response = lookup()({"cnpj": CNPJ})
    assert response.status_code == 502
    error = _error(response)
    assert error["code"] == "CNPJ_CONSULTA_INDISPONIVEL"
    assert [d["fonte"] for d in error["details"]] == ["brasilapi", "receitaws"]
    assert error["details"][0]["motivo"] == "tempo esgotado"


def test_not_found_is_404_unless_another_register_knows_it(lookup, registers):
    registers.modes.update(brasilapi="notfound", receitaws="error500")
    response = lookup()({"cnpj": CNPJ})
    assert response.status_code == 404 and _error(response)["code"] == "NAO_ENCONTRADO"
    registers.modes["receitaws"] = "ok"
    again = lookup()({"cnpj": CNPJ})
    assert again.status_code == 200 and again.get_json()["fonte"] == "receitaws"
    assert (
        "Fonte brasilapi: CNPJ não encontrado; dados obtidos de receitaws."
        in (again.get_json()["avisos"])
    )


def test_invalid_and_missing_cnpj(lookup, registers):
    post = lookup()
    wrong = post({"cnpj": "19.131.243/0001-98"})
    assert wrong.status_code == 422 and _error(wrong)["code"] == "CNPJ_INVALIDO"
    assert _error(wrong)["errors"][0]["field"] == "cnpj"
    for bad in ("1913124300019", "abc", "00000000000000", ALPHANUMERIC[:-1] + "6"):
        response = post({"cnpj": bad})
        assert response.status_code == 422 and _error(response)["code"] == "CNPJ_INVALIDO", bad
    missing = post({})
    assert missing.status_code == 422 and _error(missing)["code"] == "VALIDATION_ERROR"
    assert _error(missing)["errors"] == [{"field": "cnpj", "message": "Campo obrigatório."}]
    empty = post({"cnpj": ""})
    assert _error(empty)["code"] == "VALIDATION_ERROR"
    assert registers.hits == []


def test_alphanumeric_cnpj_is_looked_up(lookup, registers):
    registers.companies[ALPHANUMERIC] = company(razao_social="EMPRESA ALFANUMERICA LTDA")
    response = lookup()({"cnpj": "12.abc.345/01de-35"})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["dados"]["cnpj"] == ALPHANUMERIC
    assert registers.hits == [("brasilapi", ALPHANUMERIC)]


@pytest.mark.parametrize(
    ("simples", "mei", "crt", "origem"),
    [(True, False, 1, "SUGERIDO"), (True, True, 4, "SUGERIDO"), (False, False, 3, "SUGERIDO"),
     (None, None, None, "CONFIRMACAO_OBRIGATORIA")],
)  # fmt: skip
def test_crt_is_only_a_suggestion(lookup, registers, simples, mei, crt, origem):
    registers.companies[CNPJ] = company(simples=simples, mei=mei)
    body = lookup()({"cnpj": CNPJ}).get_json()
    assert body["dados"]["crt"] == crt
    assert body["origem"]["crt"] == origem


def test_inactive_company_is_warned(lookup, registers):
    registers.companies[CNPJ] = company(situacao="BAIXADA", situacao_codigo=8)
    body = lookup()({"cnpj": CNPJ}).get_json()
    assert body["dados"]["situacao_cadastral"] == "BAIXADA"
    assert any("BAIXADA" in a and "ATIVA" in a for a in body["avisos"])


def _row_counts(rt):
    load_all()
    with rt.engine.connect() as connection:
        return {
            table.name: connection.execute(select(func.count()).select_from(table)).scalar_one()
            for table in Base.metadata.sorted_tables
        }


def test_lookup_stores_nothing(lookup, registers):
    post = lookup()
    before = _row_counts(post.rt)
    registers.modes["brasilapi"] = "error500"
    assert post({"cnpj": CNPJ}).status_code == 200
    assert post({"cnpj": "19131243000198"}).status_code == 422
    registers.modes["receitaws"] = "error500"
    assert post({"cnpj": CNPJ}).status_code == 502
    assert _row_counts(post.rt) == before


def test_lookup_needs_the_consultar_scope(lookup, registers):
    post = lookup()
    key = make_key(post.rt, post.acc.id, scopes=["emitir"])
    assert _error(post({"cnpj": CNPJ}, key=key))["code"] == "FORBIDDEN"
    anonymous = post.client.post(URL, json={"cnpj": CNPJ})
    assert anonymous.status_code == 401
    assert registers.hits == []


def test_lookup_answer_feeds_the_issuer_after_confirmation(lookup, registers):
    post = lookup()
    found = post({"cnpj": CNPJ}).get_json()
    fields = ("cnpj", "razao_social", "nome_fantasia", "cnae", "cnaes_secundarios", "cep",
              "logradouro", "numero", "bairro", "municipio", "cod_municipio", "uf", "telefone",
              "email", "crt")  # fmt: skip
    body = {name: found["dados"][name] for name in fields}
    body.update(origem=found["origem"], ie=issuer_body()["ie"], config_automatica=False)
    issuer = "/api/v1/configuracao-fiscal/emitente"
    unconfirmed = post.client.post(issuer, headers=auth(post.acc.live), json=body)
    assert unconfirmed.status_code == 422
    assert _error(unconfirmed)["errors"][0]["field"] == "confirmar"
    created = post.client.post(
        issuer, headers=auth(post.acc.live), json={**body, "confirmar": True}
    )
    assert created.status_code == 201, created.get_json()
    emitente = created.get_json()["emitente"]
    assert emitente["crt"] == 1 and emitente["cod_municipio"] == "3550308"
    assert emitente["origem_dados"]["crt"] == "SUGERIDO"
