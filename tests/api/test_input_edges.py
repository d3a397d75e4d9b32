"""Input edges every resource inherits: page bounds, JSON depth and duplicate keys, text the
fiscal layouts cannot carry, content types, URL length, unique violations, Portuguese messages,
CNPJ_INVALIDO and ISO 8601 timestamps (issue 12 items 4-5, issue 13)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select

from service.accounts.scopes import Scope
from service.auth import requires
from service.edge import MAX_JSON_DEPTH, MAX_URL_LENGTH
from service.pagination import MAX_PAGE
from service.registers.models import Customer, Product
from tests.factories import auth, make_account, make_company
from tests.factories_config import issuer_body

API = "/api/v1"
HUGE = "99999999999999999999"
ISO_8601 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$")
LISTS = [
    "/empresas",
    "/financeiro/extrato",
    "/produtos",
    "/clientes",
    "/nfe",
    "/nfce",
    "/fiscal/solicitacoes",
    "/webhooks",
    "/webhooks/{webhook}/entregas",
]


@pytest.fixture
def acc(rt):
    account = make_account(rt)
    make_company(rt, account.id, codigo="loja")
    return account


def _error(response, status, code="VALIDATION_ERROR"):
    body = response.get_json()
    assert response.status_code == status, body
    assert body["success"] is False and body["request_id"].startswith("req_")
    assert body["error"]["code"] == code, body
    return body["error"]


def _fields(error):
    return [e["field"] for e in error.get("errors", [])]


def _count(rt, model):
    with rt.sessions() as session:
        return session.execute(select(func.count()).select_from(model)).scalar_one()


def _post_raw(client, account, path, raw, content_type="application/json"):
    headers = {**auth(account.live), "Content-Type": content_type}
    return client.post(API + path, headers=headers, data=raw)


def _product(**overrides):
    return {"empresa": "loja", "codigo": "P1", "descricao": "Caneta azul", **overrides}


# -- item 1: page numbers ------------------------------------------------------------------


@pytest.mark.parametrize("path", LISTS)
def test_a_huge_page_number_is_422_on_every_list(client, acc, path):
    if "{webhook}" in path:
        path = path.format(webhook="whk_inexistente")
    response = client.get(API + path, headers=auth(acc.live), query_string={"pagina": HUGE})
    error = _error(response, 422)
    assert _fields(error) == ["pagina"]
    assert str(MAX_PAGE) in error["errors"][0]["message"]


def test_page_bound_is_inclusive(client, acc):
    ok = client.get(API + "/produtos", headers=auth(acc.live), query_string={"pagina": MAX_PAGE})
    assert ok.status_code == 200 and ok.get_json()["itens"] == []
    over = client.get(
        API + "/produtos", headers=auth(acc.live), query_string={"pagina": MAX_PAGE + 1}
    )
    assert _fields(_error(over, 422)) == ["pagina"]


def test_audit_log_page_is_bounded_too(client, acc):
    response = client.get(
        API + "/configuracao-fiscal/logs", headers=auth(acc.live), query_string={"page": HUGE}
    )
    assert _fields(_error(response, 422)) == ["page"]


# -- item 2: nesting depth -----------------------------------------------------------------


def test_deeply_nested_json_is_422_and_nothing_is_stored(client, rt, acc):
    raw = '{"empresa": "loja", "codigo": "P1", "descricao": ' + "[" * 10_000 + "]" * 10_000 + "}"
    error = _error(_post_raw(client, acc, "/produtos", raw.encode()), 422)
    assert "aninhamento" in error["message"] and str(MAX_JSON_DEPTH) in error["message"]
    assert _count(rt, Product) == 0


def test_depth_at_the_cap_is_parsed_and_one_more_is_refused(client, acc):
    def nested(depth):  # the body object is level 1
        inner = "[" * (depth - 1) + "]" * (depth - 1)
        return ('{"empresa": "loja", "codigo": "P1", "descricao": ' + inner + "}").encode()

    at_cap = _post_raw(client, acc, "/produtos", nested(MAX_JSON_DEPTH))
    assert _fields(_error(at_cap, 422)) == ["descricao"]  # parsed: the schema answers
    over = _error(_post_raw(client, acc, "/produtos", nested(MAX_JSON_DEPTH + 1)), 422)
    assert "aninhamento" in over["message"]


# -- item 5: duplicate keys ----------------------------------------------------------------


def test_duplicate_keys_are_refused_naming_the_key(client, rt, acc):
    raw = b'{"empresa": "loja", "codigo": "P1", "codigo": "P2", "descricao": "Caneta"}'
    error = _error(_post_raw(client, acc, "/produtos", raw), 422)
    assert _fields(error) == ["codigo"] and "repetida" in error["errors"][0]["message"]
    assert _count(rt, Product) == 0


def test_a_body_is_decoded_once_per_request(client, acc, monkeypatch):
    """The company selector (guard) and the view's schema share one decoding (issue 19)."""
    from service import edge

    decoded: list[object] = []
    original = edge.decode_json
    monkeypatch.setattr(edge, "decode_json", lambda raw: decoded.append(raw) or original(raw))
    answer = client.post(API + "/produtos", headers=auth(acc.live), json=_product())
    assert answer.status_code == 201, answer.get_json()
    assert len(decoded) == 1


def test_nested_duplicate_keys_name_the_path(client, acc):
    raw = (
        b'{"empresa": "loja", "codigo": "C1", "cpf_cnpj": "52998224725", "nome": "Maria",'
        b' "endereco": {"uf": "SP", "uf": "RJ"}}'
    )
    error = _error(_post_raw(client, acc, "/clientes", raw), 422)
    assert _fields(error) == ["endereco.uf"]


# -- item 3: control characters and lone surrogates -----------------------------------------

BAD_TEXT = {
    "nul": "\\u0000",
    "bell": "\\u0007",
    "escape": "\\u001b",
    "lone_surrogate": "\\ud800",
}


@pytest.mark.parametrize("escaped", BAD_TEXT.values(), ids=BAD_TEXT.keys())
@pytest.mark.parametrize(
    ("path", "template", "field"),
    [
        ("/produtos", '{"empresa": "loja", "codigo": "P1", "descricao": "Ca%sneta"}', "descricao"),
        (
            "/clientes",
            '{"empresa": "loja", "codigo": "C1", "cpf_cnpj": "52998224725", "nome": "Ma%sria"}',
            "nome",
        ),
        (
            "/nfe",
            '{"empresa": "loja", "pedido": "P%s1", "cliente": "C1",'
            ' "itens": [{"codigo": "P1", "quantidade": 1}], "pagamento": "pix"}',
            "pedido",
        ),
        (
            "/nfe",
            '{"empresa": "loja", "pedido": "P1", "cliente": "C1", "observacoes": "ok%s",'
            ' "itens": [{"codigo": "P1", "quantidade": 1}], "pagamento": "pix"}',
            "observacoes",
        ),
        (
            "/nfe",
            '{"empresa": "loja", "pedido": "P1", "cliente": "C1",'
            ' "itens": [{"codigo": "P%s1", "quantidade": 1}], "pagamento": "pix"}',
            "itens.0.codigo",
        ),
    ],
)
def test_control_characters_are_refused_in_any_text_field(
    client, rt, acc, path, template, field, escaped
):
    response = _post_raw(client, acc, path, (template % escaped).encode())
    error = _error(response, 422)
    assert _fields(error) == [field]
    assert "Caractere" in error["errors"][0]["message"]
    assert _count(rt, Product) == 0 and _count(rt, Customer) == 0


def test_raw_control_bytes_in_a_key_are_refused(client, acc):
    raw = b'{"empresa": "loja", "codigo": "P1", "descricao": "Caneta", "x\x01": 1}'
    response = _post_raw(client, acc, "/produtos", raw)
    # a raw control byte inside a JSON string is malformed JSON already
    assert _error(response, 422)["code"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("value", ["\x00", "a\x1fb", "\x1b[0m"])
@pytest.mark.parametrize("name", ["q", "empresa", "codigo"])
def test_control_characters_in_query_strings_are_refused(client, acc, name, value):
    """(A lone surrogate cannot travel in a URL: its bytes are not UTF-8 and stay escaped.)"""
    encoded = "".join(f"%{b:02X}" for b in value.encode("utf-8", "surrogatepass"))
    response = client.get(f"{API}/produtos?{name}={encoded}", headers=auth(acc.live))
    error = _error(response, 422)
    assert _fields(error) == [name]


@pytest.mark.parametrize("path", ["/produtos/%00", "/clientes/a%1Fb", "/nfe/%07/xml"])
def test_control_characters_in_path_parameters_are_refused(client, acc, path):
    error = _error(client.get(API + path + "?empresa=loja", headers=auth(acc.live)), 422)
    assert len(_fields(error)) == 1


def test_layout_text_is_refused_where_it_reaches_the_xml(client, acc):
    body = _product(descricao="Caneta\tazul")
    error = _error(client.post(API + "/produtos", headers=auth(acc.live), json=body), 422)
    assert _fields(error) == ["descricao"]
    symbol = client.post(
        API + "/produtos", headers=auth(acc.live), json=_product(descricao="Caneta ✓")
    )
    assert _fields(_error(symbol, 422)) == ["descricao"]


def test_free_text_outside_the_xml_may_carry_line_breaks(client, acc):
    response = client.post(
        API + "/api-keys", headers=auth(acc.live), json={"nome": "chave\tdo ERP ✓\nlinha 2"}
    )
    assert response.status_code == 201, response.get_json()


# -- item 5: content types and URL length --------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "content_type"),
    [
        (b"codigo=P1&descricao=Caneta", "application/x-www-form-urlencoded"),
        (b"<produto><codigo>P1</codigo></produto>", "application/xml"),
        (b'{"codigo": "P1"}', "text/plain"),
    ],
)
def test_a_non_json_body_on_a_json_route_is_415(client, rt, acc, raw, content_type):
    response = _post_raw(client, acc, "/produtos?empresa=loja", raw, content_type)
    error = _error(response, 415, "TIPO_DE_CONTEUDO_INVALIDO")
    assert "application/json" in error["message"]
    assert _count(rt, Product) == 0


def test_xml_on_the_certificate_upload_is_415(client, acc):
    response = _post_raw(client, acc, "/configuracao-fiscal/certificado?empresa=loja",
                         b"<certificado/>", "application/xml")  # fmt: skip
    _error(response, 415, "TIPO_DE_CONTEUDO_INVALIDO")


@pytest.mark.parametrize("raw", [b"[null, null]", b'"texto"', b"42", b"null"])
def test_a_certificate_upload_body_that_is_not_an_object_is_422(client, acc, raw):
    """Found by the fuzzer: a JSON list reached `.get` and answered 500."""
    response = _post_raw(client, acc, "/configuracao-fiscal/certificado?empresa=loja", raw)
    error = _error(response, 422)
    assert _fields(error) in (["corpo"], ["arquivo", "senha"])


def test_multipart_stays_allowed_on_the_certificate_upload(client, acc):
    response = client.post(
        API + "/configuracao-fiscal/certificado?empresa=loja",
        headers=auth(acc.live),
        data={"senha": "x"},
        content_type="multipart/form-data",
    )
    error = _error(response, 422)
    assert _fields(error) == ["arquivo"]


def test_an_over_long_url_is_414_in_the_envelope(client, acc):
    url = API + "/produtos?q=" + "a" * MAX_URL_LENGTH
    response = client.get(url, headers=auth(acc.live))
    error = _error(response, 414, "URI_MUITO_LONGA")
    assert str(MAX_URL_LENGTH) in error["message"]
    fits = client.get(API + "/produtos?empresa=loja&q=" + "a" * 90, headers=auth(acc.live))
    assert fits.status_code == 200


def test_gunicorn_reads_lines_longer_than_the_app_cap(app):
    from service.server import gunicorn_options

    options = gunicorn_options(app.extensions["fiscal"].settings, "127.0.0.1", 8000, None)
    assert options["limit_request_line"] > MAX_URL_LENGTH + len("GET  HTTP/1.1")


# -- item 4: unique constraints ------------------------------------------------------------


def test_issuer_code_of_another_company_is_409_and_nothing_changes(client, acc):
    first = client.post(
        API + "/configuracao-fiscal/emitente",
        headers=auth(acc.live),
        json=issuer_body(codigo="matriz", config_automatica=False),
    )
    assert first.status_code == 201, first.get_json()
    response = client.put(
        API + "/configuracao-fiscal/emitente?empresa=loja",
        headers=auth(acc.live),
        json={"codigo": "matriz", "razao_social": "Outro Nome"},
    )
    error = _error(response, 409, "REGISTRO_DUPLICADO")
    assert _fields(error) == ["codigo"]
    companies = client.get(API + "/empresas", headers=auth(acc.live)).get_json()["itens"]
    assert sorted(c["codigo"] for c in companies) == ["loja", "matriz"]
    assert "Outro Nome" not in {c.get("razao_social") for c in companies}


def test_unique_violation_reaching_the_edge_is_409(app, client, rt, acc):
    """A unique constraint a check missed (e.g. two requests racing) is a 409, not a 500, on
    both databases; the request's transaction is discarded."""
    from service import runtime
    from service.companies.models import Company

    @app.route("/race")
    @requires(Scope.CONSULTAR)
    def race():
        session = runtime.db()
        for n in range(2):
            session.add(Company(id=f"emp_race{n}", account_id=acc.id, codigo="race",
                                razao_social="Corrida"))  # fmt: skip
        session.flush()
        return "never"

    _error(client.get("/race", headers=auth(acc.live)), 409, "REGISTRO_DUPLICADO")
    with rt.sessions() as session:
        codes = session.execute(select(Company.codigo)).scalars().all()
    assert codes == ["loja"]


def test_other_integrity_errors_stay_internal(app, client, acc):
    from sqlalchemy.exc import IntegrityError

    @app.route("/not-null")
    @requires(Scope.CONSULTAR)
    def not_null():
        raise IntegrityError("INSERT", {}, Exception("NOT NULL constraint failed: x.y"))

    _error(client.get("/not-null", headers=auth(acc.live)), 500, "ERRO_INTERNO")


# -- item 6: Portuguese messages -----------------------------------------------------------

ENGLISH = re.compile(
    r"\b(Must|Length|Longer|Shorter|String|Not a valid|does not|choice|greater|less)\b"
)


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/produtos", _product(codigo=""), "codigo"),
        ("/produtos", _product(descricao="x" * 121), "descricao"),
        ("/produtos", _product(origem=9), "origem"),
        (
            "/clientes",
            {"empresa": "loja", "codigo": "C1", "cpf_cnpj": "52998224725", "nome": "M"},
            "nome",
        ),
        (
            "/clientes",
            {
                "empresa": "loja",
                "codigo": "C1",
                "cpf_cnpj": "52998224725",
                "nome": "Maria",
                "telefone": "12",
            },
            "telefone",
        ),
        (
            "/clientes",
            {
                "empresa": "loja",
                "codigo": "C1",
                "cpf_cnpj": "52998224725",
                "nome": "Maria",
                "indicador_ie": 5,
            },
            "indicador_ie",
        ),
        ("/configuracao-fiscal/emitente", issuer_body(razao_social="X"), "razao_social"),
        ("/configuracao-fiscal/emitente", issuer_body(crt=7), "crt"),
        (
            "/configuracao-fiscal/emitente",
            issuer_body(cnaes_secundarios=["12"]),
            "cnaes_secundarios.0",
        ),
        ("/api-keys", {"nome": "k", "modo": "outro"}, "modo"),
    ],
)
def test_validation_messages_are_portuguese_and_name_the_rule(client, acc, path, body, field):
    error = _error(client.post(API + path, headers=auth(acc.live), json=body), 422)
    messages = {e["field"]: e["message"] for e in error["errors"]}
    assert field in messages, messages
    assert not ENGLISH.search(messages[field]), messages[field]
    assert re.search(r"\d|:", messages[field]), messages[field]  # names the bound or values


def test_query_bounds_are_portuguese(client, acc):
    response = client.get(API + "/empresas", headers=auth(acc.live), query_string={"pagina": 0})
    message = _error(response, 422)["errors"][0]["message"]
    assert not ENGLISH.search(message) and "1" in message


def test_every_schema_validator_speaks_portuguese():
    """A bare marshmallow validator answers in English: every schema uses service.validators."""
    import importlib
    import pkgutil

    import marshmallow as ma

    import service

    english = (ma.validate.Length, ma.validate.Range, ma.validate.OneOf, ma.validate.Regexp)
    offenders = []
    for module in pkgutil.walk_packages(service.__path__, "service."):
        if module.name.startswith(("service.cli", "service.server")):
            continue
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if not (isinstance(value, type) and issubclass(value, ma.Schema)):
                continue
            for name, field in value._declared_fields.items():
                for sub in (
                    field,
                    getattr(field, "inner", None),
                    getattr(field, "value_field", None),
                ):
                    for validator in getattr(sub, "validators", []) or []:
                        if type(validator) in english:
                            offenders.append(f"{value.__module__}.{value.__name__}.{name}")
    assert offenders == []


# -- item 6: CNPJ_INVALIDO -----------------------------------------------------------------

BAD_CNPJ = "11.222.333/0001-82"


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/configuracao-fiscal/emitente", issuer_body(cnpj=BAD_CNPJ), "cnpj"),
        ("/configuracao-fiscal/cnpj/consultar", {"cnpj": BAD_CNPJ}, "cnpj"),
        (
            "/clientes",
            {"empresa": "loja", "codigo": "C1", "cpf_cnpj": BAD_CNPJ, "nome": "Maria"},
            "cpf_cnpj",
        ),
        (
            "/nfe",
            {
                "empresa": "loja",
                "pedido": "P1",
                "pagamento": "pix",
                "itens": [{"codigo": "P1", "quantidade": 1}],
                "cliente": {"cpf_cnpj": BAD_CNPJ, "nome": "Maria"},
            },
            "cliente.cpf_cnpj",
        ),
        (
            "/nfe",
            {
                "empresa": "loja",
                "pedido": "P1",
                "pagamento": "pix",
                "cliente": "C1",
                "itens": [{"codigo": "P1", "quantidade": 1}],
                "presenca": "internet",
                "intermediador": {"cnpj": BAD_CNPJ, "id": "loja-x"},
            },
            "intermediador.cnpj",
        ),
    ],
)
def test_bad_cnpj_check_digits_are_cnpj_invalido_everywhere(client, acc, path, body, field):
    error = _error(client.post(API + path, headers=auth(acc.live), json=body), 422, "CNPJ_INVALIDO")
    assert field in _fields(error)


def test_bad_cpf_stays_a_validation_error(client, acc):
    body = {"empresa": "loja", "codigo": "C1", "cpf_cnpj": "529.982.247-26", "nome": "Maria"}
    error = _error(client.post(API + "/clientes", headers=auth(acc.live), json=body), 422)
    assert _fields(error) == ["cpf_cnpj"]


def test_cnpj_filter_of_a_list_is_cnpj_invalido(client, acc):
    response = client.get(
        API + "/clientes", headers=auth(acc.live), query_string={"empresa": "loja",
                                                                 "cpf_cnpj": BAD_CNPJ},
    )  # fmt: skip
    assert _fields(_error(response, 422, "CNPJ_INVALIDO")) == ["cpf_cnpj"]


# -- item 6: timestamps --------------------------------------------------------------------


def test_issuer_confirmation_time_is_iso_8601(client, rt):
    account = make_account(rt)
    created = client.post(
        API + "/configuracao-fiscal/emitente",
        headers=auth(account.live),
        json=issuer_body(config_automatica=False),
    )
    assert created.status_code == 201, created.get_json()
    assert ISO_8601.match(created.get_json()["emitente"]["confirmado_em"])
    read = client.get(API + "/configuracao-fiscal/emitente", headers=auth(account.live))
    assert ISO_8601.match(read.get_json()["emitente"]["confirmado_em"])
