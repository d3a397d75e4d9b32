from __future__ import annotations

from tests.unit.simulator.factories import (
    build_nfe,
    cons_sit,
    cons_stat,
    envi_nfe,
    val,
    xmlsec_verify,
)


def test_status_service_answers_107_in_operation(client):
    answer = client.call("NFeStatusServico4", cons_stat())
    assert val(answer, "n:cStat") == "107"
    assert val(answer, "n:dhRecbto").endswith("-03:00")


def test_xmlsec1_signed_nfe_is_authorized_synchronously_with_protocol(client, sim):
    issued = build_nfe(client.company, number=1)
    assert xmlsec_verify(issued.xml, sim.ca_bundle, "infNFe")
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, "n:cStat") == "104"
    assert val(answer, "n:protNFe/n:infProt/n:cStat") == "100"
    assert val(answer, "n:protNFe/n:infProt/n:chNFe") == issued.key
    protocol = val(answer, "n:protNFe/n:infProt/n:nProt")
    assert protocol is not None and len(protocol) == 15 and protocol.startswith("135")
    digest = issued.xml.split(b"<DigestValue>")[1].split(b"<")[0].decode()
    assert val(answer, "n:protNFe/n:infProt/n:digVal") == digest


def test_query_after_authorization_returns_100_with_protocol(client):
    issued = build_nfe(client.company, number=2)
    client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    answer = client.call("NFeConsultaProtocolo4", cons_sit(issued.key))
    assert val(answer, "n:cStat") == "100"
    assert val(answer, "n:protNFe/n:infProt/n:chNFe") == issued.key


def test_unknown_key_query_is_217(client):
    issued = build_nfe(client.company, number=3, sign=False)
    answer = client.call("NFeConsultaProtocolo4", cons_sit(issued.key))
    assert val(answer, "n:cStat") == "217"
