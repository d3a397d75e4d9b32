"""A real S3 server on loopback for the object store's tests: moto in server mode
(`ThreadedMotoServer`, the S3 REST API over HTTP), one bucket, throwaway keys."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager

from service.config import S3Settings
from service.storage.blobs import S3Blobs

BUCKET = "fiscal-documentos-teste"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def running_s3() -> Iterator[S3Settings]:
    """A moto S3 server with an empty bucket; the settings that reach it."""
    from moto.server import ThreadedMotoServer

    port = _free_port()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
    server.start()
    try:
        settings = S3Settings(
            bucket=BUCKET, endpoint_url=f"http://127.0.0.1:{port}", region="us-east-1",
            access_key_id="chave-de-teste", secret_access_key="segredo-de-teste",
        )  # fmt: skip
        S3Blobs(settings).client().create_bucket(Bucket=BUCKET)
        yield settings
    finally:
        server.stop()
