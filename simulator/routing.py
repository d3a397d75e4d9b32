"""Which authority, environment and service a request addresses.

The product sends to ``{AUTHORITY_URL}/{real host}{real path}``; the simulator recognises the real
URL from the same nfelib endpoint tables the product uses, so a wrong UF, environment or service in
the product shows up here as a 404 instead of a silent success.
"""

from __future__ import annotations

import enum
import importlib.util
import sys
import threading
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import nfelib

from documents.transmission.endpoints import cte_authority
from simulator.authority import UF_CODES


class Family(enum.Enum):
    """Document family; values are the XML namespace suffixes."""

    NFE = "nfe"
    CTE = "cte"
    MDFE = "mdfe"
    NFSE = "nfse"


class TpAmb(enum.Enum):
    PRODUCTION = "1"
    HOMOLOGATION = "2"


@dataclass(frozen=True)
class Route:
    """A recognised endpoint: authority key (UF, SVRS, SVAN, ...), environment and service name."""

    family: Family
    authority: str
    tp_amb: TpAmb
    service: str


_NFE_SERVICES = {
    "NfeInutilizacao": "NFeInutilizacao4",
    "NfeConsultaProtocolo": "NFeConsultaProtocolo4",
    "NfeStatusServico": "NFeStatusServico4",
    "RecepcaoEvento": "NFeRecepcaoEvento4",
    "NFeAutorizacao": "NFeAutorizacao4",
    "NFeRetAutorizacao": "NFeRetAutorizacao4",
    "NFeDistribuicaoDFe": "NFeDistribuicaoDFe",
}
_CTE_SERVICES = {
    "CteStatusServicoV4": "CTeStatusServicoV4",
    "CteConsultaV4": "CTeConsultaV4",
    "CteRecepcaoEventoV4": "CTeRecepcaoEventoV4",
    "CTeRecepcaoOSV4": "CTeRecepcaoOSV4",
    "CTeRecepcaoSincV4": "CTeRecepcaoSincV4",
}
_MDFE_SERVICES = {
    name: name
    for name in (
        "MDFeRecepcaoEvento",
        "MDFeConsulta",
        "MDFeStatusServico",
        "MDFeConsNaoEnc",
        "MDFeRecepcaoSinc",
    )
}
NFSE_HOSTS = {
    "sefin.nfse.gov.br": TpAmb.PRODUCTION,
    "sefin.producaorestrita.nfse.gov.br": TpAmb.HOMOLOGATION,
}
"""Sefin Nacional base hosts (protocol_facts.md §4); the API lives under ``/SefinNacional``."""
NFSE_BASE_PATH = "/sefinnacional"
ADN_HOSTS = {
    "adn.nfse.gov.br": TpAmb.PRODUCTION,
    "adn.producaorestrita.nfse.gov.br": TpAmb.HOMOLOGATION,
}
"""ADN (Ambiente de Dados Nacional) hosts; the contribuinte API lives under ``/contribuintes``
(protocol_facts.md §4; nfsen-php-sdk ``ADN-Contribuinte-swagger.json``)."""
ADN_BASE_PATH = "/contribuintes"


def _server_table(relative: str) -> dict[str, Any]:
    """Load one of nfelib's generated ``servers.py`` tables by file.

    The client packages' ``__init__`` import ``brazil_fiscal_client`` (not a dependency here), but
    the tables themselves are plain data, so they are loaded without their package.
    """
    path = Path(nfelib.__file__).parent / relative
    name = "simulator._nfelib_" + relative.replace("/", "_").removesuffix(".py")
    module = sys.modules.get(name) or _load(name, path)
    servers: dict[str, Any] = module.servers
    return servers


def _load(name: str, path: Path) -> ModuleType:
    """Execute the file, then publish it in ``sys.modules``.

    Published only once whole: a module registered before it runs is seen half-made by any other
    thread that looks it up meanwhile (it has no ``servers`` yet).
    """
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[name] = module
    return module


def _key(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    return parts.netloc.lower(), parts.path.rstrip("/").lower()


CTE_DISTRIBUTION_ROUTES = {
    (host, "/ctedistribuicaodfe/ctedistribuicaodfe.asmx"): Route(
        Family.CTE, "AN", tp_amb, "CTeDistribuicaoDFe"
    )
    for host, tp_amb in (
        ("www1.cte.fazenda.gov.br", TpAmb.PRODUCTION),
        ("hom1.cte.fazenda.gov.br", TpAmb.HOMOLOGATION),
    )
}
"""CTeDistribuicaoDFe of the Ambiente Nacional: absent from nfelib's CT-e table; the URLs every
public client uses (e.g. the Zeus DFe.NET URL table) and the product's
``documents/transmission/endpoints.py``."""

EPEC_NFCE_AUTHORITY = "SP-EPEC"
EPEC_NFCE_ROUTES = {
    (host, "/epecws/recepcaoepec.asmx"): Route(
        Family.NFE, EPEC_NFCE_AUTHORITY, tp_amb, "RecepcaoEvento"
    )
    for host, tp_amb in (
        ("nfce.epec.fazenda.sp.gov.br", TpAmb.PRODUCTION),
        ("homologacao.nfce.epec.fazenda.sp.gov.br", TpAmb.HOMOLOGATION),
    )
}
"""SEFAZ-SP's EPEC of the NFC-e (``RecepcaoEPEC.asmx``): absent from nfelib's tables; the URLs of
sped-nfe ``storage/wsnfe_4.00_mod65.xml`` and the product's ``documents/transmission/endpoints.py``.
The service is ``RecepcaoEvento``, the WSDL namespace suffix sped-nfe sends there."""

_ROUTES_LOCK = threading.Lock()
_UF_ACRONYMS = frozenset(UF_CODES.values())
"""The 27 UFs' own authorizers' names, as nfelib's tables key them (SP, RS...)."""


def soap_routes() -> dict[tuple[str, str], Route]:
    """(host, path) of every SEFAZ endpoint in nfelib's tables -> its route.

    Built once, under a lock: the simulator serves each connection on its own thread, and the
    first requests of a run arrive together. Without the lock a request could read nfelib's
    tables while another thread was still loading them and fail: the service saw the
    connection closed without an answer (a 202 SEFAZ_UNAVAILABLE in a benchmark's warm-up).
    """
    with _ROUTES_LOCK:
        return _soap_routes()


def _soap_routes() -> dict[tuple[str, str], Route]:
    return _tables()[0]


def shared_authorities(path: str) -> tuple[str, ...]:
    """Every authority nfelib's tables list at the URL of a request path (most have one)."""
    with _ROUTES_LOCK:
        return _tables()[1].get(_path_key(path), ())


def for_document(route: Route, path: str, uf: str | None) -> Route:
    """The authority a shared URL reaches for a CT-e of `uf`. nfelib lists SVRS's CT-e URLs
    under RS too, and SVSP's under SP, and the route table keeps the first name: a CT-e of SC
    at SVRS's URL is SVRS's, not RS's (which refused it with 226). Only when the UF's own
    authorizer (the product's table, `cte_authority`) is listed at that URL: a CT-e of PR at
    SP's URL stays SP's and is refused (226) as the real one is."""
    if uf is None or route.family is not Family.CTE or route.authority == uf:
        return route
    owner = cte_authority(uf) if uf in _UF_ACRONYMS else None
    if owner is None or owner == route.authority or owner not in shared_authorities(path):
        return route
    return replace(route, authority=owner)


def _path_key(path: str) -> tuple[str, str]:
    trimmed = urlsplit(path).path.lstrip("/")
    host, _, rest = trimmed.partition("/")
    return host.lower(), ("/" + rest).rstrip("/").lower()


@cache
def _tables() -> tuple[dict[tuple[str, str], Route], dict[tuple[str, str], tuple[str, ...]]]:
    """(URL -> its first route, URL -> every authority listed there), from nfelib's tables."""
    table: dict[tuple[str, str], Route] = {}
    shared: dict[tuple[str, str], tuple[str, ...]] = {}
    sources = (
        (Family.NFE, _server_table("nfe/client/v4_0/servers.py"), _NFE_SERVICES),
        (Family.CTE, _server_table("cte/client/v4_0/servers.py"), _CTE_SERVICES),
        (Family.MDFE, _server_table("mdfe/client/v3_0/servers.py"), _MDFE_SERVICES),
    )
    for family, servers, names in sources:
        for authority, config in servers.items():
            for tp_amb, endpoints in (
                (TpAmb.PRODUCTION, config["prod_endpoints"]),
                (TpAmb.HOMOLOGATION, config["dev_endpoints"]),
            ):
                for endpoint, url in endpoints.items():
                    service = names.get(endpoint.value)
                    if service:
                        route = Route(family, authority, tp_amb, service)
                        key = _key(url)
                        table.setdefault(key, route)
                        if authority not in shared.get(key, ()):
                            shared[key] = (*shared.get(key, ()), authority)
    for key, route in (CTE_DISTRIBUTION_ROUTES | EPEC_NFCE_ROUTES).items():
        table.setdefault(key, route)
        shared.setdefault(key, (route.authority,))
    return table, shared


def resolve(path: str) -> Route | None:
    """Route for a request path ``/{real host}{real path}``; None when nothing is served there."""
    trimmed = urlsplit(path).path.lstrip("/")
    host, _, rest = trimmed.partition("/")
    host = host.lower()
    if host in NFSE_HOSTS and ("/" + rest.lower()).startswith(NFSE_BASE_PATH):
        return Route(Family.NFSE, "SEFIN", NFSE_HOSTS[host], "SefinNacional")
    if host in ADN_HOSTS and ("/" + rest.lower()).startswith(ADN_BASE_PATH):
        return Route(Family.NFSE, "ADN", ADN_HOSTS[host], "ADN")
    return soap_routes().get((host, ("/" + rest).rstrip("/").lower()))


def nfse_subpath(path: str) -> str:
    """The part of an NFS-e request path after ``/{host}/SefinNacional``, e.g. ``/nfse/{chave}``."""
    trimmed = urlsplit(path).path.lstrip("/")
    _, _, rest = trimmed.partition("/")
    return "/" + rest[len(NFSE_BASE_PATH) :].lstrip("/")


def adn_subpath(path: str) -> str:
    """The part of an ADN request after ``/{host}/contribuintes``, query string kept."""
    parts = urlsplit(path)
    _, _, rest = parts.path.lstrip("/").partition("/")
    tail = "/" + rest[len(ADN_BASE_PATH) :].lstrip("/")
    return f"{tail}?{parts.query}" if parts.query else tail


def endpoint_url(family: Family, authority: str, tp_amb: TpAmb, service: str) -> str:
    """The real URL of a service (reverse of :func:`resolve`), for tests and documentation."""
    for (host, path), route in soap_routes().items():
        if route == Route(family, authority, tp_amb, service):
            return f"{host}{path}"
    for (host, path), route in soap_routes().items():  # a URL another name was listed first at
        wanted = (route.family, route.tp_amb, route.service) == (family, tp_amb, service)
        if wanted and authority in shared_authorities(f"/{host}{path}"):
            return f"{host}{path}"
    raise KeyError(f"no {family.value} endpoint {service} for {authority} tpAmb={tp_amb.value}")
