"""What an authority call ended in, as values the caller can match on.

The one rule behind these types: only an answer the authority actually gave may end a document's
life. `Uncertain` means "we may have been heard": never re-send blindly, reconcile by query.
`NotSent` means no byte of the request reached the authority's application: a retry is safe.
Field names that mirror the SEFAZ layouts (`cStat`, `xMotivo`, `nProt`, ...) keep the wire names.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class UncertainReason(StrEnum):
    """Why an answer is uncertain; each case may hide an authorisation we did not hear of."""

    CONNECTION_LOST = "CONNECTION_LOST"
    READ_TIMEOUT = "READ_TIMEOUT"
    HTTP_STATUS = "HTTP_STATUS"
    SERVICE_PAUSED = "SERVICE_PAUSED"
    STILL_PROCESSING = "STILL_PROCESSING"
    AUTHORITY_ERROR = "AUTHORITY_ERROR"
    UNREADABLE_ANSWER = "UNREADABLE_ANSWER"


class NotSentReason(StrEnum):
    """Why the request never reached the authority's application (safe to retry)."""

    DNS_FAILED = "DNS_FAILED"
    CONNECTION_REFUSED = "CONNECTION_REFUSED"
    CONNECT_TIMEOUT = "CONNECT_TIMEOUT"
    CONNECT_FAILED = "CONNECT_FAILED"
    TLS_FAILED = "TLS_FAILED"
    TLS_REJECTED = "TLS_REJECTED"
    WRITE_FAILED = "WRITE_FAILED"


@dataclass(frozen=True)
class Authorized:
    """The authority accepted: document authorised (100/150), event registered (134/135/136/155)
    or number range voided (102). `protocol_xml` is the protNFe/protCTe/protMDFe, retEvento or
    retInut element to attach to the stored document; `raw` is the whole HTTP body."""

    protocol_xml: bytes
    nProt: str
    digVal: str | None
    cStat: str
    xMotivo: str
    dhRecbto: str
    raw: bytes
    chave: str | None = None


@dataclass(frozen=True)
class Denied:
    """Use denied (110, 205, 301, 302, 303): the number is consumed and the denial protocol is
    kept, but the document has no legal effect. Not a rejection, because the number cannot be
    reused."""

    protocol_xml: bytes
    nProt: str
    cStat: str
    xMotivo: str
    dhRecbto: str
    raw: bytes
    chave: str | None = None


DUPLICATE_CODES = frozenset({"204", "539", "E0014"})
"""The authority already holds this document or number: SEFAZ 204/539, national NFS-e E0014."""


@dataclass(frozen=True)
class Rejected:
    """A definitive refusal; cStat and xMotivo verbatim. For duplicates (204/539) `duplicate_key`
    is the key named in `[chNFe:...]` and `duplicate_receipt` the `[nRec:...]`, so the caller can
    reconcile by query instead of re-issuing. `messages` holds every (code, description) when
    the authority gives several (the national NFS-e's E-codes). `pending_keys` are the
    `chNFePend` of an EPEC refused with 142 (EPEC blocked): the notes whose EPEC, older than
    7 days, still waits for them to reach their UF."""

    cStat: str
    xMotivo: str
    raw: bytes
    duplicate_key: str | None = None
    duplicate_receipt: str | None = None
    messages: tuple[tuple[str, str], ...] = ()
    pending_keys: tuple[str, ...] = ()

    @property
    def is_duplicate(self) -> bool:
        """204/539/E0014: the authority already holds this document (or this number)."""
        return self.cStat in DUPLICATE_CODES


@dataclass(frozen=True)
class Throttled:
    """656/678 "Consumo indevido": the authority ignored the request and blocks the service for
    `retry_after` seconds; calling again restarts the block."""

    cStat: str
    xMotivo: str
    retry_after: int
    raw: bytes


@dataclass(frozen=True)
class Uncertain:
    """The request may have been processed; the caller must reconcile by query."""

    reason: UncertainReason
    detail: str
    cStat: str | None = None
    raw: bytes | None = None


CERTIFICATE_REFUSED = frozenset({NotSentReason.TLS_REJECTED})
"""Reasons that say the authority refused our client certificate: retrying cannot help until a
person installs a certificate the authority trusts."""


@dataclass(frozen=True)
class NotSent:
    """Nothing reached the authority's application ("not delivered"); retrying the same bytes is
    safe and there is nothing to reconcile. `detail` is the socket/TLS error as raised."""

    reason: NotSentReason
    detail: str

    @property
    def certificate_refused(self) -> bool:
        """The authority's TLS layer refused our certificate (unknown CA, bad certificate, ...)."""
        return self.reason in CERTIFICATE_REFUSED


@dataclass(frozen=True)
class Received:
    """103: batch accepted for asynchronous processing; poll `nRec` after about `tMed` s."""

    nRec: str
    tMed: int
    raw: bytes


@dataclass(frozen=True)
class Processing:
    """105: the batch is still being processed; poll again later, never re-send."""

    nRec: str
    raw: bytes


@dataclass(frozen=True)
class NotFound:
    """217 (document not in the authority's base), 106 (receipt unknown) or an NFS-e 404."""

    cStat: str
    xMotivo: str
    raw: bytes


@dataclass(frozen=True)
class Cancelled:
    """A query found the document cancelled (101/151, or 135/155 on a cancellation event).
    `protocol_xml` is the authorisation protocol when the answer carries it."""

    cStat: str
    xMotivo: str
    protocol_xml: bytes | None
    raw: bytes


@dataclass(frozen=True)
class Closed:
    """MDF-e query: the manifest was closed (encerrado, 132)."""

    cStat: str
    xMotivo: str
    protocol_xml: bytes | None
    raw: bytes


@dataclass(frozen=True)
class ServiceStatus:
    """Status service answer: 107 online; 108/109 paused. `tMed` is the average time in s."""

    cStat: str
    xMotivo: str
    tMed: int | None
    raw: bytes

    @property
    def online(self) -> bool:
        return self.cStat == "107"


@dataclass(frozen=True)
class OpenManifest:
    """One MDF-e not yet closed, from MDFeConsNaoEnc."""

    chMDFe: str
    nProt: str


@dataclass(frozen=True)
class OpenManifests:
    """MDFeConsNaoEnc answer: 111 with the open manifests, 112 with none."""

    manifests: tuple[OpenManifest, ...]
    raw: bytes


Failure = Rejected | Throttled | Uncertain | NotSent
"""Outcomes shared by every call."""

SendOutcome = Authorized | Denied | Failure
"""Outcome of a synchronous document or event transmission."""

AuthorizationOutcome = SendOutcome | Received
ReceiptOutcome = SendOutcome | Processing | NotFound
QueryOutcome = Authorized | Denied | Cancelled | Closed | NotFound | Failure
StatusOutcome = ServiceStatus | Failure
