"""How this process reaches the tax authorities: endpoints, trust, timeouts and the opened
certificates of the companies it serves. Built once per app from the settings."""

from __future__ import annotations

from dataclasses import dataclass

from documents.nfe.model import TpAmb as LayoutTpAmb
from documents.transmission.endpoints import Environment as TpAmb
from documents.transmission.settings import TransmissionSettings
from documents.transmission.transport import Route, SoapTransport
from service.config import Settings
from service.issuance.credential_cache import CompanyCredentials, CredentialCache


@dataclass(frozen=True)
class Authority:
    transmission: TransmissionSettings
    credentials: CredentialCache

    @classmethod
    def from_settings(cls, settings: Settings) -> Authority:
        transmission = TransmissionSettings(
            authority_url=settings.authority_url,
            ca_bundle=settings.authority_ca_bundle,
            connect_timeout=settings.authority_connect_timeout,
            read_timeout=settings.authority_read_timeout,
        )
        return cls(transmission, CredentialCache(settings.authority_ca_bundle))

    def transport(self, credentials: CompanyCredentials) -> SoapTransport:
        return SoapTransport(self.transmission, credentials.tls)


def tp_amb(ambiente: str) -> TpAmb:
    """The service's HOMOLOGACAO/PRODUCAO as the layouts' tpAmb."""
    return TpAmb.PRODUCTION if ambiente == "PRODUCAO" else TpAmb.HOMOLOGATION


def layout_environment(ambiente: str) -> LayoutTpAmb:
    """The service's HOMOLOGACAO/PRODUCAO as the documents' `tpAmb` (every layout's 1/2)."""
    return LayoutTpAmb.PRODUCAO if ambiente == "PRODUCAO" else LayoutTpAmb.HOMOLOGACAO


def route(uf: str, ambiente: str, modelo: str, tp_emis: str = "1") -> Route:
    return Route(uf, tp_amb(ambiente), model=modelo, tp_emis=tp_emis)
