"""The taker's prestação em desacordo (610110) on a received CT-e: checked here (a CT-e, its
whole XML, this company its taker, not yet registered), signed with the company's certificate
with the same builder the issued CT-e's desacordo uses, sent to the CT-e's own authority (the
UF of its key, CTeRecepcaoEventoV4, as `service.cte` sends it) and stored as a
`received_events` row with the `procEventoCTe`.
"""

from __future__ import annotations

from lxml import etree

from documents.cte.events import DISAGREEMENT, CteEventHeader, build_disagreement, prepare_event
from documents.cte.wrappers import proc_evento_cte
from documents.keys import AccessKey
from documents.transmission.cte import CteClient
from documents.transmission.outcome import Authorized, NotSent, Rejected
from documents.ufs import UF_BY_CODE
from documents.xml import parse_untrusted
from service import clock
from service.companies.models import Company
from service.db import transaction
from service.errors import ApiError, invalid_field
from service.ids import new_id
from service.issuance.authority import layout_environment, route
from service.issuance.credentials import credentials_for
from service.received.manifestation import registered_events
from service.received.models import ReceivedDocument, ReceivedEvent, Tipo
from service.runtime import Runtime

_TAKER_PATHS = (
    "{*}CTe/{*}infCte/{*}ide/{*}toma4/{*}CNPJ",
    "{*}CTe/{*}infCte/{*}ide/{*}toma4/{*}CPF",
)
_ROLE_TAGS = {"0": "rem", "1": "exped", "2": "receb", "3": "dest"}


def taker(cte_proc: bytes) -> str:
    """The CT-e's taker's CNPJ/CPF: `toma4`, or the party `toma3` names."""
    root = parse_untrusted(cte_proc)
    for path in _TAKER_PATHS:
        found = root.findtext(path)
        if found:
            return str(found).strip()
    role = root.findtext("{*}CTe/{*}infCte/{*}ide/{*}toma3/{*}toma") or ""
    party = root.find(f"{{*}}CTe/{{*}}infCte/{{*}}{_ROLE_TAGS.get(role.strip(), 'rem')}")
    if party is None:
        return ""
    return str(party.findtext("{*}CNPJ") or party.findtext("{*}CPF") or "").strip()


def check(row: ReceivedDocument, company: Company, registered: set[str]) -> None:
    """422 before anything is signed or sent."""
    if row.tipo != Tipo.CTE.value or row.xml is None or not row.chave[20:22] == "57":
        raise invalid_field("observacao", "O desacordo (610110) só existe para um CT-e recebido "
                            "(modelo 57) cujo XML completo chegou.")  # fmt: skip
    who = taker(bytes(row.xml))
    if who != str(company.cnpj or company.cpf or ""):
        raise invalid_field(
            "observacao",
            f"O desacordo é um evento do tomador do CT-e ({who or 'não identificado'}), "
            "assinado com o certificado dele; esta empresa não é o tomador.",
        )
    if DISAGREEMENT in registered:
        raise invalid_field("observacao", "O desacordo já foi registrado para este CT-e.")


def disagree(rt: Runtime, company: Company, row: ReceivedDocument, observacao: str) -> None:
    """Check, sign, send to the CT-e's authority and store. Raises `ApiError` for the checks,
    the certificate, a refusal (`SEFAZ_EVENT_REJECTION`) or no answer."""
    check(row, company, registered_events(rt, row.id))
    now = clock.utc_now()
    creds = credentials_for(company, now)
    key = AccessKey.parse(row.chave)
    author = str(company.cnpj or company.cpf or "")
    header = CteEventHeader(key, layout_environment(row.ambiente), author, now, 1)
    signed = prepare_event(build_disagreement(header, observacao), creds.signer)
    uf = UF_BY_CODE[int(row.chave[:2])]
    client = CteClient(rt.authority.transport(creds), route(uf, row.ambiente, "57"))
    outcome = client.send_event(signed.xml)
    if isinstance(outcome, Authorized):
        proc = proc_evento_cte(signed.xml, etree.fromstring(outcome.protocol_xml))
        _store(rt, row.id, outcome.nProt, proc)
        return
    if isinstance(outcome, Rejected):
        raise ApiError("SEFAZ_EVENT_REJECTION", f"{outcome.cStat} - {outcome.xMotivo}",
                       sefaz_code=outcome.cStat)  # fmt: skip
    if isinstance(outcome, NotSent):
        raise ApiError("AUTORIDADE_INACESSIVEL")
    raise ApiError("SERVICO_INDISPONIVEL", "A resposta da autoridade ao desacordo não chegou; "
                   "consulte o CT-e antes de enviar de novo.")  # fmt: skip


def _store(rt: Runtime, row_id: str, protocol: str, xml: bytes) -> None:
    now = clock.utc_now()
    with transaction(rt.sessions) as session:
        row = session.get(ReceivedDocument, row_id)
        assert row is not None
        session.add(ReceivedEvent(id=new_id("rev"), received_id=row_id, tp_evento=DISAGREEMENT,
                                  n_seq=1, protocolo=protocol, xml=xml,
                                  created_at=now))  # fmt: skip
        row.atualizado_em = now
