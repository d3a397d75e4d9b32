"""Contingency at NF-e / NFC-e authorization: which tpEmis an authority accepts, dhCont and xJust,
late documents (150) and the EPEC link, plus the dispatch to the SVC and AN EPEC services.

Rules and codes: MOC 7.0 Anexo I (as transcribed in public code, "4.2.1 Autorização de NF-e"):
B09-20 / B09-40 (late contingency documents: 150 instead of 228 / 704), B22-10 (711), B22-20
(712), B22-30 (570), B22-34 (714), B22-60 (713), B22-70 (783), B28-10..40 (556, 557, 558, 569).
The nfe.py authorization calls :func:`before_duplicates`, :func:`after_duplicates` and
:func:`recorded` in its transaction.
"""

from __future__ import annotations

import datetime as dt

from lxml import etree

from simulator import checks, epec, epec_nfce, manifestation, svc
from simulator import contingency_state as cstate
from simulator.authority import UF_CODES
from simulator.call import Call
from simulator.checks import KeyFields
from simulator.clock import parse_wire
from simulator.errors import Rejection
from simulator.request_facts import read
from simulator.settings import Settings
from simulator.state import StoredDocument

NS = "http://www.portalfiscal.inf.br/nfe"
N = {"n": NS}
NFCE = "65"
NORMAL, FS, EPEC, FSDA, OFFLINE = "1", "2", "4", "5", "9"
SVC_TP_EMIS = frozenset({"3", "6", "7"})
JUSTIFIED = frozenset({FS, EPEC, FSDA, OFFLINE, "6", "7"})
"""tpEmis that must carry dhCont and xJust: MOC B28-20 lists 2, 4, 5 and 9; the simulator also
requires them for the SVC (6, 7), as every client writes them there (sped-nfe Contingency.php)
and the XSD says to inform them for any tpEmis other than 1."""
LATE_NFCE = frozenset({EPEC, OFFLINE})
LATE_NFE = frozenset({FS, EPEC, FSDA})
NO_OFFLINE_NFCE_UFS = frozenset({"SP"})
"""SP has no offline NFC-e (SAT or EPEC-NFC-e instead; sped-nfe docs/Contingency.md)."""
EPEC_NFCE_UFS = frozenset({"SP"})
"""Only SP runs an EPEC for the NFC-e (sped-nfe docs/Contingency.md)."""
CONT_TOLERANCE = dt.timedelta(minutes=5)
"""MOC B28-30 observation 2: 5 minutes of clock skew."""
CONT_MAX_BEFORE_EMISSION = dt.timedelta(days=30)
"""MOC B28-40: dhCont must not be more than 30 days before dhEmi (NT 2010/004)."""
LATE_CODE, LATE_REASON = "150", "Autorizado o uso da NF-e, autorizacao fora de prazo"
AUTHORIZED = ("100", "Autorizado o uso da NF-e")
STATUS_SERVICES = frozenset({"NFeStatusServico4", "CTeStatusServicoV4"})
GATED_SERVICES = frozenset(
    {"NFeAutorizacao4", "NFeRecepcaoEvento4", "NFeInutilizacao4", "CTeRecepcaoSincV4",
     "CTeRecepcaoOSV4", "CTeRecepcaoEventoV4"}
)  # fmt: skip
"""Services an SVC refuses with 114 for a UF that has not activated it (lookups stay open)."""


def handle(call: Call) -> etree._Element | None:
    """The answer of the SVC or AN EPEC service, or None when the normal service answers."""
    route = call.route
    if route.authority == epec_nfce.AUTHORITY:
        return epec_nfce.receive(call, call.request.message)
    if route.authority == "AN" and route.service == "NFeRecepcaoEvento4":
        message = call.request.message
        if message is not None and epec.is_epec_lot(message):
            return epec.receive(call, message)
        if message is not None:
            return manifestation.receive(call, message)  # the AN's other events (issue 38)
        return None
    if not svc.is_svc(route.authority):
        return None
    return _svc_service(call)


def _svc_service(call: Call) -> etree._Element | None:
    """Services an SVC answers itself (status) or gates (114 unless active for the UF)."""
    message = call.request.message
    service = call.route.service
    if service in STATUS_SERVICES and message is not None:
        return svc.status(call, message)
    if service in GATED_SERVICES:
        svc.require_active(call, read(call.request).uf)
    return None


# -- rules at authorization ----------------------------------------------------------------------


def emission_limits(settings: Settings, model: str, tp_emis: str) -> tuple[dt.timedelta, str]:
    """How old dhEmi may be before a rejection, and its code (MOC B09-20 / B09-40).

    An NFC-e in contingency (4, 9) and an NF-e in contingency (2, 4, 5) late are accepted with
    150 instead (exception 2 of both rules); the NF-e then has no upper limit.
    """
    if model == NFCE and tp_emis not in LATE_NFCE:
        return dt.timedelta(minutes=settings.nfce_max_age_minutes), "704"
    if model != NFCE and tp_emis in LATE_NFE:
        return dt.timedelta(days=36500), "228"
    return dt.timedelta(hours=settings.nfe_max_age_hours), "228"


def before_duplicates(call: Call, info: etree._Element, f: KeyFields) -> None:
    """The ide rules: tpEmis for this authority and model, then dhCont and xJust."""
    uf = _uf(f.cuf)
    if svc.is_svc(call.route.authority):
        svc.nfe_document_rules(call, f.model, f.tp_emis)
    else:
        _tp_emis_rules(f.model, f.tp_emis, uf)
    _justification_rules(call, info, f)


def _uf(cuf: str) -> str:
    return UF_CODES.get(cuf, "")


def _tp_emis_rules(model: str, tp_emis: str, uf: str) -> None:
    if tp_emis in SVC_TP_EMIS:
        raise Rejection(
            "570", "Rejeicao: Tipo de Emissao 3, 6 ou 7 so e valido nas contingencias SCAN/SVC"
        )
    if model != NFCE:
        if tp_emis == OFFLINE:
            raise Rejection("711", "Rejeicao: NF-e com contingencia off-line")
        return
    if tp_emis == OFFLINE and uf in NO_OFFLINE_NFCE_UFS:
        raise Rejection("712", "Rejeicao: NFC-e com contingencia off-line para a UF")
    if tp_emis in (FS, FSDA) or (tp_emis == EPEC and uf not in EPEC_NFCE_UFS):
        raise Rejection("714", "Rejeicao: NFC-e com contingencia invalida (tpEmis=2, 4 (a "
                        "criterio da UF) ou 5)")  # fmt: skip


def _justification_rules(call: Call, info: etree._Element, f: KeyFields) -> None:
    dh_cont = checks.optional_text(info, "n:ide/n:dhCont", N)
    x_just = checks.optional_text(info, "n:ide/n:xJust", N)
    if f.tp_emis == NORMAL:
        if dh_cont is not None or x_just is not None:
            raise Rejection("556", "Rejeicao: Justificativa de entrada em contingencia nao deve "
                            "ser informada para tipo de emissao normal")  # fmt: skip
        return
    if f.tp_emis in JUSTIFIED and (dh_cont is None or x_just is None):
        raise Rejection("557", "Rejeicao: A Justificativa de entrada em contingencia deve ser "
                        "informada")  # fmt: skip
    if dh_cont is None:
        return
    entered = parse_wire(dh_cont)
    if entered > call.authority.now() + CONT_TOLERANCE:
        raise Rejection("558", "Rejeicao: Data de entrada em contingencia posterior a data de "
                        "recebimento")  # fmt: skip
    if entered < f.emission - CONT_MAX_BEFORE_EMISSION:
        raise Rejection("569", "Rejeicao: Data de entrada em contingencia muito atrasada")


def after_duplicates(call: Call, info: etree._Element, key: str, f: KeyFields, tp_amb: str) -> None:
    """Database rules of contingency: the EPEC link (467, 468, 691, 692; an SP NFC-e's: 467,
    468 against SEFAZ-SP's EPEC of the NFC-e)."""
    if svc.is_svc(call.route.authority):
        return
    if f.model == NFCE:
        if _uf(f.cuf) in EPEC_NFCE_UFS:
            epec_nfce.check_nfce(call, info, key, f)
        return
    epec.check_nfe(call, info, key, f, tp_amb)


def authorization(call: Call, f: KeyFields) -> tuple[str, str]:
    """100, or 150 for a contingency document transmitted after its deadline (B09-20/B09-40)."""
    now, settings = call.authority.now(), call.authority.settings
    if f.model == NFCE and f.tp_emis in LATE_NFCE:
        deadline = dt.timedelta(hours=settings.nfce_offline_deadline_hours)
    elif f.model != NFCE and f.tp_emis in LATE_NFE:
        deadline = dt.timedelta(hours=settings.nfe_max_age_hours)
    else:
        return AUTHORIZED
    return (LATE_CODE, LATE_REASON) if f.emission < now - deadline else AUTHORIZED


def recorded(call: Call, stored: StoredDocument, f: KeyFields) -> None:
    """Remember a contingency (or late) authorization; conciliate the EPEC of a tpEmis 4 NF-e."""
    code, _ = authorization(call, f)
    authority = call.route.authority
    if f.tp_emis == NORMAL and code == AUTHORIZED[0]:
        return
    cstate.add_document(call.authority.store, cstate.ContingencyDocument(
        stored.access_key, "nfe", f.tp_emis, code, authority, _uf(f.cuf), None,
    ))  # fmt: skip
    if f.tp_emis == EPEC:
        epec.conciliate(call, stored.access_key)


def protocol_authorizer(call: Call) -> str:
    """The authorizer digit of nProt: the SVC's own, else the UF's (1)."""
    return call.route.authority if svc.is_svc(call.route.authority) else ""


def authorization_status(call: Call, access_key: str) -> tuple[str, str]:
    """cStat/xMotivo of a stored authorization (150 for a late one)."""
    record = cstate.document(call.authority.store, access_key)
    if record is not None and record.auth_code == LATE_CODE:
        return LATE_CODE, LATE_REASON
    return AUTHORIZED


def visible_document(call: Call, key: str) -> StoredDocument | None:
    return svc.visible_document(call, key)
