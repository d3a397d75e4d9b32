from __future__ import annotations

from tests.unit.simulator.factories import (
    build_nfe,
    cancel_event,
    cce_event,
    cons_sit,
    env_evento,
    envi_nfe,
    inut,
    val,
)

RET = "n:retEvento/n:infEvento/n:cStat"


def _authorize(client, number, model="55"):
    issued = build_nfe(client.company, number=number, model=model)
    answer = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, "n:protNFe/n:infProt/n:cStat") == "100"
    return issued.key, val(answer, "n:protNFe/n:infProt/n:nProt")


def test_cancel_registers_135_then_query_says_101_with_the_event(client):
    key, protocol = _authorize(client, 30)
    answer = client.call(
        "NFeRecepcaoEvento4", env_evento(cancel_event(client.company, key, protocol))
    )
    assert val(answer, "n:cStat") == "128"
    assert val(answer, RET) == "135"
    assert len(val(answer, "n:retEvento/n:infEvento/n:nProt") or "") == 15
    query = client.call("NFeConsultaProtocolo4", cons_sit(key))
    assert val(query, "n:cStat") == "101"
    assert query.find("{*}procEventoNFe/{*}retEvento/{*}infEvento/{*}tpEvento").text == "110111"


def test_repeated_cancel_is_573(client):
    key, protocol = _authorize(client, 31)
    client.call("NFeRecepcaoEvento4", env_evento(cancel_event(client.company, key, protocol)))
    again = client.call(
        "NFeRecepcaoEvento4", env_evento(cancel_event(client.company, key, protocol))
    )
    assert val(again, RET) == "573"


def test_cancel_with_wrong_protocol_is_222(client):
    key, _ = _authorize(client, 32)
    answer = client.call(
        "NFeRecepcaoEvento4", env_evento(cancel_event(client.company, key, "135000000000000"))
    )
    assert val(answer, RET) == "222"


def test_cancel_after_24_hours_is_501(client, sim):
    key, protocol = _authorize(client, 33)
    sim.advance_clock(25 * 3600)
    answer = client.call(
        "NFeRecepcaoEvento4", env_evento(cancel_event(client.company, key, protocol))
    )
    assert val(answer, RET) == "501"


def test_nfce_cancel_window_is_30_minutes(client, sim):
    key, protocol = _authorize(client, 34, model="65")
    sim.advance_clock(31 * 60)
    answer = client.call(
        "NFeRecepcaoEvento4", env_evento(cancel_event(client.company, key, protocol))
    )
    assert val(answer, RET) == "501"


def test_event_on_unknown_key_is_494(client):
    unknown = build_nfe(client.company, number=35, sign=False)
    answer = client.call(
        "NFeRecepcaoEvento4",
        env_evento(cancel_event(client.company, unknown.key, "135000000000001")),
    )
    assert val(answer, RET) == "494"


def test_cce_sequence_and_nfce_refusal(client):
    key, _ = _authorize(client, 36)
    first = client.call("NFeRecepcaoEvento4", env_evento(cce_event(client.company, key, 1)))
    assert val(first, RET) == "135"
    second = client.call("NFeRecepcaoEvento4", env_evento(cce_event(client.company, key, 2)))
    assert val(second, RET) == "135"
    repeat = client.call("NFeRecepcaoEvento4", env_evento(cce_event(client.company, key, 2)))
    assert val(repeat, RET) == "573"
    nfce_key, _ = _authorize(client, 37, model="65")
    nfce = client.call("NFeRecepcaoEvento4", env_evento(cce_event(client.company, nfce_key, 1)))
    assert val(nfce, RET) == "784"


def test_cce_sequence_above_20_fails_the_schema(client):
    key, _ = _authorize(client, 38)
    answer = client.call("NFeRecepcaoEvento4", env_evento(cce_event(client.company, key, 21)))
    assert val(answer, "n:cStat") == "215"


def test_voiding_range_102_then_241_for_used_and_256_for_voided(client):
    _authorize(client, 40)
    answer = client.call("NFeInutilizacao4", inut(client.company, 41, 45))
    assert val(answer, "n:infInut/n:cStat") == "102"
    assert len(val(answer, "n:infInut/n:nProt") or "") == 15
    assert (
        val(client.call("NFeInutilizacao4", inut(client.company, 39, 40)), "n:infInut/n:cStat")
        == "241"
    )
    assert (
        val(client.call("NFeInutilizacao4", inut(client.company, 44, 50)), "n:infInut/n:cStat")
        == "256"
    )
    voided = build_nfe(client.company, number=42)
    answer = client.call("NFeAutorizacao4", envi_nfe(voided.xml))
    assert val(answer, "n:protNFe/n:infProt/n:cStat") == "206"
