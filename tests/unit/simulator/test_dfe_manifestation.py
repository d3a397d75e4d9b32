"""Manifestação do Destinatário at the Ambiente Nacional's RecepcaoEvento (issue 38): 135 with an
AN protocol, the XSD of each event, and the rules of NT 2020.001 (conclusive events at most twice,
no ciência after a conclusive one, 180 days, cancelled notes, the recipient as the author)."""

from __future__ import annotations

import pytest

from documents.keys import mod11_digit
from simulator import xsd_extra
from tests.unit.simulator.distribution_factories import (
    JUSTIFICATION,
    manifestation,
    sim_now,
    val,
)
from tests.unit.simulator.factories import (
    SoapClient,
    cancel_event,
    cons_sit,
    env_evento,
    make_company,
)

RET = "n:retEvento/n:infEvento"
SUPPLIER = "45723174000110"


@pytest.fixture
def an(sim, company) -> SoapClient:
    return SoapClient(sim, company, authority="AN")


def _manifest(an: SoapClient, key: str, event_type: str, sequence: int = 1, **options) -> str:
    """cStat of the one retEvento (the answer is checked against retEnvConfRecebto)."""
    when = options.pop("when", None) or sim_now(an.sim)
    event = manifestation(an.company, key, event_type, sequence, when=when, **options)
    answer = an.call("NFeRecepcaoEvento4", env_evento(event))
    assert val(answer, "n:cStat") == "128" and val(answer, "n:cOrgao") == "91"
    assert xsd_extra.first_violation(answer, xsd_extra.MANIFESTATION_ANSWER) is None
    return val(answer, f"{RET}/n:cStat") or ""


def _note(sim, company, number: int) -> str:
    issued = sim.issue_nfe_to(company.cnpj, number=number)
    assert issued.status == "100"
    return issued.key


def test_each_manifestation_is_registered_with_an_an_protocol(sim, an, company, client):
    key = _note(sim, company, 1)
    event = manifestation(company, key, "210210", when=sim_now(sim))
    answer = an.call("NFeRecepcaoEvento4", env_evento(event))
    assert val(answer, f"{RET}/n:cStat") == "135"
    assert val(answer, f"{RET}/n:xMotivo") == "Evento registrado e vinculado a NF-e"
    assert val(answer, f"{RET}/n:xEvento") == "Ciencia da Operacao"
    assert (val(answer, f"{RET}/n:nProt") or "").startswith("891")
    for number, event_type in ((2, "210200"), (3, "210220")):
        assert _manifest(an, _note(sim, company, number), event_type) == "135"
    assert _manifest(an, _note(sim, company, 4), "210240", justification=JUSTIFICATION) == "135"
    # The UF's consSitNFe lists the manifestation among the NF-e's events, as the real one does.
    supplier = SoapClient(sim, make_company(sim, sim.data_dir.parent / "s", SUPPLIER))
    query = supplier.call("NFeConsultaProtocolo4", cons_sit(key))
    assert query.find("{*}procEventoNFe/{*}retEvento/{*}infEvento/{*}tpEvento").text == "210210"


def test_operacao_nao_realizada_needs_a_justification_of_15_to_255(sim, an, company):
    key = _note(sim, company, 5)
    assert _manifest(an, key, "210240") == "493"
    assert _manifest(an, key, "210240", justification="curta") == "493"
    assert _manifest(an, key, "210240", justification=JUSTIFICATION) == "135"


def test_conclusive_events_twice_at_most_and_no_ciencia_after_them(sim, an, company):
    key = _note(sim, company, 6)
    assert _manifest(an, key, "210200") == "135"
    assert _manifest(an, key, "210200") == "573"  # same key, type and sequence
    assert _manifest(an, key, "210220", 1) == "135"  # the recipient changed its mind
    assert _manifest(an, key, "210200", 2) == "135"  # ... and retified it once
    assert _manifest(an, key, "210200", 3) == "594"
    assert _manifest(an, key, "210210") == "655"
    state = sim.distribution(company.cnpj)
    assert [m["tpEvento"] for m in state["manifestations"]] == ["210200", "210220", "210200"]


def test_ciencia_only_once(sim, an, company):
    key = _note(sim, company, 7)
    assert _manifest(an, key, "210210") == "135"
    assert _manifest(an, key, "210210") == "573"
    assert _manifest(an, key, "210210", 2) == "594"


def test_only_the_recipient_manifests(sim, company, tmp_path):
    key = _note(sim, company, 8)
    stranger = SoapClient(sim, make_company(sim, tmp_path / "x", "12345678000195"), "AN")
    assert _manifest(stranger, key, "210210") == "575"
    branch = SoapClient(sim, make_company(sim, tmp_path / "b", "11222333000262"), "AN")
    assert _manifest(branch, key, "210210") == "135"  # same CNPJ base (NT 2020.001 v1.40)


def test_cancelled_note(sim, an, company, tmp_path):
    issued = sim.issue_nfe_to(company.cnpj, number=9)
    supplier = SoapClient(sim, make_company(sim, tmp_path / "s", SUPPLIER))
    cancel = cancel_event(supplier.company, issued.key, issued.protocol or "")
    supplier.call("NFeRecepcaoEvento4", env_evento(cancel))
    assert _manifest(an, issued.key, "210210") == "650"
    assert _manifest(an, issued.key, "210220") == "651"
    assert _manifest(an, issued.key, "210200") == "580"


def test_message_and_database_rules(sim, an, company):
    key = _note(sim, company, 10)
    assert _manifest(an, key, "210210", c_orgao="35") == "657"
    assert _manifest(an, key[:-1] + str((int(key[-1]) + 1) % 10), "210210") == "236"
    body = key[:20] + "55001000000099" + "1" + "12345678"
    unknown = body + str(mod11_digit(body))
    assert _manifest(an, unknown, "210210") == "494"
    future = sim_now(sim).replace(microsecond=0)
    assert _manifest(an, key, "210210", when=future.replace(year=future.year + 1)) == "578"
    assert _manifest(an, key, "110112") == "491"  # not an event of this service


def test_after_180_days_is_596(sim, an, company):
    key = _note(sim, company, 12)
    sim.advance_clock(181 * 24 * 3600)
    assert _manifest(an, key, "210200") == "596"


def test_the_issuer_cannot_cancel_after_a_confirmacao(sim, an, company, tmp_path):
    issued = sim.issue_nfe_to(company.cnpj, number=13)
    supplier = SoapClient(sim, make_company(sim, tmp_path / "s", SUPPLIER))
    assert _manifest(an, issued.key, "210200") == "135"
    cancel = cancel_event(supplier.company, issued.key, issued.protocol or "")
    answer = supplier.call("NFeRecepcaoEvento4", env_evento(cancel))
    assert val(answer, f"{RET}/n:cStat") == "221"
    assert _manifest(an, issued.key, "210220") == "135"  # the last conclusive one counts
    answer = supplier.call("NFeRecepcaoEvento4", env_evento(cancel))
    assert val(answer, f"{RET}/n:cStat") == "135"
