"""The Prince registry: mint a Prince on a quantized birth moment, look one up, list them all.

The quantized moment is a Prince's identity (ref §1): the database's unique constraints on the name and on
(birth_time, lat_centi, lon_centi) decide every race, so two processes minting the same moment at once
cannot both succeed and nothing is ever half-written.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError

from gamewright.core.errors import Conflict, NotFound
from gamewright.core.limits import check_name
from gamewright.games.prince.chart import Chart, Moment, compute_chart
from gamewright.store.db import session_scope
from gamewright.store.models import Prince


@dataclass(frozen=True, slots=True)
class PrinceRecord:
    """A minted Prince: its id, name and quantized birth moment."""

    id: int
    name: str
    moment: Moment
    created_at: datetime | None = None

    @property
    def chart(self) -> Chart:
        return compute_chart(self.moment)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "moment": self.moment.to_json()}


def _moment_of(row: Prince) -> Moment:
    when = datetime.strptime(row.birth_time, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    return Moment(when, row.lat_centi / 100, row.lon_centi / 100)


def record_of(row: Prince) -> PrinceRecord:
    return PrinceRecord(row.id, row.name, _moment_of(row), row.created_at)


def clean_name(name: str) -> str:
    """A Prince's name by the one rule for stored names: 1–80 characters, no control characters."""
    return check_name(name, "a Prince's name")


def _existing(session: Any, name: str, moment: Moment) -> Prince | None:
    query = select(Prince).where(
        or_(
            Prince.name == name,
            (Prince.birth_time == moment.time_text)
            & (Prince.lat_centi == moment.lat_centi)
            & (Prince.lon_centi == moment.lon_centi),
        )
    )
    return session.scalars(query.order_by(Prince.id)).first()


def _conflict(existing: Prince, name: str, moment: Moment) -> Conflict:
    if existing.name == name:
        return Conflict(f"the name {name!r} is taken by the Prince born {_moment_of(existing)}; choose another name")
    return Conflict(
        f"a Prince already exists on the moment {moment}: {existing.name!r} "
        "(each quantized birth moment mints one Prince)"
    )


def mint(name: str, moment: Moment) -> PrinceRecord:
    """Mint a Prince; a taken name or moment raises ``Conflict`` naming the existing Prince (ref §1)."""
    name = clean_name(name)
    compute_chart(moment)  # a chart that cannot be computed is not minted
    try:
        with session_scope() as session:
            existing = _existing(session, name, moment)
            if existing is not None:
                raise _conflict(existing, name, moment)
            row = Prince(
                name=name,
                birth_time=moment.time_text,
                lat_centi=moment.lat_centi,
                lon_centi=moment.lon_centi,
            )
            session.add(row)
            session.flush()
            return record_of(row)
    except IntegrityError:
        # Another process won the race between our check and our insert: report who holds it.
        with session_scope() as session:
            existing = _existing(session, name, moment)
        if existing is None:  # pragma: no cover - the winner vanished again
            raise Conflict(f"could not mint {name!r}: the name or moment was taken meanwhile; try again") from None
        raise _conflict(existing, name, moment) from None


def get(name: str) -> PrinceRecord:
    """The Prince called ``name``; ``NotFound`` with a hint otherwise."""
    with session_scope() as session:
        return find(session, name)[1]


def find(session: Any, name: str, lock: bool = False) -> tuple[Prince, PrinceRecord]:
    """The Prince called ``name`` (exactly, else ignoring case) in ``session``, its row locked for the rest of
    the transaction when ``lock``; ``NotFound`` with a hint otherwise."""
    cleaned = clean_name(name)
    row = session.scalars(select(Prince).where(Prince.name == cleaned)).first()
    if row is None:
        row = session.scalars(select(Prince).where(func.lower(Prince.name) == cleaned.lower())).first()
    if row is None:
        raise NotFound(f"no Prince named {cleaned!r}; `gamewright prince list` shows the minted Princes")
    if lock:
        row = session.get(Prince, row.id, with_for_update=True, populate_existing=True)
    return row, record_of(row)


def get_by_id(prince_id: int) -> PrinceRecord:
    with session_scope() as session:
        row = session.get(Prince, prince_id)
        if row is None:
            raise NotFound(f"no Prince with id {prince_id}; `gamewright prince list` shows the minted Princes")
        return record_of(row)


def list_princes() -> list[PrinceRecord]:
    """Every minted Prince, oldest first."""
    with session_scope() as session:
        return [record_of(row) for row in session.scalars(select(Prince).order_by(Prince.id))]
