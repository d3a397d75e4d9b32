"""What the contingency services remember, in the simulator's SQLite store (simulator/state.py):
documents authorized in contingency (with the authority that authorized them and, for the SVC,
when they were synchronized to their UF), SVC activations per UF and EPEC events.

Persistent like everything else, so a restarted simulator still answers lookups at the SVC and
still blocks an issuer whose EPEC was never followed by its NF-e.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from simulator.clock import parse_wire, wire
from simulator.state import Store


@dataclass(frozen=True)
class ContingencyDocument:
    """A document authorized with tpEmis other than 1, or authorized late (150)."""

    access_key: str
    family: str
    """nfe or cte."""
    tp_emis: str
    auth_code: str
    """cStat of its authorization: 100, or 150 (autorização fora de prazo)."""
    authority: str
    """Route authority that authorized it: a UF, SVRS, SVAN, SVC-AN or SVC-RS."""
    uf: str
    synced_at: dt.datetime | None
    """SVC documents only: when the UF's own authority received it (None: not yet)."""


@dataclass(frozen=True)
class SvcActivation:
    uf: str
    family: str
    svc: str
    activated_at: dt.datetime
    deactivate_at: dt.datetime | None

    def active(self, now: dt.datetime) -> bool:
        return self.deactivate_at is None or now < self.deactivate_at


@dataclass(frozen=True)
class EpecEvent:
    """An EPEC (110140) registered by the Ambiente Nacional, and whether its NF-e came."""

    access_key: str
    issuer: str
    cuf: str
    model: str
    series: str
    number: str
    tp_amb: str
    protocol: str
    registered_at: dt.datetime
    request_xml: bytes
    answer_xml: bytes
    conciliated_at: dt.datetime | None


def _utc(moment: dt.datetime) -> str:
    """UTC ISO text: SQL string comparison is then chronological."""
    return moment.astimezone(dt.UTC).isoformat()


def _maybe(text: str | None) -> dt.datetime | None:
    return None if text is None else parse_wire(text)


# -- contingency documents ----------------------------------------------------------------------

_DOC = "access_key, family, tp_emis, auth_code, authority, uf, synced_at"


def add_document(store: Store, doc: ContingencyDocument) -> None:
    store.execute(
        f"INSERT OR REPLACE INTO contingency_documents({_DOC}) VALUES (?, ?, ?, ?, ?, ?, ?)",
        doc.access_key, doc.family, doc.tp_emis, doc.auth_code, doc.authority, doc.uf,
        None if doc.synced_at is None else wire(doc.synced_at),
    )  # fmt: skip


def document(store: Store, access_key: str) -> ContingencyDocument | None:
    row = store.fetch_one(f"SELECT {_DOC} FROM contingency_documents WHERE access_key = ?",
                          access_key)  # fmt: skip
    return _document(row) if row else None


def unsynced(
    store: Store, uf: str | None = None, family: str | None = None
) -> list[ContingencyDocument]:
    """SVC documents not yet received by their UF (of one UF and family, or of all)."""
    sql = f"SELECT {_DOC} FROM contingency_documents WHERE authority LIKE 'SVC-%' "
    rows = store.fetch_all(sql + "AND synced_at IS NULL ORDER BY rowid")
    found = [_document(row) for row in rows]
    return [d for d in found if uf in (None, d.uf) and family in (None, d.family)]


def mark_synced(store: Store, access_key: str, at: dt.datetime) -> None:
    store.execute(
        "UPDATE contingency_documents SET synced_at = ? WHERE access_key = ? AND synced_at IS NULL",
        wire(at), access_key,
    )  # fmt: skip


def all_documents(store: Store) -> list[ContingencyDocument]:
    return [_document(row) for row in store.fetch_all(
        f"SELECT {_DOC} FROM contingency_documents ORDER BY rowid")]  # fmt: skip


def _document(row: tuple[object, ...]) -> ContingencyDocument:
    key, family, tp_emis, code, authority, uf, synced = row
    synced_at = _maybe(None if synced is None else str(synced))
    return ContingencyDocument(
        str(key), str(family), str(tp_emis), str(code), str(authority), str(uf), synced_at
    )


# -- SVC activations ----------------------------------------------------------------------------


_ACTIVATION = "uf, family, svc, activated_at, deactivate_at"


def activation(store: Store, uf: str, family: str) -> SvcActivation | None:
    row = store.fetch_one(
        f"SELECT {_ACTIVATION} FROM svc_activations WHERE uf = ? AND family = ?", uf, family
    )
    return None if row is None else _activation(row)


def _activation(row: tuple[Any, ...]) -> SvcActivation:
    return SvcActivation(str(row[0]), str(row[1]), str(row[2]), parse_wire(str(row[3])),
                         _maybe(None if row[4] is None else str(row[4])))  # fmt: skip


def activate(store: Store, uf: str, family: str, svc: str, at: dt.datetime,
             deactivate_at: dt.datetime | None = None) -> None:  # fmt: skip
    store.execute(
        f"INSERT OR REPLACE INTO svc_activations({_ACTIVATION}) VALUES (?, ?, ?, ?, ?)",
        uf, family, svc, wire(at), None if deactivate_at is None else wire(deactivate_at),
    )  # fmt: skip


def deactivate(store: Store, uf: str, family: str) -> bool:
    return store.execute("DELETE FROM svc_activations WHERE uf = ? AND family = ?", uf, family) > 0


def activations(store: Store) -> list[SvcActivation]:
    rows = store.fetch_all(f"SELECT {_ACTIVATION} FROM svc_activations ORDER BY uf, family")
    return [_activation(row) for row in rows]


# -- EPEC ----------------------------------------------------------------------------------------

_EPEC = (
    "access_key, issuer, cuf, model, series, number, tp_amb, protocol, registered_at, "
    "request_xml, answer_xml, conciliated_at"
)


def add_epec(store: Store, event: EpecEvent) -> None:
    store.execute(
        f"INSERT INTO epec_events({_EPEC}, sort_at) VALUES ({', '.join('?' * 13)})",
        event.access_key, event.issuer, event.cuf, event.model, str(int(event.series)),
        str(int(event.number)), event.tp_amb, event.protocol, wire(event.registered_at),
        event.request_xml, event.answer_xml, None, _utc(event.registered_at),
    )  # fmt: skip


def epec(store: Store, access_key: str) -> EpecEvent | None:
    row = store.fetch_one(f"SELECT {_EPEC} FROM epec_events WHERE access_key = ?", access_key)
    return _epec(row) if row else None


def epec_by_number(
    store: Store, issuer: str, model: str, series: str, number: str, tp_amb: str
) -> EpecEvent | None:
    row = store.fetch_one(
        f"SELECT {_EPEC} FROM epec_events WHERE issuer = ? AND model = ? AND series = ? "
        "AND number = ? AND tp_amb = ?",
        issuer, model, str(int(series)), str(int(number)), tp_amb,
    )  # fmt: skip
    return _epec(row) if row else None


def pending_epecs(store: Store, issuer: str, cuf: str, tp_amb: str) -> list[EpecEvent]:
    """The issuer's EPECs in this UF whose NF-e has not been authorized yet, oldest first."""
    rows = store.fetch_all(
        f"SELECT {_EPEC} FROM epec_events WHERE issuer = ? AND cuf = ? AND tp_amb = ? "
        "AND conciliated_at IS NULL ORDER BY sort_at",
        issuer, cuf, tp_amb,
    )  # fmt: skip
    return [_epec(row) for row in rows]


def conciliate(store: Store, access_key: str, at: dt.datetime) -> None:
    store.execute(
        "UPDATE epec_events SET conciliated_at = ? WHERE access_key = ? "
        "AND conciliated_at IS NULL",
        wire(at), access_key,
    )  # fmt: skip


def all_epecs(store: Store) -> list[EpecEvent]:
    return [_epec(row) for row in store.fetch_all(
        f"SELECT {_EPEC} FROM epec_events ORDER BY sort_at")]  # fmt: skip


def _epec(row: tuple[Any, ...]) -> EpecEvent:
    values = list(row)
    return EpecEvent(
        str(values[0]), str(values[1]), str(values[2]), str(values[3]), str(values[4]),
        str(values[5]), str(values[6]), str(values[7]), parse_wire(str(values[8])),
        bytes(values[9]), bytes(values[10]),
        _maybe(None if values[11] is None else str(values[11])),
    )  # fmt: skip
