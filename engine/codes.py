"""Wire codes and names that rule results carry and calculators read.

Defined once, below both: `results` checks a rule's values against them when the rule is
written or loaded, and the calculators act on them (no module imports the other's).
"""

from __future__ import annotations

TP_RET_NOT_WITHHELD = "1"
TP_RET_BY_TAKER = "2"
TP_RET_BY_INTERMEDIARY = "3"
"""`tpRetISSQN` of the DPS: not withheld, withheld by the taker, by the intermediary."""

INCIDENCE_PLACES = {
    "ESTABELECIMENTO_PRESTADOR": "cod_municipio_emitente",
    "ESTABELECIMENTO_TOMADOR": "cod_municipio_destino",
    "LOCAL_PRESTACAO": "cod_municipio_prestacao",
}
"""`resultado.local` of MUNICIPIO_INCIDENCIA rules → the fact holding that municipality."""

SIMPLES_GROUP = "ICMSSN"
"""The transport ICMS group of a Simples Nacional carrier."""

BASE_METHODS = frozenset({"unica", "dupla"})
"""DIFAL base methods of DIFAL_UF_DESTINO rules: single base, or double base (LC 190/2022)."""
