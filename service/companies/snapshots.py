"""The request's company without loading its whole row through the ORM (issue 19).

Every request resolves its company, and the company row is wide (about fifty columns): read
as an ORM entity it cost about a tenth of an issuance's CPU. On PostgreSQL the resolution
reads only the candidates' ids and their row version (`xmin`, which every write to the row
changes, whatever statement makes it) and takes the row's values from a per-process cache
keyed by (id, version); a row version not seen yet is read once, whole.

Each request gets its own `Company` instance, persistent in its session and built from the
cached values (JSON values copied), so a request that edits its company changes nothing
another request sees, and the ORM writes the edit as it would for a loaded row. An instance
of the company already in the session is answered as is, as an ORM read would.

Other databases (the embedded SQLite) read the entity as before: they have no `xmin`.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import bindparam, literal_column, select, true
from sqlalchemy.orm import Session
from sqlalchemy.orm.util import identity_key

from service import compiled
from service.accounts.models import ApiKey
from service.companies.models import Company
from service.companies.revision import MISS, RevisionCache
from service.db import loaded

ROWS: RevisionCache[Mapping[str, Any]] = RevisionCache("company rows", max_entries=2048)
"""(company id, row version) -> the row's values by attribute name."""

ONLY = "only"
BY_ID = "id"
BY_CODE = "codigo"
BY_BOTH = "both"


def supported(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def _version() -> Any:
    return literal_column("companies.xmin::text").label("versao")


@functools.cache
def _candidates_statement(by: str) -> Any:
    """Built once per process: (id, version) of the account's companies the selector
    names; `ONLY`: its first two active companies (one means "the only one")."""
    return _candidates(by, bindparam("p_account"), select(Company.__table__.c.id, _version()))


@functools.cache
def candidates_lateral(by: str) -> Any:
    """`_candidates_statement(by)` as a `LATERAL` subquery of the key's lookup
    (`service.auth.Companion`): the key's account's companies, labelled `empresa_id` and
    `empresa_versao`."""
    c = Company.__table__.c
    columns = select(c.id.label("empresa_id"), _version().element.label("empresa_versao"))
    return _candidates(by, ApiKey.__table__.c.account_id, columns).lateral("candidata")


def _candidates(by: str, account: Any, columns: Any) -> Any:
    c = Company.__table__.c
    query = columns.where(c.account_id == account)
    if by == ONLY:
        return query.where(c.ativo.is_(true())).order_by(c.created_at).limit(2)
    if by in (BY_ID, BY_BOTH):
        query = query.where(c.id == bindparam("p_id"))
    if by in (BY_CODE, BY_BOTH):
        query = query.where(c.codigo == bindparam("p_codigo"))
    return query


@functools.cache
def _columns() -> tuple[tuple[str, Any], ...]:
    """(attribute name, column) of every mapped column of `Company`."""
    from sqlalchemy import inspect

    return tuple((prop.key, prop.columns[0]) for prop in inspect(Company).column_attrs)


@functools.cache
def _row_statement() -> Any:
    columns = [column.label(name) for name, column in _columns()]
    return select(*columns, _version()).where(Company.__table__.c.id == bindparam("p_id"))


def _values(session: Session, company_id: str, version: str) -> Mapping[str, Any] | None:
    """The row's values at `version`: cached, or read now (and cached under the version read,
    which a concurrent write may have moved past the one asked for)."""
    cached = ROWS.get((company_id, version))
    if cached is not MISS:
        return cached  # type: ignore[return-value]
    row = compiled.read(session, _row_statement(), {"p_id": company_id}).mapping()
    if row is None:
        return None
    values = {name: row[name] for name, _ in _columns()}
    ROWS.put((company_id, row["versao"]), values)
    return values


def _instance(session: Session, values: Mapping[str, Any]) -> Company:
    """A `Company` of `session` holding `values` as its loaded state (no SQL)."""
    known = session.identity_map.get(identity_key(Company, values["id"]))
    if known is not None:
        return known  # type: ignore[no-any-return]
    fresh = {k: copy.deepcopy(v) if isinstance(v, list | dict) else v for k, v in values.items()}
    company = loaded(Company, fresh)
    session.add(company)
    return company


def selector_params(**selector: str | None) -> dict[str, Any]:
    """The candidates' statement's parameters for a selector (`id`, `codigo`)."""
    return {f"p_{name}": value for name, value in selector.items() if value is not None}


def resolve(
    session: Session,
    account_id: str,
    by: str,
    candidates: Iterable[tuple[str, str]] | None = None,
    **selector: str | None,
) -> list[Company]:
    """The account's companies `by` selects (PostgreSQL only, see `supported`): `ONLY`, up to
    two active ones; otherwise the one the id and/or code names, active or not. `candidates`:
    their (id, version) already read with the key (`candidates_lateral`)."""
    if candidates is None:
        params = {"p_account": account_id, **selector_params(**selector)}
        candidates = compiled.read(session, _candidates_statement(by), params)
    found = []
    for company_id, version in candidates:
        values = _values(session, company_id, version)
        if values is not None:
            found.append(_instance(session, values))
    return found
