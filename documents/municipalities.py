"""IBGE municipality names by code, for what people read where layouts carry only the code.

The table is the one brazilfiscalreport ships with its DANFSe (the IBGE list: code, name, UF of
each of the 5,570 municipalities), used as a dependency rather than copied.
"""

from __future__ import annotations

from brazilfiscalreport.danfse.danfse import municipio_ibge


def municipality_name(code: str) -> str | None:
    """The IBGE name of a 7-digit municipality code (`3550308` is São Paulo); None when the
    table does not hold it."""
    name, _uf = municipio_ibge(code)
    return str(name) if name else None


def municipality_uf(code: str) -> str | None:
    """The UF of a municipality code, from the same table."""
    _name, uf = municipio_ibge(code)
    return str(uf) if uf else None
