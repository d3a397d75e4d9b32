"""Issue 19: a new order is claimed without being looked up first, and a replay is still
answered as it was.

The claim's statement refuses an order that exists and one whose queued request has no
document yet; only a request that claims nothing reads why. So a warm issuance of a new order
sends at most seven statements on PostgreSQL (auth, company, claim, document, attach and hold,
the answer's conditional update (which takes the row lock) and the debit), and none of them
reads `orders`.
"""

from __future__ import annotations

from lxml import etree
from sqlalchemy.orm.attributes import set_committed_value

from documents.transmission.outcome import Authorized
from service.db import transaction
from service.issuance import outcome
from service.issuance.models import DocumentStatus, FiscalDocument
from tests.api.nfe.helpers import ledger, nfe_body, ready_to_issue
from tests.api.nfe.test_register_caches import issue, statements, tables_of

API = "/api/v1"
NFE_NS = "http://www.portalfiscal.inf.br/nfe"


def test_a_new_order_is_not_looked_up_before_its_claim(client, rt, sim, backend):
    ready = ready_to_issue(client, rt, sim)
    issue(client, ready, "FRIO")
    with statements(rt) as sql:
        issue(client, ready, "NOVO")
    reads = [s for s in sql if s.lstrip().upper().startswith("SELECT")]
    assert not any("FROM orders" in s for s in reads), reads
    if backend == "postgres":
        assert len(sql) <= 7, sql
        assert tables_of(sql)["fiscal_tasks"] == 1  # inside the claim's statement


def test_a_replay_is_answered_even_when_the_request_would_now_fail(client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    first = issue(client, ready, "PED-R")
    product = client.get(API + "/produtos?codigo=P1", headers=ready.headers).get_json()
    product_id = product["itens"][0]["id"]
    deleted = client.delete(f"{API}/produtos/{product_id}", headers=ready.headers)
    assert deleted.status_code == 200, deleted.get_json()
    again = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-R"))
    assert again.status_code == 200, again.get_json()
    assert again.headers.get("Idempotent-Replay") == "true"
    assert again.get_json()["id"] == first["id"]
    new = client.post(API + "/nfe", headers=ready.headers, json=nfe_body("PED-NOVO"))
    assert new.status_code == 422, new.get_json()


def test_an_answer_for_an_attempt_changed_meanwhile_is_decided_under_the_lock(client, rt, sim):
    """The authorization's conditional update writes only the attempt as it was committed
    (PROCESSANDO); a row another request resolved meanwhile is locked and decided instead:
    nothing rewritten, nothing debited twice."""
    ready = ready_to_issue(client, rt, sim)
    issued = issue(client, ready, "PED-STALE")
    with transaction(rt.sessions) as session:
        stale = session.get(FiscalDocument, issued["id"])
    assert stale is not None and stale.xml_autorizado is not None
    authorized_at, protocol = stale.autorizado_em, stale.protocolo
    set_committed_value(stale, "status", DocumentStatus.PROCESSANDO)  # as accepted, before
    proto = etree.tostring(etree.fromstring(stale.xml_autorizado).find(f"{{{NFE_NS}}}protNFe"))
    answer = Authorized(proto, "999999999999999", None, "100", "Autorizado", "x", b"")
    recorded = outcome.record(rt.sessions, stale, answer)
    assert recorded.status == DocumentStatus.AUTORIZADA
    assert (recorded.autorizado_em, recorded.protocolo) == (authorized_at, protocol)
    debits = [e for e in ledger(rt, ready.account_id) if e[0] == "DEBITO_EMISSAO"]
    assert len(debits) == 1
