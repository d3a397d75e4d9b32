"""A document's XML as stored: the signed XML once, packed, and what its authorized XML adds.

The row (`FiscalDocument`) keeps:

- `xml_dados`: the signed XML packed (`codec`; in the database store, against one of the
  company's dictionaries), or NULL when it is in the object store under `xml_objeto`;
- `xml_sha256` and `xml_tamanho`: the SHA-256 (hex) and size of the signed XML itself, checked
  on every read: what is served is what was signed, or an error;
- `xml_protocolo`, once the authority answered: the authorized XML less the signed XML it holds
  (`documents.authorized_parts`: the protocol and the wrapper around the span of the signed
  XML), packed against the signed XML. The authorized XML is rebuilt from both, byte for byte
  the one the family's wrapper built (`nfeProc`, `cteProc`, `cteOSProc`, `mdfeProc`, the NFS-e
  as received).

The signed XML is stored before its first byte is sent: in the acceptance's transaction (the
database store), or written to the object store first and referred to by the row that
transaction commits (`blobs`).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from sqlalchemy import event, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session, SessionTransaction, object_session

from documents import authorized_parts
from service import compiled
from service.db import utcnow
from service.ids import new_id
from service.storage import codec
from service.storage.blobs import BlobStore, Placed, blob_store
from service.storage.errors import StoredXmlError, XmlIntegrityError
from service.storage.models import XmlDictionary

if TYPE_CHECKING:
    from service.config import Settings
    from service.issuance.models import FiscalDocument

K = TypeVar("K")
V = TypeVar("V")

_CERTIFICATE = (b"<X509Certificate>", b"</X509Certificate>")
_SIGNED = "_stored_signed_xml"
"""Where a document object keeps its signed XML once read: (its SHA-256, the bytes)."""


class _Lru(Generic[K, V]):
    """A small thread-safe least-recently-used map."""

    def __init__(self, size: int) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


_DICTIONARIES: _Lru[bytes, bytes] = _Lru(1024)
"""Dictionaries by name, for every app of the process: a name is its content's SHA-256, so an
entry is right in any database (which rows may refer to it is `Storage`'s business)."""


class Storage:
    """One runtime's document storage: its blob store and, per company and module, the
    dictionary its acceptances pack with (only ones read back from the database, hence
    committed: a row never refers to a dictionary its database lacks)."""

    def __init__(self, blobs: BlobStore) -> None:
        self.blobs = blobs
        self._current: _Lru[tuple[str, str], bytes] = _Lru(1024)

    @classmethod
    def from_settings(cls, settings: Settings) -> Storage:
        return cls(blob_store(settings))


def _storage() -> Storage:
    from service import runtime

    return runtime.current().storage


# ---------------------------------------------------------------- writing


def signed_values(
    session: Session,
    *,
    account_id: str,
    company_id: str,
    modulo: str,
    chave: str,
    signed: bytes,
    now: datetime,
    storage: Storage | None = None,
) -> dict[str, Any]:
    """The row's columns for a new signed XML, its object (object store) already written."""
    storage = storage or _storage()
    sha = hashlib.sha256(signed).hexdigest()
    if storage.blobs.self_contained:
        packed = codec.pack(signed)
    else:
        packed = codec.pack_with(signed, _dictionary_for(session, storage, company_id, modulo,
                                                         signed))  # fmt: skip
    placed = storage.blobs.put(object_key(account_id, company_id, now, chave, sha), packed)
    return {"xml_dados": placed.inline, "xml_objeto": placed.key, "xml_sha256": sha,
            "xml_tamanho": len(signed)}  # fmt: skip


def object_key(account_id: str, company_id: str, when: datetime, chave: str, sha: str) -> str:
    """`<account>/<company>/<yyyy>/<mm>/<key>-<sha256[:16]>.xml.z`: whose and when (an
    operator exports or moves a month by its prefix), and named by its content, so a document
    signed again (the same key, sent again after it never reached the authority) never
    overwrites the object a committed row refers to."""
    return f"{account_id}/{company_id}/{when:%Y}/{when:%m}/{chave}-{sha[:16]}.xml.z"


def authorized_values(signed: bytes, authorized: bytes) -> bytes:
    """`xml_protocolo` for `authorized` (built around `signed`)."""
    parts = authorized_parts.split(signed, authorized)
    return codec.pack_against(authorized_parts.encode(parts), signed)


def certificate_of(signed: bytes) -> bytes:
    """The signer's certificate (base64) as written in the signature, or empty."""
    start = signed.rfind(_CERTIFICATE[0])
    end = signed.find(_CERTIFICATE[1], start)
    return signed[start:end] if 0 <= start < end else b""


def _dictionary_for(
    session: Session, storage: Storage, company_id: str, modulo: str, signed: bytes
) -> bytes:
    """The company's dictionary for this module that holds the document's certificate: the
    one in use, else the newest in the database, else a new one made of this document.

    On PostgreSQL with the acceptance's session still idle (its one autocommitted statement
    is coming), the lookup and a new dictionary's row are each a statement of their own,
    autocommitted before the document's, with no transaction open while the newest
    dictionary is unpacked (an orphan dictionary, should the acceptance fail, is harmless;
    two processes making one at once each use their own); otherwise they are in the
    acceptance's transaction, and a new dictionary is used for later documents only once
    that transaction commits."""
    certificate = certificate_of(signed)
    key = (company_id, modulo)
    current = storage._current.get(key)
    if current is not None and certificate in current:
        return current
    bind = compiled.autocommit_engine(session)
    if bind is not None:
        with bind.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            chosen, made = _chosen(connection, company_id, modulo, signed, certificate)
        storage._current.put(key, chosen)
        return chosen
    chosen, made = _chosen(session, company_id, modulo, signed, certificate)
    if made:
        _in_use_once_committed(session, storage, key, chosen)
    else:
        storage._current.put(key, chosen)
    return chosen


def _chosen(
    executor: Session | Connection,
    company_id: str,
    modulo: str,
    signed: bytes,
    certificate: bytes,
) -> tuple[bytes, bool]:
    """The newest dictionary if it holds `certificate`, else a new one written (and True)."""
    rows = XmlDictionary.__table__.c
    query = (
        select(rows.dados)
        .where(rows.company_id == company_id, rows.modulo == modulo)
        .order_by(rows.created_at.desc())
        .limit(1)
    )
    packed = executor.execute(query).scalar()
    if packed is not None:
        newest = codec.unpack(packed)
        _DICTIONARIES.put(codec.name_of(newest), newest)
        if certificate in newest:
            return newest, False
    made = signed[-codec.WINDOW :]
    name = codec.name_of(made)
    executor.execute(insert(XmlDictionary).values(
        id=new_id("xdic"), nome=name.hex(), company_id=company_id, modulo=modulo,
        dados=codec.pack(made), created_at=utcnow(),
    ))  # fmt: skip
    _DICTIONARIES.put(name, made)
    return made, True


def _in_use_once_committed(
    session: Session, storage: Storage, key: tuple[str, str], dictionary: bytes
) -> None:
    """The new dictionary becomes the one in use when its transaction commits (the next
    document then needs no lookup); a rollback drops it, whichever comes first decides."""
    decided = False

    def committed(_session: Session) -> None:
        nonlocal decided
        if not decided:
            decided = True
            storage._current.put(key, dictionary)

    def rolled_back(_session: Session, ended: SessionTransaction) -> None:
        nonlocal decided
        if ended.parent is None:  # the transaction itself, not a savepoint within it
            decided = True

    event.listen(session, "after_commit", committed, once=True)
    event.listen(session, "after_soft_rollback", rolled_back)


# ---------------------------------------------------------------- reading


def signed_xml(
    document: FiscalDocument, *, session: Session | None = None, storage: Storage | None = None
) -> bytes:
    """The signed XML, checked against the row's SHA-256 (`XmlIntegrityError` if it differs).
    `session`: where a dictionary not yet in memory is read (default: the document's own,
    else a short one of the app's)."""
    kept = document.__dict__.get(_SIGNED)
    if kept is not None and kept[0] == document.xml_sha256:
        return bytes(kept[1])
    packed = document.xml_dados
    if packed is None:
        packed = (storage or _storage()).blobs.get(Placed(None, document.xml_objeto))
    data = codec.unpack(bytes(packed), dictionaries=_loader(session or object_session(document)))
    if hashlib.sha256(data).hexdigest() != document.xml_sha256:
        raise XmlIntegrityError(f"signed XML of {document.id} does not match its SHA-256")
    document.__dict__[_SIGNED] = (document.xml_sha256, data)
    return data


def authorized_xml(
    document: FiscalDocument, *, session: Session | None = None, storage: Storage | None = None
) -> bytes | None:
    """The authorized XML rebuilt from the signed XML and `xml_protocolo` (None before)."""
    if document.xml_protocolo is None:
        return None
    signed = signed_xml(document, session=session, storage=storage)
    return rebuilt(signed, bytes(document.xml_protocolo))


def rebuilt(signed: bytes, protocol: bytes) -> bytes:
    """The authorized XML of `signed` and its stored `xml_protocolo`."""
    try:
        parts = authorized_parts.decode(codec.unpack(protocol, signed=signed))
        return authorized_parts.join(signed, parts)
    except authorized_parts.PartsError as exc:
        raise StoredXmlError(str(exc)) from exc


def has_authorized(document: FiscalDocument) -> bool:
    """Whether the document has an authorized XML (without reading it)."""
    return document.xml_protocolo is not None


def _loader(session: Session | None) -> Callable[[bytes], bytes]:
    """Dictionaries by name: from memory, else read in `session` (or a short session of the
    app's own: on SQLite, never while the caller's transaction holds the write lock; callers
    in one pass theirs)."""

    def load(name: bytes) -> bytes:
        cached = _DICTIONARIES.get(name)
        if cached is not None:
            return cached
        data = _read_dictionary(session, name)
        if codec.name_of(data) != name:
            raise XmlIntegrityError(f"dictionary {name.hex()} does not match its name")
        _DICTIONARIES.put(name, data)
        return data

    return load


def _read_dictionary(session: Session | None, name: bytes) -> bytes:
    rows = XmlDictionary.__table__.c
    query = select(rows.dados).where(rows.nome == name.hex()).limit(1)
    if session is None:
        from service import runtime
        from service.db import transaction

        with transaction(runtime.current().sessions) as own:
            packed = own.execute(query).scalar()
    else:
        packed = session.execute(query).scalar()
    if packed is None:
        raise StoredXmlError(f"dictionary {name.hex()} not found")
    return codec.unpack(packed)
