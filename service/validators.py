"""Validators shared by request schemas, with the messages API users read (Portuguese).

Every schema uses `Length`, `Range`, `OneOf` and `Regexp` from here, never marshmallow's own
(whose messages are English); a test walks every schema to keep it so.

Decimal bounds are plain functions rather than `marshmallow.validate.Range`: apispec renders
a Decimal field's Range bounds as strings, which makes the OpenAPI document invalid.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import marshmallow as ma


def decimal_between(low: str, high: str) -> Callable[[Decimal], None]:
    """Accept `low <= value <= high` (both inclusive)."""
    lo, hi = Decimal(low), Decimal(high)

    def check(value: Decimal) -> None:
        if not lo <= value <= hi:
            raise ma.ValidationError(f"Deve estar entre {low} e {high}.")

    return check


class Length(ma.validate.Length):
    """Length of a text (characters) or a list (items)."""

    message_min = "Informe no mínimo {min} {unit}."
    message_max = "Informe no máximo {max} {unit}."
    message_all = "Informe de {min} a {max} {unit}."
    message_equal = "Informe exatamente {equal} {unit}."

    def _format_error(self, value: Any, message: str) -> str:
        unit = "caracteres" if isinstance(value, str) else "itens"
        text = self.error or message
        return text.format(input=value, min=self.min, max=self.max, equal=self.equal, unit=unit)


class Range(ma.validate.Range):
    """Numeric bounds; both inclusive read "entre 1 e 100"."""

    message_min = "Deve ser {min_op} {{min}}."
    message_max = "Deve ser {max_op} {{max}}."
    message_all = "Deve ser {min_op} {{min}} e {max_op} {{max}}."
    message_gte = "maior ou igual a"
    message_gt = "maior que"
    message_lte = "menor ou igual a"
    message_lt = "menor que"

    def __init__(self, min: Any = None, max: Any = None, **kwargs: Any) -> None:
        super().__init__(min, max, **kwargs)
        if self.min_inclusive and self.max_inclusive:
            self.message_all = "Deve estar entre {min} e {max}."


class OneOf(ma.validate.OneOf):
    default_message = "Use um destes valores: {choices}."


class Regexp(ma.validate.Regexp):
    """A pattern; the message says the expected shape in words (a regex says nothing to users)."""

    def __init__(self, regex: str, *, error: str) -> None:
        super().__init__(regex, error=error)


# -- text ----------------------------------------------------------------------------------

_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Never accepted in any text: C0 control characters other than TAB, LF and CR, lone
surrogates and the non-characters U+FFFE/U+FFFF — what XML 1.0 cannot carry and PostgreSQL
cannot store (NUL)."""

_NOT_LAYOUT = re.compile("[^\x20-\xff]")
"""Text printed in a fiscal XML is the layouts' `TString` (`[!-ÿ]{1}[ -ÿ]{0,}[!-ÿ]{1}`, NF-e
`tiposBasico_v4.00.xsd`): U+0020 to U+00FF, without spaces at either end."""


def _describe(char: str) -> str:
    return f"U+{ord(char):04X}"


def text_problem(text: str) -> str | None:
    """Why `text` cannot be accepted anywhere (body, key or query string), or None."""
    found = _NOT_TEXT.search(text)
    if found is None:
        return None
    return (
        f"Caractere não permitido ({_describe(found.group())}) na posição {found.start() + 1}: "
        "remova caracteres de controle (só tabulação e quebra de linha são aceitas em texto "
        "livre) e caracteres Unicode incompletos."
    )


def layout_text(value: str) -> None:
    """Text the fiscal layouts print (`TString`): U+0020..U+00FF, no spaces at the ends."""
    found = _NOT_LAYOUT.search(value)
    if found is not None:
        raise ma.ValidationError(
            f"Caractere não aceito nos documentos fiscais ({_describe(found.group())}) na "
            f"posição {found.start() + 1}: use letras, números e símbolos até U+00FF, sem "
            "tabulação nem quebra de linha."
        )
    if value != value.strip(" "):
        raise ma.ValidationError("Retire os espaços do início e do fim.")


PHONE = "Telefone: de 6 a 14 dígitos, só números (DDD incluído)."


def fiscal_text(low: int | None, high: int, **kwargs: Any) -> ma.fields.String:
    """A text field printed in fiscal XML: its length and the layouts' characters."""
    return ma.fields.String(validate=[Length(min=low, max=high), layout_text], **kwargs)
