"""The simulator's clock: Brasília time with an offset tests can move forward.

Cancellation windows (30 min, 24 h, 168 h) and the one-hour 656 window must be testable in seconds,
so every rule reads time from here and the admin API can advance it.
"""

from __future__ import annotations

import datetime as dt
import threading

BRASILIA = dt.timezone(dt.timedelta(hours=-3), "BRT")
"""Brasília has had no daylight saving time since 2019, so a fixed -03:00 offset is exact."""


class Clock:
    """Wall clock plus an adjustable offset; thread-safe."""

    def __init__(self) -> None:
        self._offset = dt.timedelta()
        self._lock = threading.Lock()

    def now(self) -> dt.datetime:
        """Current simulated time, aware, in Brasília time."""
        with self._lock:
            offset = self._offset
        return dt.datetime.now(BRASILIA) + offset

    def advance(self, seconds: float) -> dt.datetime:
        """Move simulated time forward (or back with a negative value); returns the new now."""
        with self._lock:
            self._offset += dt.timedelta(seconds=seconds)
        return self.now()

    @property
    def offset_seconds(self) -> float:
        with self._lock:
            return self._offset.total_seconds()


def wire(moment: dt.datetime) -> str:
    """SEFAZ date-time, seconds precision, with offset (``2025-01-31T10:00:00-03:00``)."""
    return moment.astimezone(BRASILIA).replace(microsecond=0).isoformat()


def parse_wire(text: str) -> dt.datetime:
    """Parse a TDateTimeUTC value; a value without offset is read as Brasília time."""
    moment = dt.datetime.fromisoformat(text.strip())
    return moment if moment.tzinfo else moment.replace(tzinfo=BRASILIA)
