"""The demo company `fiscal quickstart` prepares: company `DEMO`, ready to issue the first
document of every family it can: NF-e and NFC-e (products, a customer, the CSC), NFS-e (a
service and the ISS rate of its municipality as a base rule with the law it assumes), CT-e and
CT-e OS (carrier settings with RNTRC and TAF, a shipper, the CT-e OS CFOP rule) and MDF-e (a
truck, a van and a driver); and the rural producer `PRODUTOR`, a natural person with an e-CPF,
a product and a buyer (docs/getting-started.md, "The demo companies").

It is made through the API itself (the app's request pipeline, with the development key), so
the demo never drifts from what a user's own calls would store: the same validation, the same
automatic configuration and the same certificate checks as POST /configuracao-fiscal/emitente
and /certificado. Each step looks before it writes, so a later start of the same data dir adds
only what is missing (a certificate, after a start without the simulator, for instance).

Other developers rely on the codes (`DEMO`, `P001`, `P002`, `C001`): the OpenAPI examples use them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from service.config import Settings

DEMO_CODE = "DEMO"
DEMO_CNPJ = "11222333000181"
DEMO_PEDIDO = "DEMO-1"
"""The order of the printed issue command: pasting it twice replays the same NF-e."""

CARRIER: dict[str, Any] = {"rntrc": "12345678", "taf_cteos": "123456789012"}
"""Carrier settings of CT-e (`RNTRC`, a fictitious ANTT registration) and CT-e OS (`TAF`, a
fictitious chartering term); a DEMO made before them gets them (`_ensure_issuer_settings`)."""

ISSUER: dict[str, Any] = {
    "codigo": DEMO_CODE, "cnpj": DEMO_CNPJ, "razao_social": "Empresa Demonstração Ltda",
    "nome_fantasia": "Demo", "uf": "SP", "ie": "110042490114", "crt": 1,
    "cep": "01310100", "logradouro": "Avenida Paulista", "numero": "1000",
    "bairro": "Bela Vista", "municipio": "São Paulo", "cod_municipio": "3550308",
    "email": "demo@example.com", "csc_id": "1",
    "modulos": ["cte", "cteos", "mdfe", "nfce", "nfe", "nfse"], **CARRIER,
}  # fmt: skip
"""CRT 1 (Simples Nacional): its automatic configuration (CSOSN 102, PIS/COFINS 49) needs no
rate beyond the rule packs and no `apuracao`, so NF-e and NFC-e issue right away. São Paulo,
so the simulator's SP services answer. The CSC is generated per data dir (`csc_for`)."""

PRODUCTS: tuple[dict[str, Any], ...] = (
    {"codigo": "P001", "descricao": "Caneta esferográfica azul", "ncm": "96081000",
     "unidade": "UN", "preco": "3.50"},
    {"codigo": "P002", "descricao": "Caderno universitário 96 folhas", "ncm": "48202000",
     "unidade": "UN", "preco": "18.90"},
)  # fmt: skip

CUSTOMER: dict[str, Any] = {
    "codigo": "C001", "cpf_cnpj": "52998224725", "nome": "Maria da Silva",
    "indicador_ie": 9, "email": "maria@example.com", "logradouro": "Avenida Francisco Glicério",
    "numero": "500", "bairro": "Centro", "municipio": "Campinas", "cod_municipio": "3509502",
    "uf": "SP", "cep": "13012100",
}  # fmt: skip
"""A consumer in another municipality of SP: an internal sale (CFOP 5102) with a full address."""

SHIPPER: dict[str, Any] = {
    "codigo": "C003", "cpf_cnpj": "44555666000181", "nome": "Indústria Remetente SA",
    "indicador_ie": 1, "ie": "110042490114", "email": "expedicao@example.com",
    "logradouro": "Rua do Porto", "numero": "10", "bairro": "Centro", "municipio": "São Paulo",
    "cod_municipio": "3550308", "uf": "SP", "cep": "01001000",
}  # fmt: skip
"""The CT-e's shipper and taker (a contributor industry in São Paulo); C001 receives the cargo."""

CUSTOMERS = (CUSTOMER, SHIPPER)

VEHICLES: tuple[dict[str, Any], ...] = (
    {"placa": "DMO1A23", "tara": 6500, "uf_licenciamento": "SP", "renavam": "12345678901",
     "cap_kg": 8000, "cap_m3": 40, "tp_rod": "02", "tp_car": "02"},
    {"placa": "FRT3B45", "tara": 2800, "uf_licenciamento": "SP", "renavam": "98765432109",
     "cap_kg": 1500, "tp_rod": "04", "tp_car": "00"},
)  # fmt: skip
"""The company's own truck (toco, closed body: the MDF-e's traction vehicle) and van (the CT-e
OS's chartered vehicle). Plates, the driver's CPF and the customer codes differ from those of
the registers' OpenAPI examples (`BRA2E19`, `C002`…), so "Try it out" creates them here too."""

DRIVER: dict[str, Any] = {"nome": "José Motorista", "cpf": "39053344705"}

DEMO_NFE_KEY = "35260111222333000181550010000000011100000013"
"""An NF-e key of DEMO (series 1, number 1), with a valid check digit, for the CT-e and the
MDF-e the banner prints: a cargo document is all they need of it (the simulator does not look
it up). The guides use the NF-e the reader issued instead."""

SERVICE: dict[str, Any] = {
    "codigo": "S001", "descricao": "Desenvolvimento de programas de computador sob encomenda",
    "lc116": "01.01", "c_trib_nac": "010101", "preco": "1500.00",
}  # fmt: skip
"""The NFS-e's service. No `aliquota_iss`: the ISS rate is the municipality's law, which the
company registers as a base rule with its source (`ISS_RULE`)."""

ISS_RULE: dict[str, Any] = {
    "tipo": "ISS",
    "criterios": {"cod_municipio_incidencia": "3550308", "lc116": "01.01"},
    "resultado": {"aliquota": "2.00"},
    "vigencia_inicio": "2026-01-01", "versao": "1", "confianca": "0.90",
    "descricao": "ISS de São Paulo, subitem 1.01 (alíquota assumida pela demonstração)",
    "fonte": "Lei nº 13.701/2003 do Município de São Paulo, art. 16 (alíquota de 2 % assumida "
             "pela empresa de demonstração; confira a redação em vigor antes de produção)",
}  # fmt: skip
"""The ISS rate the demo assumes for its service in São Paulo, with the law it cites. The
research names the law (Lei 13.701/2003) but not a verified per-service rate: a real company
registers the rate its own reading of the law gives."""

CTEOS_CFOP_RULE: dict[str, Any] = {
    "tipo": "CFOP_OPERACAO",
    "criterios": {"documento": "CTEOS", "operacao_in": ["interna"]},
    "resultado": {"cfop": "5357"},
    "vigencia_inicio": "2020-01-01", "versao": "1",
    "descricao": "CT-e OS interno a não contribuinte (fretamento de passageiros)",
    "fonte": "Tabela CFOP (Convênio s/nº de 1970, Ajuste SINIEF 07/2001): 5.357 prestação de "
             "serviço de transporte cujo tomador é não contribuinte",
}  # fmt: skip
"""The global pack has no CFOP table for the CT-e OS: the demo charters for consumers."""

RULES = (ISS_RULE, CTEOS_CFOP_RULE)

PRODUCER_CODE = "PRODUTOR"
PRODUCER_CPF = "52998224725"
PRODUCER: dict[str, Any] = {
    "codigo": PRODUCER_CODE, "cpf": PRODUCER_CPF, "ie": "110042490114",
    "nome": "João da Silva", "uf": "SP", "crt": 3, "cep": "13500000",
    "logradouro": "Estrada Municipal RCL 010", "numero": "km 5", "bairro": "Zona Rural",
    "municipio": "Rio Claro", "cod_municipio": "3543907", "email": "joao@example.com",
    "serie_nfe": 920,
    "propriedades": [{"nome": "Sítio Boa Vista", "cod_municipio": "3543907",
                      "nirf": "12345678"}],
}  # fmt: skip
"""A natural-person rural producer (CPF + IE, no CNPJ) in Rio Claro, SP: NF-e only, series 920,
its e-CPF from the simulator's CA. CRT 3: the automatic configuration gives CFOP 5101/6101,
ICMS CST 00 at SP's internal rate and PIS/COFINS CST 08; no deferral is presumed."""

PRODUCER_PRODUCT: dict[str, Any] = {
    "codigo": "SOJA", "descricao": "Soja em grão", "ncm": "12019000", "unidade": "KG",
    "preco": "2.50",
}  # fmt: skip

PRODUCER_CUSTOMER: dict[str, Any] = {**SHIPPER, "codigo": "COOP", "nome": "Cooperativa Agrícola"}
"""The producer's buyer: a contributor in São Paulo (an internal sale, CFOP 5101)."""

USABLE_CERTIFICATE = ("ok", "vence_em_breve")

A1Maker = Callable[[str], tuple[bytes, str]]
"""Given the CNPJ (e-CNPJ) or the CPF (e-CPF), a PKCS#12 and its password (from the running
simulator's CA)."""


class DemoSetupError(RuntimeError):
    """A step of the demo setup was refused; the message carries the API's answer."""


@dataclass(frozen=True)
class DemoState:
    """What the start left in place, for the banner."""

    created: bool
    certificate: str
    """`instalado` (now), `mantido` (already usable) or `sem_simulador` (not touched: no
    authority here would trust a test certificate)."""
    producer: bool = True
    """The rural producer `PRODUTOR` is there (false: the account already had the CPF)."""


class _Api:
    """The app's own request pipeline, called with the development key."""

    def __init__(self, client: Any, key: str) -> None:
        self._client = client
        self._headers = {"Authorization": f"Bearer {key}"}

    def call(self, method: str, path: str, accepted: tuple[int, ...], **kwargs: Any) -> Any:
        answer = self._client.open("/api/v1" + path, method=method, headers=self._headers, **kwargs)
        if answer.status_code not in accepted:
            error = (answer.get_json(silent=True) or {}).get("error", {})
            raise DemoSetupError(f"{method} {path}: {answer.status_code} {error}")
        return answer


def _scoped(path: str) -> str:
    return f"{path}?empresa={DEMO_CODE}"


def _ensure_issuer(api: _Api, csc: str) -> bool:
    """Create DEMO (automatic configuration included) unless the account already has it."""
    found = api.call("GET", _scoped("/configuracao-fiscal/emitente"), (200, 403))
    if found.status_code == 200:
        return False
    api.call("POST", "/configuracao-fiscal/emitente", (201,), json={**ISSUER, "csc": csc})
    return True


def _ensure_modules(api: _Api) -> None:
    """A DEMO made before a module joined `ISSUER` gets it (nothing else of it is touched)."""
    issuer = api.call("GET", _scoped("/configuracao-fiscal/emitente"), (200,)).get_json()
    enabled = issuer["emitente"]["modulos"]
    if not set(ISSUER["modulos"]) <= set(enabled):
        modules = sorted({*enabled, *ISSUER["modulos"]})
        body = {"modulos": modules, "config_automatica": False}
        api.call("PUT", _scoped("/configuracao-fiscal/emitente"), (200,), json=body)


def _ensure_issuer_settings(api: _Api) -> None:
    """A DEMO made before the carrier settings gets them (a value already set is kept)."""
    issuer = api.call("GET", _scoped("/configuracao-fiscal/emitente"), (200,)).get_json()
    missing = {k: v for k, v in CARRIER.items() if not issuer["emitente"].get(k)}
    if missing:
        body = {**missing, "config_automatica": False}
        api.call("PUT", _scoped("/configuracao-fiscal/emitente"), (200,), json=body)


def _certificate_usable(api: _Api, code: str) -> bool:
    path = f"/configuracao-fiscal/certificado?empresa={code}"
    state = api.call("GET", path, (200,)).get_json()
    return state["certificado"]["status"] in USABLE_CERTIFICATE


def _install_certificate(api: _Api, make_a1: A1Maker, code: str, document: str) -> None:
    """The same operation as POST /configuracao-fiscal/certificado (multipart upload)."""
    import io

    pfx, password = make_a1(document)
    data = {"arquivo": (io.BytesIO(pfx), "demo-a1.pfx"), "senha": password}
    path = f"/configuracao-fiscal/certificado?empresa={code}"
    api.call("POST", path, (201,), data=data)


def _ensure_producer(api: _Api) -> bool:
    """The rural producer, its product and its buyer (each only when missing). False when the
    account already has another company with the producer's CPF (left alone)."""
    found = api.call("GET", f"/rural/produtor?empresa={PRODUCER_CODE}", (200, 403, 404))
    if found.status_code != 200:
        made = api.call("POST", "/rural/produtor", (201, 409), json=PRODUCER)
        if made.status_code == 409:
            return False
    scoped = {"empresa": PRODUCER_CODE}
    api.call("POST", "/produtos", (201, 409), json={**PRODUCER_PRODUCT, **scoped})
    api.call("POST", "/clientes", (201, 409), json={**PRODUCER_CUSTOMER, **scoped})
    return True


def _ensure_certificates(api: _Api, make_a1: A1Maker | None, renew: bool, *, producer: bool) -> str:
    """An A1 (e-CNPJ) for DEMO and an e-CPF for the producer, from the running simulator's
    CA: `instalado` when any was made now, `mantido`, or `sem_simulador`."""
    if make_a1 is None:
        return "sem_simulador"
    state = "mantido"
    holders = [(DEMO_CODE, DEMO_CNPJ)] + ([(PRODUCER_CODE, PRODUCER_CPF)] if producer else [])
    for code, document in holders:
        if renew or not _certificate_usable(api, code):
            _install_certificate(api, make_a1, code, document)
            state = "instalado"
    return state


def _ensure_registers(api: _Api) -> None:
    """Products, customers, the service, vehicles and the driver; an existing code, plate or
    CPF (409) is left as the user may have edited it."""
    registers = [("/produtos", product) for product in PRODUCTS]
    registers += [("/clientes", customer) for customer in CUSTOMERS]
    registers += [("/servicos", SERVICE), *(("/veiculos", v) for v in VEHICLES)]
    for path, body in [*registers, ("/condutores", DRIVER)]:
        api.call("POST", path, (201, 409), json={**body, "empresa": DEMO_CODE})


def _ensure_rules(api: _Api) -> None:
    """The ISS and CT-e OS CFOP base rules, unless a company rule of the same type and
    criteria exists (active or not: a deactivated one was the user's choice)."""
    for rule in RULES:
        path = _scoped("/configuracao-fiscal/regras-base")
        own = api.call("GET", f"{path}&tipo={rule['tipo']}&origem=empresa", (200,)).get_json()
        if not any(item["criterios"] == rule["criterios"] for item in own["itens"]):
            api.call("POST", path, (201,), json=rule)


def ensure_demo_company(
    settings: Settings,
    key: str,
    *,
    csc: str,
    make_a1: A1Maker | None,
    renew_certificate: bool = False,
) -> DemoState:
    """DEMO with its registers and the rural producer; their certificates when `make_a1` is
    given (a simulator runs).

    `renew_certificate` replaces a usable certificate too (the simulator's CA changed).
    """
    from service.app import create_app

    app = create_app(settings.with_overrides(queue_inprocess=False))
    try:
        api = _Api(app.test_client(), key)
        created = _ensure_issuer(api, csc)
        if not created:
            _ensure_modules(api)
            _ensure_issuer_settings(api)
        _ensure_registers(api)
        _ensure_rules(api)
        producer = _ensure_producer(api)
        certificate = _ensure_certificates(api, make_a1, renew_certificate, producer=producer)
    finally:
        app.extensions["fiscal"].engine.dispose()
    return DemoState(created=created, certificate=certificate, producer=producer)
