"""Secrets at rest: one server secret, two derived keys with separate purposes.

`FISCAL_ENCRYPTION_KEY` is stretched with HKDF into an encryption key (Fernet: AES-128-CBC +
HMAC) for certificates, passwords and CSCs, and a MAC key for API key digests. Deriving per
purpose means a leak of one use never hands over the other.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF


def _derive(secret: str, purpose: bytes) -> bytes:
    hkdf = HKDF(algorithm=hashes.SHA256(), length=32, salt=b"fiscal-service", info=purpose)
    return hkdf.derive(secret.encode())


class SecretBox:
    """Encrypts and decrypts secrets stored in the database."""

    def __init__(self, server_secret: str) -> None:
        self._fernet = Fernet(base64.urlsafe_b64encode(_derive(server_secret, b"secrets-v1")))

    def seal(self, plaintext: bytes) -> bytes:
        return self._fernet.encrypt(plaintext)

    def open(self, token: bytes) -> bytes:
        try:
            return self._fernet.decrypt(token)
        except InvalidToken as exc:
            raise ValueError("secret cannot be decrypted with this server key") from exc


class KeyHasher:
    """Keyed digest of API keys: the database never holds a usable key."""

    def __init__(self, server_secret: str) -> None:
        self._key = _derive(server_secret, b"api-key-digest-v1")

    def digest(self, api_key: str) -> str:
        return hmac.new(self._key, api_key.encode(), hashlib.sha256).hexdigest()
