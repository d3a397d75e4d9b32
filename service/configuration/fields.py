"""marshmallow fields and helpers shared by the configuration and register schemas.

Brazilian identifiers are normalized while loading, so a view only ever sees digits-only,
checked values; a failure becomes `error.errors[].field` like any other validation error.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

import marshmallow as ma

from service.brazil.errors import InvalidIdentifier
from service.errors import invalid_field
from service.validators import Regexp, decimal_between

RATE_RANGE = decimal_between("0", "100")


class Normalized(ma.fields.String):
    """A string passed through a `service.brazil` normalizer (CNPJ, CPF, GTIN, CEP, UF)."""

    def __init__(self, normalizer: Callable[[str], str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.normalizer = normalizer

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return self.normalizer(text)
        except InvalidIdentifier as exc:
            raise ma.ValidationError(str(exc)) from None


def digits(length: int, name: str) -> ma.fields.String:
    """A code of exactly `length` digits (NCM 8, CFOP 4, cClassTrib 6...)."""
    pattern = f"^[0-9]{{{length}}}$"
    message = f"{name} deve ter {length} dígitos."
    return ma.fields.String(validate=Regexp(pattern, error=message), allow_none=True)


def rate() -> ma.fields.Decimal:
    """A rate in percent, 0 to 100, as a decimal (strings accepted, floats never produced)."""
    return ma.fields.Decimal(validate=RATE_RANGE, allow_none=True, as_string=True)


def flag() -> ma.fields.Boolean:
    return ma.fields.Boolean(allow_none=True)


class CompanySelector(ma.Schema):
    """`empresa` / `empresa_id` may come in the body; the resolver reads them."""

    empresa = ma.fields.String(load_only=True)
    empresa_id = ma.fields.String(load_only=True)


def without_selector(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in ("empresa", "empresa_id")}


field_error = invalid_field
"""The one-field 422 (kept under this name for the configuration modules)."""


def plain(value: Any) -> Any:
    """JSON-safe form for audit entries and JSON columns (Decimal and dates as text)."""
    if isinstance(value, Decimal):
        return str(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return value


RETAINED_ST_MONEY = decimal_between("0", "9999999999999.99")


class RetainedStSchema(ma.Schema):
    """ICMS-ST withheld at an earlier stage (CST 60 / CSOSN 500), as the NF-e writes it:
    vBCSTRet, pST, vICMSSubstituto, vICMSSTRet. The same fields on an NF-e item (the line's
    values) and on the product register (per unit, multiplied by the quantity): issue 36."""

    base = ma.fields.Decimal(required=True, validate=RETAINED_ST_MONEY,
                             metadata={"description": "vBCSTRet: base do ST retido."})  # fmt: skip
    aliquota = ma.fields.Decimal(required=True, validate=RATE_RANGE,
                                 metadata={"description": "pST: alíquota suportada pelo "
                                           "consumidor final (ICMS-ST + FCP-ST), %."})  # fmt: skip
    valor_substituto = ma.fields.Decimal(
        validate=RETAINED_ST_MONEY,
        metadata={"description": "vICMSSubstituto: ICMS próprio do substituto."},
    )
    valor = ma.fields.Decimal(required=True, validate=RETAINED_ST_MONEY,
                              metadata={"description": "vICMSSTRet: ICMS-ST retido."})  # fmt: skip
