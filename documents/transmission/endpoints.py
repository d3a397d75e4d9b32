"""Which URL serves a request: the UF's authoriser per model, then nfelib's table, then override.

Routing (protocol_facts.md §7-§8):
- NF-e (55): own authoriser for AM BA GO MG MS MT PE PR RS SP; MA and PA use SVAN (nfelib's
  effective sets in `nfe.py`, drift-tested); everyone else uses SVRS. tpEmis 6/7 (SVC-AN/SVC-RS
  contingency) go to the SVC endpoints.
- NFC-e (65): same, except BA, MA, PE and PA go to SVRS (sped-nfe `autorizadores.json`; SVAN
  does not serve NFC-e). nfelib has no separate NFC-e hosts, so NFC-e uses the NF-e URLs of its
  authoriser (docs "Not covered yet": SP and others publish distinct NFC-e hosts).
- CT-e (57/67): own authoriser for MG MS MT PR RS SP; AP PE RR use SVSP; the rest SVRS.
  tpEmis 7 (SVC-RS) goes to SVRS's URLs and 8 (SVC-SP) to SVSP's: nfelib's CT-e tables have no
  SVC key, and sped-cte `Factories/Contingency.php` names the CT-e SVCs by those authorisers
  (`SVRS`, `SVSP`), whose addresses they answer at (as simulator/svc.py also routes them).
- MDF-e (58): SVRS for every UF.
- The NF-e EPEC (event 110140) goes to the Ambiente Nacional (`AN`) whatever the UF: the
  caller pins it with `authority` (`Route.authority`). So do the recipient's manifestation
  events (210200-210240) and the DF-e distribution (NF-e and CT-e), which only the AN serves.
- The NFC-e EPEC (110140 of a model-65 note) goes to SEFAZ-SP's own EPEC service
  (`RecepcaoEPEC`, host nfce.epec.fazenda.sp.gov.br), the only UF running one (NT 2015.003):
  `SUPPLEMENT` carries its URLs under the `SP` key, as nfelib's tables lack them.
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
CTE_SVC_BY_TP_EMIS = {"7": "SVRS", "8": "SVSP"}
AMBIENTE_NACIONAL = "AN"


SUPPLEMENT = {
    ("cte", "AN", "1", "CTeDistribuicaoDFe"):
        "https://www1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx",
    ("cte", "AN", "2", "CTeDistribuicaoDFe"):
        "https://hom1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx",
    ("nfe", "SP", "1", "RecepcaoEPEC"):
        "https://nfce.epec.fazenda.sp.gov.br/EPECws/RecepcaoEPEC.asmx",
    ("nfe", "SP", "2", "RecepcaoEPEC"):
        "https://homologacao.nfce.epec.fazenda.sp.gov.br/EPECws/RecepcaoEPEC.asmx",
}  # fmt: skip
"""(family, server key, tpAmb, service) -> URL for what nfelib's tables lack: its CT-e `AN` entry
is empty, so the CT-e DF-e distribution comes from sped-cte `storage/wscte_4.00_mod57.xml`; SP's
EPEC of the NFC-e comes from sped-nfe `storage/wsnfe_4.00_mod65.xml` (`RecepcaoEPEC`)."""
EPEC_NFCE_UFS = frozenset({"SP"})
"""UFs whose authoriser runs an EPEC for the NFC-e (NT 2015.003 leaves it to each UF)."""


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


def cte_authority(uf: str, tp_emis: str = "1") -> str:
    """Server key of the CT-e / CT-e OS authoriser of `uf` (of its SVC for tpEmis 7 / 8)."""
    acronym = uf_acronym(uf)
    if tp_emis in CTE_SVC_BY_TP_EMIS:
        return CTE_SVC_BY_TP_EMIS[tp_emis]
    if acronym in CTE_OWN:
        return acronym
    return "SVSP" if acronym in CTE_SVSP else "SVRS"


def authority_for(service: SoapService, uf: str, model: str, tp_emis: str) -> str:
    """Server key for `service` in `uf` (model and tpEmis matter only for NF-e/NFC-e)."""
    if service.family is Family.NFE:
        return nfe_authority(uf, model, tp_emis)
    if service.family is Family.CTE:
        return cte_authority(uf, tp_emis)
    uf_acronym(uf)
    return "SVRS"


def real_url(
    service: SoapService,
    uf: str,
    environment: Environment,
    *,
    model: str = "55",
    tp_emis: str = "1",
    authority: str | None = None,
) -> str:
    """The authority's real URL, without the `?wsdl` suffix some tables carry (GO, MT);
    `authority` overrides the UF's routing with a server key of nfelib's tables."""
    key = authority or authority_for(service, uf, model, tp_emis)
    table = server_table(service.family.value).get(key, {}).get(environment.value, {})
    url = table.get(service.table_key) or SUPPLEMENT.get(
        (service.family.value, key, environment.value, service.table_key)
    )
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
