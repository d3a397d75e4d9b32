"""What can go wrong reading or writing a document's stored XML."""

from __future__ import annotations


class StorageError(Exception):
    """Base of the storage errors; mapped to 500 `ERRO_INTERNO` at the edge (the caller can
    do nothing about it: an operator must)."""


class StoredXmlError(StorageError):
    """The stored bytes do not unpack (an unknown format, a dictionary that is not there, a
    damaged stream)."""


class XmlIntegrityError(StorageError):
    """The XML read back is not the one stored: its SHA-256 differs from the row's."""


class BlobUnavailable(StorageError):
    """The object store did not answer the object (missing, unreachable, not configured)."""
