"""POST /inutilizacao against the simulator (real HTTPS + mTLS), on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from documents.schemas import validate
from service.db import transaction
from service.issuance.models import NumberVoiding
from tests.api.nfe.helpers import Ready, add_customer, add_product, nfe_body, ready_company
from tests.api.nfe.test_nfe_events import NFE_NS, xmlsec_module

API = "/api/v1"
JUSTIFICATIVA = "Numeracao pulada por falha no sistema emissor"


def company(client: Any, rt: Any, sim: Any) -> Ready:
    ready = ready_company(client, rt, sim)
    add_product(rt, ready)
    add_customer(rt, ready)
    return ready


def issue(client: Any, ready: Ready, pedido: str, **overrides: Any) -> Any:
    return client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body(pedido, **overrides))


def void(client: Any, ready: Ready, first: int, last: int | None = None, **extra: Any) -> Any:
    body: dict[str, Any] = {"modelo": 55, "numero_inicial": first, "justificativa": JUSTIFICATIVA}
    if last is not None:
        body["numero_final"] = last
    body.update(extra)
    return client.post(f"{API}/inutilizacao", headers=ready.headers, json=body)


def voidings(rt: Any, ready: Ready) -> list[NumberVoiding]:
    with transaction(rt.sessions) as session:
        query = select(NumberVoiding).where(NumberVoiding.company_id == ready.company_id)
        return list(session.execute(query.order_by(NumberVoiding.created_at)).scalars())


def test_voided_range_is_homologated_and_skipped_by_the_next_issue(client, rt, sim, tmp_path):
    ready = company(client, rt, sim)
    assert issue(client, ready, "PED-1").get_json()["numero"] == 1

    answer = void(client, ready, 2, 4)

    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["status"] == "HOMOLOGADA" and len(body["protocolo"]) == 15
    assert (body["modelo"], body["serie"]) == ("55", 1)
    assert (body["numero_inicial"], body["numero_final"], body["proximo_numero"]) == (2, 4, 5)
    [stored] = voidings(rt, ready)
    assert stored.xml is not None and b"ProcInutNFe" in stored.xml
    assert validate(stored.xml, "nfe/4.00/ProcInutNFe") == []
    xmlsec_module().xmlsec_verify(stored.xml, id_node="infInut", namespace=NFE_NS,
                            trusted_pem=Path(sim.ca_bundle).read_bytes(), tmp=tmp_path)  # fmt: skip
    following = issue(client, ready, "PED-2")
    assert following.status_code == 200, following.get_json()
    assert following.get_json()["numero"] == 5


def test_single_nfce_number_defaults_to_the_companys_nfce_series(client, rt, sim):
    ready = company(client, rt, sim)

    answer = void(client, ready, 1, modelo="65")

    body = answer.get_json()
    assert answer.status_code == 200, body
    assert (body["modelo"], body["serie"], body["numero_final"]) == ("65", 1, 1)
    nfce = client.post(f"{API}/nfce", headers=ready.headers, json=nfe_body("PED-C"))
    assert nfce.status_code == 200, nfce.get_json()
    assert nfce.get_json()["numero"] == 2


def test_range_with_an_authorized_number_is_refused_locally(client, rt, sim):
    ready = company(client, rt, sim)
    assert issue(client, ready, "PED-1").status_code == 200

    answer = void(client, ready, 1, 3)

    body = answer.get_json()
    assert answer.status_code == 422
    # The authority's answer to such a range (241 "Um número da faixa já foi utilizado"),
    # given locally, with the numbers in use in `details`.
    assert body["error"]["code"] == "SEFAZ_REJECTION" and body["error"]["sefaz_code"] == "241"
    assert body["error"]["details"] == [{"numero": 1, "status": "AUTORIZADA"}]
    assert voidings(rt, ready) == []
    assert issue(client, ready, "PED-2").get_json()["numero"] == 2  # nothing was reserved


def test_number_of_a_rejected_order_is_voided_and_the_retry_takes_a_new_one(client, rt, sim):
    ready = company(client, rt, sim)
    sim.set_fault("reject", scope=f"cnpj:{ready.cnpj}", service="NFeAutorizacao4",
                  code="778", times=1)  # fmt: skip
    rejected = issue(client, ready, "PED-1")
    assert rejected.status_code == 422, rejected.get_json()
    assert rejected.get_json()["numero"] == 1

    answer = void(client, ready, 1)

    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["status"] == "HOMOLOGADA"
    corrected = issue(client, ready, "PED-1", itens=[{"codigo": "P1", "quantidade": 3}])
    assert corrected.status_code == 200, corrected.get_json()
    assert corrected.get_json()["numero"] == 2


def test_range_ahead_of_the_sequence_is_voided_and_skipped_when_reached(client, rt, sim):
    """A company migrating from another system, or a damaged form range, voids numbers it has
    not reached: the numbers before the range stay usable, the range itself is never used."""
    ready = company(client, rt, sim)
    assert issue(client, ready, "PED-1").get_json()["numero"] == 1

    answer = void(client, ready, 3, 4)

    body = answer.get_json()
    assert answer.status_code == 200, body
    assert body["status"] == "HOMOLOGADA" and body["proximo_numero"] == 2
    numbers = [issue(client, ready, f"PED-{n}").get_json()["numero"] for n in (2, 3, 4)]
    assert numbers == [2, 5, 6]
    used = void(client, ready, 5, 8)  # 5 and 6 are authorized now
    assert used.status_code == 422 and used.get_json()["error"]["code"] == "SEFAZ_REJECTION"
    assert [d["numero"] for d in used.get_json()["error"]["details"]] == [5, 6]


def test_pending_range_ahead_is_reserved_and_a_refused_one_is_not(client, rt, sim):
    ready = company(client, rt, sim)
    sim.set_fault("drop_after_processing", scope=f"cnpj:{ready.cnpj}",
                  service="NFeInutilizacao4", times=1)  # fmt: skip
    assert void(client, ready, 2, 3).status_code == 202  # uncertain: 2..3 may be voided
    sim.advance_clock(-3 * 86400)  # before the A1's validity: the authority refuses (291)
    try:
        refused = void(client, ready, 5, 6)
    finally:
        sim.advance_clock(3 * 86400)
    assert refused.status_code == 422, refused.get_json()
    assert refused.get_json()["error"]["code"] == "SEFAZ_REJECTION"
    numbers = [issue(client, ready, f"PED-{n}").get_json()["numero"] for n in range(1, 5)]
    assert numbers == [1, 4, 5, 6]  # 2..3 held while PENDENTE; 5..6 free after the refusal


def test_voiding_the_same_range_twice_is_a_sefaz_rejection(client, rt, sim):
    ready = company(client, rt, sim)
    assert void(client, ready, 1, 2).status_code == 200

    again = void(client, ready, 1, 2)

    body = again.get_json()
    assert again.status_code == 422
    assert body["error"]["code"] == "SEFAZ_REJECTION" and body["error"]["sefaz_code"] == "256"
    assert issue(client, ready, "PED-1").get_json()["numero"] == 3


def test_refused_range_gives_its_numbers_back(client, rt, sim):
    ready = company(client, rt, sim)
    assert issue(client, ready, "PED-1").get_json()["numero"] == 1
    sim.advance_clock(-3 * 86400)  # before the A1's validity: the authority refuses (291)
    try:
        answer = void(client, ready, 2, 3)
    finally:
        sim.advance_clock(3 * 86400)

    body = answer.get_json()
    assert answer.status_code == 422, body
    assert body["error"]["code"] == "SEFAZ_REJECTION" and body["status"] == "REJEITADA"
    assert issue(client, ready, "PED-2").get_json()["numero"] == 2


def test_uncertain_voiding_is_answered_202_and_repeated_as_sent(client, rt, sim):
    ready = company(client, rt, sim)
    sim.set_fault("drop_after_processing", scope=f"cnpj:{ready.cnpj}",
                  service="NFeInutilizacao4", times=1)  # fmt: skip

    first = void(client, ready, 1, 2)

    assert first.status_code == 202, first.get_json()
    assert first.get_json()["error"]["code"] == "SEFAZ_UNAVAILABLE"
    assert first.get_json()["status"] == "PENDENTE"
    again = void(client, ready, 1, 2)  # the same signed request: the authority has it (256)
    assert again.status_code == 422
    assert again.get_json()["error"]["sefaz_code"] == "256"
    assert [v.status for v in voidings(rt, ready)] == ["REJEITADA"]
    assert issue(client, ready, "PED-1").get_json()["numero"] == 3  # numbers stay voided


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"justificativa": "curta demais"}, "justificativa"),
        ({"numero_final": 1}, "numero_final"),
        ({"numero_final": 10_002}, "numero_final"),
        ({"modelo": 57}, "modelo"),
        ({"numero_inicial": 0}, "numero_inicial"),
    ],
)
def test_invalid_requests_are_refused(client, rt, sim, change, field):
    ready = company(client, rt, sim)
    body = {"modelo": 55, "numero_inicial": 2, "justificativa": JUSTIFICATIVA, **change}

    answer = client.post(f"{API}/inutilizacao", headers=ready.headers, json=body)

    assert answer.status_code == 422
    error = answer.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert field in {e["field"] for e in error["errors"]}
    assert voidings(rt, ready) == []
