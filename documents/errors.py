"""Domain errors of the documents package.

Each error carries structured attributes so that `service/errors.py` can map it to the API error
catalogue without parsing messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SchemaViolation:
    """One finding of the XSD validator: 1-based line (0 if unknown), element path, message.

    Defined here, beside the error that carries it, so `schemas` depends on `errors` and never
    the other way round."""

    line: int
    path: str
    message: str


class DocumentError(Exception):
    """Base of every error raised by `documents/`."""


class UnsafeXMLError(DocumentError):
    """XML from outside used a construct we refuse (DTD, entity, excessive size or depth)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedXMLError(DocumentError):
    """XML from outside is not well-formed; `line` is 0 when unknown."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.message = message
        self.line = line


class SchemaViolationError(DocumentError):
    """A document does not match its official XSD; `violations` lists every finding."""

    def __init__(self, violations: Sequence[SchemaViolation]) -> None:
        self.violations = tuple(violations)
        first = self.violations[0].message if self.violations else "schema violation"
        super().__init__(f"{len(self.violations)} schema violation(s), first: {first}")


class UnknownSchemaError(DocumentError):
    """No catalogue entry exists for a schema key (see `xsd/catalogue.yaml`)."""

    def __init__(self, schema_key: str) -> None:
        super().__init__(f"no schema registered for {schema_key!r}")
        self.schema_key = schema_key


class InvalidDocumentDataError(DocumentError):
    """The data handed to a builder cannot go into the layout (wrong places, missing field).

    `field` is the layout's field name, so the API can point at what to fix.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class SignatureError(DocumentError):
    """A signature is missing, malformed, outside the SEFAZ profile or does not verify."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class CertificateError(DocumentError):
    """An A1 certificate cannot be used; `code` is a stable identifier such as
    `CERTIFICADO_INVALIDO` or `CERTIFICADO_VENCIDO`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class AccessKeyError(DocumentError):
    """An access key (or one of its parts) is malformed or its check digit is wrong."""

    def __init__(self, reason: str, value: str = "") -> None:
        super().__init__(f"{reason}: {value!r}" if value else reason)
        self.reason = reason
        self.value = value


class ProtocolMismatchError(DocumentError):
    """An authority protocol cannot be attached to a document: the key, digest or status differ.

    Raised by `documents.wrappers` so that an authorized wrapper can never pair a document with
    somebody else's protocol.
    """

    def __init__(self, field: str, expected: str, actual: str) -> None:
        super().__init__(f"{field}: expected {expected!r}, got {actual!r}")
        self.field = field
        self.expected = expected
        self.actual = actual


class PdfRenderError(DocumentError):
    """A DANFE/DANFC-e could not be rendered from a stored document."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
