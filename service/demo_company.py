"""The demo company `fiscal quickstart` prepares: company `DEMO`, ready to issue NF-e and NFC-e
(and with the NFS-e and MDF-e modules enabled, so its services, vehicles and drivers registers
work).

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

ISSUER: dict[str, Any] = {
    "codigo": DEMO_CODE, "cnpj": DEMO_CNPJ, "razao_social": "Empresa Demonstração Ltda",
    "nome_fantasia": "Demo", "uf": "SP", "ie": "110042490114", "crt": 1,
    "cep": "01310100", "logradouro": "Avenida Paulista", "numero": "1000",
    "bairro": "Bela Vista", "municipio": "São Paulo", "cod_municipio": "3550308",
    "email": "demo@example.com", "csc_id": "1", "modulos": ["nfe", "nfce", "nfse", "mdfe"],
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

SERVICE: dict[str, Any] = {
    "codigo": "S001", "descricao": "Desenvolvimento de programas de computador sob encomenda",
    "lc116": "01.01", "c_trib_nac": "010101", "preco": "1500.00",
}  # fmt: skip
"""The NFS-e's service. No `aliquota_iss`: the ISS rate is the municipality's law, which the
company registers as a base rule with its source (README "NFS-e (national)"); none is made up."""

USABLE_CERTIFICATE = ("ok", "vence_em_breve")

A1Maker = Callable[[str], tuple[bytes, str]]
"""Given the CNPJ, a PKCS#12 and its password (from the running simulator's CA)."""


class DemoSetupError(RuntimeError):
    """A step of the demo setup was refused; the message carries the API's answer."""


@dataclass(frozen=True)
class DemoState:
    """What the start left in place, for the banner."""

    created: bool
    certificate: str
    """`instalado` (now), `mantido` (already usable) or `sem_simulador` (not touched: no
    authority here would trust a test certificate)."""


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


def _certificate_usable(api: _Api) -> bool:
    state = api.call("GET", _scoped("/configuracao-fiscal/certificado"), (200,)).get_json()
    return state["certificado"]["status"] in USABLE_CERTIFICATE


def _install_certificate(api: _Api, make_a1: A1Maker) -> None:
    """The same operation as POST /configuracao-fiscal/certificado (multipart upload)."""
    import io

    pfx, password = make_a1(DEMO_CNPJ)
    data = {"arquivo": (io.BytesIO(pfx), "demo-a1.pfx"), "senha": password}
    api.call("POST", _scoped("/configuracao-fiscal/certificado"), (201,), data=data)


def _ensure_registers(api: _Api) -> None:
    """P001, P002, C001 and S001; an existing code (409) is left as the user may have edited it."""
    for product in PRODUCTS:
        api.call("POST", "/produtos", (201, 409), json={**product, "empresa": DEMO_CODE})
    api.call("POST", "/clientes", (201, 409), json={**CUSTOMER, "empresa": DEMO_CODE})
    api.call("POST", "/servicos", (201, 409), json={**SERVICE, "empresa": DEMO_CODE})


def ensure_demo_company(
    settings: Settings,
    key: str,
    *,
    csc: str,
    make_a1: A1Maker | None,
    renew_certificate: bool = False,
) -> DemoState:
    """DEMO with its registers; a certificate when `make_a1` is given (a simulator runs).

    `renew_certificate` replaces a usable certificate too (the simulator's CA changed).
    """
    from service.app import create_app

    app = create_app(settings.with_overrides(queue_inprocess=False))
    try:
        api = _Api(app.test_client(), key)
        created = _ensure_issuer(api, csc)
        if not created:
            _ensure_modules(api)
        _ensure_registers(api)
        if make_a1 is None:
            certificate = "sem_simulador"
        elif renew_certificate or not _certificate_usable(api):
            _install_certificate(api, make_a1)
            certificate = "instalado"
        else:
            certificate = "mantido"
    finally:
        app.extensions["fiscal"].engine.dispose()
    return DemoState(created=created, certificate=certificate)
