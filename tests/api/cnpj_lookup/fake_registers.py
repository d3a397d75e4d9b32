"""A local HTTP server that answers like BrasilAPI, ReceitaWS and CNPJ.ws.

The three providers share one server under `/brasilapi`, `/receitaws` and `/cnpjws`; each
has a mode (ok, slow, trickle, error500, ratelimit, malformed, notfound, huge,
huge_stream, other_cnpj).
Answers follow the public shapes of each API; the company is Open Knowledge Brasil, the
example BrasilAPI documents, with fields tests can change.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

CNPJ = "19131243000197"


def company(**changes: Any) -> dict[str, Any]:
    """The register entry in neutral terms; providers render it in their own shape."""
    base: dict[str, Any] = {
        "razao_social": "OPEN KNOWLEDGE BRASIL", "nome_fantasia": "REDE PELO CONHECIMENTO LIVRE",
        "situacao": "ATIVA", "situacao_codigo": 2, "abertura": "2013-10-03", "cnae": 9430800,
        "secundarios": [9493600, 9499500], "tipo_logradouro": "ALAMEDA",
        "logradouro": "FRANCA", "numero": "144", "bairro": "JARDIM PAULISTA",
        "municipio": "SAO PAULO", "ibge": 3550308, "uf": "SP", "cep": "01422000",
        "ddd": "11", "telefone": "23851939", "email": "contato@ok.org.br",
        "simples": True, "mei": False,
    }  # fmt: skip
    base.update(changes)
    return base


def _masked(cnpj: str) -> str:
    return f"{cnpj[:2]}.{cnpj[2:5]}.{cnpj[5:8]}/{cnpj[8:12]}-{cnpj[12:]}"


def brasilapi(cnpj: str, c: dict[str, Any]) -> dict[str, Any]:
    return {
        "uf": c["uf"], "cep": c["cep"], "qsa": [], "cnpj": cnpj, "pais": None,
        "email": c["email"], "porte": "DEMAIS", "bairro": c["bairro"], "numero": c["numero"],
        "ddd_fax": "", "municipio": c["municipio"], "logradouro": c["logradouro"],
        "cnae_fiscal": c["cnae"], "codigo_pais": None, "complemento": "CONJ 11",
        "codigo_porte": 5, "razao_social": c["razao_social"],
        "nome_fantasia": c["nome_fantasia"], "capital_social": 0,
        "ddd_telefone_1": c["ddd"] + c["telefone"], "ddd_telefone_2": "",
        "opcao_pelo_mei": c["mei"], "descricao_porte": "", "codigo_municipio": 7107,
        "cnaes_secundarios": [{"codigo": s, "descricao": "Atividade"} for s in c["secundarios"]]
        or [{"codigo": 0, "descricao": ""}],
        "natureza_juridica": "Associação Privada", "situacao_especial": "",
        "opcao_pelo_simples": c["simples"], "situacao_cadastral": c["situacao_codigo"],
        "data_opcao_pelo_mei": None, "data_exclusao_do_mei": None,
        "cnae_fiscal_descricao": "Atividades de associações de defesa de direitos sociais",
        "codigo_municipio_ibge": c["ibge"], "data_inicio_atividade": c["abertura"],
        "data_situacao_especial": None, "data_opcao_pelo_simples": None,
        "data_situacao_cadastral": c["abertura"], "nome_cidade_no_exterior": "",
        "codigo_natureza_juridica": 3999, "data_exclusao_do_simples": None,
        "motivo_situacao_cadastral": 0, "ente_federativo_responsavel": "",
        "identificador_matriz_filial": 1, "qualificacao_do_responsavel": 16,
        "descricao_situacao_cadastral": c["situacao"],
        "descricao_tipo_de_logradouro": c["tipo_logradouro"],
        "descricao_motivo_situacao_cadastral": "SEM MOTIVO",
        "descricao_identificador_matriz_filial": "MATRIZ",
    }  # fmt: skip


def _cnae_mask(code: int) -> str:
    d = str(code).zfill(7)
    return f"{d[:2]}.{d[2:4]}-{d[4]}-{d[5:]}"


def receitaws(cnpj: str, c: dict[str, Any]) -> dict[str, Any]:
    y, m, d = c["abertura"].split("-")
    flag = {"optante": c["simples"], "data_opcao": None, "data_exclusao": None,
            "ultima_atualizacao": "2024-10-16T23:59:59.000Z"}  # fmt: skip
    return {
        "abertura": f"{d}/{m}/{y}", "situacao": c["situacao"], "tipo": "MATRIZ",
        "nome": c["razao_social"], "fantasia": c["nome_fantasia"] or "", "porte": "DEMAIS",
        "natureza_juridica": "399-9 - Associação Privada",
        "atividade_principal": [{"code": _cnae_mask(c["cnae"]), "text": "Atividades"}],
        "atividades_secundarias": [{"code": _cnae_mask(s), "text": "Outra"}
                                   for s in c["secundarios"]]
        or [{"code": "00.00-0-00", "text": "Não informada"}],
        "qsa": [], "logradouro": f"AL {c['logradouro']}", "numero": c["numero"],
        "municipio": c["municipio"], "bairro": c["bairro"], "uf": c["uf"],
        "cep": f"{c['cep'][:2]}.{c['cep'][2:5]}-{c['cep'][5:]}",
        "telefone": f"({c['ddd']}) {c['telefone'][:4]}-{c['telefone'][4:]}/ (11) 9999-0000",
        "email": c["email"] or "", "data_situacao": f"{d}/{m}/{y}", "cnpj": _masked(cnpj),
        "ultima_atualizacao": "2024-11-06T18:25:37.047Z", "status": "OK", "complemento": "",
        "efr": "", "motivo_situacao": "", "situacao_especial": "",
        "data_situacao_especial": "", "capital_social": "0.00", "simples": flag,
        "simei": {**flag, "optante": c["mei"]}, "extra": {},
        "billing": {"free": True, "database": True},
    }  # fmt: skip


def _sim(value: bool | None) -> str | None:
    return None if value is None else ("Sim" if value else "Não")


def cnpjws(cnpj: str, c: dict[str, Any]) -> dict[str, Any]:
    return {
        "cnpj_raiz": cnpj[:8], "razao_social": c["razao_social"], "capital_social": "0.00",
        "responsavel_federativo": "", "atualizado_em": "2024-01-01T00:00:00.000Z",
        "porte": {"id": "05", "descricao": "Demais"},
        "natureza_juridica": {"id": "3999", "descricao": "Associação Privada"},
        "socios": [],
        "simples": {"simples": _sim(c["simples"]), "data_opcao_simples": None,
                    "data_exclusao_simples": None, "mei": _sim(c["mei"]),
                    "data_opcao_mei": None, "data_exclusao_mei": None,
                    "atualizado_em": "2024-01-01T00:00:00.000Z"},
        "estabelecimento": {
            "cnpj": cnpj, "cnpj_raiz": cnpj[:8], "cnpj_ordem": cnpj[8:12],
            "cnpj_digito_verificador": cnpj[12:], "tipo": "Matriz",
            "nome_fantasia": c["nome_fantasia"], "situacao_cadastral": c["situacao"].title(),
            "data_situacao_cadastral": c["abertura"], "data_inicio_atividade": c["abertura"],
            "nome_cidade_exterior": None, "tipo_logradouro": c["tipo_logradouro"].title(),
            "logradouro": c["logradouro"], "numero": c["numero"], "complemento": "CONJ 11",
            "bairro": c["bairro"], "cep": c["cep"], "ddd1": c["ddd"], "telefone1": c["telefone"],
            "ddd2": None, "telefone2": None, "ddd_fax": None, "fax": None, "email": c["email"],
            "situacao_especial": None, "data_situacao_especial": None,
            "atividade_principal": {"id": str(c["cnae"]).zfill(7), "secao": "S",
                                    "descricao": "Atividades"},
            "atividades_secundarias": [{"id": str(s).zfill(7), "descricao": "Outra"}
                                       for s in c["secundarios"]],
            "pais": {"id": "105", "nome": "Brasil"},
            "estado": {"id": 25, "nome": "São Paulo", "sigla": c["uf"], "ibge_id": 35},
            "cidade": {"id": 3535, "nome": "São Paulo", "ibge_id": c["ibge"], "siafi_id": "7107"},
            "inscricoes_estaduais": [],
        },
    }  # fmt: skip


RENDER = {"brasilapi": brasilapi, "receitaws": receitaws, "cnpjws": cnpjws}
ROUTES = {
    "brasilapi": re.compile(r"^/brasilapi/api/cnpj/v1/([0-9A-Z]+)$"),
    "receitaws": re.compile(r"^/receitaws/v1/cnpj/([0-9A-Z]+)$"),
    "cnpjws": re.compile(r"^/cnpjws/cnpj/([0-9A-Z]+)$"),
}
NOT_FOUND = {
    "brasilapi": {"message": "CNPJ não encontrado.", "type": "not_found", "name": "NotFoundError"},
    "receitaws": {"status": "ERROR", "message": "CNPJ não encontrado"},
    "cnpjws": {"status": 404, "titulo": "Não encontrado", "detalhes": "CNPJ não encontrado"},
}


@dataclass
class FakeRegisters:
    """Modes and companies per provider; `hits` records (provider, cnpj) in arrival order."""

    base: str = ""
    modes: dict[str, str] = field(default_factory=dict)
    companies: dict[str, dict[str, Any]] = field(default_factory=dict)
    hits: list[tuple[str, str]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def url(self, provider: str) -> str:
        return f"{self.base}/{provider}"

    def urls(self) -> dict[str, str]:
        return {name: self.url(name) for name in RENDER}


def _handler(state: FakeRegisters) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_: Any) -> None:
            pass

        def _send(self, status: int, body: bytes, content_type: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status: int, payload: Any) -> None:
            self._send(status, json.dumps(payload).encode())

        def do_GET(self) -> None:
            for provider, route in ROUTES.items():
                if found := route.match(self.path):
                    with suppress(BrokenPipeError, ConnectionResetError):
                        self._answer(provider, found.group(1))
                    return
            self._json(404, {"message": "rota"})

        def _answer(self, provider: str, cnpj: str) -> None:
            state.hits.append((provider, cnpj))
            mode = state.modes.get(provider, "ok")
            data = state.companies.get(cnpj)
            if mode == "slow":
                state.stop.wait(5)
                return None
            if mode == "trickle":
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                for _ in range(40):
                    if state.stop.wait(0.1):
                        return None
                    self.wfile.write(b" ")
                    self.wfile.flush()
                return None
            if mode == "error500":
                return self._send(500, b"<html>Internal Server Error</html>", "text/html")
            if mode == "ratelimit":
                return self._json(429, {"message": "Too many requests"})
            if mode == "malformed":
                return self._send(200, b'{"razao_social": "OPEN KNOW')
            if mode == "huge":
                return self._send(200, b'{"x": "' + b"a" * (2 * 1024 * 1024) + b'"}')
            if mode == "huge_stream":  # no Content-Length: the body ends when the socket closes
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                for _ in range(64):
                    self.wfile.write(b" " * 32 * 1024)
                return None
            if mode == "other_cnpj":
                return self._json(200, RENDER[provider]("11222333000181", data or company()))
            if mode == "notfound" or data is None:
                return self._json(404, NOT_FOUND[provider])
            return self._json(200, RENDER[provider](cnpj, data))

    return Handler


@contextmanager
def running() -> Iterator[FakeRegisters]:
    state = FakeRegisters(companies={CNPJ: company()})
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    server.daemon_threads = True
    server.block_on_close = False
    state.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        state.stop.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
