"""Secrets at rest."""

from __future__ import annotations

import pytest

from service.crypto import KeyHasher, SecretBox


def test_secret_box_round_trip_and_wrong_key():
    box = SecretBox("a" * 40)
    token = box.seal(b"senha-do-certificado")
    assert b"senha" not in token
    assert box.open(token) == b"senha-do-certificado"
    with pytest.raises(ValueError):
        SecretBox("b" * 40).open(token)


def test_key_digest_is_keyed():
    key = "fiscal_live_" + "1" * 40
    assert KeyHasher("a" * 40).digest(key) != KeyHasher("b" * 40).digest(key)
    assert len(KeyHasher("a" * 40).digest(key)) == 64
