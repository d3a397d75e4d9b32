"""The company's register revision and the per-process caches it validates (issue 19).

An issuance reads, on every request, things that change rarely: the products and customer it
names, the nature, the active certificate's reference and the webhook subscriptions. The
company row is read on every request anyway, so it carries `revisao_cadastros`, a number
bumped in the same transaction as any write to those registers. A cache entry is keyed by
(company id, revision, ...): once a write commits, the next request of every process reads the
new revision with its company and misses the old entries, which simply age out of the LRU.

Writes are caught in one place, a `before_flush` listener on the `Session` class (every
session of the app, the workers and the CLI), so the ORM unit of work needs no cooperation.
Core statements that write those tables bypass the flush: they must call `bump` themselves.
A request already past its company read keeps using what it read (one revision at a time).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterable
from typing import Any, Final, Generic, TypeVar

from sqlalchemy import event, or_, update
from sqlalchemy.orm import Session, UOWTransaction
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from service.companies.models import Company

WATCHED_TABLES: Final = frozenset(
    {"products", "customers", "natures", "certificates", "webhook_subscriptions"}
)
"""Tables whose rows the caches hold (by their company); a write to one bumps the revision."""

V = TypeVar("V")


class Miss:
    """Nothing cached under the key (distinct from a cached "absent", which is None)."""


MISS: Final = Miss()


class RevisionCache(Generic[V]):
    """A bounded, thread-safe LRU of immutable values keyed by (company id, revision, ...).

    Values are shared by every thread of the process: only frozen snapshots go in. Entries of
    an old revision are never hit again and are evicted as the cache fills.
    """

    def __init__(self, name: str, max_entries: int = 4096) -> None:
        self.name = name
        self.max_entries = max_entries
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()
        _CACHES.append(self)

    def get(self, key: Hashable) -> V | Miss:
        with self._lock:
            try:
                self._entries.move_to_end(key)
            except KeyError:
                return MISS
            return self._entries[key]

    def put(self, key: Hashable, value: V) -> None:
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


_CACHES: list[RevisionCache[Any]] = []


def clear() -> None:
    """Empty every register cache of the process (tests; nothing in the service needs it)."""
    for cache in _CACHES:
        cache.clear()


def revision_of(company: Any) -> int | None:
    """The revision the request read with its company; None (no caching) for a company not
    flushed yet, whose revision the database has not given."""
    value = getattr(company, "revisao_cadastros", None)
    return value if isinstance(value, int) else None


def bump(
    session: Session, company_ids: Iterable[str] = (), *, account_ids: Iterable[str] = ()
) -> None:
    """`revisao_cadastros + 1` for the companies (and every company of the accounts), in the
    session's transaction. Companies of this session see their new revision at once, so a
    read later in the same request does not hit the entries its own write made stale."""
    conditions = []
    company_ids = sorted(set(company_ids))
    account_ids = sorted(set(account_ids))
    if company_ids:
        conditions.append(Company.id.in_(company_ids))
    if account_ids:
        conditions.append(Company.account_id.in_(account_ids))
    if not conditions:
        return
    statement = (
        update(Company)
        .where(or_(*conditions))
        .values(
            revisao_cadastros=Company.revisao_cadastros + 1,
            updated_at=Company.updated_at,  # not an edit of the company: no `onupdate`
        )
        .returning(Company.id, Company.revisao_cadastros)
    )
    for company_id, revision in session.connection().execute(statement).all():
        known = session.identity_map.get(identity_key(Company, company_id))
        if known is not None:
            set_committed_value(known, "revisao_cadastros", revision)


def _watched(instance: object) -> bool:
    return getattr(type(instance), "__tablename__", None) in WATCHED_TABLES


def _touched(instance: object, companies: set[str], accounts: set[str]) -> None:
    if not _watched(instance):
        return
    company_id = getattr(instance, "company_id", None)
    if company_id is not None:
        companies.add(company_id)
    else:  # an account-wide webhook subscription: every company of the account hears it
        accounts.add(instance.account_id)  # type: ignore[attr-defined]


def _bump_on_flush(session: Session, _context: UOWTransaction, _instances: Any) -> None:
    """Any new, changed or deleted watched row bumps its company's revision before the flush
    writes it, in the same transaction."""
    companies: set[str] = set()
    accounts: set[str] = set()
    for instance in (*session.new, *session.deleted):
        _touched(instance, companies, accounts)
    for instance in session.dirty:  # documents, tasks, wallets: not looked into (per flush)
        if _watched(instance) and session.is_modified(instance, include_collections=False):
            _touched(instance, companies, accounts)
    bump(session, companies, account_ids=accounts)


def install() -> None:
    """Listen on the `Session` class once per process (every sessionmaker's sessions)."""
    if not event.contains(Session, "before_flush", _bump_on_flush):
        event.listen(Session, "before_flush", _bump_on_flush)


install()
