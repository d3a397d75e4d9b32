"""What the Ambiente Nacional distributes to whom: the NSU sequence of each interested CNPJ/CPF
(and environment), fed by what the simulator authorizes and registers.

Who receives what follows the table of NT 2014.002 (as transcribed in sped-nfe
``docs/metodos/DistDFe.md``): the issuer never receives its own NF-e; the recipient (``dest``)
receives the summary ``resNFe`` and, once it has manifested Ciência (210210), Confirmação
(210200) or Operação não Realizada (210240), the NF-e itself (``procNFe``) as a new NSU; parties
named in ``autXML`` and the carrier (``transporta``) receive the NF-e directly. A cancellation
reaches the recipient even without a manifestation (``resEvento``; ``procEventoNFe`` after one);
other events of the issuer (CC-e) only after a manifestation. Manifestation events go to the
issuer and the ``autXML`` parties, not to the recipient.

Entries point at the authority's own records (documents and events tables): the XML of a docZip
is rendered when it is distributed (``simulator/distribution.py``), so ``cSitNFe`` of a summary
tells the situation "no momento da consulta", as the resNFe XSD says.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from lxml import etree

from simulator.clock import parse_wire, wire
from simulator.state import Store, StoredDocument
from simulator.xmlbuild import from_bytes

NS = "http://www.portalfiscal.inf.br/nfe"
N = {"n": NS}
RES_NFE = "resNFe_v1.01.xsd"
PROC_NFE = "procNFe_v4.00.xsd"
RES_EVENTO = "resEvento_v1.01.xsd"
PROC_EVENTO = "procEventoNFe_v1.00.xsd"
PROC_CTE = "procCTe_v4.00.xsd"
PROC_CTE_OS = "procCTeOS_v4.00.xsd"
PROC_EVENTO_CTE = "procEventoCTe_v4.00.xsd"
CTE_NS = "http://www.portalfiscal.inf.br/cte"
CTE_SEQUENCE = "cte:"
"""CTeDistribuicaoDFe numbers its own NSUs: its parties are kept as ``cte:<CNPJ/CPF>``."""
CANCEL, CCE = "110111", "110110"
CIENCIA, CONFIRMACAO, DESCONHECIMENTO, NAO_REALIZADA = "210210", "210200", "210220", "210240"
UNLOCKING = frozenset({CIENCIA, CONFIRMACAO, NAO_REALIZADA})
CONCLUSIVE = frozenset({CONFIRMACAO, DESCONHECIMENTO, NAO_REALIZADA})
"""Manifestations after which the recipient may download the NF-e (NT 2014.002 note 1)."""


@dataclass(frozen=True)
class Entry:
    """One NSU of one interested party."""

    interested: str
    tp_amb: str
    nsu: int
    schema: str
    access_key: str
    event_type: str | None
    sequence: int | None
    added_at: dt.datetime


@dataclass(frozen=True)
class Parties:
    """Who the NF-e names: recipient, autXML parties, carrier (CNPJ or CPF each)."""

    issuer: str
    dest: str | None
    aut_xml: tuple[str, ...]
    carrier: str | None

    def others(self) -> list[str]:
        """autXML parties and carrier, without the issuer and the recipient, in order."""
        found: list[str] = []
        for party in (*self.aut_xml, self.carrier):
            if party and party not in (self.issuer, self.dest) and party not in found:
                found.append(party)
        return found


def parties(doc: StoredDocument) -> Parties:
    info = from_bytes(doc.xml).find("n:infNFe", N)
    assert info is not None
    return Parties(
        doc.issuer,
        _id(info.find("n:dest", N)),
        tuple(p for p in (_id(a) for a in info.findall("n:autXML", N)) if p),
        _id(info.find("n:transp/n:transporta", N)),
    )


def _id(element: etree._Element | None) -> str | None:
    if element is None:
        return None
    for tag in ("n:CNPJ", "n:CPF"):
        found = element.find(tag, N)
        if found is not None and found.text:
            return str(found.text).strip()
    return None


def add(store: Store, interested: str, tp_amb: str, schema: str, key: str, at: dt.datetime,
        event_type: str | None = None, sequence: int | None = None) -> int:  # fmt: skip
    """Append one document to the interested party's sequence; returns its NSU."""
    nsu = store.next_value(f"nsu:{tp_amb}:{interested}", 0)
    store.execute(
        "INSERT INTO dfe_nsu(interested, tp_amb, nsu, schema, access_key, event_type, sequence, "
        "added_at, sort_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        interested, tp_amb, nsu, schema, key, event_type, sequence, wire(at), _utc(at),
    )  # fmt: skip
    return nsu


# -- hooks: what the authority registered --------------------------------------------------------


def authorized(store: Store, doc: StoredDocument, at: dt.datetime) -> None:
    """An NF-e (model 55) was authorized: summary to the recipient, the NF-e to the others."""
    if doc.family != "nfe" or doc.model != "55":
        return
    named = parties(doc)
    if named.dest and named.dest != doc.issuer:
        add(store, named.dest, doc.tp_amb, RES_NFE, doc.access_key, at)
    for party in named.others():
        add(store, party, doc.tp_amb, PROC_NFE, doc.access_key, at)


def event_registered(
    store: Store, doc: StoredDocument, event_type: str, sequence: int, at: dt.datetime
) -> None:
    """The issuer's event (cancel, CC-e) on an NF-e that names other parties."""
    if doc.family != "nfe" or doc.model != "55" or event_type not in (CANCEL, CCE):
        return
    named = parties(doc)
    if named.dest and named.dest != doc.issuer:
        if unlocked(store, named.dest, doc.tp_amb, doc.access_key):
            add(store, named.dest, doc.tp_amb, PROC_EVENTO, doc.access_key, at, event_type,
                sequence)  # fmt: skip
        elif event_type == CANCEL:
            add(store, named.dest, doc.tp_amb, RES_EVENTO, doc.access_key, at, event_type,
                sequence)  # fmt: skip
    for party in named.others():
        add(store, party, doc.tp_amb, PROC_EVENTO, doc.access_key, at, event_type, sequence)


def manifested(
    store: Store, doc: StoredDocument, event_type: str, sequence: int, at: dt.datetime
) -> None:
    """A recipient's manifestation: the event to the issuer and autXML parties; the NF-e to the
    recipient after ciência, confirmação or operação não realizada (once)."""
    named = parties(doc)
    for party in (doc.issuer, *named.aut_xml):
        if party != named.dest:
            add(store, party, doc.tp_amb, PROC_EVENTO, doc.access_key, at, event_type, sequence)
    dest = named.dest
    if dest and event_type in UNLOCKING and not unlocked(store, dest, doc.tp_amb, doc.access_key):
        add(store, dest, doc.tp_amb, PROC_NFE, doc.access_key, at)


def unlocked(store: Store, interested: str, tp_amb: str, key: str) -> bool:
    """The interested party has the NF-e itself in its sequence."""
    row = store.fetch_one(
        "SELECT 1 FROM dfe_nsu WHERE interested = ? AND tp_amb = ? AND access_key = ? "
        "AND schema = ?",
        interested, tp_amb, key, PROC_NFE,
    )  # fmt: skip
    return row is not None


# -- CT-e (CTeDistribuicaoDFe) -------------------------------------------------------------------

_CTE_ROLES = ("rem", "exped", "receb", "dest")
"""ide/toma3/toma 0..3 name these parties as the taker."""


def cte_parties(doc: StoredDocument) -> list[str]:
    """Every party a CT-e / CT-e OS names other than its issuer: the taker first (toma3 role,
    toma4, CT-e OS toma), then sender, shipper, receiver, recipient and autXML."""
    ns = {"c": CTE_NS}
    info = from_bytes(doc.xml).find("c:infCte", ns)
    assert info is not None
    found: list[str] = []
    role = info.findtext("c:ide/c:toma3/c:toma", None, ns)
    candidates = [
        info.find(f"c:{_CTE_ROLES[int(role)]}", ns) if role and role.isdigit() else None,
        info.find("c:ide/c:toma4", ns),
        info.find("c:toma", ns),
        *(info.find(f"c:{tag}", ns) for tag in _CTE_ROLES),
        *info.findall("c:autXML", ns),
    ]
    for element in candidates:
        party = _cte_id(element)
        if party and party != doc.issuer and party not in found:
            found.append(party)
    return found


def _cte_id(element: etree._Element | None) -> str | None:
    if element is None:
        return None
    for tag in ("CNPJ", "CPF"):
        found = element.find(f"{{{CTE_NS}}}{tag}")
        if found is not None and found.text:
            return str(found.text).strip()
    return None


def cte_authorized(store: Store, doc: StoredDocument, at: dt.datetime) -> None:
    """A CT-e (57) or CT-e OS (67) was authorized: the whole document to every party."""
    if doc.family != "cte":
        return
    schema = PROC_CTE_OS if doc.model == "67" else PROC_CTE
    for party in cte_parties(doc):
        add(store, CTE_SEQUENCE + party, doc.tp_amb, schema, doc.access_key, at)


def cte_event(
    store: Store, doc: StoredDocument, event_type: str, sequence: int, at: dt.datetime
) -> None:
    """An event on a CT-e (cancel, CC-e, desacordo): procEventoCTe to its parties."""
    if doc.family != "cte":
        return
    for party in cte_parties(doc):
        add(store, CTE_SEQUENCE + party, doc.tp_amb, PROC_EVENTO_CTE, doc.access_key, at,
            event_type, sequence)  # fmt: skip


# -- NFS-e (ADN contribuinte distribution) -------------------------------------------------------

NFSE_SEQUENCE = "nfse:"
"""The ADN numbers its own NSUs: its parties are kept as ``nfse:<CNPJ/CPF>``."""
NFSE_DOCUMENT, NFSE_EVENT = "NFSE", "EVENTO"
"""TipoDocumento of the ADN swagger (kept in the ``schema`` column)."""
NFSE_NS = "http://www.sped.fazenda.gov.br/nfse"


def nfse_parties(store: Store, key: str) -> tuple[str, list[str]]:
    """(tpAmb, parties) of an NFS-e: provider, taker and intermediary (CNPJ or CPF), each once."""
    found = store.nfse(key)
    assert found is not None
    info = from_bytes(found.xml).find(f".//{{{NFSE_NS}}}infDPS")
    parties = [found.issuer]
    for group in ("toma", "interm"):
        element = None if info is None else info.find(f"{{{NFSE_NS}}}{group}")
        for tag in ("CNPJ", "CPF"):
            value = None if element is None else element.findtext(f"{{{NFSE_NS}}}{tag}")
            if value and value.strip() not in parties:
                parties.append(value.strip())
    return found.tp_amb, parties


def nfse_issued(store: Store, key: str, at: dt.datetime) -> None:
    """An NFS-e was generated: to its provider, taker and intermediary."""
    tp_amb, parties = nfse_parties(store, key)
    for party in parties:
        add(store, NFSE_SEQUENCE + party, tp_amb, NFSE_DOCUMENT, key, at)


def nfse_event(store: Store, key: str, event_type: str, sequence: int, at: dt.datetime) -> None:
    """An event on an NFS-e (cancellation e101101): to the same parties."""
    tp_amb, parties = nfse_parties(store, key)
    for party in parties:
        add(store, NFSE_SEQUENCE + party, tp_amb, NFSE_EVENT, key, at, event_type, sequence)


# -- reading the sequence ------------------------------------------------------------------------

_ENTRY = "interested, tp_amb, nsu, schema, access_key, event_type, sequence, added_at"


def after(store: Store, interested: str, tp_amb: str, last: int, since: dt.datetime,
          limit: int) -> list[Entry]:  # fmt: skip
    """Entries after NSU ``last`` registered since ``since``, ascending, at most ``limit``."""
    rows = store.fetch_all(
        f"SELECT {_ENTRY} FROM dfe_nsu WHERE interested = ? AND tp_amb = ? AND nsu > ? "
        "AND sort_at >= ? ORDER BY nsu LIMIT ?",
        interested, tp_amb, last, _utc(since), limit,
    )  # fmt: skip
    return [_entry(row) for row in rows]


def one(store: Store, interested: str, tp_amb: str, nsu: int) -> Entry | None:
    row = store.fetch_one(
        f"SELECT {_ENTRY} FROM dfe_nsu WHERE interested = ? AND tp_amb = ? AND nsu = ?",
        interested, tp_amb, nsu,
    )  # fmt: skip
    return None if row is None else _entry(row)


def of_key(store: Store, interested: str, tp_amb: str, key: str) -> list[Entry]:
    rows = store.fetch_all(
        f"SELECT {_ENTRY} FROM dfe_nsu WHERE interested = ? AND tp_amb = ? AND access_key = ? "
        "ORDER BY nsu",
        interested, tp_amb, key,
    )  # fmt: skip
    return [_entry(row) for row in rows]


def every(store: Store, interested: str, tp_amb: str) -> list[Entry]:
    rows = store.fetch_all(
        f"SELECT {_ENTRY} FROM dfe_nsu WHERE interested = ? AND tp_amb = ? ORDER BY nsu",
        interested, tp_amb,
    )  # fmt: skip
    return [_entry(row) for row in rows]


def max_nsu(store: Store, interested: str, tp_amb: str) -> int:
    row = store.fetch_one(
        "SELECT max(nsu) FROM dfe_nsu WHERE interested = ? AND tp_amb = ?", interested, tp_amb
    )
    return int(row[0]) if row and row[0] is not None else 0


def _entry(row: tuple[object, ...]) -> Entry:
    interested, tp_amb, nsu, schema, key, event_type, sequence, added = row
    return Entry(
        str(interested), str(tp_amb), int(str(nsu)), str(schema), str(key),
        None if event_type is None else str(event_type),
        None if sequence is None else int(str(sequence)), parse_wire(str(added)),
    )  # fmt: skip


# -- consumption rules ---------------------------------------------------------------------------


def idle_since(store: Store, interested: str, tp_amb: str) -> dt.datetime | None:
    """When the party was told there is nothing more (137, or ultNSU = maxNSU)."""
    row = store.fetch_one(
        "SELECT idle_since FROM dfe_dist_state WHERE interested = ? AND tp_amb = ?",
        interested, tp_amb,
    )  # fmt: skip
    return None if row is None else parse_wire(str(row[0]))


def set_idle(store: Store, interested: str, tp_amb: str, at: dt.datetime | None) -> None:
    if at is None:
        store.execute("DELETE FROM dfe_dist_state WHERE interested = ? AND tp_amb = ?",
                      interested, tp_amb)  # fmt: skip
        return
    store.execute(
        "INSERT OR REPLACE INTO dfe_dist_state(interested, tp_amb, idle_since) VALUES (?, ?, ?)",
        interested, tp_amb, wire(at),
    )  # fmt: skip


def count_queries(store: Store, interested: str, tp_amb: str, mode: str, at: dt.datetime,
                  window: dt.timedelta) -> int:  # fmt: skip
    """Record one query of this mode and answer how many the party made within ``window``."""
    store.execute("INSERT INTO dfe_dist_queries VALUES (?, ?, ?, ?)", interested, tp_amb, mode,
                  _utc(at))  # fmt: skip
    row = store.fetch_one(
        "SELECT count(*) FROM dfe_dist_queries WHERE interested = ? AND tp_amb = ? AND mode = ? "
        "AND at > ?",
        interested, tp_amb, mode, _utc(at - window),
    )  # fmt: skip
    return int(row[0]) if row else 0


def _utc(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).isoformat()
