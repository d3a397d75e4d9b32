"""The issuer's local time: every date-time written into a document or event (dhEmi, dhEvento,
dhCont, the inutilização year, the access key's AAMM) and the engine's operation date.

The layouts ask for the local time of the issuer's UF with its offset (TDateTimeUTC,
`AAAA-MM-DDThh:mm:ss-03:00`; protocol_facts.md). Brazil has kept no daylight saving time since
2019, but the offsets are taken from the IANA database (`zoneinfo`, with the `tzdata` package as
the fallback when the system has none), never typed here: one zone per UF, the UF's capital.
Fernando de Noronha (-02:00) belongs to PE, whose issuers use Recife's time.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from zoneinfo import ZoneInfo

from documents.errors import InvalidDocumentDataError

UF_TIME_ZONES: dict[str, str] = {
    "AC": "America/Rio_Branco",
    "AL": "America/Maceio",
    "AM": "America/Manaus",
    "AP": "America/Belem",
    "BA": "America/Bahia",
    "CE": "America/Fortaleza",
    "DF": "America/Sao_Paulo",
    "ES": "America/Sao_Paulo",
    "GO": "America/Sao_Paulo",
    "MA": "America/Fortaleza",
    "MG": "America/Sao_Paulo",
    "MS": "America/Campo_Grande",
    "MT": "America/Cuiaba",
    "PA": "America/Belem",
    "PB": "America/Fortaleza",
    "PE": "America/Recife",
    "PI": "America/Fortaleza",
    "PR": "America/Sao_Paulo",
    "RJ": "America/Sao_Paulo",
    "RN": "America/Fortaleza",
    "RO": "America/Porto_Velho",
    "RR": "America/Boa_Vista",
    "RS": "America/Sao_Paulo",
    "SC": "America/Sao_Paulo",
    "SE": "America/Maceio",
    "SP": "America/Sao_Paulo",
    "TO": "America/Araguaina",
}
"""IANA zone of each UF (its capital's zone; the IANA database documents which UFs each covers)."""


@cache
def uf_zone(uf: str) -> ZoneInfo:
    """The time zone of a UF (SP -> America/Sao_Paulo)."""
    try:
        return ZoneInfo(UF_TIME_ZONES[uf.upper()])
    except KeyError:
        raise InvalidDocumentDataError("UF", f"unknown UF {uf!r}") from None


def issuer_time(uf: str, moment: dt.datetime) -> dt.datetime:
    """`moment` (timezone-aware) as the wall clock of the issuer's UF, seconds precision."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InvalidDocumentDataError("dhEmi", "needs a timezone-aware moment")
    return moment.astimezone(uf_zone(uf)).replace(microsecond=0)


def issuer_date(uf: str, moment: dt.datetime) -> dt.date:
    """The calendar day in the issuer's UF at `moment`: the engine's operation date."""
    return issuer_time(uf, moment).date()
