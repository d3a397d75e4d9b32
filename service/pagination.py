"""The one pagination helper: `pagina` (1 to 100,000) or the cursor `apos`, `por_pagina`
(default 20, at most 100), and the period filter (`de`, `ate`) the lists share.

Every list is ordered by one sort key and then its id, both in one direction (newest first
for records with a date). A page is read in two steps: the `(key, id)` pairs of the page from
the list's narrow index (an index-only scan; `pagina` skips its offset there, `apos` starts
right after the cursor's pair), then the page's rows by id. `total` is exact up to
`Settings.list_exact_total` matching rows and the planner's estimate above it
(`total_estimado: true`); see docs/topics/api-conventions.md "Pagination" and
docs/decisions.md.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from itertools import product
from typing import Any

import marshmallow as ma
from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    false,
    func,
    literal,
    or_,
    select,
    tuple_,
    union_all,
)
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement, Executable

from service import runtime
from service.errors import invalid_field
from service.validators import Length, Range

DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
MAX_PAGE = 100_000
"""Highest page number of any list: 100,000 pages of 100 items is more than any account
reads, and keeps the offset far from the 64-bit integers both databases store (a larger
number was an `OverflowError` on SQLite and `bigint out of range` on PostgreSQL). Deeper
than that, `apos` walks on."""

PAGE_NUMBER = Range(min=1, max=MAX_PAGE)
"""The bound of every page-number argument (`pagina`, and `page` of the audit log)."""

CURSOR_VERSION = 1
"""The first member of every cursor; a cursor of another version is refused (422 on `apos`),
so the format can change without a stale cursor being read the wrong way."""
MAX_CURSOR_LENGTH = 400
"""A cursor is about 120 characters (the longest sort keys are register codes of 60)."""
MAX_BRANCHES = 8
"""At most this many index ranges merged for one page (environments × statuses)."""

INVALID_CURSOR = "Cursor inválido: use o valor de `proximo` de uma página desta mesma lista."
BOTH_POSITIONS = "Use `pagina` ou `apos`, não os dois: o cursor já diz onde a página começa."


# -- the cursor ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """What a cursor says: the list (and sort) it belongs to, the sort key and id of the last
    item read, and the ordinal of the page it opens (the answer's `pagina`)."""

    tag: str
    key: Any
    id: str
    pagina: int


def encode_cursor(position: Position) -> str:
    """Opaque to clients: urlsafe base64 (no padding) of `[version, tag, key, id, pagina]`."""
    text = json.dumps(
        [CURSOR_VERSION, position.tag, position.key, position.id, position.pagina],
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return base64.urlsafe_b64encode(text.encode()).rstrip(b"=").decode("ascii")


def decode_cursor(text: str) -> Position:
    """The position a cursor holds; `ValueError` for anything `encode_cursor` did not write."""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        members = json.loads(raw.decode())
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise ValueError(INVALID_CURSOR) from None
    if not (isinstance(members, list) and len(members) == 5):
        raise ValueError(INVALID_CURSOR)
    version, tag, key, item_id, pagina = members
    well_formed = (
        version == CURSOR_VERSION
        and isinstance(tag, str)
        and (key is None or (isinstance(key, str | int) and not isinstance(key, bool)))
        and isinstance(item_id, str)
        and isinstance(pagina, int)
        and not isinstance(pagina, bool)
        and pagina >= 1
    )
    if not well_formed:
        raise ValueError(INVALID_CURSOR)
    return Position(tag, key, item_id, pagina)


class CursorField(ma.fields.String):
    """`apos`: a cursor from a page's `proximo`, loaded as its `Position` (whether it belongs
    to the list it is sent to is checked when the list is read)."""

    LENGTH = Length(min=1, max=MAX_CURSOR_LENGTH)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        self.LENGTH(text)  # on the text: the field's validators would see the Position
        try:
            return decode_cursor(text)
        except ValueError as exc:
            raise ma.ValidationError(str(exc)) from None


def cursor_field() -> CursorField:
    return CursorField(
        metadata={
            "maxLength": MAX_CURSOR_LENGTH,
            "description": "Cursor: o `proximo` da página anterior. A página seguinte começa "
            "logo após o último item lido, mesmo que itens novos tenham chegado. Não use com "
            "`pagina`.",
        },
    )


def one_position(original: Any, page_field: str = "pagina") -> None:
    """`pagina` and `apos` together are refused on `pagina`: the cursor fixes the position,
    and a page number beside it would be silently ignored or contradict it."""
    given = original if hasattr(original, "get") else {}
    present = [given.get(name) not in (None, ma.missing) for name in ("apos", page_field)]
    if all(present):
        raise ma.ValidationError(BOTH_POSITIONS, field_name=page_field)


class PageArgsSchema(ma.Schema):
    """Query arguments shared by every list endpoint."""

    pagina = ma.fields.Integer(load_default=1, validate=PAGE_NUMBER)
    por_pagina = ma.fields.Integer(
        load_default=DEFAULT_PAGE_SIZE, validate=Range(min=1, max=MAX_PAGE_SIZE)
    )
    apos = cursor_field()

    @ma.validates_schema(pass_original=True)
    def _one_position(self, _data: dict[str, Any], original: Any, **_: Any) -> None:
        one_position(original)


# -- the order of a list -------------------------------------------------------------------------


@dataclass(frozen=True)
class Ordering:
    """How one list is ordered: `key`, then `id` as the tiebreak, both descending (newest
    first) or both ascending; `name` tags its cursors, so a cursor of another list or sort is
    refused instead of positioning this one somewhere meaningless. A key that may be empty
    (the issue date of a received document) sorts as if above every value: first when
    descending, last when ascending, on both databases."""

    name: str
    key: Any
    id: Any
    descending: bool = True

    @property
    def tag(self) -> str:
        return f"{self.name}:{self.key.key}"

    @property
    def nullable(self) -> bool:
        return bool(getattr(self.key.expression, "nullable", False))

    def clauses(self, key: Any = None, ident: Any = None) -> tuple[Any, Any]:
        """ORDER BY terms, on the model's columns or on the given ones (a union's)."""
        key, ident = (self.key, self.id) if key is None else (key, ident)
        if self.descending:
            first = key.desc().nulls_first() if self.nullable else key.desc()
            return first, ident.desc()
        return (key.asc().nulls_last() if self.nullable else key.asc()), ident.asc()

    def after(self, position: Position) -> ColumnElement[bool]:
        """The rows after the cursor's item in this order: a row comparison, which both
        databases answer from the index as a range (plus the empty keys, where allowed)."""
        if position.tag != self.tag or (position.key is None and not self.nullable):
            raise invalid_field("apos", INVALID_CURSOR)
        ident = literal(position.id, self.id.type)
        if position.key is None:
            empty = self.key.is_(None)
            if self.descending:
                return or_(and_(empty, self.id < ident), self.key.is_not(None))
            return and_(empty, self.id > ident)
        pair = tuple_(self.key, self.id)
        bound = tuple_(literal(self._key_value(position.key), self.key.type), ident)
        if self.descending:
            return pair < bound
        return or_(pair > bound, self.key.is_(None)) if self.nullable else pair > bound

    @property
    def _key_type(self) -> type:
        kind = self.key.type
        return getattr(kind, "impl_instance", kind).python_type  # type: ignore[no-any-return]

    def _key_value(self, raw: Any) -> Any:
        """The sort key as stored: a date-time key travels as ISO 8601 with its offset."""
        if self._key_type is datetime:
            try:
                moment = datetime.fromisoformat(raw) if isinstance(raw, str) else None
            except ValueError:
                moment = None
            if moment is None or moment.tzinfo is None:
                raise invalid_field("apos", INVALID_CURSOR)
            return moment
        if not isinstance(raw, self._key_type):
            raise invalid_field("apos", INVALID_CURSOR)
        return raw

    def position(self, key: Any, ident: str, pagina: int) -> str:
        shown = key.isoformat() if isinstance(key, datetime) else key
        return encode_cursor(Position(self.tag, shown, ident, pagina))


@dataclass(frozen=True)
class Among:
    """A filter of a column within a few values (a key's environments, the statuses one
    `status` stands for). On PostgreSQL each value is its own index range and the ranges are
    merged in the list's order; an `IN` would make the index unable to give that order."""

    column: Any
    values: Sequence[Any]

    def clause(self) -> ColumnElement[bool]:
        if len(self.values) == 1:
            equal: ColumnElement[bool] = self.column == self.values[0]
            return equal  # an equality keeps the index's order
        return self.column.in_(list(self.values)) if self.values else false()


# -- a page --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    itens: list[Any]
    total: int
    pagina: int
    por_pagina: int
    proximo: str | None = None
    """The cursor of the next page; None on the last one."""
    total_estimado: bool = False
    """`total` is the planner's estimate (the exact count was above the limit)."""

    def envelope(self, items_key: str = "itens") -> dict[str, Any]:
        return {
            "total": self.total,
            "total_estimado": self.total_estimado,
            "pagina": self.pagina,
            "por_pagina": self.por_pagina,
            "proximo": self.proximo,
            items_key: self.itens,
        }

    def rendered(self, items: list[Any]) -> Page:
        """The same page with its items rendered for the answer."""
        return replace(self, itens=items)


def paginate(
    session: Session,
    query: Select[Any],
    args: dict[str, Any],
    order: Ordering,
    *,
    among: Sequence[Among] = (),
    guard: Sequence[ColumnElement[bool]] = (),
) -> Page:
    """One page of `query` (filters only; the order is `order`'s) at `pagina` or after the
    cursor `apos`. `guard` holds conditions that are true by construction of the filters
    (the account of a company's records): checked on the page's rows only, since a column
    outside the list's index would cost a table visit per row skipped."""
    size = args["por_pagina"]
    position: Position | None = args.get("apos")
    scan = _Scan(session, query, order, among)
    if position is not None:
        pagina, pairs = position.pagina, scan.pairs(size + 1, after=order.after(position))
    else:
        pagina = args["pagina"]
        pairs = scan.pairs(size + 1, offset=(pagina - 1) * size)
    more = len(pairs) > size
    pairs = pairs[:size]
    items = _rows(session, scan.filtered.where(*guard), order, [p[1] for p in pairs])
    proximo = order.position(*pairs[-1], pagina + 1) if more and pairs else None
    total, estimated = _total(scan, position is None, pagina, size, len(pairs), more)
    return Page(items, total, pagina, size, proximo, estimated)


def _total(
    scan: _Scan, numbered: bool, pagina: int, size: int, read: int, more: bool
) -> tuple[int, bool]:
    """What the page itself proves, then a count or an estimate within it: a numbered page
    that reached the end knows the total; a page with items proves at least those before
    and on it; an empty numbered page past the end proves the total is below its offset."""
    skipped = (pagina - 1) * size if numbered else 0
    if numbered and not more and (read or pagina == 1):
        return skipped + read, False
    floor = skipped + read + int(more) if read else 0
    ceiling = skipped if numbered and not read else None
    return scan.total(runtime.current().settings.list_exact_total, floor, ceiling)


def _rows(session: Session, query: Select[Any], order: Ordering, ids: list[str]) -> list[Any]:
    """The page's rows in the order their ids were read."""
    if not ids:
        return []
    rows = session.execute(query.where(order.id.in_(ids))).scalars()
    found = {getattr(row, order.id.key): row for row in rows}
    return [found[i] for i in ids if i in found]


class _Scan:
    """The narrow reads of one list: `(key, id)` pairs and counts, split into one index range
    per combination of the `Among` values on PostgreSQL."""

    def __init__(
        self, session: Session, query: Select[Any], order: Ordering, among: Sequence[Among]
    ) -> None:
        self.session = session
        self.order = order
        self.filtered = query.where(*(a.clause() for a in among))
        narrow = query.with_only_columns(order.key.label("k"), order.id.label("i"))
        combinations = list(product(*(a.values for a in among)))
        split = self._splits(len(combinations))
        self.branches = (
            [narrow.where(and_(*(a.column == v for a, v in zip(among, values, strict=True))))
             for values in combinations]
            if split else [narrow.where(*(a.clause() for a in among))]
        )  # fmt: skip

    def _splits(self, combinations: int) -> bool:
        bind = self.session.get_bind()
        return bind.dialect.name == "postgresql" and 1 < combinations <= MAX_BRANCHES

    def pairs(
        self, limit: int, *, offset: int = 0, after: ColumnElement[bool] | None = None
    ) -> list[tuple[Any, str]]:
        branches = [b.where(after) if after is not None else b for b in self.branches]
        if len(branches) == 1:
            statement = branches[0].order_by(*self.order.clauses())
        else:
            merged = union_all(*(b.order_by(*self.order.clauses()) for b in branches)).subquery()
            statement = select(merged.c.k, merged.c.i).order_by(
                *self.order.clauses(merged.c.k, merged.c.i)
            )
        rows = self.session.execute(statement.limit(limit).offset(offset or None)).all()
        return [(row[0], row[1]) for row in rows]

    def _union(self) -> Select[Any]:
        if len(self.branches) == 1:
            return self.branches[0]
        merged = union_all(*self.branches).subquery()
        return select(merged.c.k, merged.c.i)

    def total(self, limit: int, floor: int, ceiling: int | None) -> tuple[int, bool]:
        """Exact up to `limit` rows (an index-only count stopped there); above it, on
        PostgreSQL, the planner's estimate of the whole list kept within what the page proved
        (`floor` to `ceiling`). A page that proved more than `limit` rows counts nothing."""
        rows = self._union()
        if self.session.get_bind().dialect.name != "postgresql":
            count = select(func.count()).select_from(rows.subquery())
            return int(self.session.execute(count).scalar_one()), False
        if floor <= limit:
            bounded = select(func.count()).select_from(rows.limit(limit + 1).subquery())
            counted = int(self.session.execute(bounded).scalar_one())
            if counted <= limit:
                return counted, False
        estimate = max(self._estimate(rows), limit + 1, floor)
        return (min(estimate, ceiling) if ceiling is not None else estimate), True

    def _estimate(self, rows: Select[Any]) -> int:
        plan = self.session.connection().execute(Explain(rows)).scalar_one()
        if isinstance(plan, str):
            plan = json.loads(plan)
        return int(plan[0]["Plan"]["Plan Rows"])


class Explain(Executable, ClauseElement):
    """`EXPLAIN (FORMAT JSON)` of a statement: the planner's row estimate, nothing run."""

    inherit_cache = False

    def __init__(self, statement: Select[Any]) -> None:
        self.statement = statement


@compiles(Explain, "postgresql")
def _explain(element: Explain, compiler: SQLCompiler, **kw: Any) -> str:
    return "EXPLAIN (FORMAT JSON) " + compiler.process(element.statement, **kw)


# -- the period filter -----------------------------------------------------------------------------


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

    total = ma.fields.Integer(
        metadata={"description": "Itens que atendem aos filtros: exato até o limite de "
                  "contagem (10.000 por padrão); acima dele, estimado (`total_estimado`)."}
    )  # fmt: skip
    total_estimado = ma.fields.Boolean(
        metadata={"description": "`total` é uma estimativa (a contagem exata passaria do "
                  "limite)."}
    )  # fmt: skip
    pagina = ma.fields.Integer()
    por_pagina = ma.fields.Integer()
    proximo = ma.fields.String(
        allow_none=True,
        metadata={"description": "Cursor da página seguinte (envie como `apos`); nulo na "
                  "última página."},
    )  # fmt: skip
