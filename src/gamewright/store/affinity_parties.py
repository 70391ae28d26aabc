"""Stored Affinity parties: a roster of stored characters, the party's day and sessions, and its adventure log.

The characters' sheets stay records of their own (``app.affinity_sheets``); a party names them. Every change to a
party and the log lines it writes happen in one locking transaction (``edit_party``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from gamewright.core.errors import Conflict, NotFound
from gamewright.store.db import session_scope
from gamewright.store.models import Base
from gamewright.store.records import _searchable


def _now() -> datetime:
    return datetime.now(UTC)


class AffinityParty(Base):
    __tablename__ = "affinity_parties"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    members: Mapped[list[str]] = mapped_column(JSON)
    day: Mapped[int] = mapped_column(Integer)
    sessions: Mapped[int] = mapped_column(Integer)  # how many sessions have begun
    session_open: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)


class AffinityPartyLog(Base):
    """One entry of a party's adventure log: a fight, journey, task, chase, rest, day, session or roster change."""

    __tablename__ = "affinity_party_log"
    __table_args__ = (UniqueConstraint("party_id", "seq", name="uq_affinity_party_log_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    party_id: Mapped[int] = mapped_column(ForeignKey("affinity_parties.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    session: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: between sessions
    day: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(20))
    text: Mapped[str] = mapped_column(Text)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass
class Party:
    """A party as the commands see it; ``session`` is the open session's number (None between sessions)."""

    name: str
    members: list[str]
    day: int = 1
    sessions: int = 0
    session_open: bool = False
    entries: list[dict[str, Any]] = field(default_factory=list)  # log entries added in this transaction

    @property
    def session(self) -> int | None:
        return self.sessions if self.session_open else None

    def log(self, kind: str, text: str, data: dict[str, Any] | None = None) -> None:
        """Add an entry to the adventure log, stamped with the party's session and day as they are now."""
        self.entries.append({"session": self.session, "day": self.day, "kind": kind, "text": text,
                             "data": data or {}})

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "members": list(self.members), "day": self.day, "sessions": self.sessions,
                "session": self.session}


def _missing(name: str) -> NotFound:
    return NotFound(f"no Affinity party named {name!r}; see `gamewright affinity party list`")


def _party(row: AffinityParty) -> Party:
    return Party(row.name, list(row.members), row.day, row.sessions, row.session_open)


def _write_entries(session: Any, party_id: int, entries: list[dict[str, Any]]) -> None:
    seq = session.scalar(select(func.max(AffinityPartyLog.seq)).where(AffinityPartyLog.party_id == party_id)) or 0
    for i, entry in enumerate(entries, seq + 1):
        session.add(AffinityPartyLog(party_id=party_id, seq=i, **entry))


def create_party(party: Party) -> None:
    """Store a new party with the log entries it carries; refuses a name already taken."""
    try:
        with session_scope() as session:
            if session.scalar(select(AffinityParty.id).where(AffinityParty.name == party.name)) is not None:
                raise Conflict(f"an Affinity party named {party.name!r} already exists; choose another name")
            row = AffinityParty(name=party.name, members=party.members, day=party.day, sessions=party.sessions,
                                session_open=party.session_open)
            session.add(row)
            session.flush()
            _write_entries(session, row.id, party.entries)
    except IntegrityError as exc:
        raise Conflict(f"an Affinity party named {party.name!r} already exists; choose another name") from exc


def get_party(name: str) -> Party:
    if not _searchable(name):
        raise _missing(name)
    with session_scope() as session:
        row = session.scalar(select(AffinityParty).where(AffinityParty.name == name))
        if row is None:
            raise _missing(name)
        return _party(row)


def list_parties() -> list[Party]:
    with session_scope() as session:
        return [_party(row) for row in session.scalars(select(AffinityParty).order_by(AffinityParty.name))]


@contextmanager
def edit_party(name: str) -> Iterator[Party]:
    """The party locked for one transaction: its roster, day and session as the block leaves them, and the log
    entries it added, are written when the block ends (an exception writes nothing)."""
    if not _searchable(name):
        raise _missing(name)
    with session_scope() as session:
        row = session.scalar(select(AffinityParty).where(AffinityParty.name == name).with_for_update(),
                             execution_options={"populate_existing": True})
        if row is None:
            raise _missing(name)
        party = _party(row)
        yield party
        row.members, row.day = list(party.members), party.day
        row.sessions, row.session_open = party.sessions, party.session_open
        _write_entries(session, row.id, party.entries)


def party_log(name: str) -> list[dict[str, Any]]:
    """The party's adventure log, oldest first."""
    if not _searchable(name):
        raise _missing(name)
    with session_scope() as session:
        party_id = session.scalar(select(AffinityParty.id).where(AffinityParty.name == name))
        if party_id is None:
            raise _missing(name)
        rows = session.scalars(select(AffinityPartyLog).where(AffinityPartyLog.party_id == party_id)
                               .order_by(AffinityPartyLog.seq))
        return [{"seq": r.seq, "session": r.session, "day": r.day, "kind": r.kind, "text": r.text,
                 "data": dict(r.data)} for r in rows]
