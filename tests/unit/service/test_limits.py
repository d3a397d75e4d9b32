"""The fixed-window limiter in memory."""

from __future__ import annotations

from service.limits import MemoryRateLimiter


def test_memory_limiter_counts_per_key():
    limiter = MemoryRateLimiter()
    verdicts = [limiter.hit("a", 2) for _ in range(3)]
    assert [v.allowed for v in verdicts] == [True, True, False]
    assert verdicts[0].remaining == 1
    assert 1 <= verdicts[2].retry_after <= 60
    assert limiter.hit("b", 2).allowed
