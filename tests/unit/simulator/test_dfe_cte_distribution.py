"""CTeDistribuicaoDFe at the Ambiente Nacional (issue 38, item 4): a CT-e naming the company as its
taker reaches the company's own NSU sequence as ``cteProc``, its cancellation as
``procEventoCTe``; the same 137 / 656 rules as the NF-e service."""

from __future__ import annotations

import base64
import gzip

from lxml import etree

from simulator import xsd_extra
from simulator.routing import Family, TpAmb, endpoint_url
from tests.unit.simulator.dfe_factories import (
    build_cte,
    compressed,
    cte_cancel,
    schema_errors,
    text,
)
from tests.unit.simulator.factories import SOAP12, SoapClient, make_company

CTE_NS = "http://www.portalfiscal.inf.br/cte"
DIST_NS = "http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe"
CARRIER = "45723174000110"


def _dist(client: SoapClient, ult_nsu: int = 0) -> etree._Element:
    """cteDistDFeInteresse/cteDadosMsg, as sped-cte ``sefazDistDFe`` sends it."""
    request = (
        f'<distDFeInt xmlns="{CTE_NS}" versao="1.00"><tpAmb>2</tpAmb><cUFAutor>35</cUFAutor>'
        f"<CNPJ>{client.company.cnpj}</CNPJ><distNSU><ultNSU>{ult_nsu:015d}</ultNSU></distNSU>"
        "</distDFeInt>"
    )
    body = (
        f'<soap12:Envelope xmlns:soap12="{SOAP12}"><soap12:Body>'
        f'<cteDistDFeInteresse xmlns="{DIST_NS}"><cteDadosMsg>{request}</cteDadosMsg>'
        "</cteDistDFeInteresse></soap12:Body></soap12:Envelope>"
    )
    path = endpoint_url(Family.CTE, "AN", TpAmb.HOMOLOGATION, "CTeDistribuicaoDFe")
    assert path == "hom1.cte.fazenda.gov.br/ctedistribuicaodfe/ctedistribuicaodfe.asmx"
    response = client.session.post(
        f"{client.sim.base_url}/hom1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx",
        data=body.encode(), timeout=20,
        headers={"Content-Type": "application/soap+xml; charset=utf-8"},
    )  # fmt: skip
    assert response.status_code == 200, response.text
    envelope = etree.fromstring(response.content)
    answer = envelope.find(
        f"{{{SOAP12}}}Body/{{{DIST_NS}}}cteDistDFeInteresseResponse"
        f"/{{{DIST_NS}}}cteDistDFeInteresseResult/{{{CTE_NS}}}retDistDFeInt"
    )
    assert answer is not None, response.text
    assert xsd_extra.first_violation(answer, xsd_extra.CTE_DIST_ANSWER) is None
    return answer


def _docs(answer: etree._Element) -> list[tuple[str, etree._Element]]:
    return [
        (doc.get("schema") or "", etree.fromstring(gzip.decompress(base64.b64decode(doc.text))))
        for doc in answer.iterfind(f"{{{CTE_NS}}}loteDistDFeInt/{{{CTE_NS}}}docZip")
    ]


def test_the_taker_receives_the_cte_and_its_cancellation(sim, client, tmp_path):
    carrier = SoapClient(sim, make_company(sim, tmp_path / "carrier", CARRIER))
    issued = build_cte(carrier.company, number=1, taker=client.company.cnpj)
    authorized = carrier.call("CTeRecepcaoSincV4", compressed(issued.xml), family=Family.CTE)
    assert text(authorized, "cStat") == "100"
    protocol = text(authorized, "protCTe/infProt/nProt") or ""
    cancelled = carrier.call(
        "CTeRecepcaoEventoV4", cte_cancel(carrier.company, issued.key, protocol),
        family=Family.CTE,
    )  # fmt: skip
    assert text(cancelled, "infEvento/cStat") == "135"

    answer = _dist(client)
    assert text(answer, "cStat") == "138"
    (schema_1, proc), (schema_2, event) = _docs(answer)
    assert (schema_1, schema_2) == ("procCTe_v4.00.xsd", "procEventoCTe_v4.00.xsd")
    assert schema_errors(proc, "cte/4.00/cteProc") == []
    assert proc.findtext(f"{{{CTE_NS}}}protCTe/{{{CTE_NS}}}infProt/{{{CTE_NS}}}nProt") == protocol
    assert event.findtext(f".//{{{CTE_NS}}}tpEvento") == "110111"
    assert sim.distribution(CARRIER, family="cte")["documents"] == []  # not the issuer's own
    assert sim.distribution(client.company.cnpj)["documents"] == []  # not in the NF-e sequence
    assert text(_dist(client, ult_nsu=2), "cStat") == "656"  # ultNSU = maxNSU: wait an hour
    sim.advance_clock(3601)
    assert text(_dist(client, ult_nsu=2), "cStat") == "137"


def test_paralysed_cte_distribution_answers_a_valid_ret_dist_dfe_int(sim, client):
    sim.set_fault("paralysed", code="109", service="CTeDistribuicaoDFe", times=1)
    assert text(_dist(client), "cStat") == "109"
    assert text(_dist(client), "cStat") == "137"
