"""The issuer's carrier registrations, checked at configuration time as the CT-e layouts want them.

A value the XSD would refuse must be refused when it is configured, not at the first CT-e:
- `rntrc` (CT-e `infModal/rodo/RNTRC`, type `TRNTRC`): 8 digits or the literal `ISENTO`;
- `taf_cteos` (CT-e OS `rodoOS/TAF`, type `TTermoAutFreta`): exactly 12 digits;
- `reg_estadual_cteos` (CT-e OS `rodoOS/NroRegEstadual`, type `TNroRegEstadual`): exactly
  25 digits (pattern `[0-9]{25}`), not "up to 25 characters".
Nothing is padded or guessed: a shorter number is refused with what to send instead.
"""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.validators import Regexp

RNTRC_EXEMPT = "ISENTO"
RNTRC_MESSAGE = "RNTRC deve ter 8 dígitos (registro na ANTT) ou ser ISENTO."
TAF_MESSAGE = "TAF (Termo de Autorização de Fretamento da ANTT) deve ter 12 dígitos."
STATE_REGISTRY_MESSAGE = (
    "Número do registro estadual (agência reguladora do estado) deve ter exatamente 25 dígitos."
)


class Rntrc(ma.fields.String):
    """8 digits or `ISENTO`; the literal is accepted in any case and stored upper-case, the
    way the layout spells it (as the IE's `ISENTO`)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        return RNTRC_EXEMPT if text.upper() == RNTRC_EXEMPT else text


def rntrc() -> ma.fields.String:
    return Rntrc(
        allow_none=True,
        validate=Regexp(r"^(?:[0-9]{8}|ISENTO)$", error=RNTRC_MESSAGE),
        metadata={"description": "RNTRC do emitente na ANTT (CT-e rodoviário): 8 dígitos ou "
                  "ISENTO.", "example": "12345678"},
    )  # fmt: skip


def taf() -> ma.fields.String:
    return ma.fields.String(
        allow_none=True,
        validate=Regexp(r"^[0-9]{12}$", error=TAF_MESSAGE),
        metadata={"description": "Termo de Autorização de Fretamento (ANTT) do CT-e OS: 12 "
                  "dígitos."},
    )  # fmt: skip


def state_registry() -> ma.fields.String:
    return ma.fields.String(
        allow_none=True,
        validate=Regexp(r"^[0-9]{25}$", error=STATE_REGISTRY_MESSAGE),
        metadata={"description": "Número do registro estadual do CT-e OS: 25 dígitos."},
    )
