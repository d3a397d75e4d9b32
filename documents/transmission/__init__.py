"""Authority transmission client: SOAP 1.2 (NF-e/NFC-e, CT-e, MDF-e) and the national NFS-e REST
API over mutual TLS, with every answer classified as authorized, denied, rejected, throttled,
uncertain or not sent. Pure: no Flask, no database. See README.md for the rules."""

from documents.transmission.cte import CteClient
from documents.transmission.distribution import DistributionBatch, DistributionClient
from documents.transmission.endpoints import Environment, effective_url, real_url
from documents.transmission.mdfe import MdfeClient
from documents.transmission.nfe import NfeClient, poll_delay
from documents.transmission.nfse import NfseClient
from documents.transmission.settings import TransmissionSettings
from documents.transmission.tls import ContextCache, client_context
from documents.transmission.transport import Route, SoapTransport

__all__ = [
    "ContextCache",
    "CteClient",
    "DistributionBatch",
    "DistributionClient",
    "Environment",
    "MdfeClient",
    "NfeClient",
    "NfseClient",
    "Route",
    "SoapTransport",
    "TransmissionSettings",
    "client_context",
    "effective_url",
    "poll_delay",
    "real_url",
]
