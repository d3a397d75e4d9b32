"""Events are documents too: the procEventoNFe of an event, the CC-e PDF (DACCe) and the
DANFE/DANFC-e of a cancelled document marked CANCELADA; both backends, against the simulator."""

from __future__ import annotations

import io
from typing import Any

import pypdf

from documents.schemas import validate
from service.issuance.models import DocumentEvent
from tests.api.nfe.helpers import pdf_digits
from tests.api.nfe.test_nfe_events import CORRECAO, cancel, correct, issue, stored_events
from tests.factories import auth, make_key

API = "/api/v1"


def pdf_text(pdf: bytes) -> str:
    assert pdf.startswith(b"%PDF-")
    return "".join(page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def event_url(modulo: str, document_id: str, event_id: str, kind: str) -> str:
    return f"{API}/{modulo}/{document_id}/eventos/{event_id}/{kind}"


def test_cce_xml_and_pdf(client, rt, sim):
    ready, doc = issue(client, rt, sim)
    letter = correct(client, ready.headers, doc["id"])
    assert letter.status_code == 200, letter.get_json()
    event_id = letter.get_json()["evento"]["id"]

    xml = client.get(event_url("nfe", doc["id"], event_id, "xml"), headers=ready.headers)

    assert xml.status_code == 200 and xml.mimetype == "application/xml"
    [stored] = stored_events(rt, doc["id"])
    assert xml.data == stored.xml  # as stored
    assert validate(xml.data, "nfe/1.00/procEventoNFe-110110") == []
    pdf = client.get(event_url("nfe", doc["id"], event_id, "pdf"), headers=ready.headers)
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = pdf_text(pdf.data)
    assert "Carta de Correção" in text and "Rua das Flores" in text
    assert doc["chave"] in pdf_digits(pdf.data)
    assert "Empresa Teste" in text  # the issuer box comes from the company's register
    assert CORRECAO.split(":")[0] in text


def test_cancelled_nfe_and_its_event(client, rt, sim):
    ready, doc = issue(client, rt, sim)
    before = client.get(f"{API}/nfe/{doc['id']}/danfe", headers=ready.headers)
    assert "CANCELADA" not in pdf_text(before.data)
    cancelled = cancel(client, ready.headers, doc["id"])
    assert cancelled.status_code == 200, cancelled.get_json()
    event_id = cancelled.get_json()["evento"]["id"]

    danfe = client.get(f"{API}/nfe/{doc['id']}/danfe", headers=ready.headers)

    assert danfe.status_code == 200
    assert "CANCELADA" in pdf_text(danfe.data)
    xml = client.get(event_url("nfe", doc["id"], event_id, "xml"), headers=ready.headers)
    assert xml.status_code == 200
    assert validate(xml.data, "nfe/1.00/procEventoNFe-110111") == []
    not_cce = client.get(event_url("nfe", doc["id"], event_id, "pdf"), headers=ready.headers)
    assert not_cce.status_code == 409
    assert not_cce.get_json()["error"]["code"] == "EVENTO_SEM_PDF"


def test_cancelled_nfce_danfce_and_event_xml(client, rt, sim):
    ready, doc = issue(client, rt, sim, modulo="nfce")
    cancelled = cancel(client, ready.headers, doc["id"], modulo="nfce")
    assert cancelled.status_code == 200, cancelled.get_json()
    event_id = cancelled.get_json()["evento"]["id"]
    danfce = client.get(f"{API}/nfce/{doc['id']}/danfce", headers=ready.headers)
    assert danfce.status_code == 200 and "CANCELADA" in pdf_text(danfce.data)
    xml = client.get(event_url("nfce", doc["id"], event_id, "xml"), headers=ready.headers)
    assert xml.status_code == 200 and b"procEventoNFe" in xml.data


def test_event_without_an_answer_and_foreign_events(client, rt, sim):
    ready, doc = issue(client, rt, sim)
    sim.set_fault("drop_after_processing", scope=f"cnpj:{ready.cnpj}",
                  service="NFeRecepcaoEvento4", times=1)  # fmt: skip
    pending = correct(client, ready.headers, doc["id"])
    assert pending.status_code == 202, pending.get_json()
    [stored] = stored_events(rt, doc["id"])
    assert stored.status == "PENDENTE"
    url = event_url("nfe", doc["id"], stored.id, "xml")
    unanswered = client.get(url, headers=ready.headers)
    assert unanswered.status_code == 409
    assert unanswered.get_json()["error"]["code"] == "XML_INDISPONIVEL"
    assert client.get(event_url("nfe", doc["id"], stored.id, "pdf"),
                      headers=ready.headers).status_code == 409  # fmt: skip

    _, other = issue(client, rt, sim)  # another account's document
    for kind in ("xml", "pdf"):
        assert client.get(event_url("nfe", other["id"], stored.id, kind),
                          headers=ready.headers).status_code == 404  # fmt: skip
    second, own = _second_document(client, ready)
    assert second.status_code == 200
    for kind in ("xml", "pdf"):  # an event of another document of the same company
        found = client.get(event_url("nfe", own["id"], stored.id, kind), headers=ready.headers)
        assert found.status_code == 404, kind
    assert client.get(event_url("nfe", doc["id"], "evt_nenhum", "xml"),
                      headers=ready.headers).status_code == 404  # fmt: skip
    no_scope = make_key(rt, ready.account_id, scopes=["consultar"])
    assert client.get(url, headers=auth(no_scope)).status_code == 403


def _second_document(client: Any, ready: Any) -> tuple[Any, dict[str, Any]]:
    from tests.api.nfe.helpers import nfe_body

    answer = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body("PED-2"))
    return answer, answer.get_json()


def test_pdf_of_a_stored_cce_uses_only_the_stored_xml(client, rt, sim):
    """The DACCe is rendered from the stored procEventoNFe (not from the request)."""
    ready, doc = issue(client, rt, sim)
    letter = correct(client, ready.headers, doc["id"]).get_json()
    with rt.sessions() as session:
        event = session.get(DocumentEvent, letter["evento"]["id"])
        assert event is not None and event.xml is not None
        event.texto = "texto trocado no banco"
        session.commit()
    pdf = client.get(event_url("nfe", doc["id"], letter["evento"]["id"], "pdf"),
                     headers=ready.headers)  # fmt: skip
    text = pdf_text(pdf.data)
    assert "Rua das Flores" in text and "texto trocado" not in text
