"""Received-documents defaults, one docstring each saying why."""

from __future__ import annotations

IDLE_SECONDS = 3600
"""After 137, or once ultNSU reaches maxNSU, the AN wants an hour before the next distNSU
(NT 2014.002); asking sooner earns 656 and restarts the hour. Never less than this."""

THROTTLE_SECONDS = 3600
"""A 656 blocks the CNPJ for an hour, and a call inside it restarts the hour: nothing is asked
again before it ends (the offending call is never repeated)."""

RETRY_SECONDS = 300
"""After an answer that never came (NotSent, Uncertain) or a refusal: a short wait, not an
hour. Nothing was consumed at the AN, but a dead network must not be hammered either."""

LEASE_SECONDS = 300
"""How long a claimed cursor stays with its caller. Longer than a round (at most
`BATCHES_PER_ROUND` calls with their timeouts), so no other worker asks for the same CNPJ
while it runs; a crashed caller's lease expires and the cursor is taken again."""

BATCHES_PER_ROUND = 10
"""distNSU calls in one round while the AN answers 138 with more to come (500 documents): a
company with a long backlog does not hold its lease, nor starve the others, forever."""

COMPANIES_PER_ROUND = 50
"""Due cursors read per run; the next run takes the rest."""

KEY_QUERIES_PER_HOUR = 20
"""consChNFe per company and hour: the AN's limit (about 20) before 656; counted here so a
by-key request is refused locally with when it frees, never sent to earn a block."""

KEY_WINDOW_SECONDS = 3600
"""The window of the by-key budget: it starts with the first query and frees an hour later."""
