
""" A client library for accessing Fiscal — emissão de documentos fiscais eletrônicos """
from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
