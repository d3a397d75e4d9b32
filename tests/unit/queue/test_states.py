"""The task state machine: the one place transitions are allowed (docs "Fiscal queue")."""

from __future__ import annotations

import pytest

from service.queue import states
from service.queue.models import FiscalTask, TaskStatus

S = TaskStatus


class _Session:
    """Collects what `move` adds (history rows); no database needed for the rules."""

    def __init__(self) -> None:
        self.added: list[object] = []

    def add(self, row: object) -> None:
        self.added.append(row)


@pytest.fixture(autouse=True)
def _silent(monkeypatch):
    monkeypatch.setattr(states.publish, "task_moved", lambda *a: None)


def _task(status: TaskStatus | None) -> FiscalTask:
    return FiscalTask(id="sol_x", status=status.value if status else None, origem="API")


def test_the_happy_path_is_recorded_step_by_step():
    session, task = _Session(), _task(None)
    states.move(session, task, S.RECEBIDA, "recebida")
    states.move(session, task, S.AGUARDANDO_TRANSMISSAO, "montado")
    states.move(session, task, S.TRANSMITINDO, "enviando")
    states.move(session, task, S.AUTORIZADA, "ok", oficial="135260000000001")
    assert [(r.de, r.para) for r in session.added] == [
        (None, "RECEBIDA"),
        ("RECEBIDA", "AGUARDANDO_TRANSMISSAO"),
        ("AGUARDANDO_TRANSMISSAO", "TRANSMITINDO"),
        ("TRANSMITINDO", "AUTORIZADA"),
    ]
    assert task.finalizada_em is not None


@pytest.mark.parametrize("final", [S.AUTORIZADA, S.REJEITADA])
def test_official_results_need_the_authoritys_answer(final):
    with pytest.raises(states.IllegalTransition):
        states.move(_Session(), _task(S.TRANSMITINDO), final, "sem resposta oficial")


@pytest.mark.parametrize(
    ("start", "to"),
    [
        (S.RECEBIDA, S.AUTORIZADA),  # never without transmitting
        (S.AUTORIZADA, S.RECEBIDA),  # final
        (S.AUTORIZADA, S.CANCELADA),  # a fiscal cancellation is not the task's
        (S.TRANSMITINDO, S.CANCELADA),  # only before transmission
        (S.AGUARDANDO_RETORNO, S.CANCELADA),
        (S.FALHA_TEMPORARIA, S.AUTORIZADA),
    ],
)
def test_forbidden_transitions(start, to):
    with pytest.raises(states.IllegalTransition):
        states.move(_Session(), _task(start), to, "x", oficial="100")


def test_every_status_has_a_row_and_open_excludes_what_waits_for_a_person():
    assert set(states.TRANSITIONS) == set(TaskStatus) | {None}
    assert S.ACAO_NECESSARIA not in states.OPEN and S.TRANSMITINDO in states.OPEN
    assert {S.AUTORIZADA, S.REJEITADA, S.CANCELADA, S.ERRO} == states.FINAL
