"""CT-e (57) and CT-e OS (67) 4.00: CTeRecepcaoSincV4 / CTeRecepcaoOSV4 (one gzip+base64
document, synchronous), CTeConsultaV4, CTeStatusServicoV4 and CTeRecepcaoEventoV4 (bare
`eventoCTe`: cancel 110111, CC-e 110110, desacordo 610110 by the taker).

[MOC-CTe] 4.00 §3.4.1 (compression, 244), §4.2/4.3 (retCTe/retCTeOS), §5-§6 (events: 631, 632,
634/635/637, 636, 218, 220, rule N19 for the desacordo author); protocol_facts.md §3.3.
"""

from __future__ import annotations

import datetime as dt

from lxml import etree

from simulator import checks, cte_distribution, dfe
from simulator.call import Call
from simulator.errors import Rejection
from simulator.xmlbuild import from_bytes

CANCEL, CCE, DISAGREEMENT = "110111", "110110", "610110"
CANCEL_WINDOW = dt.timedelta(hours=168)
"""[MOC-CTe] §6: a CT-e / CT-e OS may be cancelled up to 168 hours after its authorization."""

LAYOUT = dfe.Layout(
    family="cte",
    label="CT-e",
    version="4.00",
    key_tag="chCTe",
    protocol_tag="protCTe",
    query_root="consSitCTe",
    query_answer="retConsSitCTe",
    status_root="consStatServCTe",
    status_answer="retConsStatServCTe",
    event_root="eventoCTe",
    event_answer="retEventoCTe",
    proc_event="procEventoCTe",
    max_age_setting="cte_max_age_hours",
    situations={
        "authorized": ("100", "Autorizado o uso do CT-e"),
        "cancelled": ("101", "Cancelamento de CT-e homologado"),
    },
)
CTE = dfe.Reception(LAYOUT, "CTe", "retCTe", "57", "infCte", "CTe", "nCT", "cCT")
CTE_OS = dfe.Reception(LAYOUT, "CTeOS", "retCTeOS", "67", "infCte", "CTe", "nCT", "cCT")

TAKER_ROLES = {"0": "rem", "1": "exped", "2": "receb", "3": "dest"}
"""ide/toma3/toma: which party of a CT-e is the taker (tomador) of the service."""


def _cancel(context: dfe.EventContext) -> None:
    dfe.issuer_is_author(context)
    dfe.not_cancelled(context)
    dfe.same_protocol(context)
    dfe.within(context, CANCEL_WINDOW, "Rejeicao: CT-e autorizado ha mais de 7 dias (168 horas)")


def _correction(context: dfe.EventContext) -> None:
    dfe.issuer_is_author(context)
    dfe.not_cancelled(context)


def _disagreement(context: dfe.EventContext) -> None:
    """Rule N19: the desacordo is declared by the taker of the service, never by the issuer."""
    dfe.not_cancelled(context)
    if context.author != taker(from_bytes(context.doc.xml)):
        raise Rejection(
            "755", "Rejeicao: O autor do evento de Prestacao do Servico em Desacordo deve ser "
            "o tomador do servico",
        )  # fmt: skip


def taker(document: etree._Element) -> str | None:
    """CNPJ/CPF of the CT-e taker: toma3 names a party, toma4 (and the CT-e OS toma) carry it."""
    ns = LAYOUT.ns
    info = document.find("d:infCte", ns)
    if info is None:
        return None
    role = checks.optional_text(info, "d:ide/d:toma3/d:toma", ns)
    if role in TAKER_ROLES:
        party = info.find(f"d:{TAKER_ROLES[role]}", ns)
    else:
        party = info.find("d:ide/d:toma4", ns)
        if party is None:
            party = info.find("d:toma", ns)
    if party is None:
        return None
    return checks.optional_text(party, "d:CNPJ", ns) or checks.optional_text(party, "d:CPF", ns)


RULES = {
    CANCEL: dfe.EventRule("evCancCTe", "Cancelamento", _cancel, effect="cancelled", once=True),
    CCE: dfe.EventRule("evCCeCTe", "Carta de Correcao", _correction),
    DISAGREEMENT: dfe.EventRule(
        "evPrestDesacordo", "Prestacao do Servico em Desacordo", _disagreement
    ),
}


def _events(call: Call) -> etree._Element:
    return dfe.receive_event(call, LAYOUT, RULES, id_digits=(3,))


FAMILY = dfe.FamilyService(
    LAYOUT,
    services={
        "CTeRecepcaoSincV4": lambda call: dfe.receive(call, CTE),
        "CTeRecepcaoOSV4": lambda call: dfe.receive(call, CTE_OS),
        "CTeConsultaV4": lambda call: dfe.query(call, LAYOUT),
        "CTeStatusServicoV4": lambda call: dfe.status(call, LAYOUT),
        "CTeRecepcaoEventoV4": _events,
        "CTeDistribuicaoDFe": cte_distribution.distribute,
    },
    answers={
        "CTeRecepcaoSincV4": ("retCTe", "reception"),
        "CTeRecepcaoOSV4": ("retCTeOS", "reception"),
        "CTeConsultaV4": ("retConsSitCTe", "query"),
        "CTeStatusServicoV4": ("retConsStatServCTe", "status"),
        "CTeRecepcaoEventoV4": ("retEventoCTe", "event"),
    },
    own_answers={"CTeDistribuicaoDFe": cte_distribution.simple_answer},
)
