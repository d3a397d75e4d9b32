"""A real SMTP server on 127.0.0.1 (aiosmtpd) that keeps what it receives, for mail tests."""

from __future__ import annotations

import email
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.policy import default
from typing import Any

from aiosmtpd.controller import Controller


def free_port() -> int:
    """A port nothing listens on right now (SMTP "down" until a sink is started on it)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Received:
    envelope_to: list[str]
    message: EmailMessage
    raw: bytes


@dataclass
class SinkHandler:
    received: list[Received] = field(default_factory=list)
    refuse_recipients: str | None = None
    """An SMTP reply such as `550 5.1.1 Usuário desconhecido` for every RCPT."""

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if self.refuse_recipients:
            return self.refuse_recipients
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = bytes(envelope.original_content or envelope.content)
        message = email.message_from_bytes(raw, policy=default)
        assert isinstance(message, EmailMessage)
        self.received.append(Received(list(envelope.rcpt_tos), message, raw))
        return "250 Message accepted for delivery"


class SmtpSink:
    """Start/stop a sink on a given (or free) port; `received` lists every accepted message."""

    def __init__(self, port: int | None = None) -> None:
        self.port = port or free_port()
        self.handler = SinkHandler()
        self._controller: Controller | None = None

    @property
    def received(self) -> list[Received]:
        return self.handler.received

    def start(self) -> SmtpSink:
        self._controller = Controller(self.handler, hostname="127.0.0.1", port=self.port)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


def wait_until(condition: Callable[[], Any], timeout: float = 10.0, step: float = 0.02) -> Any:
    """Poll until `condition()` is truthy; fail the test (not sleep blindly) after `timeout`."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout}s")
        time.sleep(step)
