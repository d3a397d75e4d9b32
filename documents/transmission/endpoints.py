"""Which URL serves a request: the UF's authoriser per model, then nfelib's table, then override.

Routing (protocol_facts.md §7-§8):
- NF-e (55): own authoriser for AM BA GO MG MS MT PE PR RS SP; MA and PA use SVAN (nfelib's
  effective sets in `nfe.py`, drift-tested); everyone else uses SVRS. tpEmis 6/7 (SVC-AN/SVC-RS
  contingency) go to the SVC endpoints.
- NFC-e (65): same, except BA, MA, PE and PA go to SVRS (sped-nfe `autorizadores.json`; SVAN
  does not serve NFC-e). nfelib has no separate NFC-e hosts, so NFC-e uses the NF-e URLs of its
  authoriser (docs "Not covered yet": SP and others publish distinct NFC-e hosts).
- CT-e (57/67): own authoriser for MG MS MT PR RS SP; AP PE RR use SVSP; the rest SVRS.
- MDF-e (58): SVRS for every UF.
"""

from __future__ import annotations

from enum import StrEnum
from urllib.parse import urlsplit

from documents.transmission.errors import EndpointNotFoundError
from documents.transmission.nfelib_tables import server_table
from documents.transmission.services import Family, SoapService


class Environment(StrEnum):
    """tpAmb: the wire value is the environment code of every SEFAZ layout."""

    PRODUCTION = "1"
    HOMOLOGATION = "2"


UF_CODES = {
    "RO": "11", "AC": "12", "AM": "13", "RR": "14", "PA": "15", "AP": "16", "TO": "17",
    "MA": "21", "PI": "22", "CE": "23", "RN": "24", "PB": "25", "PE": "26", "AL": "27",
    "SE": "28", "BA": "29", "MG": "31", "ES": "32", "RJ": "33", "SP": "35", "PR": "41",
    "SC": "42", "RS": "43", "MS": "50", "MT": "51", "GO": "52", "DF": "53",
}  # fmt: skip
"""IBGE code of each UF (the first two digits of every access key)."""

UF_BY_CODE = {code: uf for uf, code in UF_CODES.items()}

NFE_OWN = frozenset({"AM", "BA", "GO", "MG", "MS", "MT", "PE", "PR", "RS", "SP"})
NFE_SVAN = frozenset({"MA", "PA"})
NFCE_OWN = NFE_OWN - {"BA", "PE"}
CTE_OWN = frozenset({"MG", "MS", "MT", "PR", "RS", "SP"})
CTE_SVSP = frozenset({"AP", "PE", "RR"})
SVC_BY_TP_EMIS = {"6": "SVC-AN", "7": "SVC-RS"}


def uf_acronym(uf: str) -> str:
    """Accept `SP` or `35`; return `SP`. Unknown values raise `EndpointNotFoundError`."""
    value = uf.strip().upper()
    if value in UF_CODES:
        return value
    if value in UF_BY_CODE:
        return UF_BY_CODE[value]
    raise EndpointNotFoundError("any", uf, "-", "-")


def nfe_authority(uf: str, model: str = "55", tp_emis: str = "1") -> str:
    """Server key (nfelib table key) of the authoriser of an NF-e/NFC-e of `uf`."""
    acronym = uf_acronym(uf)
    if model == "55" and tp_emis in SVC_BY_TP_EMIS:
        return SVC_BY_TP_EMIS[tp_emis]
    own = NFE_OWN if model == "55" else NFCE_OWN
    if acronym in own:
        return acronym
    return "SVAN" if model == "55" and acronym in NFE_SVAN else "SVRS"


def cte_authority(uf: str) -> str:
    """Server key of the CT-e / CT-e OS authoriser of `uf`."""
    acronym = uf_acronym(uf)
    if acronym in CTE_OWN:
        return acronym
    return "SVSP" if acronym in CTE_SVSP else "SVRS"


def authority_for(service: SoapService, uf: str, model: str, tp_emis: str) -> str:
    """Server key for `service` in `uf` (model and tpEmis matter only for NF-e/NFC-e)."""
    if service.family is Family.NFE:
        return nfe_authority(uf, model, tp_emis)
    if service.family is Family.CTE:
        return cte_authority(uf)
    uf_acronym(uf)
    return "SVRS"


def real_url(
    service: SoapService,
    uf: str,
    environment: Environment,
    *,
    model: str = "55",
    tp_emis: str = "1",
) -> str:
    """The authority's real URL, without the `?wsdl` suffix some tables carry (GO, MT)."""
    key = authority_for(service, uf, model, tp_emis)
    table = server_table(service.family.value).get(key, {}).get(environment.value, {})
    url = table.get(service.table_key)
    if url is None:
        raise EndpointNotFoundError(service.family.value, uf, service.table_key, environment.value)
    return url.split("?", 1)[0]


def effective_url(url: str, authority_url: str | None) -> str:
    """Apply the `AUTHORITY_URL` override: `{override}/{real host}{real path}`."""
    if not authority_url:
        return url
    parts = urlsplit(url)
    query = f"?{parts.query}" if parts.query else ""
    return f"{authority_url.rstrip('/')}/{parts.netloc}{parts.path}{query}"


NFSE_BASE_URLS = {
    Environment.PRODUCTION: "https://sefin.nfse.gov.br/SefinNacional",
    Environment.HOMOLOGATION: "https://sefin.producaorestrita.nfse.gov.br/SefinNacional",
}
"""Sefin Nacional base URLs (official swagger host + basePath; protocol_facts.md §4). nfelib 3.2.0
posts DPS to the ADN instead, which contradicts the swagger, so it is not used here."""


def nfse_url(environment: Environment, path: str) -> str:
    """Real Sefin URL for `path` (e.g. `/nfse`, `/dps/{id}`)."""
    return f"{NFSE_BASE_URLS[environment]}{path}"
