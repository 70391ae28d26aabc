"""The Princes' aggregate (tables in ``models``): a minted Prince, its progress document and its runs.

Queries and writes within the caller's transaction (``session_scope`` or ``locked_scope``); what a Prince means
to the rules (its moment, chart and progress) is the game's, and the use cases that put both together in one
transaction are ``app.princes`` and ``app.prince_runs``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from gamewright.store.models import Prince, PrinceProgress, PrinceRun


# --- Princes ----------------------------------------------------------------------------------------------
def prince_named(session: Session, name: str) -> Prince | None:
    """The Prince called ``name`` exactly, else ignoring case."""
    row = session.scalars(select(Prince).where(Prince.name == name)).first()
    if row is None:
        row = session.scalars(select(Prince).where(func.lower(Prince.name) == name.lower())).first()
    return row


def prince_holding(session: Session, name: str, birth_time: str, lat_centi: int, lon_centi: int) -> Prince | None:
    """The oldest Prince that holds this name or this quantized moment (either makes a new one a conflict)."""
    query = select(Prince).where(
        or_(
            Prince.name == name,
            (Prince.birth_time == birth_time) & (Prince.lat_centi == lat_centi) & (Prince.lon_centi == lon_centi),
        )
    )
    return session.scalars(query.order_by(Prince.id)).first()


def add_prince(session: Session, name: str, birth_time: str, lat_centi: int, lon_centi: int) -> Prince:
    """A new Prince row, flushed (its id known); the database's unique constraints decide any race."""
    row = Prince(name=name, birth_time=birth_time, lat_centi=lat_centi, lon_centi=lon_centi)
    session.add(row)
    session.flush()
    return row


def lock_prince(session: Session, prince_id: int) -> Prince | None:
    """The Prince's row, locked for the rest of the transaction and read afresh."""
    return session.get(Prince, prince_id, with_for_update=True, populate_existing=True)


def all_princes(session: Session) -> list[Prince]:
    """Every minted Prince, oldest first."""
    return list(session.scalars(select(Prince).order_by(Prince.id)))


# --- progress: one JSON document per Prince ----------------------------------------------------------------
def progress_data(session: Session, prince_id: int) -> dict[str, Any]:
    """The stored progress document (progress fields plus ``active_run``, ``run_starts``), empty for a new Prince."""
    row = session.get(PrinceProgress, prince_id)
    return dict(row.data) if row is not None and row.data else {}


def store_progress_data(session: Session, prince_id: int, data: dict[str, Any]) -> None:
    row = session.get(PrinceProgress, prince_id)
    if row is None:
        session.add(PrinceProgress(prince_id=prince_id, data=data))
    else:
        row.data = data  # a new dict, so the JSON column sees the change


# --- runs --------------------------------------------------------------------------------------------------
def active_run(session: Session, prince_id: int) -> PrinceRun | None:
    """The Prince's run in progress (the database allows one)."""
    query = select(PrinceRun).where(PrinceRun.prince_id == prince_id, PrinceRun.status == "active")
    return session.scalars(query.order_by(PrinceRun.id.desc())).first()


def add_run(session: Session, prince_id: int, seed: int, ruleset: str, options: dict[str, Any]) -> PrinceRun:
    """A new active run, flushed (its id known)."""
    row = PrinceRun(prince_id=prince_id, seed=seed, ruleset=ruleset, options=dict(options), status="active",
                    distance="0", actions=[])
    session.add(row)
    session.flush()
    return row


def run_by_id(session: Session, run_id: int, fresh: bool = False) -> PrinceRun | None:
    return session.get(PrinceRun, run_id, populate_existing=fresh)


def runs_of(session: Session, prince_id: int) -> list[PrinceRun]:
    """Every run of the Prince, oldest first."""
    return list(session.scalars(select(PrinceRun).where(PrinceRun.prince_id == prince_id).order_by(PrinceRun.id)))


def run_number(session: Session, prince_id: int, run_id: int) -> int:
    """A run's number among its Prince's runs, counted in id order (1 for the first)."""
    query = select(func.count()).where(PrinceRun.prince_id == prince_id, PrinceRun.id <= run_id)
    return int(session.scalar(query) or 0)
