"""Admin view of the DF-e distribution:
``GET /_admin/distribution?cnpj=...&tp_amb=2[&family=cte|nfse]``.

Answers the interested party's whole NSU sequence (what each NSU holds, when it was added), its
maxNSU, when it was last told "nothing more" (the start of its 1-hour wait) and the
manifestations it registered. Ground truth for tests; nothing here is a real service.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from simulator import dfe_feed
from simulator.authority import Authority
from simulator.clock import wire
from simulator.xmlbuild import from_bytes

N = {"n": "http://www.portalfiscal.inf.br/nfe"}
PATH = "/_admin/distribution"


def get(authority: Authority, path: str, query: dict[str, list[str]]) -> tuple[int, Any] | None:
    if path != PATH:
        return None
    interested = (query.get("cnpj") or query.get("cpf") or [""])[0]
    if not interested:
        return 400, {"error": "cnpj (or cpf) is required"}
    tp_amb = (query.get("tp_amb") or ["2"])[0]
    family = (query.get("family") or ["nfe"])[0]
    prefixes = {"nfe": "", "cte": dfe_feed.CTE_SEQUENCE, "nfse": dfe_feed.NFSE_SEQUENCE}
    if family not in prefixes:
        return 400, {"error": "family is nfe, cte or nfse"}
    if family != "nfe":
        found = state(authority, prefixes[family] + interested, tp_amb)
        return 200, {**found, "interessado": interested, "family": family}
    return 200, {**state(authority, interested, tp_amb), "family": "nfe"}


def state(authority: Authority, interested: str, tp_amb: str) -> dict[str, Any]:
    store = authority.store
    idle = dfe_feed.idle_since(store, interested, tp_amb)
    return {
        "interessado": interested,
        "tpAmb": tp_amb,
        "maxNSU": dfe_feed.max_nsu(store, interested, tp_amb),
        "idle_since": None if idle is None else wire(idle),
        "documents": [_entry(e) for e in dfe_feed.every(store, interested, tp_amb)],
        "manifestations": manifestations(authority, interested),
    }


def _entry(entry: dfe_feed.Entry) -> dict[str, Any]:
    return {"NSU": entry.nsu, "schema": entry.schema, "chave": entry.access_key,
            "tpEvento": entry.event_type, "nSeqEvento": entry.sequence,
            "added_at": wire(entry.added_at)}  # fmt: skip


def manifestations(authority: Authority, author: str) -> list[dict[str, Any]]:
    """Manifestation events (2102xx) whose author is ``author``, in registration order."""
    rows = authority.store.fetch_all(
        "SELECT access_key, event_type, sequence, protocol, registered_at, request_xml "
        "FROM events WHERE event_type IN ('210200', '210210', '210220', '210240') ORDER BY rowid"
    )
    found = []
    for key, event_type, sequence, protocol, registered_at, request in rows:
        info = from_bytes(bytes(request)).find("n:infEvento", N)
        if info is None or _author(info) != author:
            continue
        found.append({"chave": key, "tpEvento": event_type, "nSeqEvento": int(sequence),
                      "nProt": protocol, "registered_at": registered_at})  # fmt: skip
    return found


def _author(info: etree._Element) -> str | None:
    for tag in ("n:CNPJ", "n:CPF"):
        found = info.find(tag, N)
        if found is not None and found.text:
            return str(found.text).strip()
    return None
