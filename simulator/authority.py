"""State shared by every service of one simulator process: store, clock, trust, faults, numbers."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cryptography import x509

from simulator.clock import Clock
from simulator.faults import FaultBook
from simulator.pki import CertificateAuthority, SigningIdentity
from simulator.settings import Settings
from simulator.state import Store

if TYPE_CHECKING:
    from simulator.outages import OutageBook

UF_CODES = {
    "11": "RO", "12": "AC", "13": "AM", "14": "RR", "15": "PA", "16": "AP", "17": "TO",
    "21": "MA", "22": "PI", "23": "CE", "24": "RN", "25": "PB", "26": "PE", "27": "AL",
    "28": "SE", "29": "BA", "31": "MG", "32": "ES", "33": "RJ", "35": "SP", "41": "PR",
    "42": "SC", "43": "RS", "50": "MS", "51": "MT", "52": "GO", "53": "DF",
}  # fmt: skip
"""IBGE codes of the units of the federation (the cUF of keys and messages)."""

AUTHORIZER_DIGIT = "1"
"""First digit of a protocol number: 1 = the UF's normal authorizer ([MOC-CTe] §7.5)."""
SHARED_AUTHORIZER_DIGITS = {
    "SVRS": "3", "SVSP": "5", "SVC-RS": "7", "SVC-SP": "8", "SVC-AN": "2", "AN": "8",
}  # fmt: skip
"""[MOC-CTe] §7.5: 3 = SEFAZ Virtual RS, 5 = SEFAZ Virtual SP, 7 = SVC-RS, 8 = SVC-SP. NF-e MOC:
2 = Receita Federal (SVC-AN). AN (EPEC): 8 with cUF 91, the "891..." of the EPEC manual §3.1."""


@dataclass
class Authority:
    """One running simulator's shared parts; services receive it explicitly."""

    settings: Settings
    store: Store
    clock: Clock
    faults: FaultBook
    ca: CertificateAuthority
    trusted: tuple[x509.Certificate, ...]
    signer: SigningIdentity | None = None
    """What the simulated Sefin Nacional signs its NFS-e and events with."""
    outages: OutageBook = field(default_factory=lambda: _outage_book())
    """Authorities down on demand (``/_admin/outages``)."""

    def now(self) -> dt.datetime:
        return self.clock.now()

    def protocol_number(self, cuf: str, authorizer: str = "") -> str:
        """15 digits: authorizer type, cUF, year (YY), 10-digit sequence; persistent.

        ``authorizer`` is the route's authority (SVRS, SVSP...), which picks the first digit.
        """
        digit = SHARED_AUTHORIZER_DIGITS.get(authorizer, AUTHORIZER_DIGIT)
        year = f"{self.now():%y}"
        series = cuf if digit == AUTHORIZER_DIGIT else f"{digit}{cuf}"
        sequence = self.store.next_value(f"protocol:{series}:{year}", 0)
        return f"{digit}{int(cuf):02d}{year}{sequence:010d}"

    def receipt_number(self, cuf: str) -> str:
        """15 digits: cUF, "1", 12-digit sequence (the shape of real nRec values)."""
        sequence = self.store.next_value(f"receipt:{cuf}", 0)
        return f"{int(cuf):02d}1{sequence:012d}"

    def serves_uf(self, authority: str, cuf: str) -> bool:
        """A UF's own authorizer serves only that UF; shared ones (SVRS, SVAN, SVC) serve others."""
        if authority in UF_CODES.values():
            return UF_CODES.get(cuf) == authority
        return cuf in UF_CODES


def _outage_book() -> OutageBook:
    """Imported late: the outage module reads this module's UF table."""
    from simulator.outages import OutageBook

    return OutageBook()
