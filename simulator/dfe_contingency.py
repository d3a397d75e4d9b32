"""CT-e contingency rules at reception (tpEmis 2 offline, 4 EPEC, 7 SVC-RS, 8 SVC-SP), and the
record of contingency CT-e / MDF-e authorizations (for the SVC's visibility and the admin API).

Codes: MOC CT-e 4.00 Anexo I rules G008-G012 as transcribed in katrid/brasil
``brasil/dfe/cte/rejections.py``: 586 dhCont/xJust on a normal CT-e, 587 missing on an offline
or EPEC one (the rule names FS-DA, which 4.00 replaced by tpEmis 2; sped-cte writes them for
that mode only, never for the SVC), 588 dhCont after dhEmi, 516 tpEmis not the SVC's, 517 a
CT-e other than normal at the SVC. The 168-hour deadline of an offline CT-e is [MOC-CTe]
§11.5.1 (protocol_facts §7); refusing a later one with 228 "Data de Emissão muito atrasada" is a
simulator choice (no source gives the code the MOC uses there).

MDF-e 3.00 has no dhCont/xJust in its layout: an offline MDF-e (tpEmis 2) is checked like any
other (228 after ``mdfe_max_age_hours``).
"""

from __future__ import annotations

import datetime as dt

from lxml import etree

from simulator import checks, svc
from simulator import contingency_state as cstate
from simulator.authority import UF_CODES
from simulator.call import Call
from simulator.checks import KeyFields
from simulator.clock import parse_wire
from simulator.errors import Rejection
from simulator.state import StoredDocument

CTE_OFFLINE_DEADLINE = dt.timedelta(hours=168)
JUSTIFIED = frozenset({"2", "4"})


def check(call: Call, family: str, ide: etree._Element, f: KeyFields) -> None:
    """The ide rules of a CT-e / CT-e OS in contingency (nothing for the MDF-e)."""
    if family != "cte":
        return
    ns = {"d": etree.QName(ide).namespace or ""}
    dh_cont = checks.optional_text(ide, "d:dhCont", ns)
    x_just = checks.optional_text(ide, "d:xJust", ns)
    if svc.is_svc(call.route.authority):
        svc.cte_document_rules(call, f.tp_emis, checks.optional_text(ide, "d:tpCTe", ns))
    if f.tp_emis == "1":
        if dh_cont is not None or x_just is not None:
            raise Rejection("586", "Rejeicao: Data e Justificativa de entrada em contingencia nao "
                            "devem ser informadas para tipo de emissao normal")  # fmt: skip
        return
    if f.tp_emis in JUSTIFIED and (dh_cont is None or x_just is None):
        raise Rejection("587", "Rejeicao: Data e Justificativa de entrada em contingencia devem "
                        "ser informadas")  # fmt: skip
    if dh_cont is not None and parse_wire(dh_cont) > f.emission:
        raise Rejection(
            "588", "Rejeicao: Data de entrada em contingencia posterior a data de emissao"
        )
    if f.tp_emis == "2" and f.emission < call.authority.now() - CTE_OFFLINE_DEADLINE:
        raise Rejection("228", "Rejeicao: Data de Emissao muito atrasada (CT-e em contingencia "
                        "transmitido apos 168 horas)")  # fmt: skip


def recorded(call: Call, family: str, stored: StoredDocument, f: KeyFields) -> None:
    """Remember a CT-e / MDF-e authorized in contingency, with the authority that did it."""
    if f.tp_emis == "1":
        return
    cstate.add_document(call.authority.store, cstate.ContingencyDocument(
        stored.access_key, family, f.tp_emis, "100", call.route.authority,
        UF_CODES.get(f.cuf, ""), None,
    ))  # fmt: skip


def visible_document(call: Call, key: str) -> StoredDocument | None:
    """The document as the route's authority sees it (an SVC only its own; see svc.py)."""
    return svc.visible_document(call, key)
