"""MDF-e 3.00 (single national authoriser, SVRS): MDFeRecepcaoSinc (one gzip+base64 MDFe),
MDFeConsulta (100/101/132), MDFeConsNaoEnc (111/112), MDFeStatusServico and MDFeRecepcaoEvento
(bare `eventoMDFe`: cancel 110111, close 110112, add driver 110114).

Codes: MOC MDF-e 3.00 §5 rules J01-J17 and the MDF-e cStat table (sources in the README).
"""

from __future__ import annotations

import datetime as dt

from lxml import etree

from simulator import checks, dfe
from simulator.call import Call, route_cuf
from simulator.errors import Rejection
from simulator.xmlbuild import fields, from_bytes, root

CANCEL, CLOSE, ADD_DRIVER = "110111", "110112", "110114"
CANCEL_WINDOW = dt.timedelta(hours=24)
"""MDF-e cStat 220: "MDF-e autorizado ha mais de 24 horas"."""
ROAD = "1"
"""ide/modal 1 = rodoviario, the only modal with drivers (644)."""

LAYOUT = dfe.Layout(
    family="mdfe",
    label="MDF-e",
    version="3.00",
    key_tag="chMDFe",
    protocol_tag="protMDFe",
    query_root="consSitMDFe",
    query_answer="retConsSitMDFe",
    status_root="consStatServMDFe",
    status_answer="retConsStatServMDFe",
    event_root="eventoMDFe",
    event_answer="retEventoMDFe",
    proc_event="procEventoMDFe",
    max_age_setting="mdfe_max_age_hours",
    situations={
        "authorized": ("100", "Autorizado o uso do MDF-e"),
        "cancelled": ("101", "Cancelamento de MDF-e homologado"),
        "closed": ("132", "Encerramento de MDF-e homologado"),
    },
)
MDFE = dfe.Reception(LAYOUT, "MDFe", "retMDFe", "58", "infMDFe", "MDFe", "nMDF", "cMDF")


def _not_closed(context: dfe.EventContext) -> None:
    """609: no event on a closed manifest."""
    if context.doc.status == "closed":
        raise Rejection(
            "609", "Rejeicao: MDF-e ja esta encerrado na base de dados da SEFAZ "
            f"[nProt:{context.doc.protocol}]",
        )  # fmt: skip


def _open(context: dfe.EventContext) -> None:
    dfe.issuer_is_author(context)
    dfe.not_cancelled(context)
    _not_closed(context)


def _cancel(context: dfe.EventContext) -> None:
    _open(context)
    dfe.same_protocol(context)
    dfe.within(context, CANCEL_WINDOW, "Rejeicao: MDF-e autorizado ha mais de 24 horas")


def _close(context: dfe.EventContext) -> None:
    """Encerramento: the authorization protocol, and a closing date not before it (615)."""
    _open(context)
    dfe.same_protocol(context)
    closing = dt.date.fromisoformat(context.detail_text("dtEnc"))
    if closing < context.doc.authorized_at.date():
        raise Rejection(
            "615", "Rejeicao: Data de encerramento anterior a data de autorizacao do MDF-e"
        )


def _add_driver(context: dfe.EventContext) -> None:
    """Road manifests only (644), a valid CPF (645), not already a driver (577)."""
    _open(context)
    manifest = from_bytes(context.doc.xml)
    if checks.optional_text(manifest, "d:infMDFe/d:ide/d:modal", LAYOUT.ns) != ROAD:
        raise Rejection(
            "644", "Rejeicao: Evento de inclusao de condutor so pode ser registrado para o "
            "modal rodoviario",
        )  # fmt: skip
    cpf = checks.text(context.detail, "d:condutor/d:CPF", LAYOUT.ns)
    if not checks.cpf_is_valid(cpf):
        raise Rejection("645", "Rejeicao: CPF do condutor invalido")
    if cpf in drivers(context, manifest):
        raise Rejection("577", "Rejeicao: Duplicidade de condutor")


def drivers(context: dfe.EventContext, manifest: etree._Element) -> set[str]:
    """CPFs of the manifest's drivers: the document's condutor list plus earlier 110114s."""
    ns = LAYOUT.ns
    sources = [manifest] + [
        from_bytes(event.request_xml)
        for event in context.call.authority.store.events(context.doc.access_key)
        if event.event_type == ADD_DRIVER
    ]
    return {
        (e.text or "").strip() for source in sources for e in source.iterfind(
            ".//d:condutor/d:CPF", ns)
    }  # fmt: skip


RULES = {
    CANCEL: dfe.EventRule("evCancMDFe", "Cancelamento", _cancel, effect="cancelled", once=True),
    CLOSE: dfe.EventRule("evEncMDFe", "Encerramento", _close, effect="closed", once=True),
    ADD_DRIVER: dfe.EventRule("evIncCondutorMDFe", "Inclusao Condutor", _add_driver),
}


def open_manifests(call: Call) -> etree._Element:
    """consMDFeNaoEnc: 111 listing the issuer's authorized, not closed manifests; 112 none."""
    request = dfe.message(call)
    checks.schema(request, LAYOUT.schema_key("consMDFeNaoEnc"))
    checks.environment(checks.text(request, "d:tpAmb", LAYOUT.ns), call.tp_amb)
    taxpayer = checks.optional_text(request, "d:CNPJ", LAYOUT.ns) or checks.text(
        request, "d:CPF", LAYOUT.ns
    )
    store = call.authority.store
    manifests = [
        doc for doc in store.documents_with_status("mdfe", taxpayer, "authorized")
        if doc.tp_amb == call.tp_amb
    ]  # fmt: skip
    code, reason = ("111", "Consulta Nao Encerrados localizou MDF-e nessa situacao") if manifests \
        else ("112", "Consulta Nao Encerrados nao localizou MDF-e nessa situacao")  # fmt: skip
    answer = root(LAYOUT.namespace, "retConsMDFeNaoEnc", versao=LAYOUT.version)
    fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic), ("cStat", code),
           ("xMotivo", reason), ("cUF", route_cuf(call)))  # fmt: skip
    for doc in sorted(manifests, key=lambda d: d.authorized_at):
        item = etree.SubElement(answer, f"{{{LAYOUT.namespace}}}infMDFe")
        fields(item, ("chMDFe", doc.access_key), ("nProt", doc.protocol))
    return answer


def _events(call: Call) -> etree._Element:
    return dfe.receive_event(call, LAYOUT, RULES, id_digits=(2, 3))


FAMILY = dfe.FamilyService(
    LAYOUT,
    services={
        "MDFeRecepcaoSinc": lambda call: dfe.receive(call, MDFE),
        "MDFeConsulta": lambda call: dfe.query(call, LAYOUT),
        "MDFeConsNaoEnc": open_manifests,
        "MDFeStatusServico": lambda call: dfe.status(call, LAYOUT),
        "MDFeRecepcaoEvento": _events,
    },
    answers={
        "MDFeRecepcaoSinc": ("retMDFe", "reception"),
        "MDFeConsulta": ("retConsSitMDFe", "query"),
        "MDFeConsNaoEnc": ("retConsMDFeNaoEnc", "list"),
        "MDFeStatusServico": ("retConsStatServMDFe", "status"),
        "MDFeRecepcaoEvento": ("retEventoMDFe", "event"),
    },
)
