"""The signature scheme, the documented recipe and its test vector."""

from __future__ import annotations

from service.notify.webhooks.signing import new_secret, sign, signature_header, verify
from tests.unit.notify.webhooks.recipe import verifies, webhooks_section

SECRET = "whsec_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
TIMESTAMP = 1767225600
BODY = (
    b'{"id":"evt_0123456789abcdef01234567","tipo":"nfe.authorized",'
    b'"criado_em":"2026-01-01T00:00:00+00:00","empresa_id":"emp_0123456789abcdef01234567",'
    b'"data":{"id":"nfe_0123456789abcdef01234567","status":"AUTORIZADA"}}'
)
SIGNATURE = "c797c96a870f9de1134e248baaacbb950dd17f36a5371690b19120ac69a7194a"


def headers(signature: str, timestamp: int = TIMESTAMP) -> dict[str, str]:
    return {"X-Webhook-Timestamp": str(timestamp), "X-Webhook-Signature": signature}


def test_the_documented_vector_is_what_the_service_signs():
    assert sign(SECRET, TIMESTAMP, BODY) == SIGNATURE
    assert signature_header([SECRET], TIMESTAMP, BODY) == f"sha256={SIGNATURE}"


def test_the_readme_prints_the_vector_the_service_signs():
    section = webhooks_section()
    for text in (SECRET, str(TIMESTAMP), BODY.decode(), f"sha256={SIGNATURE}"):
        assert text in section


def test_the_readme_recipe_accepts_the_vector_within_five_minutes():
    assert verifies(SECRET, headers(f"sha256={SIGNATURE}"), BODY, now=TIMESTAMP + 299)
    assert verifies(SECRET, headers(f"sha256={SIGNATURE}"), BODY, now=TIMESTAMP - 299)


def test_the_recipe_rejects_stale_and_future_timestamps():
    assert not verifies(SECRET, headers(f"sha256={SIGNATURE}"), BODY, now=TIMESTAMP + 301)
    assert not verifies(SECRET, headers(f"sha256={SIGNATURE}"), BODY, now=TIMESTAMP - 301)


def test_the_recipe_rejects_tampering():
    good = headers(f"sha256={SIGNATURE}")
    assert not verifies(SECRET, good, BODY.replace(b"AUTORIZADA", b"CANCELADA"), TIMESTAMP)
    assert not verifies(SECRET + "0", good, BODY, TIMESTAMP)
    moved = headers(f"sha256={SIGNATURE}", TIMESTAMP + 1)
    assert not verifies(SECRET, moved, BODY, TIMESTAMP)
    assert not verifies(SECRET, headers(f"sha1={SIGNATURE}"), BODY, TIMESTAMP)
    assert not verifies(SECRET, headers(SIGNATURE.upper()), BODY, TIMESTAMP)
    assert not verifies(SECRET, {"X-Webhook-Signature": f"sha256={SIGNATURE}"}, BODY, TIMESTAMP)


def test_rotation_header_carries_both_signatures_new_first_and_each_verifies():
    new = new_secret()
    header = signature_header([new, SECRET], TIMESTAMP, BODY)
    first, second = header.split(",")
    assert first == f"sha256={sign(new, TIMESTAMP, BODY)}"
    assert second == f"sha256={SIGNATURE}"
    assert verifies(new, headers(header), BODY, TIMESTAMP)
    assert verifies(SECRET, headers(header), BODY, TIMESTAMP)
    assert not verifies(new_secret(), headers(header), BODY, TIMESTAMP)


def test_service_verifier_agrees_with_the_readme_recipe():
    for now in (TIMESTAMP, TIMESTAMP + 300, TIMESTAMP + 301):
        h = headers(f"sha256={SIGNATURE}")
        assert verify(SECRET, h, BODY, now=now) == verifies(SECRET, h, BODY, now)


def test_secrets_are_long_random_and_prefixed():
    a, b = new_secret(), new_secret()
    assert a != b
    assert a.startswith("whsec_") and len(a) == len("whsec_") + 64
    int(a.removeprefix("whsec_"), 16)
