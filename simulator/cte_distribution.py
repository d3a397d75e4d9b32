"""CTeDistribuicaoDFe of the Ambiente Nacional (``www1``/``hom1.cte.fazenda.gov.br``, operation
``cteDistDFeInteresse/cteDadosMsg``): nfelib ``cte_dist_dfe`` ``distDFeInt`` 1.00 {tpAmb,
cUFAutor, CNPJ|CPF, distNSU{ultNSU} | consNSU{NSU}} (no query by key) answers ``retDistDFeInt``
1.00 with docZip of ``procCTe_v4.00.xsd`` / ``procCTeOS_v4.00.xsd`` / ``procEventoCTe_v4.00.xsd``.

The same rules as the NF-e service (``simulator/distribution.py``: 138/137/656/589/593, pages of
50, the 1-hour wait). The sequence: every CT-e / CT-e OS the simulator authorizes reaches each
party it names other than its issuer (the taker first, then sender, shipper, receiver, recipient
and autXML), and its events follow (``dfe_feed.cte_authorized`` / ``cte_event``). The CT-e has
no summary nor manifestation: the document itself is distributed at once.
"""

from __future__ import annotations

import datetime as dt

from lxml import etree

from simulator import dfe_feed, distribution, xsd_extra
from simulator.authority import Authority
from simulator.call import Call
from simulator.clock import BRASILIA, wire
from simulator.errors import Rejection
from simulator.xmlbuild import child, fields, from_bytes, root, to_bytes

SERVICE = "CTeDistribuicaoDFe"
NS = dfe_feed.CTE_NS
N = {"c": NS}


def render(authority: Authority, entry: dfe_feed.Entry) -> bytes:
    doc = authority.store.document(entry.access_key)
    assert doc is not None
    if entry.schema == dfe_feed.PROC_EVENTO_CTE:
        for event in authority.store.events(entry.access_key):
            if event.event_type == entry.event_type and event.sequence == entry.sequence:
                proc = root(NS, "procEventoCTe", versao="4.00")
                proc.append(from_bytes(event.request_xml))
                proc.append(from_bytes(event.answer_xml))
                return to_bytes(proc)
        raise LookupError(f"event {entry.event_type}/{entry.sequence} of {entry.access_key}")
    wrapper = "cteOSProc" if entry.schema == dfe_feed.PROC_CTE_OS else "cteProc"
    proc = root(NS, wrapper, versao="4.00")
    proc.append(from_bytes(doc.xml))
    prot = child(proc, "protCTe", versao="4.00")
    fields(child(prot, "infProt"), ("tpAmb", doc.tp_amb),
           ("verAplic", authority.settings.ver_aplic), ("chCTe", doc.access_key),
           ("dhRecbto", wire(doc.authorized_at)), ("nProt", doc.protocol),
           ("digVal", doc.dig_val), ("cStat", "100"),
           ("xMotivo", "Autorizado o uso do CT-e"))  # fmt: skip
    return to_bytes(proc)


def _dh_resp(moment: dt.datetime) -> str:
    """The CT-e retDistDFeInt XSD's dhResp pattern has no UTC offset: Brasília local time."""
    return moment.astimezone(BRASILIA).replace(microsecond=0, tzinfo=None).isoformat()


CTE = distribution.Flavor(
    NS, "1.00", xsd_extra.CTE_DIST_REQUEST, dfe_feed.CTE_SEQUENCE, render, _dh_resp
)


def distribute(call: Call) -> etree._Element:
    message = call.request.message
    if message is None:
        raise Rejection("215", "Rejeicao: Falha no Schema XML (mensagem ausente)")
    return distribution.serve(call, message, CTE)


def simple_answer(call: Call, code: str, reason: str) -> etree._Element:
    return distribution.answer(call, code, reason, 0, 0, flavor=CTE)
