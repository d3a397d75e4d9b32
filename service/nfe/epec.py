"""The NF-e's EPEC (Evento Prévio de Emissão em Contingência, 110140): registered at the
Ambiente Nacional before a tpEmis-4 note is handed out; its protocol goes on the DANFE, and
the note itself is transmitted later (`service.issuance.deferred`) within 168 hours."""

from __future__ import annotations

from documents.events.epec import prepare_epec
from documents.transmission.clients import NfeAuthority
from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import Authorized, Rejected
from documents.wrappers import proc_evento_nfe
from service import clock
from service.companies.models import Company
from service.ids import new_id
from service.issuance import defaults
from service.issuance.authority import Authority, route
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.family import Prior
from service.issuance.models import DocumentEvent, EventKind, EventStatus, FiscalDocument
from service.storage.documents import signed_xml

TP_EVENTO = "110140"
DUPLICATE = "573"
"""Rejection 573, "Duplicidade de evento": this note's EPEC is already registered."""


def register(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, company: Company
) -> Prior:
    """Sign the EPEC from the stored note (its data are the note's) and send it to the AN."""
    signed = prepare_epec(signed_xml(document), creds.signer, clock.utc_now())
    where = route(str(company.uf), document.ambiente, document.modelo)
    client = NfeAuthority(NfeClient(authority.transport(creds), where),
                          receipt_polls=defaults.RECEIPT_POLLS)  # fmt: skip
    answer = client.register_epec(signed.xml)
    if isinstance(answer, Rejected) and answer.cStat == DUPLICATE:
        return Prior(answer, registered=True)  # an earlier attempt's EPEC, its answer lost
    if not isinstance(answer, Authorized):
        return Prior(answer)
    event = DocumentEvent(
        id=new_id("evt"), documento_id=document.id, company_id=document.company_id,
        tipo=EventKind.EPEC.value, tp_evento=TP_EVENTO, sequencia=1,
        status=EventStatus.REGISTRADO, texto=f"EPEC registrado em {answer.dhRecbto}",
        protocolo=answer.nProt, sefaz_code=answer.cStat[:10],
        xml=proc_evento_nfe(signed.xml, answer.protocol_xml),
    )  # fmt: skip
    return Prior(answer, registered=True, event=event)
