"""Document numbers: taken from a per-(company, model, series, environment) counter by one
atomic `UPDATE ... SET proximo = proximo + 1 ... RETURNING`, in a short transaction that records
the order that owns the number (`acceptance.claim`). The counter's row lock lasts from that
statement to the commit right after it: never across signing or the authority call, so one
company's concurrent orders queue on it for a fraction of a millisecond each.

A voided range (inutilização) may lie ahead of the counter (a company migrating from another
system, a damaged form range): the counter is not moved past it, since the numbers before it
are still to be used; instead, numbering under the row lock jumps over any range that is, or
may be, voided when it reaches it. Such a range is never handed out.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table, and_, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.issuance.models import NumberSequence, NumberVoiding

SEQUENCES: Table = NumberSequence.__table__  # type: ignore[assignment]

MAX_NUMBER = 999_999_999
"""nNF has at most nine digits (layout 4.00)."""


VOIDING_HOLDS = frozenset({"PROCESSANDO", "PENDENTE", "HOMOLOGADA"})
"""Statuses of an inutilização (`service/nfe/voiding.py`) whose numbers are, or may be, voided
at the authority."""

ALREADY_VOIDED = frozenset({"206", "256", "563"})
"""Rejections saying the numbers are voided already: the range stays held."""


class NumbersExhausted(Exception):
    """The series reached 999.999.999: a new series must be configured."""


def _locked(
    session: Session, company_id: str, modelo: str, serie: int, ambiente: str
) -> NumberSequence:
    query = (
        select(NumberSequence)
        .where(
            NumberSequence.company_id == company_id,
            NumberSequence.modelo == modelo,
            NumberSequence.serie == serie,
            NumberSequence.ambiente == ambiente,
        )
        .with_for_update()
    )
    row = session.execute(query).scalar_one_or_none()
    if row is not None:
        return row
    try:
        with session.begin_nested():
            session.add(
                NumberSequence(
                    company_id=company_id, modelo=modelo, serie=serie, ambiente=ambiente, proximo=1
                )
            )
    except IntegrityError:
        pass  # another transaction created it first; its row lock orders us behind it
    return session.execute(query).scalar_one()


def _held_voiding_end(key: tuple[Any, Any, Any, Any], numero: Any) -> Any:
    """SQL: the end of a held voided range containing `numero` (NULL when none does)."""
    company_id, modelo, serie, ambiente = key
    return (
        select(func.max(NumberVoiding.numero_final))
        .where(
            NumberVoiding.company_id == company_id,
            NumberVoiding.modelo == modelo,
            NumberVoiding.serie == serie,
            NumberVoiding.ambiente == ambiente,
            NumberVoiding.numero_inicial <= numero,
            NumberVoiding.numero_final >= numero,
            or_(
                NumberVoiding.status.in_(VOIDING_HOLDS),
                and_(
                    NumberVoiding.status == "REJEITADA",
                    NumberVoiding.sefaz_code.in_(ALREADY_VOIDED),
                ),
            ),
        )
        .scalar_subquery()
    )


def take_statement(company_id: Any, modelo: Any, serie: Any, ambiente: Any) -> Any:
    """SQL: `UPDATE ... SET proximo = proximo + 1 ... RETURNING numero, voided_end` (the number
    taken, and the end of a held voided range it falls in, NULL when none)."""
    key = (company_id, modelo, serie, ambiente)
    counter = SEQUENCES.c
    taken = counter.proximo - 1
    return (
        update(SEQUENCES)  # the table, not the entity: no ORM bookkeeping on the hot path
        .where(
            counter.company_id == company_id,
            counter.modelo == modelo,
            counter.serie == serie,
            counter.ambiente == ambiente,
        )
        .values(proximo=counter.proximo + 1)
        .returning(taken.label("numero"), _held_voiding_end(key, taken).label("voided_end"))
    )


def take_number(session: Session, company_id: str, modelo: str, serie: int, ambiente: str) -> int:
    """The next free number in one statement: the increment and the check that the number
    taken is not voided travel together (`RETURNING` with a subquery, on PostgreSQL and
    SQLite alike). A number inside a held voided range (rare) falls back to
    `allocate_number` under the row lock the statement already holds; a counter not yet
    created is created first. The caller commits right after."""
    statement = take_statement(company_id, modelo, serie, ambiente)
    row = session.connection().execute(statement).one_or_none()
    if row is None or row[1] is not None:
        return allocate_number(session, company_id, modelo, serie, ambiente)
    numero: int = row[0]
    if numero > MAX_NUMBER:
        raise NumbersExhausted(f"série {serie} do modelo {modelo} esgotada")
    return numero


def allocate_number(
    session: Session, company_id: str, modelo: str, serie: int, ambiente: str
) -> int:
    """The next free number; the caller's transaction keeps the row locked until it commits."""
    row = _locked(session, company_id, modelo, serie, ambiente)
    numero = first_free(session, (company_id, modelo, serie, ambiente), row.proximo)
    if numero > MAX_NUMBER:
        raise NumbersExhausted(f"série {serie} do modelo {modelo} esgotada")
    row.proximo = numero + 1
    return numero


def lock_sequence(session: Session, company_id: str, modelo: str, serie: int, ambiente: str) -> int:
    """Lock the sequence row (until the transaction ends) and answer the next number."""
    return _locked(session, company_id, modelo, serie, ambiente).proximo


def first_free(session: Session, key: tuple[str, str, int, str], numero: int) -> int:
    """`numero`, or the first number after the held voided ranges it falls into."""
    while (end := _held_range_end(session, key, numero)) is not None:
        numero = end + 1
    return numero


def _held_range_end(session: Session, key: tuple[str, str, int, str], numero: int) -> int | None:
    end: int | None = session.execute(select(_held_voiding_end(key, numero))).scalar()
    return end


def skip_voided(
    session: Session,
    company_id: str,
    modelo: str,
    serie: int,
    ambiente: str,
    *,
    first: int,
    last: int,
) -> None:
    """Move the counter past a voided range that reaches it; a range ahead of it is jumped
    over by `allocate_number` when reached (the numbers before it stay usable)."""
    row = _locked(session, company_id, modelo, serie, ambiente)
    if first <= row.proximo:
        row.proximo = max(row.proximo, last + 1)


def give_back(
    session: Session,
    company_id: str,
    modelo: str,
    serie: int,
    ambiente: str,
    *,
    last: int,
    previous_next: int,
) -> None:
    """Undo `skip_voided` for a refused range, only if no number was allocated since."""
    row = _locked(session, company_id, modelo, serie, ambiente)
    if row.proximo == last + 1:
        row.proximo = min(row.proximo, previous_next)


def next_number(session: Session, company_id: str, modelo: str, serie: int, ambiente: str) -> int:
    """The number the next order would get (read only; held voided ranges jumped over)."""
    query = select(NumberSequence.proximo).where(
        NumberSequence.company_id == company_id,
        NumberSequence.modelo == modelo,
        NumberSequence.serie == serie,
        NumberSequence.ambiente == ambiente,
    )
    proximo = session.execute(query).scalar_one_or_none() or 1
    return first_free(session, (company_id, modelo, serie, ambiente), proximo)
