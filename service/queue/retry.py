"""Retry policy as a value object: when to try again after the n-th failure, and when to stop."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta


@dataclass(frozen=True)
class RetryPolicy:
    """Growing intervals with jitter.

    `intervals[n]` is the pause after the (n+1)-th failure; after the last one the work is
    exhausted. `jitter` spreads each pause by up to that fraction either way, so many tasks that
    failed together (an authority outage) do not all come back in the same second.
    """

    intervals: tuple[float, ...]
    jitter: float = 0.2

    def __post_init__(self) -> None:
        if not self.intervals or any(i < 0 for i in self.intervals):
            raise ValueError("a retry policy needs non-negative intervals")
        if not 0 <= self.jitter < 1:
            raise ValueError("jitter is a fraction in [0, 1)")

    @classmethod
    def parse(cls, text: str, *, jitter: float = 0.2) -> RetryPolicy:
        """`"30,60,120"` (seconds), as the settings spell it."""
        return cls(tuple(float(part) for part in text.split(",") if part.strip()), jitter)

    def exhausted(self, failures: int) -> bool:
        """True when `failures` failures already used every interval."""
        return failures > len(self.intervals)

    def delay(self, failures: int, rng: random.Random | None = None) -> timedelta:
        """The pause after the `failures`-th failure (1-based), jitter included."""
        base = self.intervals[min(max(failures, 1), len(self.intervals)) - 1]
        spread = (rng or random).uniform(-self.jitter, self.jitter) if self.jitter else 0.0
        return timedelta(seconds=max(0.0, base * (1 + spread)))
