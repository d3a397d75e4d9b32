"""Where a document's packed signed XML lives: its row, or an S3-compatible object store.

An external system behind a Protocol, the implementation chosen by a setting
(`FISCAL_BLOB_STORE`): `DatabaseBlobs` (the default: the packed bytes in the row's `xml_dados`)
or `S3Blobs` (boto3: the object under a key the row keeps, with the size and SHA-256 of the XML
it holds). An object store is not transactional: the object is written first, under a key
that names its content, and the row that refers to it is committed after; a crash between
them leaves an object no row refers to (an orphan, which `sweep` removes), never a row without
its XML.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from service.config import S3Settings, Settings
from service.storage.errors import BlobUnavailable

log = logging.getLogger("service.storage")


@dataclass(frozen=True)
class Placed:
    """Where a row finds its packed signed XML: in `inline` (the row's own bytes), or in the
    object store under `key`."""

    inline: bytes | None
    key: str | None


class BlobStore(Protocol):
    """Keeps packed signed XML (`service.storage.codec`)."""

    @property
    def self_contained(self) -> bool:
        """Whether what it keeps must unpack on its own, with nothing from the database (the
        object store's objects: an operator may export them or move them to cold storage as
        they are)."""

    def put(self, key: str, packed: bytes) -> Placed:
        """Keep `packed` (before the row that refers to it is committed)."""

    def get(self, placed: Placed) -> bytes:
        """The packed bytes a row refers to; `BlobUnavailable` when they cannot be had."""

    def delete(self, key: str) -> None:
        """Remove an object (an orphan, or a document past its retention)."""

    def listed(self, prefix: str = "") -> Iterator[tuple[str, dt.datetime]]:
        """Every object's key under `prefix` with when it was written (the sweep's input)."""


class DatabaseBlobs:
    """The packed bytes in the row itself: written in the acceptance's transaction."""

    self_contained = False

    def put(self, key: str, packed: bytes) -> Placed:
        return Placed(inline=packed, key=None)

    def get(self, placed: Placed) -> bytes:
        if placed.inline is None:
            raise BlobUnavailable(
                f"document XML is in the object store ({placed.key}); set FISCAL_BLOB_STORE=s3"
            )
        return placed.inline

    def delete(self, key: str) -> None:
        return None

    def listed(self, prefix: str = "") -> Iterator[tuple[str, dt.datetime]]:
        return iter(())


class S3Blobs:
    """An S3-compatible bucket (AWS, MinIO, Ceph, moto). Rows written while the database
    store was in use (and migrated rows) keep their bytes inline, and are read from there."""

    self_contained = True

    def __init__(self, settings: S3Settings) -> None:
        self.settings = settings
        self._client: Any = None
        self._lock = threading.Lock()

    def __repr__(self) -> str:  # the settings' keys never reach a log line
        return f"S3Blobs(bucket={self.settings.bucket!r}, endpoint={self.settings.endpoint_url!r})"

    def client(self) -> Any:
        """One boto3 client per process (thread-safe; building one takes tens of ms)."""
        with self._lock:
            if self._client is None:
                self._client = _client(self.settings)
            return self._client

    def put(self, key: str, packed: bytes) -> Placed:
        full = self.settings.prefix + key
        try:
            self.client().put_object(Bucket=self.settings.bucket, Key=full, Body=packed,
                                     ContentType="application/octet-stream")  # fmt: skip
        except Exception as exc:  # botocore's errors, connection failures
            raise _unavailable("put", full, exc) from exc
        return Placed(inline=None, key=full)

    def get(self, placed: Placed) -> bytes:
        if placed.inline is not None:
            return placed.inline
        if placed.key is None:
            raise BlobUnavailable("row refers to no XML")
        try:
            answer = self.client().get_object(Bucket=self.settings.bucket, Key=placed.key)
            body: bytes = answer["Body"].read()
        except Exception as exc:
            raise _unavailable("get", placed.key, exc) from exc
        return body

    def delete(self, key: str) -> None:
        try:
            self.client().delete_object(Bucket=self.settings.bucket, Key=key)
        except Exception as exc:
            raise _unavailable("delete", key, exc) from exc

    def listed(self, prefix: str = "") -> Iterator[tuple[str, dt.datetime]]:
        pages = self.client().get_paginator("list_objects_v2")
        for page in pages.paginate(
            Bucket=self.settings.bucket, Prefix=self.settings.prefix + prefix
        ):
            for item in page.get("Contents", ()):
                yield item["Key"], item["LastModified"]


def _client(settings: S3Settings) -> Any:
    import boto3
    from botocore.config import Config

    config = Config(connect_timeout=settings.timeout, read_timeout=settings.timeout,
                    retries={"max_attempts": 3, "mode": "standard"})  # fmt: skip
    return boto3.client(
        "s3", endpoint_url=settings.endpoint_url, region_name=settings.region,
        aws_access_key_id=settings.access_key_id,
        aws_secret_access_key=settings.secret_access_key, config=config,
    )  # fmt: skip


def _unavailable(action: str, key: str, exc: Exception) -> BlobUnavailable:
    """The failure as logged and raised: the action, the key and the error's class and code
    (botocore's messages name no credential, but only its code is kept)."""
    code = getattr(exc, "response", {}).get("Error", {}).get("Code", "")
    reason = f"{type(exc).__name__}{f' {code}' if code else ''}"
    log.error("object store failed", extra={"action": action, "key": key, "reason": reason})
    return BlobUnavailable(f"object store {action} {key}: {reason}")


def blob_store(settings: Settings) -> BlobStore:
    """The store `FISCAL_BLOB_STORE` names."""
    if settings.blob_store == "s3":
        return S3Blobs(settings.s3)
    return DatabaseBlobs()
