"""One SOAP request as every SEFAZ-family service sees it (NF-e, CT-e, MDF-e)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from simulator.authority import UF_CODES, Authority
from simulator.errors import Rejection
from simulator.faults import FaultKind, RequestScope
from simulator.routing import Route
from simulator.soap import SoapRequest


@dataclass(frozen=True)
class Call:
    """The authority, the endpoint the request reached, the SOAP payload and its fault scope."""

    authority: Authority
    route: Route
    request: SoapRequest
    scope: RequestScope

    @property
    def tp_amb(self) -> str:
        return self.route.tp_amb.value

    @property
    def ver_aplic(self) -> str:
        return self.authority.settings.ver_aplic


def route_cuf(call: Call) -> str:
    """cUF of the answering authority: a UF's own code, 43 for SVRS/SVC-RS, 35 for SVSP/SVC-SP,
    91 for the national ones (SVAN, SVC-AN, AN)."""
    for code, uf in UF_CODES.items():
        if uf == call.route.authority:
            return code
    name = call.route.authority
    if name.startswith("SVRS") or name == "SVC-RS":
        return "43"
    return "35" if name in ("SVSP", "SVC-SP") else "91"


def consumption_limit(call: Call, key: str, code: str) -> None:
    """NT 2018.002 / MOC CT-e §8.2: the same key queried more than N times in one hour by one
    caller is consumo indevido (656 NF-e, 678 CT-e and MDF-e)."""
    authority = call.authority
    fault = authority.faults.take([FaultKind.QUERY_LIMIT], call.scope)
    limit = fault.limit if fault is not None and fault.limit is not None else (
        authority.settings.query_limit_per_hour)  # fmt: skip
    now = authority.now()
    count = authority.store.count_recent_queries(
        call.scope.caller or "", key, now - dt.timedelta(hours=1), now
    )
    if count > limit:
        raise Rejection(code, "Rejeicao: Consumo Indevido (Deve ser aguardado 1 hora)")


def forced_rejection(call: Call, series: str) -> None:
    """The ``reject`` fault: after the checks passed, reject with the configured code."""
    scope = RequestScope(call.route.service, call.scope.caller, call.scope.tag, series)
    fault = call.authority.faults.take([FaultKind.REJECT], scope)
    if fault is not None and fault.code is not None:
        raise Rejection(
            fault.code, fault.reason or f"Rejeicao: forcada pelo simulador ({fault.code})"
        )
