"""Authority-state defaults, one docstring each saying why. The thresholds an operator tunes
are settings (`service.config`: `AUTHORITY_FAILURES_TO_OPEN`, `AUTHORITY_SLOW_SECONDS`,
`AUTHORITY_PROBE_SECONDS`, `AUTHORITY_PROBE_UNHEALTHY_SECONDS`, `AUTHORITY_PROBE_TIMEOUT`)."""

from __future__ import annotations

FAILURES_TO_OPEN = 3
"""Consecutive undelivered or uncertain requests that make an authority FORA. One lost
connection is noise (a NAT timeout, a restarted balancer); three in a row, each already
re-tried by the transmission (`issuance.defaults.NOT_SENT_RETRIES`), is an outage."""

SLOW_SECONDS = 5.0
"""A status answer (107) slower than this, or announcing an average time (`tMed`) above it,
makes the authority DEGRADADA: it answers, but an issuance may time out."""

PROBE_SECONDS = 300.0
"""How often a healthy authority's status service is asked. Every issuance already tells
whether it is reachable; the probe is for the quiet hours, and SEFAZ counts status queries
(a loop of them is "consumo indevido")."""

PROBE_UNHEALTHY_SECONDS = 60.0
"""How often an authority that is DEGRADADA or FORA is asked: its return is what ends a
contingency, so it is looked for sooner."""

PROBE_TIMEOUT = 10.0
"""Connect and read timeout of one status probe: it answers in milliseconds when the
authority works, and the prober must not sit on a dead one as long as an issuance would."""

VIEW_SECONDS = 30.0
"""How long a process trusts its own view of a healthy authority before reading the row
again. Within it a delivered answer costs no database access at all; after it, one read.
Another process's failures are seen at the latest this late (its writes are in the row)."""

PROBE_CANDIDATES = 5
"""Companies tried for a probe's client certificate before giving up on one authority for
this round (a missing or expired certificate is skipped)."""
