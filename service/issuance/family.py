"""What the issuance lifecycle needs to know of one document family, and nothing more.

The lifecycle (`acceptance`, `outcome`, `reconcile`, `documents`, `routes`, the queue and the
notifications) is written once against `Family`; a family is one frozen description registered
in `registry`. The lifecycle never names a model number: whatever differs between NF-e, NFC-e,
NFS-e, CT-e, CT-e OS and MDF-e is a field here (DESIGN.md, "Document families").
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.orm import Session

from documents.keys import AccessKey
from documents.transmission.clients import AuthorityClient
from service.companies.models import Company

if TYPE_CHECKING:
    from service.api import Blueprint
    from service.auth import Credential
    from service.issuance.authority import Authority
    from service.issuance.credential_cache import CompanyCredentials
    from service.issuance.models import DocumentEvent, DocumentStatus, EventKind, FiscalDocument


class Lookup(StrEnum):
    """How an uncertain document is looked up at its authority."""

    ACCESS_KEY = "chave"
    """SEFAZ families: by the 44-position access key."""
    DPS_ID = "dps"
    """National NFS-e: by the DPS id (the NFS-e key does not exist before authorization)."""


class Draft(Protocol):
    """A document decided (taxes, registers, configuration) and ready to be numbered and signed.

    What the lifecycle reads of it; the family's `sign` reads the rest."""

    @property
    def valor_total(self) -> Decimal: ...

    @property
    def snapshot(self) -> Mapping[str, Any]: ...

    @property
    def snapshot_sha256(self) -> str: ...


@dataclass(frozen=True)
class Numbered:
    """What acceptance fixes before signing: series, number, the key's random code and the
    moment of issue (written in the issuer's local time by the builder)."""

    serie: int
    numero: int
    cnf: str
    issued_at: dt.datetime
    contingency: Contingency | None = None
    """Set when the document is issued in contingency: its tpEmis, dhCont and xJust."""


@dataclass(frozen=True)
class Contingency:
    """What a contingency document carries beyond a normal one (protocol_facts §7): the
    tpEmis (position 35 of the key, so a new key and signature), `dhCont` (when the period
    began, written in the issuer's local time) and `xJust` (15-256 characters)."""

    tp_emis: str
    started_at: dt.datetime
    reason: str


@dataclass(frozen=True)
class Prior:
    """The answer of a prior registration (EPEC), and the event it registered, kept when the
    answer is `Authorized`."""

    outcome: object
    registered: bool = False
    """The authority holds the registration (136, or a duplicate of one already made)."""
    event: DocumentEvent | None = None


@dataclass(frozen=True)
class ContingencyModes:
    """The contingency a family has, as tpEmis values (the layout's), and how long a document
    handed out before its authorization may wait to be transmitted.

    `svc`: the tpEmis of the UF's SEFAZ Virtual de Contingência (None: the UF has none for this
    model). `offline`: the tpEmis of a document handed out before it is transmitted (NFC-e 9,
    CT-e and MDF-e 2), with the UFs that do not allow it. `epec`: the tpEmis of a document
    covered by an EPEC registered at the Ambiente Nacional (NF-e 4)."""

    svc: Callable[[str], str | None] = lambda uf: None
    offline: str | None = None
    offline_excluded_ufs: frozenset[str] = frozenset()
    epec: str | None = None
    epec_ufs: frozenset[str] | None = None
    """The UFs where the EPEC exists for the family (None: every UF)."""
    deadline: dt.timedelta = dt.timedelta(hours=24)
    """How long an offline document may wait to be transmitted."""
    epec_deadline: dt.timedelta = dt.timedelta(hours=168)
    """How long a note covered by its EPEC may wait: 7 days, after which the issuer's EPECs
    are blocked (142)."""
    register: Callable[[Authority, CompanyCredentials, FiscalDocument, Company], Prior] | None = (
        None
    )
    """How a document of the `epec` tpEmis is registered before it is handed out (the NF-e's
    EPEC at the Ambiente Nacional): the answer and the event row to keep on 136."""

    def deadline_of(self, tp_emis: str) -> dt.timedelta:
        return self.epec_deadline if tp_emis == self.epec else self.deadline

    def has_epec(self, uf: str) -> bool:
        return self.epec is not None and (self.epec_ufs is None or uf in self.epec_ufs)

    def handed_out(self, tp_emis: str) -> bool:
        """A document of this tpEmis is valid before its authorization (offline, EPEC): it
        is transmitted later, and a failure to reach the authority keeps it waiting."""
        return tp_emis in {self.offline, self.epec} - {None}


class Reference(Protocol):
    """What identifies a signed document at its authority (an `AccessKey`, or a DPS id)."""

    @property
    def text(self) -> str: ...


class Signed(Protocol):
    """The signed document as stored before the first byte is sent. For a family looked up by
    DPS id (`Lookup.DPS_ID`), `key.text` is the DPS id: the authority names the key when it
    authorizes, and the lifecycle stores it then."""

    @property
    def key(self) -> Reference: ...

    @property
    def xml(self) -> bytes: ...

    @property
    def digest_value(self) -> str: ...


@dataclass(frozen=True)
class Scopes:
    """The scopes of a family's routes (NF-e has one per action; later families read/write)."""

    issue: str
    read: str
    download: str


@dataclass(frozen=True)
class Registration:
    """What the authority registered, as found in a lookup: wrapped XML and protocol."""

    proc: bytes
    protocolo: str | None
    cstat: str
    texto: str | None


@dataclass(frozen=True)
class EventDraft:
    """What a family's event builder receives: the event to build, sign and validate."""

    document: FiscalDocument
    company: Company
    creds: CompanyCredentials
    sequence: int
    text: str
    now: dt.datetime

    @property
    def key(self) -> AccessKey:
        """The document's access key (the event's `ch*`)."""
        return AccessKey.parse(self.document.chave)


@dataclass(frozen=True)
class EventSpec:
    """One kind of event of one family."""

    kind: EventKind
    tp_evento: str
    text_field: str
    text_limit: int
    """The text has 15 to `text_limit` characters."""
    build: Callable[[EventDraft], bytes]
    """Build, sign and validate against the official XSD; the signed bytes to store and send.
    Raises `InvalidDocumentDataError` or `SchemaViolationError` for text the layout refuses."""
    wrap: Callable[[bytes, bytes], bytes]
    """(signed event, the authority's answer element) -> the registered event XML."""
    registered_in: Callable[[bytes, str, int], Registration | None]
    """Our event (type, sequence) in the raw answer of a document lookup, or None."""
    max_sequence: int = 1
    """1 for an event registered once (cancellation, close); 20 for CC-e."""
    already_there: frozenset[str] = frozenset()
    """Rejections that mean "the authority already holds this": resolved by lookup."""
    effect: DocumentStatus | None = None
    """The document's status once registered (CANCELADA, ENCERRADA), or unchanged."""
    rejection: str = "SEFAZ_REJECTION"
    """The 422 code of a refused event (CT-e/MDF-e: SEFAZ_EVENT_REJECTION)."""
    same_text_only: bool = True
    """A pending event counts as this request's only with the same text (a CC-e); False when
    any text means the same effect (a cancellation)."""
    absent_when_not_found: bool = False
    """An event lookup answering "not found" means the authority does not hold the event (the
    national NFS-e looks each event up by itself; SEFAZ lists them in the document's query)."""


@dataclass(frozen=True)
class Family:
    """One document family, as the lifecycle sees it."""

    module: str
    """Module and URL segment (`nfe`, `nfce`, `nfse`, `cte`, `cteos`, `mdfe`); also the
    webhook prefix (`nfe.authorized`) and the id prefix of its documents."""
    documento: str
    """`NFE`, `NFCE`, ...: the queue's `documento`, the wallet's `tipo_documento` and price."""
    model: str
    """The layout's model (`55`, `65`, `57`, `67`, `58`); numbering sequences are per model."""
    title: str
    """The API documentation's name (`NF-e (modelo 55)`)."""
    label: str
    """How people call it (`NF-e`): e-mail subjects and messages."""
    scopes: Scopes
    pdf_name: str
    """`danfe`, `danfce`, `danfse`, `dacte`, `damdfe`: the route and file name of its PDF."""
    xml_name: str
    """Suffix of the authorized XML's file name (`procNFe`)."""
    not_found: str
    """The 404 code of a document of this family that does not exist or is not visible."""
    lookup: Lookup
    request_schema: Any
    """The marshmallow schema of the issuance request (the queue re-loads stored requests)."""
    document_schema: Any
    """The marshmallow schema documenting the document resource (OpenAPI only)."""
    series: Callable[[Company], int]
    prepare: Callable[[Session, Company, dict[str, Any], str, dt.date], Draft]
    """(session, company, request body, environment, operation date) -> Draft; raises
    `ApiError` (configuration required, review) before anything is numbered or charged."""
    sign: Callable[[Draft, CompanyCredentials, Numbered], Signed]
    client: Callable[[Authority, CompanyCredentials, FiscalDocument, Company], AuthorityClient]
    wrap: Callable[[bytes, bytes], bytes]
    """(signed XML, authority's protocol) -> the authorized XML (`nfeProc`, ...); raises
    `ProtocolMismatchError` for a protocol of another document."""
    render_pdf: Callable[[FiscalDocument], bytes]
    pdf_field: str = ""
    """The member that holds the PDF's path in the resource (NF-e and NFC-e: `danfe`); empty
    means `pdf_name`."""
    events: tuple[EventSpec, ...] = ()
    """The events the family registers on authorized documents (cancellation, CC-e, ...)."""
    extra_routes: Callable[[Blueprint, Family], None] | None = None
    rejection: str = "SEFAZ_REJECTION"
    """The 422 code of a document the authority refused (NFS-e: `NFSE_REJECTION`)."""
    uncertain_status: str = "PENDENTE"
    """How an uncertain document is shown (the spec: PENDENTE; NFS-e: PROCESSANDO)."""
    issue_errors: tuple[str, ...] = ()
    """Error codes of its issuance beyond the lifecycle's (`SEFAZ_REJECTION`, ...)."""
    example: dict[str, Any] | None = None
    """A request that succeeds against the quickstart company (OpenAPI example)."""
    check_request: Callable[[Credential, dict[str, Any]], None] | None = None
    """Checks of the request that need the caller (NFS-e: `override` scope for declared
    values), run when the request arrives, before it is issued or queued: the queue's worker
    has no caller."""
    guard: Callable[[Session, Company, dict[str, Any], str, str], None] | None = None
    """Checks of the request that must still hold when its document is stored: run in the
    acceptance's transaction before signing, with (session, company, request body, ambiente,
    pedido), taking the row locks they need so that concurrent requests decide one after
    the other (NF-e: a return locks its original and recounts what is left to return).
    Raises `ApiError`. A guard that locked a row keeps the acceptance's statements in that
    transaction (`compiled.autocommit_engine` sees the connection held)."""
    summary: Callable[[Draft], dict[str, Any]] | None = None
    """The family's own figures fixed at acceptance (stored in `resumo`)."""
    authorized_summary: Callable[[bytes], dict[str, Any]] | None = None
    """Figures the authority fixes (NFS-e: its number), read from the authorized XML."""
    pdf_unavailable: str = "DOCUMENTO_SEM_PROTOCOLO"
    """The 409 code of a PDF asked before authorization (NFS-e: DOCUMENTO_NAO_AUTORIZADO)."""
    render: Callable[[FiscalDocument, dict[str, Any]], dict[str, Any]] | None = None
    """The resource as the family shows it, from the lifecycle's rendering (NFS-e:
    `chave_acesso`, `numero_nfse`, `valor_servicos`, `valor_iss`, `links`)."""
    contingency: ContingencyModes | None = None
    """The contingency modes the family has (NFS-e: none; the national DPS flow has none)."""

    def reference(self, document: FiscalDocument) -> str:
        """What the authority is asked about an uncertain document."""
        if self.lookup is Lookup.DPS_ID and document.dps_id:
            return str(document.dps_id)
        return str(document.chave)

    @property
    def request_loader(self) -> Any:
        """The request schema's one instance in this process: instantiating a schema copies
        every declared field, a cost each request paid (marshmallow loads are reentrant)."""
        return _instance(self.request_schema)

    @property
    def pdf_member(self) -> str:
        return self.pdf_field or self.pdf_name

    def webhook_kind(self, suffix: str) -> str:
        return f"{self.module}.{suffix}"


@functools.cache
def _instance(schema: type) -> Any:
    return schema()
