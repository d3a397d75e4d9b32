"""The service's clock: the one source of "now" for issuance, previews and events (tests replace
`utc_now` to stand at a chosen instant), and the issuer's calendar day derived from it.

Stored timestamps stay UTC (`service.db.utcnow`); what goes into a document is converted to the
issuer's UF time by `documents.localtime`, and the engine's operation date is that same local
day: at 22:00 in Brasília on 31 December the rules of 31 December apply, not next year's.
"""

from __future__ import annotations

import datetime as dt

from documents.localtime import UF_TIME_ZONES, issuer_date, issuer_time

FALLBACK_UF = "DF"
"""Brasília's zone, for a company whose UF is not configured yet (it cannot issue: the issuer
check names the gap; this only lets the rest of the checks run)."""


def utc_now() -> dt.datetime:
    """Timezone-aware now (UTC)."""
    return dt.datetime.now(dt.UTC)


def _uf(uf: str | None) -> str:
    text = (uf or "").upper()
    return text if text in UF_TIME_ZONES else FALLBACK_UF


def issuer_now(uf: str | None, moment: dt.datetime | None = None) -> dt.datetime:
    """`moment` (default: now) as the wall clock of the issuer's UF, with its offset."""
    return issuer_time(_uf(uf), moment or utc_now())


def operation_date(uf: str | None, moment: dt.datetime | None = None) -> dt.date:
    """The engine's `data_operacao`: the issuer's local calendar day at `moment` (default now)."""
    return issuer_date(_uf(uf), moment or utc_now())
