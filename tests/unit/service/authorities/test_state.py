"""The breaker's rules as pure functions: what each observation does to an authority's state."""

from __future__ import annotations

import pytest

from documents.transmission.outcome import (
    Authorized,
    Denied,
    NotSent,
    NotSentReason,
    Rejected,
    ServiceStatus,
    Throttled,
    Uncertain,
    UncertainReason,
)
from service.authorities.breaker import classify, classify_status
from service.authorities.models import AuthorityStatus as S
from service.authorities.state import (
    FORA_KIND,
    HEALTHY,
    NORMALIZADA_KIND,
    Health,
    Signal,
    after,
    announcement,
)

REFUSED = NotSent(NotSentReason.CONNECTION_REFUSED, "[Errno 111] Connection refused")
TIMEOUT = Uncertain(UncertainReason.READ_TIMEOUT, "timed out")


def _run(signals: list[Signal], start: Health = HEALTHY, threshold: int = 3) -> list[Health]:
    states, current = [], start
    for signal in signals:
        current = after(current, signal, threshold)
        states.append(current)
    return states


def test_failures_degrade_then_open_at_the_threshold() -> None:
    states = _run([Signal.FAILED] * 4)
    assert [s.status for s in states] == [S.DEGRADADA, S.DEGRADADA, S.FORA, S.FORA]
    assert [s.failures for s in states] == [1, 2, 3, 4]


def test_any_delivered_answer_closes_the_breaker() -> None:
    opened = _run([Signal.FAILED] * 3)[-1]
    assert after(opened, Signal.REACHED, 3) == Health(S.ONLINE, 0, False)


def test_a_slow_status_answer_is_degraded_and_resets_the_failures() -> None:
    degraded = after(Health(S.DEGRADADA, 2), Signal.SLOW, 3)
    assert degraded == Health(S.DEGRADADA, 0)


def test_a_paused_service_is_fora_at_once() -> None:
    assert after(HEALTHY, Signal.PAUSED, 3).status is S.FORA


def test_a_failure_while_fora_keeps_it_fora() -> None:
    paused = after(HEALTHY, Signal.PAUSED, 3)
    assert after(paused, Signal.FAILED, 3).status is S.FORA


@pytest.mark.parametrize(
    "outcome",
    [
        Rejected("539", "Rejeicao: Duplicidade", b""),
        Rejected("225", "Rejeicao: Falha no Schema XML", b""),
        Denied(b"", "1", "302", "Uso Denegado", "", b""),
        Throttled("656", "Consumo Indevido", 3600, b""),
        Authorized(b"", "1", None, "100", "Autorizado o uso da NF-e", "", b""),
    ],
)
def test_a_rejection_or_any_answer_is_the_authority_working(outcome: object) -> None:
    seen = classify(outcome)
    assert seen is not None and seen.signal is Signal.REACHED
    assert seen.c_stat == outcome.cStat  # type: ignore[attr-defined]


def test_undelivered_and_uncertain_requests_are_failures_with_their_cause() -> None:
    refused, lost = classify(REFUSED), classify(TIMEOUT)
    assert refused is not None and refused.signal is Signal.FAILED
    assert refused.causa == "CONNECTION_REFUSED" and "recusou a conexão" in str(refused.motivo)
    assert lost is not None and lost.signal is Signal.FAILED and lost.causa == "READ_TIMEOUT"


def test_a_refused_client_certificate_says_nothing_of_the_authority() -> None:
    assert classify(NotSent(NotSentReason.TLS_REJECTED, "unknown ca")) is None


def test_an_answer_saying_the_service_is_paused_is_fora() -> None:
    paused = Uncertain(UncertainReason.SERVICE_PAUSED, "paralisado", cStat="108")
    seen = classify(paused)
    assert seen is not None and seen.signal is Signal.PAUSED and seen.c_stat == "108"


def test_status_answers_online_slow_and_paused() -> None:
    online = ServiceStatus("107", "Servico em Operacao", 1, b"")
    assert classify_status(online, 0.1, 5.0).signal is Signal.REACHED  # type: ignore[union-attr]
    assert classify_status(online, 6.0, 5.0).signal is Signal.SLOW  # type: ignore[union-attr]
    slow_average = ServiceStatus("107", "Servico em Operacao", 9, b"")
    assert classify_status(slow_average, 0.1, 5.0).signal is Signal.SLOW  # type: ignore[union-attr]
    for code in ("108", "109"):
        seen = classify_status(ServiceStatus(code, "Paralisado", None, b""), 0.1, 5.0)
        assert seen is not None and seen.signal is Signal.PAUSED and seen.probe


def test_fora_is_announced_once_and_normalizada_on_the_way_back() -> None:
    kind, opened = announcement(after(Health(S.DEGRADADA, 2), Signal.FAILED, 3))
    assert kind == FORA_KIND and opened.fora_announced
    assert announcement(after(opened, Signal.FAILED, 3))[0] is None
    kind, slow = announcement(after(opened, Signal.SLOW, 3))
    assert kind is None and slow.status is S.DEGRADADA and slow.fora_announced
    kind, back = announcement(after(slow, Signal.REACHED, 3))
    assert kind == NORMALIZADA_KIND and back == Health(S.ONLINE, 0, False)
    assert announcement(after(back, Signal.REACHED, 3))[0] is None


def test_degraded_and_back_announces_nothing() -> None:
    degraded = after(HEALTHY, Signal.FAILED, 3)
    assert announcement(degraded)[0] is None
    assert announcement(after(degraded, Signal.REACHED, 3))[0] is None
