"""How a queued request is answered (202 with the task), shared by `/fiscal/solicitacoes` and
every family's issuance route with `Prefer: respond-async`."""

from __future__ import annotations

from typing import Any

from flask import request

from service import runtime
from service.queue import operations

REPLAY_HEADER = {"Idempotent-Replay": "true"}


def queued(enqueued: operations.Enqueued) -> Any:
    """202 with the task; `Idempotent-Replay: true` when it already existed."""
    assert enqueued.task_id is not None
    headers = {
        "Location": f"/api/v1/fiscal/solicitacoes/{enqueued.task_id}",
        "Preference-Applied": "respond-async",
        **(REPLAY_HEADER if enqueued.replay else {}),
    }
    if enqueued.answer is not None:
        return enqueued.answer, 202, headers
    session = runtime.db()
    task = session.get(operations.FiscalTask, enqueued.task_id)
    assert task is not None
    return operations.render(session, task), 202, headers


def wants_async() -> bool:
    """RFC 7240 `Prefer: respond-async` (among other preferences, case-insensitive)."""
    prefer = ",".join(request.headers.getlist("Prefer")).lower()
    return any(part.strip().split(";")[0] == "respond-async" for part in prefer.split(","))
