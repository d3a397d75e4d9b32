"""MDF-e 3.00 services (single national authoriser SVRS): synchronous reception (gzip+base64),
query, open-manifest query, status and events. Every call except the reception carries the
`mdfeCabecMsg` header, because the 3.00 WSDLs declare it (see `soap.build_envelope`)."""

from __future__ import annotations

import re

from lxml import etree

from documents.transmission import answers
from documents.transmission import services as svc
from documents.transmission.cte import read_reception, read_situation
from documents.transmission.errors import RequestBuildError
from documents.transmission.nfe import read_status
from documents.transmission.outcome import (
    Failure,
    OpenManifest,
    OpenManifests,
    QueryOutcome,
    SendOutcome,
    StatusOutcome,
)
from documents.transmission.transport import Route, SoapTransport, interpret

MDFE_NS = "http://www.portalfiscal.inf.br/mdfe"
_KEY = re.compile(r"^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$")
_TAXPAYER = re.compile(r"^(?P<CNPJ>[0-9A-Z]{12}[0-9]{2})$|^(?P<CPF>[0-9]{11})$")


class MdfeClient:
    """MDF-e services for one issuer UF (only used for cUF) and environment."""

    def __init__(self, transport: SoapTransport, route: Route) -> None:
        self._transport = transport
        self._route = route

    def _wrap(self, root: str, body: str) -> bytes:
        tp_amb = f"<tpAmb>{self._route.environment.value}</tpAmb>"
        return f'<{root} xmlns="{MDFE_NS}" versao="3.00">{tp_amb}{body}</{root}>'.encode()

    def authorize(self, signed_mdfe: bytes) -> SendOutcome:
        """Send one signed MDFe (not enviMDFe) to MDFeRecepcaoSinc."""
        answer = self._transport.call(svc.MDFE_RECEPTION, self._route, signed_mdfe, "retMDFe")
        return interpret(answer, read_reception("protMDFe"))

    def query(self, key: str) -> QueryOutcome:
        if not _KEY.fullmatch(key):
            raise RequestBuildError(f"invalid chMDFe: {key!r}")
        payload = self._wrap("consSitMDFe", f"<xServ>CONSULTAR</xServ><chMDFe>{key}</chMDFe>")
        answer = self._transport.call(svc.MDFE_QUERY, self._route, payload, "retConsSitMDFe")
        return interpret(answer, read_situation("protMDFe"))

    def open_manifests(self, taxpayer: str) -> OpenManifests | Failure:
        """MDFeConsNaoEnc for a CNPJ (14, alphanumeric-aware) or CPF (11)."""
        match = _TAXPAYER.fullmatch(taxpayer)
        if match is None:
            raise RequestBuildError(f"invalid CNPJ/CPF: {taxpayer!r}")
        tag = "CNPJ" if match.group("CNPJ") else "CPF"
        body = f"<xServ>CONSULTAR NÃO ENCERRADOS</xServ><{tag}>{taxpayer}</{tag}>"
        answer = self._transport.call(
            svc.MDFE_OPEN_QUERY, self._route, self._wrap("consMDFeNaoEnc", body),
            "retConsMDFeNaoEnc",
        )  # fmt: skip
        return interpret(answer, _read_open)

    def status(self) -> StatusOutcome:
        payload = self._wrap("consStatServMDFe", "<xServ>STATUS</xServ>")
        answer = self._transport.call(svc.MDFE_STATUS, self._route, payload, "retConsStatServMDFe")
        return interpret(answer, read_status)

    def send_event(self, signed_event: bytes) -> SendOutcome:
        """One signed `eventoMDFe` (cancel, close, add driver...)."""
        answer = self._transport.call(svc.MDFE_EVENT, self._route, signed_event, "retEventoMDFe")
        return interpret(answer, answers.event)

    # The interface every authority client offers the lifecycle (transmission/clients.py).
    deliver = authorize
    look_up = query

    def register_event(self, key: str, signed_event: bytes) -> SendOutcome:
        """`send_event` (the key travels inside the signed event)."""
        return self.send_event(signed_event)


def _read_open(ret: etree._Element, raw: bytes) -> OpenManifests | Failure:
    """111: open manifests listed in `infMDFe`; 112: none."""
    cstat, xmotivo = answers.status(ret)
    if cstat not in {"111", "112"}:
        return answers.failure(cstat, xmotivo, raw)
    namespace = etree.QName(ret).namespace
    items = ret.findall(f"{{{namespace}}}infMDFe")
    found = (OpenManifest(answers.text(i, "chMDFe"), answers.text(i, "nProt")) for i in items)
    return OpenManifests(tuple(found), raw)
