"""Per-key request rate limit: a fixed one-minute window.

Redis holds the counters in production, so every gunicorn process and machine shares them;
the embedded mode counts in memory. The answer to an excess is 429 `RATE_LIMITED` with an
integer `Retry-After` (seconds until the window ends).
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Protocol

WINDOW_SECONDS = 60


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    remaining: int
    retry_after: int


class RateLimiter(Protocol):
    def hit(self, key: str, limit: int) -> Verdict: ...


def _window(now: float) -> tuple[int, int]:
    """The current window number and the whole seconds left in it (at least 1)."""
    window = int(now // WINDOW_SECONDS)
    left = int((window + 1) * WINDOW_SECONDS - now)
    return window, max(1, left)


def _verdict(count: int, limit: int, retry_after: int) -> Verdict:
    return Verdict(count <= limit, max(0, limit - count), retry_after)


class MemoryRateLimiter:
    """Counters in this process; right for the single-process embedded mode."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, int], int] = {}

    def hit(self, key: str, limit: int) -> Verdict:
        window, left = _window(time.time())
        with self._lock:
            self._counts = {k: v for k, v in self._counts.items() if k[1] >= window}
            count = self._counts.get((key, window), 0) + 1
            self._counts[(key, window)] = count
        return _verdict(count, limit, left)


class RedisRateLimiter:
    """Counters in Redis: one script (`INCR`, and `EXPIRE` when it creates the key) per hit.

    One command and one reply instead of a `MULTI` / `INCR` / `EXPIRE` / `EXEC` pipeline:
    every request pays this, and the pipeline's object, its four replies and its reset were
    about 1 % of an issuance's Python time at 16 clients (bench/results/api.md, "Issue 19,
    runs of 2026-11-25 on main a6ffbca"). The
    script runs atomically, so the key never exists without its expiry."""

    SCRIPT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""

    def __init__(self, client: object, prefix: str) -> None:
        self._prefix = prefix
        self._hit = client.register_script(self.SCRIPT)  # type: ignore[attr-defined]

    def hit(self, key: str, limit: int) -> Verdict:
        window, left = _window(time.time())
        name = f"{self._prefix}ratelimit:{key}:{window}"
        count = int(self._hit(keys=[name], args=[WINDOW_SECONDS + 5]))
        return _verdict(count, limit, left)
