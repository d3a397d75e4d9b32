"""`service.db.transaction`: one unit of work, committed on success; a session that did
nothing commits nothing (issue 19: the acceptance's and the answer's sessions when each was
one autocommitted statement)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from service import db


class _Base(DeclarativeBase):
    pass


class Note(_Base):
    __tablename__ = "transaction_notes"
    id: Mapped[int] = mapped_column(primary_key=True)
    text: Mapped[str] = mapped_column(sa.String(20))


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[sa.orm.sessionmaker[Session]]:
    engine = db.make_engine(f"sqlite:///{tmp_path / 'notes.db'}")
    _Base.metadata.create_all(engine)
    yield db.make_session_factory(engine)
    engine.dispose()


def _commits(sessions: sa.orm.sessionmaker[Session]) -> list[Session]:
    seen: list[Session] = []
    sa.event.listen(sessions, "after_commit", seen.append)
    return seen


def test_a_session_that_did_nothing_commits_nothing(sessions) -> None:
    commits = _commits(sessions)
    with db.transaction(sessions) as session:
        session.info["looked at"] = True  # no statement, no object
    assert commits == []


def test_work_is_committed(sessions) -> None:
    commits = _commits(sessions)
    with db.transaction(sessions) as session:
        session.add(Note(id=1, text="um"))
    with db.transaction(sessions) as session:
        assert session.get(Note, 1).text == "um"
    assert len(commits) == 2  # the read's transaction ends with a commit too


def test_a_change_after_an_inner_commit_is_committed(sessions) -> None:
    """A session that committed inside the block and then changed an object it holds has no
    transaction open, yet a change to write: it is committed."""
    with db.transaction(sessions) as session:
        note = Note(id=2, text="antes")
        session.add(note)
        session.commit()
        note.text = "depois"
    with db.transaction(sessions) as session:
        assert session.get(Note, 2).text == "depois"


def test_reads_apart_end_with_their_block(sessions) -> None:
    """Issue 41: a clean session's reads are committed at the end of `read_apart`; what they
    loaded stays usable."""
    with db.transaction(sessions) as session:
        session.add(Note(id=1, text="um"))
    commits = _commits(sessions)
    with db.transaction(sessions) as session:
        with db.read_apart(session):
            note = session.get(Note, 1)
        assert not db.holds_connection(session)
        assert note.text == "um"
    assert len(commits) == 1


def test_reads_apart_stay_in_a_transaction_the_caller_began(sessions) -> None:
    """A session that read before, holds a change, or whose caller began its transaction keeps
    the block's reads in it: committing them would commit the caller's work or end its
    `begin()` block."""
    with db.transaction(sessions) as session:
        session.add(Note(id=1, text="um"))
    with db.transaction(sessions) as session:
        session.get(Note, 1)
        with db.read_apart(session):
            session.execute(sa.select(Note.text)).all()
        assert db.holds_connection(session)
    with db.transaction(sessions) as session:
        session.add(Note(id=2, text="dois"))
        with db.read_apart(session):
            session.execute(sa.select(Note.text)).all()  # autoflushes the pending note
        assert db.holds_connection(session)
        session.rollback()
        assert session.get(Note, 2) is None
    session = sessions()
    with session.begin():
        with db.read_apart(session):
            session.get(Note, 1)
        assert db.holds_connection(session)
    session.close()
