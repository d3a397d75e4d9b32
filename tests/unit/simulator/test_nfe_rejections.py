from __future__ import annotations

import datetime as dt

from simulator.clock import BRASILIA
from simulator.routing import TpAmb
from tests.unit.simulator.factories import (
    build_nfe,
    cons_reci,
    envi_nfe,
    make_company,
    val,
    xmlsec_verify,
)

PROT = "n:protNFe/n:infProt/n:cStat"


def test_tampered_document_is_rejected_297_and_xmlsec1_agrees(client, sim):
    issued = build_nfe(client.company, number=10)
    tampered = issued.xml.replace(b"<natOp>", b"<natOp>X", 1)
    assert not xmlsec_verify(tampered, sim.ca_bundle, "infNFe")
    answer = client.call("NFeAutorizacao4", envi_nfe(tampered))
    assert val(answer, PROT) == "297"


def test_unsigned_document_fails_schema_225(client):
    issued = build_nfe(client.company, number=11, sign=False)
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, "n:cStat") == "225"
    assert val(answer, "n:protNFe") is None


def test_signature_by_another_company_is_213(client, sim, tmp_path):
    other = make_company(sim, tmp_path / "other", "99888777000166")
    issued = build_nfe(client.company, number=12)
    foreign = build_nfe(client.company, number=12)
    from tests.unit.simulator.factories import xmlsec_sign

    resigned = xmlsec_sign(
        foreign.xml.split(b"<Signature")[0] + b"</NFe>", other, "infNFe", f"NFe{issued.key}"
    )
    answer = client.call("NFeAutorizacao4", envi_nfe(resigned))
    assert val(answer, PROT) == "213"


def test_expired_signer_certificate_is_291(sim, tmp_path, client):
    past = dt.datetime.now(dt.UTC) - dt.timedelta(days=400)
    old = make_company(sim, tmp_path / "old", "11222333000181", not_before=past,
                       not_after=past + dt.timedelta(days=30))  # fmt: skip
    answer = client.call("NFeAutorizacao4", envi_nfe(build_nfe(old, number=13).xml))
    assert val(answer, PROT) == "291"


def test_key_inconsistent_with_fields_is_502(client):
    issued = build_nfe(client.company, number=14, sign=False)
    # the key says number 14, the document now says 15: re-sign so only the key rule fails
    from tests.unit.simulator.factories import xmlsec_sign

    body = issued.xml.replace(b"<nNF>14</nNF>", b"<nNF>15</nNF>")
    signed = xmlsec_sign(body, client.company, "infNFe", f"NFe{issued.key}")
    answer = client.call("NFeAutorizacao4", envi_nfe(signed))
    assert val(answer, PROT) == "502"


def test_production_document_on_homologation_endpoint_is_252(client):
    issued = build_nfe(client.company, number=16, tp_amb="1")
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, PROT) == "252"


def test_document_from_another_uf_at_sp_is_226(client):
    issued = build_nfe(client.company, number=17, cuf="41")
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, PROT) == "226"


def test_emission_in_the_future_is_703_and_too_old_is_228(client):
    future = build_nfe(client.company, number=18,
                       emitted=dt.datetime.now(BRASILIA) + dt.timedelta(hours=2))  # fmt: skip
    assert val(client.call("NFeAutorizacao4", envi_nfe(future.xml)), PROT) == "703"
    old = build_nfe(client.company, number=19,
                    emitted=dt.datetime.now(BRASILIA) - dt.timedelta(days=40))  # fmt: skip
    assert val(client.call("NFeAutorizacao4", envi_nfe(old.xml)), PROT) == "228"


def test_late_nfce_is_704(client):
    late = build_nfe(client.company, number=20, model="65",
                     emitted=dt.datetime.now(BRASILIA) - dt.timedelta(minutes=20))  # fmt: skip
    assert val(client.call("NFeAutorizacao4", envi_nfe(late.xml)), PROT) == "704"


def test_resending_same_key_is_204_and_same_number_other_key_is_539(client):
    first = build_nfe(client.company, number=21)
    assert val(client.call("NFeAutorizacao4", envi_nfe(first.xml)), PROT) == "100"
    assert val(client.call("NFeAutorizacao4", envi_nfe(first.xml)), PROT) == "204"
    other = build_nfe(client.company, number=21, cnf="87654321")
    answer = client.call("NFeAutorizacao4", envi_nfe(other.xml))
    assert val(answer, PROT) == "539"
    assert f"[chNFe:{first.key}]" in (val(answer, "n:protNFe/n:infProt/n:xMotivo") or "")


def test_sync_batch_with_two_documents_is_452(client):
    a, b = build_nfe(client.company, number=22), build_nfe(client.company, number=23)
    assert val(client.call("NFeAutorizacao4", envi_nfe(a.xml, b.xml)), "n:cStat") == "452"


def test_async_batch_answers_103_then_105_then_104(client, sim):
    a, b = build_nfe(client.company, number=24), build_nfe(client.company, number=25)
    answer = client.call("NFeAutorizacao4", envi_nfe(a.xml, b.xml, sync=False))
    assert val(answer, "n:cStat") == "103"
    receipt = val(answer, "n:infRec/n:nRec")
    assert receipt is not None and len(receipt) == 15
    assert int(val(answer, "n:infRec/n:tMed") or 0) >= 1
    sim.advance_clock(-30)  # however slow the machine, tMed has not elapsed yet: still 105
    assert val(client.call("NFeRetAutorizacao4", cons_reci(receipt)), "n:cStat") == "105"
    sim.advance_clock(35)
    done = client.call("NFeRetAutorizacao4", cons_reci(receipt))
    assert val(done, "n:cStat") == "104"
    keys = [p.findtext("{*}infProt/{*}chNFe") for p in done.findall("{*}protNFe")]
    assert keys == [a.key, b.key]


def test_unknown_receipt_is_106(client):
    assert val(client.call("NFeRetAutorizacao4", cons_reci("351000000009999")), "n:cStat") == "106"


def test_status_on_production_endpoint_with_homologation_message_is_252(client):
    from tests.unit.simulator.factories import cons_stat

    answer = client.call("NFeStatusServico4", cons_stat(), tp_amb=TpAmb.PRODUCTION)
    assert val(answer, "n:cStat") == "252"
