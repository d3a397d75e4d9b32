"""Queue defaults, one docstring each saying why (each is also a setting, but the last)."""

from __future__ import annotations

RETRY_SCHEDULE = (30.0, 60.0, 120.0, 300.0, 600.0, 1200.0, 1800.0, 3600.0)
"""Seconds before the 1st, 2nd, ... retry of a task whose attempt failed without reaching the
authority (`QUEUE_RETRY_SCHEDULE`), also the pacing of key queries while an answer is awaited.
About two hours in total before ACAO_NECESSARIA: long enough for a typical SEFAZ incident,
short enough that a person hears of a longer one the same morning. Jitter ±20 %."""

NOT_RECEIVED_TOLERANCE = 600.0
"""Seconds a "not in the database" answer (cStat 217) must persist, over at least two key
queries, before the same signed XML is sent again (`NOT_RECEIVED_TOLERANCE_SECONDS`). Right
after an uncertain send, 217 can be processing lag; reliability.md F8 recommends 5-10 min."""

POLL_SECONDS = 1.0
"""How often the embedded worker looks for due rows when nothing woke it (`QUEUE_POLL_SECONDS`)."""

SWEEP_SECONDS = 15.0
"""How often the sweeper re-announces due rows and adopts orphaned documents
(`QUEUE_SWEEP_SECONDS`); a lost Redis announcement costs at most this much latency."""

DRAIN_SECONDS = 5.0
"""How long one rq drain job performs due rows of its kind before handing over to a fresh job
(`QUEUE_DRAIN_SECONDS`; announced the same way as new work): long enough that rq's own
bookkeeping (about twenty Redis commands a job) is paid once for many rows, short enough that
a warm shutdown (SIGTERM waits for the job in hand) and the other queue are not kept waiting."""

DRAIN_THREADS = 2
"""Threads one drain job performs rows in (`QUEUE_DRAIN_THREADS`): a task waits on PostgreSQL
commits and on the authority for about a third of its time, which a second thread fills with
another task's CPU work; more than two only adds GIL contention on a worker process."""

WAKE_SECONDS = 60.0
"""Lifetime of a kind's "a drain job is queued" mark in Redis. The job deletes the mark when it
starts, so the mark only outlives its job if that job was lost (Redis restarted empty): then,
after this long, the next announcement or sweep queues a new one."""
