"""SEFAZ Virtual de Contingência: SVC-AN / SVC-RS for the NF-e (model 55), SVC-RS / SVC-SP for
the CT-e and CT-e OS.

The real SVC shares its URLs with a normal authorizer: the NF-e SVC-AN answers at SVAN's hosts
(``*.sefazvirtual.fazenda.gov.br``) and SVC-RS at SVRS's, in nfelib's ``servers.py`` and in
sped-nfe ``storage/wsnfe_4.00_mod55.xml`` alike; the CT-e tables have no SVC key at all, the SVC
being reached at SVRS's and SVSP's (= SP's) URLs. So a request at those hosts is an SVC request
when its document carries that SVC's tpEmis (position 35 of the key: NF-e 6 at SVAN's hosts, 7
at SVRS's; CT-e 7 at SVRS's, 8 at SP's/SVSP's) or when its UF is one that host serves only as
an SVC (a status query of SP at SVAN's host; for the NF-e also a document of such a UF in
another tpEmis, then refused with 713). Another SVC's tpEmis at a host stays with the normal
authorizer there (570 for the NF-e), so an SVC document synchronized to a UF served by a shared
host is found there.

An SVC serves a UF only while that UF has activated it (admin API; protocol_facts §7, sped-nfe
docs/TimeOut.md); otherwise every service but the lookup answers 114. It sees only what it
authorized itself, and its documents reach the UF's base later ("sincronizadas automaticamente
pelos órgãos autorizadores", sped-nfe docs/Contingency.md): here when the UF comes back (its
outage is cleared), when the SVC is deactivated for it, or on ``POST /_admin/svc/sync``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from lxml import etree

from simulator import checks
from simulator import contingency_state as cstate
from simulator.authority import UF_CODES, Authority
from simulator.call import Call, route_cuf
from simulator.clock import wire
from simulator.errors import Rejection, SimulatorConfigError
from simulator.request_facts import Facts
from simulator.routing import Family, Route
from simulator.state import StoredDocument
from simulator.xmlbuild import fields, root

SVC_AN, SVC_RS, SVC_SP = "SVC-AN", "SVC-RS", "SVC-SP"
ALL_UFS = frozenset(UF_CODES.values())
NFE_OWN = frozenset({"AM", "BA", "GO", "MG", "MS", "MT", "PE", "PR", "RS", "SP"})
NFCE_OWN = NFE_OWN - {"BA", "PE"}
NFE_SVAN = frozenset({"MA", "PA"})
"""Normal model-55 routing (protocol_facts §8, nfelib's effective sets): whom SVAN/SVRS serve."""
CTE_OWN = frozenset({"MG", "MS", "MT", "PR", "RS", "SP"})
CTE_SVSP = frozenset({"AP", "PE", "RR"})
"""Normal CT-e routing (protocol_facts §7, sped-cte storage/autorizadores.json)."""
CTE_SVC_RS = frozenset({"AP", "MS", "MT", "PE", "RR", "SP"})
"""sped-cte src/Factories/Contingency.php: these use SVC-RS (tpEmis 7), the rest SVC-SP (8)."""


def _nfe_normal(host: str, uf: str, facts: Facts) -> bool:
    model = facts.model or "55"
    if host == "SVAN":
        return model == "55" and uf in NFE_SVAN
    own = NFE_OWN if model == "55" else NFCE_OWN
    return uf not in own and not (model == "55" and uf in NFE_SVAN)


def _cte_normal(host: str, uf: str, facts: Facts) -> bool:
    if host in ("SVRS", "RS"):  # RS's CT-e URLs are SVRS's (the route resolves to RS first)
        return uf not in CTE_OWN and uf not in CTE_SVSP
    return uf == "SP" or uf in CTE_SVSP


@dataclass(frozen=True)
class SvcFamily:
    """Which SVC serves which UF in one family, its tpEmis, and the hosts it shares."""

    family: Family
    ufs: Mapping[str, frozenset[str]]
    tp_emis: Mapping[str, str]
    hosts: Mapping[str, str]
    """Route authority (nfelib key of the shared URL) -> the SVC answering there."""
    normal: Callable[[str, str, Facts], bool]
    """Whether the host serves this UF normally (then it is not an SVC request)."""
    documents_by_uf: bool = True
    """Whether a document of such a UF in another tpEmis is an SVC request too (NF-e: then 713);
    for the CT-e only the tpEmis (7/8) or a status query makes one, so that a CT-e sent to the
    wrong host keeps its old answers (225, 226 ...)."""

    def svc_of(self, uf: str) -> str:
        return next(svc for svc, ufs in self.ufs.items() if uf in ufs)


FAMILIES = {
    Family.NFE: SvcFamily(
        Family.NFE,
        {SVC_AN: frozenset({"AC", "AL", "AP", "CE", "DF", "ES", "MG", "PA", "PB", "PI", "RJ",
                            "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"}),
         SVC_RS: frozenset({"AM", "BA", "GO", "MA", "MS", "MT", "PE", "PR"})},
        {SVC_AN: "6", SVC_RS: "7"}, {"SVAN": SVC_AN, "SVRS": SVC_RS}, _nfe_normal,
    ),
    Family.CTE: SvcFamily(
        Family.CTE, {SVC_RS: CTE_SVC_RS, SVC_SP: ALL_UFS - CTE_SVC_RS},
        {SVC_RS: "7", SVC_SP: "8"},
        {"SVRS": SVC_RS, "RS": SVC_RS, "SP": SVC_SP, "SVSP": SVC_SP}, _cte_normal,
        documents_by_uf=False,
    ),
}  # fmt: skip
"""NF-e: protocol_facts §7 (sped-nfe src/Factories/Contingency.php, docs/Contingency.md)."""
SVC_NAMES = frozenset({SVC_AN, SVC_RS, SVC_SP})


def is_svc(authority: str) -> bool:
    return authority in SVC_NAMES


def family_of(name: str) -> SvcFamily:
    try:
        return FAMILIES[Family(name)]
    except (ValueError, KeyError) as exc:
        raise SimulatorConfigError("SVC 'family' must be nfe or cte") from exc


def effective_route(route: Route, facts: Facts) -> Route:
    """The SVC twin of a shared host when the request is an SVC request, else the route."""
    table = FAMILIES.get(route.family)
    if table is None or route.authority not in table.hosts:
        return route
    svc = table.hosts[route.authority]
    if facts.tp_emis == table.tp_emis[svc]:
        return replace(route, authority=svc)
    uf = facts.uf
    if uf is None or (facts.tp_emis is not None and not table.documents_by_uf):
        return route
    if uf in table.ufs[svc] and not table.normal(route.authority, uf, facts):
        return replace(route, authority=svc)
    return route


# -- activation ----------------------------------------------------------------------------------


def activate(authority: Authority, uf: str, *, family: str = "nfe", svc: str | None = None,
             deactivate_at: dt.datetime | None = None) -> cstate.SvcActivation:  # fmt: skip
    """The UF turns its SVC on (optionally with a scheduled deactivation, status 113)."""
    uf, table = uf_acronym(uf), family_of(family)
    expected = table.svc_of(uf)
    if svc is not None and svc.upper() != expected:
        raise SimulatorConfigError(f"{uf} uses {expected} for the {family}, not {svc}")
    cstate.activate(authority.store, uf, family, expected, authority.now(), deactivate_at)
    found = cstate.activation(authority.store, uf, family)
    assert found is not None
    return found


def deactivate(authority: Authority, uf: str, family: str = "nfe") -> list[str]:
    """The UF turns its SVC off; its SVC documents are then synchronized to it."""
    uf = uf_acronym(uf)
    family_of(family)
    cstate.deactivate(authority.store, uf, family)
    return sync(authority, uf, family)


def uf_acronym(value: str) -> str:
    """``SP`` or ``35`` -> ``SP``; anything else is a configuration error."""
    upper = value.strip().upper()
    upper = UF_CODES.get(upper, upper)
    if upper not in UF_CODES.values():
        raise SimulatorConfigError(f"unknown UF {value!r}")
    return upper


def state(authority: Authority, uf: str, svc: str, family: str) -> str:
    """``active``, ``deactivating`` (113) or ``inactive`` (114) for this UF at this SVC."""
    found = cstate.activation(authority.store, uf, family)
    if found is None or found.svc != svc or not found.active(authority.now()):
        return "inactive"
    return "deactivating" if found.deactivate_at is not None else "active"


def disabled(svc: str) -> Rejection:
    return Rejection("114", f"{svc} desabilitada pela SEFAZ de Origem")


def require_active(call: Call, uf: str | None) -> None:
    """114 unless the UF has this SVC active (113 is a status answer only: still serving)."""
    svc = call.route.authority
    if uf is None or state(call.authority, uf, svc, call.route.family.value) == "inactive":
        raise disabled(svc)


# -- synchronization -----------------------------------------------------------------------------


def sync(authority: Authority, uf: str | None = None, family: str | None = None) -> list[str]:
    """Hand the SVC documents of a UF (or of every UF) to the UF's base; returns their keys."""
    now = authority.now()
    done = []
    for doc in cstate.unsynced(authority.store, uf, family):
        cstate.mark_synced(authority.store, doc.access_key, now)
        done.append(doc.access_key)
    return done


def sync_recovered(authority: Authority, is_down: Callable[[str, str, str], bool]) -> list[str]:
    """After an outage is cleared: synchronize the UFs whose own service is back up
    (``is_down(uf, family, model)``; the NF-e SVC serves model 55 only)."""
    pending = {(doc.uf, doc.family) for doc in cstate.unsynced(authority.store)}
    done = []
    for uf, family in sorted(pending):
        model = "55" if family == "nfe" else "57"
        if not is_down(uf, family, model):
            done.extend(sync(authority, uf, family))
    return done


def visible_document(call: Call, key: str) -> StoredDocument | None:
    """The document as the authority of the route sees it.

    An SVC sees only its own documents; a UF sees an SVC document once synchronized (done here,
    lazily, when the SVC is no longer active for that UF).
    """
    authority = call.authority
    doc = authority.store.document(key)
    if doc is None:
        return None
    record = cstate.document(authority.store, key)
    if is_svc(call.route.authority):
        return doc if record is not None and record.authority == call.route.authority else None
    if record is None or not is_svc(record.authority) or record.synced_at is not None:
        return doc
    if state(authority, record.uf, record.authority, record.family) == "inactive":
        sync(authority, record.uf, record.family)
        return doc
    return None


# -- the SVC's own service rules -----------------------------------------------------------------

STATUS_ROOTS = {
    Family.NFE: ("consStatServ", "retConsStatServ", "4.00"),
    Family.CTE: ("consStatServCTe", "retConsStatServCTe", "4.00"),
}


def status(call: Call, message: etree._Element) -> etree._Element:
    """Status at an SVC: 107 serving the UF, 113 deactivation scheduled, 114 disabled."""
    family = call.route.family
    request_root, answer_root, version = STATUS_ROOTS[family]
    namespace = f"http://www.portalfiscal.inf.br/{family.value}"
    ns = {"d": namespace}
    checks.schema(message, f"{family.value}/{version}/{request_root}")
    checks.environment(checks.text(message, "d:tpAmb", ns), call.tp_amb)
    cuf = checks.optional_text(message, "d:cUF", ns) or route_cuf(call)
    uf, svc = UF_CODES.get(cuf, ""), call.route.authority
    code, reason = _status(call, uf, svc)
    answer = root(namespace, answer_root, versao=version)
    fields(answer, ("tpAmb", call.tp_amb), ("verAplic", call.ver_aplic), ("cStat", code),
           ("xMotivo", reason), ("cUF", cuf), ("dhRecbto", wire(call.authority.now())))  # fmt: skip
    if code != "114":
        fields(answer, ("tMed", str(max(call.authority.settings.async_tmed_seconds, 1))))
    return answer


def _status(call: Call, uf: str, svc: str) -> tuple[str, str]:
    family = call.route.family.value
    current = state(call.authority, uf, svc, family)
    if current == "inactive":
        return "114", disabled(svc).reason
    found = cstate.activation(call.authority.store, uf, family)
    if current == "deactivating" and found is not None and found.deactivate_at is not None:
        when = found.deactivate_at
        return "113", (
            f"SVC em processo de desativacao. SVC sera desabilitada para a SEFAZ-{uf} em "
            f"{when:%d/%m/%y} as {when:%H:%M} horas"
        )
    return "107", "Servico em Operacao"


def nfe_document_rules(call: Call, model: str, tp_emis: str) -> None:
    """MOC B22-60 (713) and B22-70 (783): what an NF-e SVC accepts."""
    if tp_emis != FAMILIES[Family.NFE].tp_emis[call.route.authority]:
        raise Rejection(
            "713", "Rejeicao: Tipo de Emissao diferente de 6 ou 7 para contingencia da SVC acessada"
        )
    if model == "65":
        raise Rejection("783", "Rejeicao: NFC-e nao e autorizada pela SVC")


def cte_document_rules(call: Call, tp_emis: str, tp_cte: str | None) -> None:
    """MOC CT-e G011 (516) and G012 (517): what a CT-e SVC accepts."""
    if tp_emis != FAMILIES[Family.CTE].tp_emis[call.route.authority]:
        raise Rejection("516", "Rejeicao: O tpEmis informado e incompativel com SVC-[SP/RS]")
    if tp_cte not in (None, "0"):
        raise Rejection("517", "Rejeicao: CTe informado em SVC deve ser Normal")
