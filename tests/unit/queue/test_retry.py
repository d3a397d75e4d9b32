import random
from datetime import timedelta

import pytest

from service.queue.retry import RetryPolicy


def test_intervals_grow_and_run_out():
    policy = RetryPolicy((1, 5, 30), jitter=0)
    assert [policy.delay(n) for n in (1, 2, 3)] == [
        timedelta(seconds=1),
        timedelta(seconds=5),
        timedelta(seconds=30),
    ]
    assert not policy.exhausted(3) and policy.exhausted(4)
    assert policy.delay(9) == timedelta(seconds=30)  # past the end: the last interval


def test_jitter_stays_within_its_fraction_and_spreads():
    policy = RetryPolicy((100,), jitter=0.2)
    rng = random.Random(7)
    delays = {policy.delay(1, rng).total_seconds() for _ in range(50)}
    assert all(80 <= d <= 120 for d in delays) and len(delays) > 40


def test_parse_and_validation():
    assert RetryPolicy.parse("30, 60,120").intervals == (30.0, 60.0, 120.0)
    with pytest.raises(ValueError):
        RetryPolicy(())
    with pytest.raises(ValueError):
        RetryPolicy((1,), jitter=1.5)
