"""The MDF-e's authority (SVRS) for one company and environment."""

from __future__ import annotations

from documents.transmission.mdfe import MdfeClient
from service.companies.models import Company
from service.issuance.authority import Authority, route
from service.issuance.credential_cache import CompanyCredentials

MODEL = "58"


def client(
    authority: Authority, creds: CompanyCredentials, ambiente: str, company: Company
) -> MdfeClient:
    return MdfeClient(authority.transport(creds), route(str(company.uf), ambiente, MODEL))
