"""Admin API of the contingency features: outages, SVC activation and synchronization, EPEC.

Same conventions as ``/_admin/faults``: JSON in, JSON out, 201 on creation, 400 with
``{"error": ...}`` on a bad body (raised as SimulatorConfigError/KeyError/ValueError/TypeError
and answered by the caller), 404 for an unknown path.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from simulator import contingency_state as cstate
from simulator import svc
from simulator.authority import Authority
from simulator.clock import parse_wire, wire

Reply = tuple[int, Any]


def get(authority: Authority, path: str) -> Reply | None:
    if path == "/_admin/outages":
        return 200, {"outages": [o.describe() for o in authority.outages.active()]}
    if path == "/_admin/svc":
        return 200, svc_state(authority)
    if path == "/_admin/epec":
        return 200, {"epec": epec_state(authority)}
    return None


def post(authority: Authority, path: str, payload: Any) -> Reply | None:
    if path == "/_admin/outages":
        specs = payload if isinstance(payload, list) else [payload]
        added = authority.outages.add_all(specs)
        return 201, {"outages": [o.describe() for o in added]}
    if path == "/_admin/svc":
        return 200, _svc_change(authority, payload)
    if path == "/_admin/svc/sync":
        body = payload if isinstance(payload, dict) else {}
        uf = svc.uf_acronym(str(body["uf"])) if body.get("uf") else None
        family = svc.family_of(str(body["family"])).family.value if body.get("family") else None
        return 200, {"synchronized": svc.sync(authority, uf, family)}
    return None


def delete(authority: Authority, path: str, query: dict[str, list[str]]) -> Reply | None:
    """``DELETE /_admin/outages[?id=N|target=SP]``: the UF is back; its SVC documents sync."""
    if path != "/_admin/outages":
        return None
    outage_id = query.get("id", [None])[0]
    target = query.get("target", query.get("uf", [None]))[0]
    removed = authority.outages.clear(
        outage_id=None if outage_id is None else int(outage_id), target=target
    )
    synchronized = svc.sync_recovered(authority, authority.outages.uf_down)
    return 200, {"removed": len(removed), "synchronized": synchronized}


def _svc_change(authority: Authority, payload: Any) -> dict[str, Any]:
    """``{"uf": "SP", "family"?: "nfe"|"cte", "active": true, "svc"?: "SVC-AN",
    "deactivate_at"?: wire time, "deactivate_in_seconds"?: n}``; ``active: false`` deactivates
    and synchronizes."""
    uf, family = str(payload["uf"]), str(payload.get("family", "nfe"))
    if not payload.get("active", True):
        synchronized = svc.deactivate(authority, uf, family)
        return {"uf": svc.uf_acronym(uf), "family": family, "state": "inactive",
                "synchronized": synchronized}  # fmt: skip
    deactivate_at = None
    if payload.get("deactivate_at"):
        deactivate_at = parse_wire(str(payload["deactivate_at"]))
    elif payload.get("deactivate_in_seconds") is not None:
        deactivate_at = authority.now() + timedelta(seconds=float(payload["deactivate_in_seconds"]))
    found = svc.activate(authority, uf, family=family, svc=payload.get("svc"),
                         deactivate_at=deactivate_at)  # fmt: skip
    return {"uf": found.uf, "family": found.family, "svc": found.svc,
            "state": svc.state(authority, found.uf, found.svc, found.family)}  # fmt: skip


def svc_state(authority: Authority) -> dict[str, Any]:
    """Activations per UF and the documents each SVC authorized (synced or not)."""
    return {
        "activations": [
            {"uf": a.uf, "family": a.family, "svc": a.svc, "activated_at": wire(a.activated_at),
             "deactivate_at": None if a.deactivate_at is None else wire(a.deactivate_at),
             "state": svc.state(authority, a.uf, a.svc, a.family)}
            for a in cstate.activations(authority.store)
        ],
        "documents": [
            {"chave": d.access_key, "family": d.family, "svc": d.authority, "uf": d.uf,
             "synced_at": None if d.synced_at is None else wire(d.synced_at)}
            for d in cstate.all_documents(authority.store) if svc.is_svc(d.authority)
        ],
    }  # fmt: skip


def epec_state(authority: Authority) -> list[dict[str, Any]]:
    return [
        {"chave": e.access_key, "emitente": e.issuer, "nProt": e.protocol,
         "registered_at": wire(e.registered_at),
         "conciliated_at": None if e.conciliated_at is None else wire(e.conciliated_at)}
        for e in cstate.all_epecs(authority.store)
    ]  # fmt: skip


def contingency_documents(authority: Authority) -> list[dict[str, Any]]:
    """Every contingency or late authorization (for ``/_admin/state``)."""
    return [
        {"chave": d.access_key, "family": d.family, "tpEmis": d.tp_emis, "cStat": d.auth_code,
         "autorizador": d.authority, "uf": d.uf,
         "synced_at": None if d.synced_at is None else wire(d.synced_at)}
        for d in cstate.all_documents(authority.store)
    ]  # fmt: skip
