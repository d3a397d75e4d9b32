"""Default values of the transmission client, one docstring each saying why."""

from __future__ import annotations

CONNECT_TIMEOUT = 10.0
"""Seconds to open TCP and finish the TLS handshake. A failure here means nothing was sent, so a
short value only costs a safe retry."""

READ_TIMEOUT = 60.0
"""Seconds to wait for the authority's answer once the request is written. Past this the result is
uncertain and must be reconciled by query; SEFAZ batch authorisations take seconds, so a minute
keeps false "uncertain" rare while never hanging a worker forever (PyNFe PR #328)."""

MAX_ANSWER_BYTES = 10_000_000
"""Largest answer body read from an authority. A retConsSitNFe with events is a few KB; anything
near this cap is not an honest answer and is treated as uncertain."""

MAX_NFSE_XML_BYTES = 2_000_000
"""Largest decompressed NFS-e XML accepted from Sefin (reliability.md §3.7: bounded gunzip)."""

THROTTLE_SECONDS = 3600
"""Seconds to stay away from a service after cStat 656/678 (NT 2018.002: the block lasts one hour
and every new call restarts it)."""

MIN_POLL_DELAY = 3
"""Lower bound in seconds before polling an NF-e receipt. nfelib waits max(1, 1.3 x tMed) and
erpbrasil.edoc 1.5 x tMed; SEFAZ-PR quotes the MOC asking for 15 s. The worker that schedules
polls may wait longer; this only prevents sub-second polling storms (reliability F3/F9)."""

MAX_DISTRIBUTED_XML_BYTES = 5_000_000
"""Largest decompressed document in a DF-e distribution batch (one docZip): the hardened parser's
own cap (`documents.xml.DEFAULT_MAX_BYTES`). A procNFe of 990 items is about 0.7 MB; a docZip that
inflates past this is refused unread (a gzip bomb), the other documents of the batch are kept."""

MAX_DISTRIBUTION_BATCH_BYTES = 60_000_000
"""Largest sum of the decompressed documents of one distribution batch (at most 50 docZip). Fifty
honest 990-item procNFe stay near 35 MB; past this budget the remaining docZip are refused."""

DISTRIBUTION_IDLE_SECONDS = 3600
"""Seconds to wait before asking the DF-e distribution again after cStat 137 (nothing new) or an
answer whose ultNSU reached maxNSU (NT 2014.002; protocol_facts §5): asking earlier earns 656."""
