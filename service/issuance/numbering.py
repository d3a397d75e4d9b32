"""Document numbers: taken from a per-(company, model, series, environment) counter under a row
lock, in the same transaction that records the order that owns the number."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from service.issuance.models import NumberSequence

MAX_NUMBER = 999_999_999
"""nNF has at most nine digits (layout 4.00)."""


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


def allocate_number(
    session: Session, company_id: str, modelo: str, serie: int, ambiente: str
) -> int:
    """The next free number; the caller's transaction keeps the row locked until it commits."""
    row = _locked(session, company_id, modelo, serie, ambiente)
    numero = row.proximo
    if numero > MAX_NUMBER:
        raise NumbersExhausted(f"série {serie} do modelo {modelo} esgotada")
    row.proximo = numero + 1
    return numero


def lock_sequence(session: Session, company_id: str, modelo: str, serie: int, ambiente: str) -> int:
    """Lock the sequence row (until the transaction ends) and answer the next number."""
    return _locked(session, company_id, modelo, serie, ambiente).proximo


def skip_voided(
    session: Session, company_id: str, modelo: str, serie: int, ambiente: str, last: int
) -> None:
    """After an inutilização, never hand out a number of the voided range."""
    row = _locked(session, company_id, modelo, serie, ambiente)
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
    """The number the next order would get (read only)."""
    query = select(NumberSequence.proximo).where(
        NumberSequence.company_id == company_id,
        NumberSequence.modelo == modelo,
        NumberSequence.serie == serie,
        NumberSequence.ambiente == ambiente,
    )
    return session.execute(query).scalar_one_or_none() or 1
