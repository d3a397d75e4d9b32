"""The simulator's own memory, in one SQLite file, so a restarted simulator still knows what it
authorized (the product's reconciliation queries depend on it).

One connection guarded by a lock: the server is threaded, and SQLite serialises writers anyway.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simulator.clock import parse_wire, wire

SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    access_key TEXT PRIMARY KEY,
    family TEXT NOT NULL,
    model TEXT NOT NULL,
    issuer TEXT NOT NULL,
    series TEXT NOT NULL,
    number TEXT NOT NULL,
    tp_amb TEXT NOT NULL,
    status TEXT NOT NULL,
    protocol TEXT NOT NULL,
    dig_val TEXT NOT NULL,
    authorized_at TEXT NOT NULL,
    receipt TEXT,
    xml BLOB NOT NULL,
    UNIQUE (issuer, model, series, number, tp_amb)
);
CREATE TABLE IF NOT EXISTS events (
    access_key TEXT NOT NULL,
    event_type TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    protocol TEXT NOT NULL,
    registered_at TEXT NOT NULL,
    request_xml BLOB NOT NULL,
    answer_xml BLOB NOT NULL,
    PRIMARY KEY (access_key, event_type, sequence)
);
CREATE TABLE IF NOT EXISTS voided_ranges (
    issuer TEXT NOT NULL,
    model TEXT NOT NULL,
    series TEXT NOT NULL,
    first_number INTEGER NOT NULL,
    last_number INTEGER NOT NULL,
    year TEXT NOT NULL,
    tp_amb TEXT NOT NULL,
    protocol TEXT NOT NULL,
    registered_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS receipts (
    receipt TEXT PRIMARY KEY,
    tp_amb TEXT NOT NULL,
    cuf TEXT NOT NULL,
    caller TEXT NOT NULL,
    received_at TEXT NOT NULL,
    ready_at TEXT NOT NULL,
    results_xml BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS dps (
    dps_id TEXT PRIMARY KEY,
    access_key TEXT NOT NULL,
    received_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS queries (
    caller TEXT NOT NULL, access_key TEXT NOT NULL, at TEXT NOT NULL
);
"""


@dataclass(frozen=True)
class StoredDocument:
    """An authorized (possibly later cancelled or closed) document as the authority remembers it."""

    access_key: str
    family: str
    model: str
    issuer: str
    series: str
    number: str
    tp_amb: str
    status: str
    protocol: str
    dig_val: str
    authorized_at: dt.datetime
    receipt: str | None
    xml: bytes


@dataclass(frozen=True)
class StoredEvent:
    access_key: str
    event_type: str
    sequence: int
    protocol: str
    registered_at: dt.datetime
    request_xml: bytes
    answer_xml: bytes


@dataclass(frozen=True)
class StoredReceipt:
    receipt: str
    tp_amb: str
    cuf: str
    caller: str
    received_at: dt.datetime
    ready_at: dt.datetime
    results_xml: bytes


class Store:
    """Typed access to the SQLite file."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic unit: checks and writes of one request see a consistent state."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _one(self, sql: str, *args: Any) -> tuple[Any, ...] | None:
        with self._lock:
            row: tuple[Any, ...] | None = self._db.execute(sql, args).fetchone()
            return row

    def _all(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self._db.execute(sql, args).fetchall())

    def next_value(self, name: str, start: int) -> int:
        """A persistent sequence (protocol and receipt numbers survive restarts)."""
        with self._lock:
            row = self._db.execute("SELECT value FROM counters WHERE name = ?", (name,)).fetchone()
            value = (row[0] if row else start) + 1
            self._db.execute(
                "INSERT INTO counters(name, value) VALUES (?, ?) "
                "ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                (name, value),
            )
            return int(value)

    # documents -------------------------------------------------------------------------------

    def document(self, access_key: str) -> StoredDocument | None:
        row = self._one(f"SELECT {_DOC_COLUMNS} FROM documents WHERE access_key = ?", access_key)
        return _document(row) if row else None

    def document_by_number(
        self, issuer: str, model: str, series: str, number: str, tp_amb: str
    ) -> StoredDocument | None:
        row = self._one(
            f"SELECT {_DOC_COLUMNS} FROM documents WHERE issuer = ? AND model = ? AND series = ? "
            "AND number = ? AND tp_amb = ?",
            issuer,
            model,
            str(int(series)),
            str(int(number)),
            tp_amb,
        )
        return _document(row) if row else None

    def add_document(self, doc: StoredDocument) -> None:
        with self._lock:
            self._db.execute(
                f"INSERT INTO documents({_DOC_COLUMNS}) VALUES ({', '.join('?' * 13)})",
                (
                    doc.access_key,
                    doc.family,
                    doc.model,
                    doc.issuer,
                    str(int(doc.series)),
                    str(int(doc.number)),
                    doc.tp_amb,
                    doc.status,
                    doc.protocol,
                    doc.dig_val,
                    wire(doc.authorized_at),
                    doc.receipt,
                    doc.xml,
                ),
            )

    def set_status(self, access_key: str, status: str) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE documents SET status = ? WHERE access_key = ?", (status, access_key)
            )

    def documents_with_status(self, family: str, issuer: str, status: str) -> list[StoredDocument]:
        rows = self._all(
            f"SELECT {_DOC_COLUMNS} FROM documents WHERE family = ? AND issuer = ? AND status = ?",
            family,
            issuer,
            status,
        )
        return [_document(row) for row in rows]

    def count_documents(self) -> int:
        row = self._one("SELECT count(*) FROM documents")
        return int(row[0]) if row else 0

    def all_documents(self) -> list[StoredDocument]:
        return [_document(r) for r in self._all(f"SELECT {_DOC_COLUMNS} FROM documents")]

    # events ----------------------------------------------------------------------------------

    def events(self, access_key: str) -> list[StoredEvent]:
        rows = self._all(
            "SELECT access_key, event_type, sequence, protocol, registered_at, request_xml, "
            "answer_xml FROM events WHERE access_key = ? ORDER BY registered_at, sequence",
            access_key,
        )
        return [_event(row) for row in rows]

    def add_event(self, event: StoredEvent) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    event.access_key,
                    event.event_type,
                    event.sequence,
                    event.protocol,
                    wire(event.registered_at),
                    event.request_xml,
                    event.answer_xml,
                ),
            )

    # voided ranges -----------------------------------------------------------------------------

    def voided_overlapping(
        self, issuer: str, model: str, series: str, first: int, last: int, tp_amb: str
    ) -> bool:
        row = self._one(
            "SELECT 1 FROM voided_ranges WHERE issuer = ? AND model = ? AND series = ? "
            "AND tp_amb = ? AND first_number <= ? AND last_number >= ?",
            issuer,
            model,
            str(int(series)),
            tp_amb,
            last,
            first,
        )
        return row is not None

    def used_in_range(
        self, issuer: str, model: str, series: str, first: int, last: int, tp_amb: str
    ) -> bool:
        row = self._one(
            "SELECT 1 FROM documents WHERE issuer = ? AND model = ? AND series = ? AND tp_amb = ? "
            "AND CAST(number AS INTEGER) BETWEEN ? AND ?",
            issuer,
            model,
            str(int(series)),
            tp_amb,
            first,
            last,
        )
        return row is not None

    def add_voided(
        self,
        issuer: str,
        model: str,
        series: str,
        first: int,
        last: int,
        year: str,
        tp_amb: str,
        protocol: str,
        at: dt.datetime,
    ) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO voided_ranges VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (issuer, model, str(int(series)), first, last, year, tp_amb, protocol, wire(at)),
            )

    def count_voided(self) -> int:
        row = self._one("SELECT count(*) FROM voided_ranges")
        return int(row[0]) if row else 0

    # receipts ----------------------------------------------------------------------------------

    def add_receipt(self, receipt: StoredReceipt) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO receipts VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    receipt.receipt,
                    receipt.tp_amb,
                    receipt.cuf,
                    receipt.caller,
                    wire(receipt.received_at),
                    wire(receipt.ready_at),
                    receipt.results_xml,
                ),
            )

    def receipt(self, number: str) -> StoredReceipt | None:
        row = self._one("SELECT * FROM receipts WHERE receipt = ?", number)
        if row is None:
            return None
        return StoredReceipt(
            row[0], row[1], row[2], row[3], parse_wire(row[4]), parse_wire(row[5]), bytes(row[6])
        )

    # NFS-e DPS ---------------------------------------------------------------------------------

    def dps(self, dps_id: str) -> str | None:
        row = self._one("SELECT access_key FROM dps WHERE dps_id = ?", dps_id)
        return str(row[0]) if row else None

    def add_dps(self, dps_id: str, access_key: str, at: dt.datetime) -> None:
        with self._lock:
            self._db.execute("INSERT INTO dps VALUES (?, ?, ?)", (dps_id, access_key, wire(at)))

    # consumo indevido ----------------------------------------------------------------------------

    def count_recent_queries(
        self, caller: str, access_key: str, since: dt.datetime, now: dt.datetime
    ) -> int:
        """Record one query and return how many this caller made for this key since ``since``."""
        with self._lock:
            self._db.execute(
                "INSERT INTO queries VALUES (?, ?, ?)", (caller, access_key, _sortable(now))
            )
            row = self._db.execute(
                "SELECT count(*) FROM queries WHERE caller = ? AND access_key = ? AND at > ?",
                (caller, access_key, _sortable(since)),
            ).fetchone()
            return int(row[0])


_DOC_COLUMNS = (
    "access_key, family, model, issuer, series, number, tp_amb, status, protocol, dig_val, "
    "authorized_at, receipt, xml"
)


def _sortable(moment: dt.datetime) -> str:
    """UTC ISO text, so SQL string comparison is chronological."""
    return moment.astimezone(dt.UTC).isoformat()


def _document(row: tuple[Any, ...]) -> StoredDocument:
    values = list(row)
    values[10] = parse_wire(values[10])
    values[12] = bytes(values[12])
    return StoredDocument(*values)


def _event(row: tuple[Any, ...]) -> StoredEvent:
    return StoredEvent(
        row[0], row[1], int(row[2]), row[3], parse_wire(row[4]), bytes(row[5]), bytes(row[6])
    )
