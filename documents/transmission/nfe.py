"""NF-e / NFC-e 4.00 services: authorisation (sync and async), receipt, query, status, events,
inutilização.

The client builds only the unsigned transport wrappers (enviNFe, envEvento, consSitNFe,
consReciNFe, consStatServ); signed documents (NFe, evento, inutNFe) come from `documents/`
already signed and are embedded byte for byte.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from documents.transmission import answers, defaults
from documents.transmission import services as svc
from documents.transmission.endpoints import AMBIENTE_NACIONAL, EPEC_NFCE_UFS, uf_acronym
from documents.transmission.errors import EndpointNotFoundError, RequestBuildError
from documents.transmission.outcome import (
    AuthorizationOutcome,
    Cancelled,
    NotFound,
    Processing,
    QueryOutcome,
    ReceiptOutcome,
    Received,
    Rejected,
    SendOutcome,
    ServiceStatus,
    StatusOutcome,
)
from documents.transmission.soap import strip_declaration
from documents.transmission.transport import Route, SoapTransport, interpret

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
_BATCH_ID = re.compile(r"^[0-9]{1,15}$")
_KEY = re.compile(r"^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$")
_RECEIPT = re.compile(r"^[0-9]{15}$")
_EVENT_ID = re.compile(r'Id="ID[0-9]{6}([0-9]{6}[0-9A-Z]{12}[0-9]{26})[0-9]{2}"')


def _checked(value: str, pattern: re.Pattern[str], what: str) -> str:
    """Values go into XML by formatting, so they must match their layout pattern first."""
    if not pattern.fullmatch(value):
        raise RequestBuildError(f"invalid {what}: {value!r}")
    return value


class NfeClient:
    """NF-e (55) or NFC-e (65) services of one issuer UF, environment and emission type."""

    def __init__(self, transport: SoapTransport, route: Route) -> None:
        self._transport = transport
        self._route = route

    @property
    def _tp_amb(self) -> str:
        return self._route.environment.value

    def authorize(
        self, signed_nfe: bytes, *, batch_id: str, synchronous: bool = True
    ) -> AuthorizationOutcome:
        """Send one signed NF-e in an enviNFe batch (`indSinc=1` unless `synchronous=False`)."""
        lote = _checked(batch_id, _BATCH_ID, "idLote")
        head = f'<enviNFe xmlns="{NFE_NS}" versao="4.00"><idLote>{lote}</idLote>'
        head += f"<indSinc>{1 if synchronous else 0}</indSinc>"
        payload = head.encode() + strip_declaration(signed_nfe) + b"</enviNFe>"
        answer = self._transport.call(svc.NFE_AUTHORIZATION, self._route, payload, "retEnviNFe")
        return interpret(answer, _read_batch)

    def poll_receipt(self, receipt: str) -> ReceiptOutcome:
        """Ask NFeRetAutorizacao4 for the result of an asynchronous batch."""
        nrec = _checked(receipt, _RECEIPT, "nRec")
        body = f"<tpAmb>{self._tp_amb}</tpAmb><nRec>{nrec}</nRec>"
        payload = f'<consReciNFe xmlns="{NFE_NS}" versao="4.00">{body}</consReciNFe>'.encode()
        answer = self._transport.call(svc.NFE_RECEIPT, self._route, payload, "retConsReciNFe")
        return interpret(answer, _read_receipt)

    def query(self, key: str) -> QueryOutcome:
        """NFeConsultaProtocolo4 by access key: how reconciliation learns the truth."""
        chave = _checked(key, _KEY, "chNFe")
        body = f"<tpAmb>{self._tp_amb}</tpAmb><xServ>CONSULTAR</xServ><chNFe>{chave}</chNFe>"
        payload = f'<consSitNFe xmlns="{NFE_NS}" versao="4.00">{body}</consSitNFe>'.encode()
        answer = self._transport.call(svc.NFE_QUERY, self._route, payload, "retConsSitNFe")
        return interpret(answer, _read_query)

    def status(self) -> StatusOutcome:
        """NFeStatusServico4 of the issuer's authoriser."""
        body = f"<tpAmb>{self._tp_amb}</tpAmb><cUF>{self._route.cuf}</cUF><xServ>STATUS</xServ>"
        payload = f'<consStatServ xmlns="{NFE_NS}" versao="4.00">{body}</consStatServ>'.encode()
        answer = self._transport.call(svc.NFE_STATUS, self._route, payload, "retConsStatServ")
        return interpret(answer, read_status)

    def send_event(self, signed_event: bytes, *, batch_id: str) -> SendOutcome:
        """One signed `evento` (cancel, CC-e, ...) in an envEvento 1.00 batch."""
        lote = _checked(batch_id, _BATCH_ID, "idLote")
        head = f'<envEvento xmlns="{NFE_NS}" versao="1.00"><idLote>{lote}</idLote>'
        payload = head.encode() + strip_declaration(signed_event) + b"</envEvento>"
        answer = self._transport.call(svc.NFE_EVENT, self._route, payload, "retEnvEvento")
        return interpret(answer, _read_event_batch)

    def send_epec(self, signed_epec: bytes, *, batch_id: str) -> SendOutcome:
        """One signed EPEC (110140, `documents.events.epec`): an NF-e's to the Ambiente
        Nacional's NFeRecepcaoEvento4, whatever the route's UF (the UF's own services are the
        ones down); an NFC-e's (model 65 in the event's key, else the route's model) to SEFAZ-SP's
        RecepcaoEPEC, the only UF running one (`EndpointNotFoundError` for another UF).

        `Authorized` with cStat 136 carries the EPEC's nProt and dhRegEvento (printed on the
        DANFE) and the `retEvento` to wrap with `procEventoNFe`; a refusal is `Rejected` as
        usual, with the `chNFePend` of a 142 in `pending_keys`."""
        lote = _checked(batch_id, _BATCH_ID, "idLote")
        head = f'<envEvento xmlns="{NFE_NS}" versao="1.00"><idLote>{lote}</idLote>'
        payload = head.encode() + strip_declaration(signed_epec) + b"</envEvento>"
        if _event_model(signed_epec, self._route.model) == "65":
            service, route = svc.NFCE_EPEC, self._nfce_epec_route()
        else:
            service, route = svc.NFE_EVENT, replace(self._route, authority=AMBIENTE_NACIONAL)
        answer = self._transport.call(service, route, payload, "retEnvEvento")
        return interpret(answer, _read_epec_batch)

    def _nfce_epec_route(self) -> Route:
        uf = uf_acronym(self._route.uf)
        if uf not in EPEC_NFCE_UFS:
            raise EndpointNotFoundError("nfe", uf, svc.NFCE_EPEC.table_key, self._tp_amb)
        return replace(self._route, model="65", tp_emis="4", authority=uf)

    def send_manifestation(self, signed_event: bytes, *, batch_id: str) -> SendOutcome:
        """One signed recipient's manifestation (210200, 210210, 210220, 210240,
        `documents.events.manifestation`) to the Ambiente Nacional's NFeRecepcaoEvento4, where
        the AN registers it whatever the route's UF. 135 is `Authorized`, with the `retEvento`
        to wrap with `procEventoNFe`; a refusal (573 duplicate, 596 out of time, ...) is
        `Rejected`."""
        lote = _checked(batch_id, _BATCH_ID, "idLote")
        head = f'<envEvento xmlns="{NFE_NS}" versao="1.00"><idLote>{lote}</idLote>'
        payload = head.encode() + strip_declaration(signed_event) + b"</envEvento>"
        route = replace(self._route, authority=AMBIENTE_NACIONAL)
        answer = self._transport.call(svc.NFE_EVENT, route, payload, "retEnvEvento")
        return interpret(answer, _read_event_batch)

    def void_numbers(self, signed_inut: bytes) -> SendOutcome:
        """Send a signed inutNFe (number range voiding)."""
        answer = self._transport.call(svc.NFE_VOIDING, self._route, signed_inut, "retInutNFe")
        return interpret(answer, answers.voiding)


def _event_model(signed_event: bytes, default: str) -> str:
    """The model (positions 21-22 of the key) in the event's Id, else `default`."""
    found = _EVENT_ID.search(signed_event[:2048].decode("utf-8", "replace"))
    return found.group(1)[20:22] if found else default


def poll_delay(tmed: int) -> float:
    """Seconds to wait before polling a receipt: 1.5 x tMed, at least the MOC's minimum."""
    return max(float(defaults.MIN_POLL_DELAY), 1.5 * tmed)


def _read_batch(ret: etree._Element, raw: bytes) -> AuthorizationOutcome:
    cstat, xmotivo = answers.status(ret)
    if cstat == "103":
        info = answers.required(ret, "infRec")
        return Received(answers.text(info, "nRec"), int(answers.text(info, "tMed") or 1), raw)
    if cstat == "104":
        return answers.protocol(answers.required(ret, "protNFe"), raw)
    return answers.failure(cstat, xmotivo, raw)


def _read_receipt(ret: etree._Element, raw: bytes) -> ReceiptOutcome:
    cstat, xmotivo = answers.status(ret)
    if cstat == "104":
        return answers.protocol(answers.required(ret, "protNFe"), raw)
    if cstat == "105":
        return Processing(answers.text(ret, "nRec"), raw)
    if cstat == "106":
        return NotFound(cstat, xmotivo, raw)
    return answers.failure(cstat, xmotivo, raw)


def _read_query(ret: etree._Element, raw: bytes) -> QueryOutcome:
    cstat, xmotivo = answers.status(ret)
    prot = answers.child(ret, "protNFe")
    if cstat in answers.AUTHORIZED_DOCUMENT | answers.DENIED:
        return answers.protocol(answers.required(ret, "protNFe"), raw)
    if cstat in answers.CANCELLED:
        return Cancelled(cstat, xmotivo, answers.serialize(prot) if prot is not None else None, raw)
    if cstat == "217":
        return NotFound(cstat, xmotivo, raw)
    return answers.failure(cstat, xmotivo, raw)


def read_status(ret: etree._Element, raw: bytes) -> StatusOutcome:
    """retConsStatServ (NF-e, CT-e and MDF-e share the shape)."""
    cstat, xmotivo = answers.status(ret)
    if cstat in {"107", "108", "109"}:
        tmed = answers.text(ret, "tMed")
        return ServiceStatus(cstat, xmotivo, int(tmed) if tmed.isdigit() else None, raw)
    return answers.failure(cstat, xmotivo, raw)


def _read_event_batch(ret: etree._Element, raw: bytes) -> SendOutcome:
    cstat, xmotivo = answers.status(ret)
    if cstat != "128":
        return answers.failure(cstat, xmotivo, raw)
    return answers.event(answers.required(ret, "retEvento"), raw)


def _read_epec_batch(ret: etree._Element, raw: bytes) -> SendOutcome:
    """As any event batch, plus the pending keys (chNFePend) of a refused EPEC."""
    outcome = _read_event_batch(ret, raw)
    ret_event = answers.child(ret, "retEvento")
    info = None if ret_event is None else answers.child(ret_event, "infEvento")
    if not isinstance(outcome, Rejected) or info is None:
        return outcome
    namespace = etree.QName(info).namespace
    pending = tuple(
        (found.text or "").strip() for found in info.iterfind(f"{{{namespace}}}chNFePend")
    )
    return replace(outcome, pending_keys=pending) if pending else outcome
