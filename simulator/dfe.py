"""What CT-e 4.00 and MDF-e 3.00 share: one synchronous document per reception (base64 of the
gzip of the signed document), the situation query, the status service and bare events
(`eventoCTe` / `eventoMDFe` straight in the SOAP body, no batch).

The family modules (`cte`, `mdfe`) describe their layouts with :class:`Layout` and
:class:`Reception`, and their events with :class:`EventRule`; the checks and the answers are
written once here. Codes follow the MOC tables quoted in the README.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from lxml import etree

from documents.schemas import catalogue
from simulator import checks, dfe_contingency, dfe_feed
from simulator.call import Call, consumption_limit, forced_rejection, route_cuf
from simulator.clock import parse_wire, wire
from simulator.errors import BadRequest, Rejection
from simulator.soap import inflate
from simulator.state import StoredDocument, StoredEvent
from simulator.xmlbuild import child, fields, from_bytes, root, to_bytes

EVENT_TOLERANCE = dt.timedelta(minutes=5)
"""MOC MDF-e J14-J16 (and CT-e): event dates tolerate 5 minutes of clock skew."""


@dataclass(frozen=True)
class Layout:
    """Names and limits of one family (CT-e 4.00 or MDF-e 3.00)."""

    family: str
    label: str
    version: str
    key_tag: str
    protocol_tag: str
    query_root: str
    query_answer: str
    status_root: str
    status_answer: str
    event_root: str
    event_answer: str
    proc_event: str
    max_age_setting: str
    situations: Mapping[str, tuple[str, str]]
    """Stored status -> (cStat, xMotivo) of the situation query."""

    @property
    def namespace(self) -> str:
        return f"http://www.portalfiscal.inf.br/{self.family}"

    @property
    def ns(self) -> dict[str, str]:
        return {"d": self.namespace}

    def schema_key(self, root_name: str) -> str:
        return f"{self.family}/{self.version}/{root_name}"

    def not_found(self) -> Rejection:
        return Rejection("217", f"Rejeicao: {self.label} nao consta na base de dados da SEFAZ")


@dataclass(frozen=True)
class Reception:
    """One reception service: which document root it takes and how its fields are named."""

    layout: Layout
    root: str
    answer: str
    model: str
    info: str
    id_prefix: str
    number: str
    code: str


# -- answers -----------------------------------------------------------------------------------


def _answer_root(layout: Layout, name: str) -> etree._Element:
    return root(layout.namespace, name, versao=layout.version)


def reception_answer(
    call: Call,
    reception: Reception,
    cuf: str,
    code: str,
    reason: str,
    protocol: etree._Element | None = None,
) -> etree._Element:
    """retCTe / retCTeOS / retMDFe: {tpAmb, cUF, verAplic, cStat, xMotivo, prot?}."""
    answer = _answer_root(reception.layout, reception.answer)
    fields(answer, ("tpAmb", call.tp_amb), ("cUF", cuf), ("verAplic", call.ver_aplic),
           ("cStat", code), ("xMotivo", reason))  # fmt: skip
    if protocol is not None:
        answer.append(protocol)
    return answer


def protocol_element(
    call: Call,
    layout: Layout,
    key: str,
    code: str,
    reason: str,
    *,
    protocol: str | None = None,
    digest: str | None = None,
    at: dt.datetime | None = None,
) -> etree._Element:
    """protCTe / protMDFe with infProt; a rejection carries no nProt."""
    prot = root(layout.namespace, layout.protocol_tag, versao=layout.version)
    info = child(prot, "infProt")
    fields(
        info,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        (layout.key_tag, key),
        ("dhRecbto", wire(at or call.authority.now())),
        ("nProt", protocol),
        ("digVal", digest),
        ("cStat", code),
        ("xMotivo", reason),
    )
    return prot


def stored_protocol(call: Call, layout: Layout, doc: StoredDocument) -> etree._Element:
    return protocol_element(
        call, layout, doc.access_key, "100", f"Autorizado o uso do {layout.label}",
        protocol=doc.protocol, digest=doc.dig_val, at=doc.authorized_at,
    )  # fmt: skip


def event_answer(
    call: Call,
    layout: Layout,
    key: str,
    event_type: str,
    sequence: str,
    code: str,
    reason: str,
    *,
    description: str | None = None,
    protocol: str | None = None,
) -> etree._Element:
    """retEventoCTe / retEventoMDFe; the registration fields only when registered."""
    answer = _answer_root(layout, layout.event_answer)
    info = child(answer, "infEvento")
    registered = protocol is not None
    fields(
        info,
        ("tpAmb", call.tp_amb),
        ("verAplic", call.ver_aplic),
        ("cOrgao", route_cuf(call)),
        ("cStat", code),
        ("xMotivo", reason),
        (layout.key_tag, key if len(key) == 44 else None),
        ("tpEvento", event_type if registered else None),
        ("xEvento", description if registered else None),
        ("nSeqEvento", sequence if registered else None),
        ("dhRegEvento", wire(call.authority.now()) if registered else None),
        ("nProt", protocol),
    )
    return answer


def event_proc(layout: Layout, event: StoredEvent) -> etree._Element:
    """procEventoCTe / procEventoMDFe {evento, retEvento}, as the situation query lists them."""
    proc = root(layout.namespace, layout.proc_event, versao=layout.version)
    proc.append(from_bytes(event.request_xml))
    proc.append(from_bytes(event.answer_xml))
    return proc


# -- reception ---------------------------------------------------------------------------------


def receive(call: Call, reception: Reception) -> etree._Element:
    """Inflate, parse and validate the single document, then check and authorize it."""
    layout = reception.layout
    try:
        data = inflate(call.request.compressed or "")
        document = checks.parse(data)
        checks.schema(document, layout.schema_key(reception.root), code="225")
        _modal_schema(layout, document)
    except Rejection as rejection:
        return reception_answer(call, reception, route_cuf(call), rejection.code, rejection.reason)
    info = document.find(f"d:{reception.info}", layout.ns)
    assert info is not None  # guaranteed by the schema
    key = (info.get("Id") or "")[len(reception.id_prefix) :]
    cuf = checks.text(info, "d:ide/d:cUF", layout.ns)
    try:
        with call.authority.store.transaction():
            checked = _check_document(call, reception, document, info, key)
            _check_not_duplicate(call, reception, checked)
            forced_rejection(call, checked.fields.series)
            stored = _record(call, reception, checked)
            dfe_contingency.recorded(call, reception.layout.family, stored, checked.fields)
    except Rejection as rejection:
        return reception_answer(call, reception, cuf, rejection.code, rejection.reason)
    return reception_answer(call, reception, cuf, "100", f"Autorizado o uso do {layout.label}",
                            stored_protocol(call, layout, stored))  # fmt: skip


def _modal_schema(layout: Layout, document: etree._Element) -> None:
    """infModal content is processContents="skip": validate it with its modal XSD (579/580)."""
    modal = document.find(".//d:infModal", layout.ns)
    if modal is None:
        return
    if modal.get("versaoModal") != layout.version:
        raise Rejection("579", "Rejeicao: Versao informada para o modal nao suportada")
    for part in modal:
        if not isinstance(part.tag, str):
            continue
        key = layout.schema_key(etree.QName(part).localname)
        if key not in catalogue():
            raise Rejection("580", "Rejeicao: Falha no Schema XML especifico para o modal")
        checks.element_schema(part, key, "580", "o modal")


@dataclass(frozen=True)
class _Checked:
    key: str
    fields: checks.KeyFields
    tp_amb: str
    digest_value: str
    xml: bytes


def _check_document(
    call: Call, reception: Reception, document: etree._Element, info: etree._Element, key: str
) -> _Checked:
    layout, authority = reception.layout, call.authority
    signer = checks.signature(document, info.get("Id") or "", trusted=authority.trusted,
                              now=authority.now())  # fmt: skip
    ide = info.find("d:ide", layout.ns)
    assert ide is not None
    get = checks.reader(ide, layout.ns)
    issuer = checks.optional_text(info, "d:emit/d:CNPJ", layout.ns) or checks.text(
        info, "d:emit/d:CPF", layout.ns
    )
    checks.same_holder(signer.holder, issuer)
    settings = authority.settings
    emitted = checks.emission_time(
        get("dhEmi"), authority.now(),
        future_tolerance=dt.timedelta(seconds=settings.future_tolerance_seconds),
        max_age=dt.timedelta(hours=getattr(settings, layout.max_age_setting)),
        late_code="228", future_code="212",
    )  # fmt: skip
    key_fields = checks.KeyFields(
        get("cUF"), emitted, issuer, get("mod"), get("serie"), get(reception.number),
        get("tpEmis"), get(reception.code), get("cDV"),
    )  # fmt: skip
    checks.key_matches(key, key_fields, mismatch_code="227", digit_code="253")
    dfe_contingency.check(call, layout.family, ide, key_fields)
    checks.environment(get("tpAmb"), call.tp_amb)
    if not authority.serves_uf(call.route.authority, get("cUF")):
        raise Rejection("226", "Rejeicao: Codigo da UF do Emitente diverge da UF autorizadora")
    return _Checked(key, key_fields, get("tpAmb"), signer.digest_value, to_bytes(document))


def _check_not_duplicate(call: Call, reception: Reception, checked: _Checked) -> None:
    """204 for the same key, 539 for the same number under another key (`[chCTe:...]`)."""
    store, f, label = call.authority.store, checked.fields, reception.layout.label
    existing = store.document(checked.key)
    if existing is not None:
        raise Rejection(
            "204",
            f"Rejeicao: Duplicidade de {label} [nProt:{existing.protocol}]"
            f"[dhAut:{wire(existing.authorized_at)}]",
        )
    other = store.document_by_number(f.issuer, f.model, f.series, f.number, checked.tp_amb)
    if other is not None:
        raise Rejection(
            "539",
            f"Rejeicao: Duplicidade de {label} com diferenca na Chave de Acesso "
            f"[{reception.layout.key_tag}:{other.access_key}][nProt:{other.protocol}]"
            f"[dhAut:{wire(other.authorized_at)}]",
        )


def _record(call: Call, reception: Reception, checked: _Checked) -> StoredDocument:
    f, authority = checked.fields, call.authority
    stored = StoredDocument(
        checked.key, reception.layout.family, reception.model, f.issuer, f.series, f.number,
        checked.tp_amb, "authorized", authority.protocol_number(f.cuf, call.route.authority),
        checked.digest_value, authority.now(), None, checked.xml,
    )  # fmt: skip
    authority.store.add_document(stored)
    dfe_feed.cte_authorized(authority.store, stored, authority.now())
    return stored


# -- query and status --------------------------------------------------------------------------


def message(call: Call) -> etree._Element:
    """The plain-XML payload of every service except the receptions."""
    if call.request.message is None:
        raise Rejection("215", "Rejeicao: Falha no schema XML (mensagem ausente)")
    return call.request.message


def query(call: Call, layout: Layout) -> etree._Element:
    """consSitCTe / consSitMDFe: the document's situation with its protocol and events."""
    request = message(call)
    checks.schema(request, layout.schema_key(layout.query_root))
    checks.environment(checks.text(request, "d:tpAmb", layout.ns), call.tp_amb)
    key = checks.access_key(checks.text(request, f"d:{layout.key_tag}", layout.ns))
    consumption_limit(call, key, "678")
    doc = dfe_contingency.visible_document(call, key)
    if doc is None or doc.family != layout.family:
        raise layout.not_found()
    code, reason = layout.situations[doc.status]
    answer = _answer_root(layout, layout.query_answer)
    fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic), ("cStat", code),
           ("xMotivo", reason), ("cUF", key[:2]))  # fmt: skip
    answer.append(stored_protocol(call, layout, doc))
    for event in call.authority.store.events(key):
        answer.append(event_proc(layout, event))
    return answer


def status(call: Call, layout: Layout) -> etree._Element:
    """consStatServCTe / consStatServMDFe: 107 in operation, with tMed."""
    request = message(call)
    checks.schema(request, layout.schema_key(layout.status_root))
    checks.environment(checks.text(request, "d:tpAmb", layout.ns), call.tp_amb)
    cuf = checks.optional_text(request, "d:cUF", layout.ns) or route_cuf(call)
    answer = _answer_root(layout, layout.status_answer)
    tmed = str(max(call.authority.settings.async_tmed_seconds, 1))
    fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic), ("cStat", "107"),
           ("xMotivo", "Servico em Operacao"), ("cUF", cuf),
           ("dhRecbto", wire(call.authority.now())), ("tMed", tmed))  # fmt: skip
    return answer


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventContext:
    """One event under check: the request, the document it refers to and who wrote it."""

    call: Call
    layout: Layout
    info: etree._Element
    detail: etree._Element
    doc: StoredDocument
    author: str
    event_type: str
    sequence: int

    def detail_text(self, tag: str) -> str:
        return checks.text(self.detail, f"d:{tag}", self.layout.ns)


@dataclass(frozen=True)
class EventRule:
    """One event type: its detEvento element, description, business checks and effect."""

    detail_root: str
    description: str
    check: Callable[[EventContext], None]
    effect: str | None = None
    """Document status after the event (cancelled, closed); None keeps it."""
    once: bool = False
    """Only nSeqEvento 1 is allowed (cancel, close): 636 otherwise."""


def receive_event(
    call: Call, layout: Layout, rules: Mapping[str, EventRule], id_digits: tuple[int, ...]
) -> etree._Element:
    """eventoCTe / eventoMDFe: 135 registered, or the rejection in retEvento (no batch level)."""
    request = message(call)
    checks.schema(request, layout.schema_key(layout.event_root))
    info = request.find("d:infEvento", layout.ns)
    assert info is not None
    key = checks.optional_text(info, f"d:{layout.key_tag}", layout.ns) or ""
    event_type = checks.optional_text(info, "d:tpEvento", layout.ns) or ""
    sequence = checks.optional_text(info, "d:nSeqEvento", layout.ns) or "1"
    try:
        with call.authority.store.transaction():
            context = _check_event(call, layout, request, info, rules, id_digits)
            return _accept(context, request, rules[event_type])
    except Rejection as rejection:
        return event_answer(call, layout, key, event_type, sequence, rejection.code,
                            rejection.reason)  # fmt: skip


def _check_event(
    call: Call,
    layout: Layout,
    request: etree._Element,
    info: etree._Element,
    rules: Mapping[str, EventRule],
    id_digits: tuple[int, ...],
) -> EventContext:
    """Groups D/E (certificate, signature) then the MOC MDF-e J rules, in their order."""
    authority, ns = call.authority, layout.ns
    signer = checks.signature(request, info.get("Id") or "", trusted=authority.trusted,
                              now=authority.now())  # fmt: skip
    author = checks.optional_text(info, "d:CNPJ", ns) or checks.text(info, "d:CPF", ns)
    checks.same_holder(signer.holder, author)
    checks.environment(checks.text(info, "d:tpAmb", ns), call.tp_amb)
    key = checks.text(info, f"d:{layout.key_tag}", ns)
    event_type = checks.text(info, "d:tpEvento", ns)
    sequence = int(checks.text(info, "d:nSeqEvento", ns))
    expected = {f"ID{event_type}{key}{sequence:0{size}d}" for size in id_digits}
    if info.get("Id") not in expected:
        raise Rejection(
            "628", "Rejeicao: Erro Atributo ID do evento nao corresponde a concatenacao dos "
            f"campos (ID + tpEvento + {layout.key_tag} + nSeqEvento)",
        )  # fmt: skip
    rule = rules.get(event_type)
    if rule is None:
        raise Rejection("629", "Rejeicao: O tpEvento informado invalido")
    detail = _event_detail(layout, info, rule)
    checks.access_key(key)
    _not_repeated(call, layout, key, event_type, sequence)
    doc = dfe_contingency.visible_document(call, key)
    if doc is None or doc.family != layout.family:
        raise layout.not_found()
    _event_dates(call, checks.text(info, "d:dhEvento", ns), doc)
    if rule.once and sequence != 1:
        raise Rejection("636", "Rejeicao: O numero sequencial do evento e maior que o permitido")
    context = EventContext(call, layout, info, detail, doc, author, event_type, sequence)
    rule.check(context)
    return context


def _event_detail(layout: Layout, info: etree._Element, rule: EventRule) -> etree._Element:
    """detEvento holds exactly the rule's element, valid against its own XSD (630)."""
    parts = [p for p in info.findall("d:detEvento/*", layout.ns) if isinstance(p.tag, str)]
    if len(parts) != 1 or etree.QName(parts[0]).localname != rule.detail_root:
        raise Rejection("630", "Rejeicao: Falha no Schema XML especifico para o evento")
    checks.element_schema(parts[0], layout.schema_key(rule.detail_root), "630", "o evento")
    return parts[0]


def _not_repeated(call: Call, layout: Layout, key: str, event_type: str, sequence: int) -> None:
    for event in call.authority.store.events(key):
        if event.event_type == event_type and event.sequence == sequence:
            raise Rejection(
                "631",
                f"Rejeicao: Duplicidade de evento [nProt:{event.protocol}]"
                f"[dhRegEvento:{wire(event.registered_at)}]",
            )


def _event_dates(call: Call, dh_evento: str, doc: StoredDocument) -> None:
    """J15 (637): not before the authorization; J16 (635): not after the processing."""
    when, now = parse_wire(dh_evento), call.authority.now()
    if when > now + EVENT_TOLERANCE:
        raise Rejection(
            "635", "Rejeicao: A data do evento nao pode ser maior que a data do processamento"
        )
    if when < doc.authorized_at - EVENT_TOLERANCE:
        raise Rejection(
            "637", "Rejeicao: A data do evento nao pode ser menor que a data de autorizacao"
        )


def _accept(context: EventContext, request: etree._Element, rule: EventRule) -> etree._Element:
    call, layout, doc = context.call, context.layout, context.doc
    authority = call.authority
    protocol = authority.protocol_number(doc.access_key[:2], call.route.authority)
    answer = event_answer(
        call, layout, doc.access_key, context.event_type, str(context.sequence), "135",
        f"Evento registrado e vinculado a {layout.label}", description=rule.description,
        protocol=protocol,
    )  # fmt: skip
    authority.store.add_event(
        StoredEvent(doc.access_key, context.event_type, context.sequence, protocol,
                    authority.now(), to_bytes(request), to_bytes(answer))
    )  # fmt: skip
    if rule.effect is not None:
        authority.store.set_status(doc.access_key, rule.effect)
    dfe_feed.cte_event(authority.store, doc, context.event_type, context.sequence,
                       authority.now())  # fmt: skip
    return answer


# -- shared event checks -----------------------------------------------------------------------


def issuer_is_author(context: EventContext) -> None:
    """MOC MDF-e J09 (632): an issuer event's author is the CNPJ/CPF in the key."""
    if context.doc.access_key[6:20] != context.author.zfill(14):
        raise Rejection(
            "632", f"Rejeicao: O autor do evento diverge do emissor do {context.layout.label}"
        )


def not_cancelled(context: EventContext) -> None:
    """218: no event on a cancelled document."""
    if context.doc.status == "cancelled":
        raise Rejection(
            "218", f"Rejeicao: {context.layout.label} ja esta cancelado na base de dados da "
            f"SEFAZ [nProt:{context.doc.protocol}]",
        )  # fmt: skip


def same_protocol(context: EventContext) -> None:
    """222: nProt of a cancel/close must be the authorization protocol."""
    if context.detail_text("nProt") != context.doc.protocol:
        raise Rejection("222", "Rejeicao: Protocolo de Autorizacao de Uso difere do cadastrado")


def within(context: EventContext, window: dt.timedelta, reason: str) -> None:
    """220: cancellation after the family's window (CT-e 168 h, MDF-e 24 h)."""
    if context.call.authority.now() > context.doc.authorized_at + window:
        raise Rejection("220", reason)


# -- dispatch ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FamilyService:
    """A family's SOAP services and the shape of each answer (for paralysed/lot-level replies)."""

    layout: Layout
    services: Mapping[str, Callable[[Call], etree._Element]]
    answers: Mapping[str, tuple[str, str]]
    """service -> (answer root, shape): reception, query, status, event or list."""
    own_answers: Mapping[str, Callable[[Call, str, str], etree._Element]] = field(
        default_factory=dict
    )
    """Services whose status-only answer has its own shape (CTeDistribuicaoDFe)."""

    def handle(self, call: Call) -> etree._Element:
        service = self.services.get(call.route.service)
        if service is None:
            raise BadRequest(404, f"servico {call.route.service} nao implementado")
        try:
            return service(call)
        except Rejection as rejection:
            return self.simple_answer(call, rejection.code, rejection.reason)

    def simple_answer(self, call: Call, code: str, reason: str) -> etree._Element:
        """The service's answer carrying only a status (paralysed, message-level rejections)."""
        own = self.own_answers.get(call.route.service)
        if own is not None:
            return own(call, code, reason)
        name, shape = self.answers[call.route.service]
        answer = _answer_root(self.layout, name)
        cuf = route_cuf(call)
        if shape == "event":
            fields(child(answer, "infEvento"), ("tpAmb", call.tp_amb),
                   ("verAplic", call.ver_aplic), ("cOrgao", cuf), ("cStat", code),
                   ("xMotivo", reason))  # fmt: skip
            return answer
        if shape == "reception":
            return fields(answer, ("tpAmb", call.tp_amb), ("cUF", cuf), ("verAplic",
                          call.ver_aplic), ("cStat", code), ("xMotivo", reason))  # fmt: skip
        fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic), ("cStat", code),
               ("xMotivo", reason), ("cUF", cuf))  # fmt: skip
        if shape == "status":
            fields(answer, ("dhRecbto", wire(call.authority.now())))
        return answer
