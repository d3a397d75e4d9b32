"""The one pagination helper: `pagina` (1 to 100,000), `por_pagina` (default 20, at most 100),
and the period filter (`de`, `ate`) the lists share."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import marshmallow as ma
from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from service.validators import Range

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
MAX_PAGE = 100_000
"""Highest page number of any list: 100,000 pages of 100 items is more than any account
reads, and keeps the offset far from the 64-bit integers both databases store (a larger
number was an `OverflowError` on SQLite and `bigint out of range` on PostgreSQL)."""

PAGE_NUMBER = Range(min=1, max=MAX_PAGE)
"""The bound of every page-number argument (`pagina`, and `page` of the audit log)."""


class PageArgsSchema(ma.Schema):
    """Query arguments shared by every list endpoint."""

    pagina = ma.fields.Integer(load_default=1, validate=PAGE_NUMBER)
    por_pagina = ma.fields.Integer(
        load_default=DEFAULT_PAGE_SIZE, validate=Range(min=1, max=MAX_PAGE_SIZE)
    )


@dataclass(frozen=True)
class Page:
    itens: list[Any]
    total: int
    pagina: int
    por_pagina: int

    def envelope(self, items_key: str = "itens") -> dict[str, Any]:
        return {
            "total": self.total,
            "pagina": self.pagina,
            "por_pagina": self.por_pagina,
            items_key: self.itens,
        }


def paginate(session: Session, query: Select[Any], pagina: int, por_pagina: int) -> Page:
    """Count and slice one query; the caller renders the items."""
    total = session.execute(select(func.count()).select_from(query.subquery())).scalar_one()
    rows = session.execute(query.limit(por_pagina).offset((pagina - 1) * por_pagina)).scalars()
    return Page(list(rows), int(total), pagina, por_pagina)


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def within_period(query: Select[Any], column: Any, args: dict[str, Any]) -> Select[Any]:
    """The `de` / `ate` filters (AAAA-MM-DD, both days included, UTC) every list shares."""
    if args.get("de"):
        query = query.where(column >= _midnight(args["de"]))
    if args.get("ate"):
        query = query.where(column < _midnight(args["ate"] + timedelta(days=1)))
    return query


class PageSchema(ma.Schema):
    """The members of a page answer (`Page.envelope`), for the OpenAPI document; a list's
    schema adds its items (`itens`)."""

    total = ma.fields.Integer()
    pagina = ma.fields.Integer()
    por_pagina = ma.fields.Integer()
