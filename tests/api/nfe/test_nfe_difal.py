"""DIFAL through POST /nfe (EC 87/2015, LC 190/2022) and the issuer's local time in the issued
document, against the simulator (real HTTPS + mTLS), on SQLite and PostgreSQL.

Values are worked out by hand here from the rules' rates (global pack, research/tax_domain.md):
SP→RJ interstate 12 % (Res. SF 22/1989); RJ internal 20 % plus FECP 2 % (Lei 10.253/2023,
LC 210/2023), single base; P1 is 2 × 10.00 = 20.00.
"""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

import pytest
from lxml import etree

from service import clock
from service.db import transaction
from service.issuance.models import DocumentEvent, FiscalDocument
from tests.api.nfe.helpers import add_customer, nfe_body, ready_to_issue

API = "/api/v1"
NS = {"n": "http://www.portalfiscal.inf.br/nfe"}


def regime_normal(client, rt, sim):
    """A CRT 3 company (lucro presumido) in SP with the automatic configuration."""
    return ready_to_issue(client, rt, sim, crt=3, apuracao="presumido")


def cents(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


def authorized_xml(client, ready, body) -> etree._Element:
    answer = client.post(API + "/nfe", headers=ready.headers, json=body)
    data = answer.get_json()
    assert answer.status_code == 200, data
    assert data["status"] == "AUTORIZADA", data
    xml = client.get(data["xml"], headers=ready.headers)
    assert xml.status_code == 200
    return etree.fromstring(xml.data)


def value(root: etree._Element, path: str) -> str:
    found = root.xpath(path, namespaces=NS)
    assert found, path
    return str(found[0].text)


def test_regime_normal_sale_to_consumer_in_another_uf_carries_difal(client, rt, sim):
    ready = regime_normal(client, rt, sim)
    add_customer(rt, ready, "RJ1", uf="RJ")  # indicador_ie 9: non-contributor
    root = authorized_xml(client, ready, nfe_body(cliente="RJ1"))
    base = Decimal("20.00")
    origin = cents(base * Decimal("12") / 100)  # 2.40, the ICMS the origin charges
    difal = cents(base * Decimal("20") / 100) - origin  # 4.00 − 2.40 = 1.60, all to RJ
    fcp = cents(base * Decimal("2") / 100)  # 0.40
    group = "//n:det[1]/n:imposto/n:ICMSUFDest/n:"
    assert value(root, "//n:dest/n:indIEDest") == "9" and value(root, "//n:ide/n:idDest") == "2"
    assert value(root, "//n:ICMS00/n:vICMS") == str(origin)
    expected = {
        "vBCUFDest": "20.00", "vBCFCPUFDest": "20.00", "pFCPUFDest": "2.00",
        "pICMSUFDest": "20.00", "pICMSInter": "12.00", "pICMSInterPart": "100.00",
        "vFCPUFDest": str(fcp), "vICMSUFDest": str(difal), "vICMSUFRemet": "0.00",
    }  # fmt: skip
    assert {k: value(root, group + k) for k in expected} == expected
    totals = "//n:ICMSTot/n:"
    assert value(root, totals + "vICMSUFDest") == "1.60"
    assert value(root, totals + "vFCPUFDest") == "0.40"
    assert value(root, totals + "vICMSUFRemet") == "0.00"
    assert value(root, totals + "vNF") == "20.00"  # DIFAL is not added to the note's total
    assert value(root, "//n:ide/n:dhEmi").endswith("-03:00")


def test_simples_nacional_has_no_difal_and_the_trace_names_the_source(client, rt, sim):
    """CRT 1 (the default issuer) to the same consumer: a rule (ADI 5464), not an `if`."""
    ready = ready_to_issue(client, rt, sim)
    add_customer(rt, ready, "RJ1", uf="RJ")
    body = nfe_body(cliente="RJ1")
    preview = client.post(
        API + "/fiscal/preview",
        headers=ready.headers,
        json={k: v for k, v in body.items() if k != "pedido"},
        query_string={"explain": 1},
    ).get_json()
    assert preview["ready_to_issue"] is True and preview["requires_review"] is False, preview
    [step] = [s for s in preview["explain"] if s["etapa"] == "DIFAL"]
    assert step["regra_id"] == "icms.difal.simples_nacional"
    assert "ADI 5464" in step["fonte"] and "Convênio ICMS 93/2015" in step["fonte"]
    assert "vICMSUFDest" not in preview["document"]["totais"]
    root = authorized_xml(client, ready, body)
    assert not root.xpath("//n:ICMSUFDest", namespaces=NS)
    assert not root.xpath("//n:ICMSTot/n:vICMSUFDest", namespaces=NS)


def test_destination_without_data_is_422_naming_the_missing_rule(client, rt, sim):
    """SC's DIFAL base method is not in the research: nothing is presumed, nothing issued; the
    pack's SC rule (rate only) makes the answer ask the company for the method (issue 36)."""
    ready = regime_normal(client, rt, sim)
    add_customer(rt, ready, "SC1", uf="SC")
    answer = client.post(API + "/nfe", headers=ready.headers, json=nfe_body(cliente="SC1"))
    error = answer.get_json()["error"]
    assert answer.status_code == 422, error
    assert error["code"] == "FISCAL_CONFIGURATION_REQUIRED"
    assert error["motivos"] == ["BASE_DIFAL"]
    [gap] = error["missing"]
    assert "DIFAL_UF_DESTINO" in gap and "SC" in gap and "base unica ou dupla" in gap
    assert _documents(rt, ready) == []


@pytest.fixture
def new_years_eve(monkeypatch, sim):
    """The service's clock at 22:00 on 31 December 2026 in Brasília (01:00 UTC on 1 January),
    and the simulator's clock moved there too (it checks dhEmi against its own); moved back."""
    moment = dt.datetime(2026, 12, 31, 22, 0, tzinfo=dt.timezone(dt.timedelta(hours=-3)))
    monkeypatch.setattr(clock, "utc_now", lambda: moment.astimezone(dt.UTC))
    ahead = (moment - dt.datetime.now(dt.UTC)).total_seconds()
    sim.advance_clock(ahead)
    try:
        yield moment
    finally:
        sim.advance_clock(-ahead)


def test_issued_at_2200_on_31_december_is_that_day_with_its_rules(client, rt, sim, new_years_eve):
    """dhEmi is the issuer's wall clock with -03:00, the key's AAMM is 2612 and the engine
    decides with the rules of 31 December (IBS/CBS 2026), not of 1 January 2027 (in UTC it is
    already 2027, when the CBS rate is pending and the engine asks for review). Issued after
    2026-12-01, the DANFE is in the NT 2026.010 layout, which prints the DIFAL totals."""
    ready = regime_normal(client, rt, sim)
    add_customer(rt, ready, "RJ1", uf="RJ")
    root = authorized_xml(client, ready, nfe_body(cliente="RJ1"))
    assert value(root, "//n:ide/n:dhEmi") == "2026-12-31T22:00:00-03:00"
    key = value(root, "//n:protNFe/n:infProt/n:chNFe")
    assert key[2:6] == "2612"
    assert value(root, "//n:gCBS/n:pCBS") == "0.90"
    assert value(root, "//n:ICMSTot/n:vICMSUFDest") == "1.60"
    [document] = _documents(rt, ready)
    assert document.snapshot["contexto"]["data_operacao"] == "2026-12-31"
    assert document.snapshot["resultado"]["data_operacao"] == "2026-12-31"
    danfe = client.get(f"{API}/nfe/{document.id}/danfe", headers=ready.headers)
    assert danfe.status_code == 200
    text = pdf_text(danfe.data)
    assert "DIFAL NA UF DE DESTINO" in text and "1,60" in text and "31/12/2026" in text


def pdf_text(pdf: bytes) -> str:
    import io

    import pypdf

    return " ".join(page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def _events(rt, document_id: str) -> list[DocumentEvent]:
    from sqlalchemy import select

    with transaction(rt.sessions) as session:
        query = select(DocumentEvent).where(DocumentEvent.documento_id == document_id)
        return list(session.execute(query).scalars())


def _documents(rt, ready) -> list[FiscalDocument]:
    from sqlalchemy import select

    with transaction(rt.sessions) as session:
        query = select(FiscalDocument).where(FiscalDocument.company_id == ready.company_id)
        return list(session.execute(query).scalars())


def test_issuer_in_a_minus_four_uf_writes_its_own_offset(client, rt, sim):
    """An AM issuer (America/Manaus, -04:00): the NFC-e's dhEmi is Manaus time and the authority
    (simulator, which reads the offset) authorizes it."""
    ready = ready_to_issue(
        client, rt, sim, uf="AM", cep="69005-000", municipio="Manaus", cod_municipio="1302603",
        ie="041234567",
    )  # fmt: skip
    body = {
        "pedido": "CUPOM-AM",
        "itens": [{"codigo": "P1", "quantidade": 1}],
        "pagamento": [{"forma": "dinheiro", "valor": "10.00"}],
    }
    before = dt.datetime.now(dt.UTC).replace(microsecond=0)
    answer = client.post(API + "/nfce", headers=ready.headers, json=body)
    data = answer.get_json()
    assert answer.status_code == 200, data
    assert data["status"] == "AUTORIZADA" and data["chave"][:2] == "13"
    root = etree.fromstring(client.get(data["xml"], headers=ready.headers).data)
    issued = value(root, "//n:ide/n:dhEmi")
    assert issued.endswith("-04:00")
    moment = dt.datetime.fromisoformat(issued)
    assert before <= moment <= dt.datetime.now(dt.UTC)  # the same instant, written in AM time
    cancelled = client.post(
        f"{API}/nfce/{data['id']}/cancelamento",
        headers=ready.headers,
        json={"justificativa": "Venda desfeita a pedido do cliente"},
    )
    assert cancelled.status_code == 200, cancelled.get_json()
    [event] = _events(rt, data["id"])
    assert value(etree.fromstring(event.xml), "//n:infEvento/n:dhEvento").endswith("-04:00")
