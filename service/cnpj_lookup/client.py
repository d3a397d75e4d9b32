"""One bounded HTTP GET for JSON: a deadline for the whole answer, a size cap, JSON checked.

A public register is somebody else's server: it may hang, trickle bytes, answer megabytes or
HTML. Each of those becomes `ProviderFailure` so the caller simply moves to the next provider.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import requests

MAX_ANSWER_BYTES = 512 * 1024
"""A register answer is a few kilobytes; anything far larger is not one."""

USER_AGENT = "fiscal-service/0.1 (consulta de CNPJ)"


class ProviderFailure(Exception):
    """The provider could not give a usable answer (timeout, 5xx, malformed...)."""


@dataclass(frozen=True)
class JsonAnswer:
    status: int
    payload: Any


def _chunks(response: requests.Response) -> Iterator[bytes]:
    """Whatever bytes arrive, as they arrive (a blocking `read(n)` would wait for all `n`,
    letting a server that trickles one byte at a time hold the request past its deadline)."""
    read1 = getattr(response.raw, "read1", None)
    if read1 is None:  # urllib3 1.x
        yield from response.iter_content(chunk_size=512)
        return
    while chunk := read1(16 * 1024, decode_content=True):
        yield chunk


def _read_body(response: requests.Response, deadline: float, max_bytes: int) -> bytes:
    declared = response.headers.get("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise ProviderFailure("resposta grande demais")
    body = bytearray()
    for chunk in _chunks(response):
        body.extend(chunk)
        if len(body) > max_bytes:
            raise ProviderFailure("resposta grande demais")
        if time.monotonic() > deadline:
            raise ProviderFailure("tempo esgotado")
    return bytes(body)


def get_json(url: str, timeout: float, max_bytes: int = MAX_ANSWER_BYTES) -> JsonAnswer:
    """GET `url`; the body is parsed as JSON whatever the status (None when it is not JSON).

    `timeout` bounds connecting, each read and the whole transfer.
    """
    deadline = time.monotonic() + timeout
    headers = {"Accept": "application/json", "User-Agent": USER_AGENT}
    try:
        with requests.get(url, headers=headers, timeout=(timeout, timeout), stream=True) as resp:
            body = _read_body(resp, deadline, max_bytes)
            status = resp.status_code
    except requests.Timeout:
        raise ProviderFailure("tempo esgotado") from None
    except requests.RequestException as exc:
        raise ProviderFailure(f"falha de comunicação ({type(exc).__name__})") from None
    try:
        payload = json.loads(body.decode("utf-8")) if body else None
    except (UnicodeDecodeError, json.JSONDecodeError):
        payload = None
    return JsonAnswer(status, payload)
