"""CT-e (57) and CT-e OS (67) 4.00 services: synchronous reception (gzip+base64), query, status,
events. Events travel as a bare `eventoCTe` (no batch), per MOC CT-e 4.00 §5."""

from __future__ import annotations

import re

from lxml import etree

from documents.transmission import answers
from documents.transmission import services as svc
from documents.transmission.errors import RequestBuildError
from documents.transmission.nfe import read_status
from documents.transmission.outcome import (
    Cancelled,
    NotFound,
    QueryOutcome,
    SendOutcome,
    StatusOutcome,
)
from documents.transmission.transport import Route, SoapTransport, interpret

CTE_NS = "http://www.portalfiscal.inf.br/cte"
_KEY = re.compile(r"^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$")
_RECEPTION = {"57": (svc.CTE_RECEPTION, "retCTe"), "67": (svc.CTE_OS_RECEPTION, "retCTeOS")}


class CteClient:
    """CT-e services of one issuer UF and environment; `route.model` picks 57 or 67."""

    def __init__(self, transport: SoapTransport, route: Route) -> None:
        self._transport = transport
        self._route = route

    def authorize(self, signed_cte: bytes) -> SendOutcome:
        """Send one signed CTe (model 57) or CTeOS (model 67), compressed as the MOC requires."""
        if self._route.model not in _RECEPTION:
            raise RequestBuildError(f"CT-e model must be 57 or 67, not {self._route.model}")
        service, expected = _RECEPTION[self._route.model]
        answer = self._transport.call(service, self._route, signed_cte, expected)
        return interpret(answer, read_reception("protCTe"))

    def query(self, key: str) -> QueryOutcome:
        if not _KEY.fullmatch(key):
            raise RequestBuildError(f"invalid chCTe: {key!r}")
        body = f"<tpAmb>{self._route.environment.value}</tpAmb><xServ>CONSULTAR</xServ>"
        payload = f'<consSitCTe xmlns="{CTE_NS}" versao="4.00">{body}<chCTe>{key}</chCTe>'
        answer = self._transport.call(
            svc.CTE_QUERY, self._route, (payload + "</consSitCTe>").encode(), "retConsSitCTe"
        )
        return interpret(answer, read_situation("protCTe"))

    def status(self) -> StatusOutcome:
        body = f"<tpAmb>{self._route.environment.value}</tpAmb><cUF>{self._route.cuf}</cUF>"
        payload = f'<consStatServCTe xmlns="{CTE_NS}" versao="4.00">{body}<xServ>STATUS</xServ>'
        answer = self._transport.call(
            svc.CTE_STATUS, self._route, (payload + "</consStatServCTe>").encode(),
            "retConsStatServCTe",
        )  # fmt: skip
        return interpret(answer, read_status)

    def send_event(self, signed_event: bytes) -> SendOutcome:
        """One signed `eventoCTe` (cancel, CC-e, desacordo...)."""
        answer = self._transport.call(svc.CTE_EVENT, self._route, signed_event, "retEventoCTe")
        return interpret(answer, answers.event)

    # The interface every authority client offers the lifecycle (transmission/clients.py).
    deliver = authorize
    look_up = query

    def register_event(self, key: str, signed_event: bytes) -> SendOutcome:
        """`send_event` (the key travels inside the signed event)."""
        return self.send_event(signed_event)


def read_reception(protocol_name: str) -> answers.Reader[SendOutcome]:
    """retCTe/retCTeOS/retMDFe: the protocol decides when present, else the answer's cStat."""

    def read(ret: etree._Element, raw: bytes) -> SendOutcome:
        cstat, xmotivo = answers.status(ret)
        prot = answers.child(ret, protocol_name)
        return (
            answers.protocol(prot, raw)
            if prot is not None
            else answers.failure(cstat, xmotivo, raw)
        )

    return read


def read_situation(protocol_name: str) -> answers.Reader[QueryOutcome]:
    """retConsSitCTe/retConsSitMDFe: authorised, denied, cancelled or not found."""

    def read(ret: etree._Element, raw: bytes) -> QueryOutcome:
        cstat, xmotivo = answers.status(ret)
        prot = answers.child(ret, protocol_name)
        if cstat in answers.AUTHORIZED_DOCUMENT | answers.DENIED:
            return answers.protocol(answers.required(ret, protocol_name), raw)
        protocol_xml = answers.serialize(prot) if prot is not None else None
        if cstat in answers.CANCELLED:
            return Cancelled(cstat, xmotivo, protocol_xml, raw)
        if cstat == "217":
            return NotFound(cstat, xmotivo, raw)
        return answers.closed_or_failure(cstat, xmotivo, protocol_xml, raw)

    return read
