"""Per-key rate limit: 429 `RATE_LIMITED` with an integer `Retry-After`."""

from __future__ import annotations

import pytest

from tests.factories import auth, make_account


def test_limit_per_key_gives_429_with_retry_after(app_factory):
    app = app_factory(rate_limit_per_minute=3)
    account = make_account(app.extensions["fiscal"])
    client = app.test_client()
    statuses = [
        client.get("/api/v1/empresas", headers=auth(account.live)).status_code for _ in range(3)
    ]
    assert statuses == [200, 200, 200]
    blocked = client.get("/api/v1/empresas", headers=auth(account.live))
    assert blocked.status_code == 429
    assert blocked.get_json()["error"]["code"] == "RATE_LIMITED"
    retry_after = blocked.headers["Retry-After"]
    assert retry_after.isdigit() and 1 <= int(retry_after) <= 60
    other_key = client.get("/api/v1/empresas", headers=auth(account.test))
    assert other_key.status_code == 200


def test_limit_is_shared_between_app_instances_on_the_same_backend(app_factory, backend):
    """Two API processes share Redis counters in production; embedded keeps its own."""
    first = app_factory(rate_limit_per_minute=2)
    account = make_account(first.extensions["fiscal"])
    first.test_client().get("/api/v1/empresas", headers=auth(account.live))
    first.test_client().get("/api/v1/empresas", headers=auth(account.live))
    second = app_factory(
        rate_limit_per_minute=2, redis_prefix=first.extensions["fiscal"].settings.redis_prefix
    )
    status = second.test_client().get("/api/v1/empresas", headers=auth(account.live)).status_code
    assert status == (429 if backend == "postgres" else 200)


def test_redis_counter_expires_after_its_window(app_factory, backend):
    """The window's counter is created with its expiry in the same atomic step: one script
    instead of a MULTI/INCR/EXPIRE/EXEC pipeline, which cost about 1 % of an issuance's Python
    time (`service.limits`)."""
    import redis

    from service import limits

    if backend != "postgres":
        pytest.skip("embedded: the counters are in memory")
    app = app_factory(rate_limit_per_minute=5)
    settings = app.extensions["fiscal"].settings
    account = make_account(app.extensions["fiscal"])
    for _ in range(2):
        app.test_client().get("/api/v1/empresas", headers=auth(account.live))
    client = redis.Redis.from_url(settings.redis_url)
    [name] = client.keys(f"{settings.redis_prefix}ratelimit:*")
    assert int(client.get(name)) == 2
    assert 0 < client.ttl(name) <= limits.WINDOW_SECONDS + 5
