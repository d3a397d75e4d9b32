"""Issuance defaults, one docstring each saying why."""

from __future__ import annotations

QUERIES_PER_KEY_PER_HOUR = 6
"""At most this many status queries of one access key per hour. SEFAZ answers 656/678
("consumo indevido") and blocks the CNPJ for an hour when a key is queried too often (NT 2018.002
speaks of more than ~10 repeated queries per hour); six keeps a wide margin (reliability.md F3)."""

PROCESSING_GRACE_SECONDS = 30.0
"""Added to the authority timeouts before a PROCESSANDO document is presumed abandoned (its
process died mid-transmission) and is reconciled by query instead of waited for; also the
margin of a fiscal task's lease over its longest call (setting `PROCESSING_GRACE_SECONDS`)."""

NOT_SENT_RETRIES = (0.2, 0.5)
"""Pauses before re-sending the same bytes when nothing reached the authority (connection
refused, TLS handshake failed). Safe: an incomplete request cannot have been processed."""

RECEIPT_POLLS = 2
"""Receipt polls inside the request after an asynchronous 103; beyond that the document is
PENDENTE and is resolved by querying its key."""

NOT_RECEIVED_LOOKUPS = 2
"""Lookups answering "not received" (cStat 217, DPS 404) needed, besides the tolerance period
(setting `NOT_RECEIVED_TOLERANCE_SECONDS`), before the same signed XML is sent again: one
answer may come from a replica that has not seen the document yet (reliability.md §1.5)."""
