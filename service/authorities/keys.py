"""Which authority serves a document or a company: (model, authoriser, environment).

The authoriser is what `documents.transmission.endpoints` resolves the URL from: a UF with
its own authoriser (`SP`), a shared one (`SVRS`, `SVAN`, `SVSP`), a contingency one (`SVC-AN`,
`SVC-RS`) or the national NFS-e system (`SEFIN`). Companies of different UFs served by SVRS
share one state: when SVRS is down, it is down for all of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from documents.transmission.endpoints import UF_BY_CODE, UF_CODES, cte_authority, nfe_authority
from service.companies.models import Company
from service.issuance import registry
from service.issuance.models import FiscalDocument

NFSE_MODEL = "SE"
"""The national NFS-e family's model (`service.nfse.family.MODEL`)."""
NFSE_AUTHORISER = "SEFIN"
PROBED_MODELS = frozenset({"55", "65", "57", "67", "58"})
"""Models whose authority has a status service (the national NFS-e API has none)."""


@dataclass(frozen=True, order=True)
class AuthorityKey:
    """One authority as the state table keys it."""

    modelo: str
    autorizador: str
    ambiente: str

    @property
    def documento(self) -> str:
        """`NFE`, `NFCE`, `CTE`, `CTEOS`, `MDFE`, `NFSE`: the family's name in the API."""
        return registry.by_model(self.modelo).documento

    @property
    def probed(self) -> bool:
        return self.modelo in PROBED_MODELS


def authoriser(modelo: str, uf: str, tp_emis: str = "1") -> str:
    """The authoriser of documents of `modelo` issued in `uf` (an SVC tpEmis: the SVC)."""
    if modelo in ("55", "65"):
        return nfe_authority(uf, modelo, tp_emis)
    if modelo in ("57", "67"):
        return cte_authority(uf, tp_emis)
    if modelo == NFSE_MODEL:
        return NFSE_AUTHORISER
    return "SVRS"  # MDF-e: one authoriser for every UF


def of_document(document: FiscalDocument) -> AuthorityKey | None:
    """The authority a document is sent to, from the document alone: its access key's first
    two digits are the issuer's UF (an NFS-e goes to the national system). None when the
    key does not say (a document that cannot have been sent)."""
    modelo = str(document.modelo)
    if modelo == NFSE_MODEL:
        return AuthorityKey(modelo, NFSE_AUTHORISER, document.ambiente)
    uf = UF_BY_CODE.get(str(document.chave or "")[:2])
    if uf is None:
        return None
    where = authoriser(modelo, uf, str(document.tp_emis or "1"))
    return AuthorityKey(modelo, where, document.ambiente)


def models_of(company: Company) -> list[str]:
    """The models of the company's enabled document modules."""
    return _models(company.modulos)


def _models(modulos: list[str] | None) -> list[str]:
    """The models of these modules (a module that is no document family, `rural`, has none)."""
    known = {family.module: family.model for family in registry.families()}
    return [known[module] for module in modulos or () if module in known]


def of_company(company: Company, ambiente: str) -> list[AuthorityKey]:
    """The authorities a company's documents go to in `ambiente` (none without a UF)."""
    return of_modules(company.uf, company.modulos, ambiente)


def of_modules(uf: str | None, modulos: list[str] | None, ambiente: str) -> list[AuthorityKey]:
    """The authorities of a company of `uf` with these modules, in `ambiente`."""
    if not uf:
        return []
    return [AuthorityKey(m, authoriser(m, uf), ambiente) for m in _models(modulos)]


def ufs_served(key: AuthorityKey) -> list[str]:
    """The UFs whose documents of the key's model go to its authoriser (none for an SVC: it
    serves only documents issued in contingency)."""
    return [uf for uf in UF_CODES if authoriser(key.modelo, uf) == key.autorizador]


def served(companies: Iterable[Company], key: AuthorityKey) -> list[Company]:
    """The companies whose documents of the key's model go to its authoriser."""
    return [c for c in companies if any(k.modelo == key.modelo and k.autorizador ==
            key.autorizador for k in of_company(c, key.ambiente))]  # fmt: skip
