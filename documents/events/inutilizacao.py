"""Voiding of unused NF-e/NFC-e numbers (inutilização), `inutNFe` 4.00.

`infInut Id = "ID" + cUF(2) + ano(2) + CNPJ(14) + mod(2) + serie(3) + nNFIni(9) + nNFFin(9)`
{tpAmb, xServ INUTILIZAR, cUF, ano, CNPJ, mod, serie, nNFIni, nNFFin, xJust 15-255}, signed on
infInut (protocol_facts.md §1.2 and §3.2). The 4.00 schema takes a CNPJ only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.events.common import check_length, sub
from documents.nfe.builder import LAYOUT_VERSION, NFE_NS
from documents.nfe.model import Modelo, TpAmb

_Q = f"{{{NFE_NS}}}"


@dataclass(frozen=True)
class NumberRange:
    """The numbers to void: one series of one model of one issuer in one year."""

    cuf: int
    year: int  # ano of the request; a four-digit year is reduced to two digits
    cnpj: str
    modelo: Modelo
    serie: int
    first: int
    last: int


@dataclass(frozen=True)
class BuiltInutilizacao:
    root: etree._Element
    reference_id: str


def inut_id(numbers: NumberRange) -> str:
    return (
        f"ID{numbers.cuf:02d}{numbers.year % 100:02d}{numbers.cnpj}{numbers.modelo.value}"
        f"{numbers.serie:03d}{numbers.first:09d}{numbers.last:09d}"
    )


def _check(numbers: NumberRange) -> None:
    if not re.fullmatch(r"[0-9A-Z]{12}[0-9]{2}", numbers.cnpj):
        raise InvalidDocumentDataError("CNPJ", "inutilização 4.00 takes a CNPJ only")
    if not 1 <= numbers.first <= numbers.last <= 999_999_999:
        raise InvalidDocumentDataError("nNFIni", "the range must satisfy 1 <= first <= last")
    if not 0 <= numbers.serie <= 999:
        raise InvalidDocumentDataError("serie", "serie runs from 0 to 999")


def build_inutilizacao(
    numbers: NumberRange, tp_amb: TpAmb, justification: str
) -> BuiltInutilizacao:
    """The unsigned `inutNFe`; sign it with `XmlSigner.sign(root, reference_id)`."""
    _check(numbers)
    reference_id = inut_id(numbers)
    root = etree.Element(_Q + "inutNFe", nsmap={None: NFE_NS}, versao=LAYOUT_VERSION)
    inf = sub(root, "infInut", Id=reference_id)
    sub(inf, "tpAmb", tp_amb.value)
    sub(inf, "xServ", "INUTILIZAR")
    sub(inf, "cUF", f"{numbers.cuf:02d}")
    sub(inf, "ano", f"{numbers.year % 100:02d}")
    sub(inf, "CNPJ", numbers.cnpj)
    sub(inf, "mod", numbers.modelo.value)
    sub(inf, "serie", str(numbers.serie))
    sub(inf, "nNFIni", str(numbers.first))
    sub(inf, "nNFFin", str(numbers.last))
    sub(inf, "xJust", check_length("xJust", justification, 15, 255))
    return BuiltInutilizacao(root, reference_id)
