"""Penance campaigns: the tables (migration 0006) and the transactions that read and change them.

Every change is a read-modify-write under the campaign row's lock (``SELECT … FOR UPDATE`` on PostgreSQL, the
``BEGIN IMMEDIATE`` write lock on SQLite): a mission's saved moves are checked against the log the caller
started from, and a mission's end (outcome, every pilot's record, replacements) is written in one transaction,
so two processes playing one campaign queue instead of undoing each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, UniqueConstraint, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from gamewright.core.errors import ConfigError, Conflict, NotFound
from gamewright.core.limits import check_page_name
from gamewright.store.db import session_scope
from gamewright.store.models import Base, utcnow


class Campaign(Base):
    __tablename__ = "penance_campaigns"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    recruits: Mapped[int] = mapped_column(Integer, default=0)  # replacement pilots rolled so far (their numbers)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class Pilot(Base):
    """One pilot of a roster: the casket's deck, the Wound cards kept face up, Taint and the record."""

    __tablename__ = "penance_pilots"
    __table_args__ = (UniqueConstraint("campaign_id", "name", name="uq_penance_pilot_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("penance_campaigns.id", ondelete="CASCADE"), index=True)
    slot: Mapped[int] = mapped_column(Integer)  # the roster position (a replacement takes its predecessor's)
    name: Mapped[str] = mapped_column(String(80))
    deck: Mapped[str] = mapped_column(String(120))
    wounds: Mapped[list[str]] = mapped_column(JSON, default=list)
    taint: Mapped[int] = mapped_column(Integer, default=0)
    missions: Mapped[int] = mapped_column(Integer, default=0)
    kills: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(20), default="alive")  # alive | dead | captured
    joined_after: Mapped[int] = mapped_column(Integer, default=0)  # the mission before the pilot joined (0: founder)
    replaces: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the pilot id this one replaced
    ended_in: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the mission that killed or lost them


class Mission(Base):
    """One mission: seed, configuration and action log (replayable), then its outcome and story."""

    __tablename__ = "penance_missions"
    __table_args__ = (UniqueConstraint("campaign_id", "number", name="uq_penance_mission_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    campaign_id: Mapped[int] = mapped_column(ForeignKey("penance_campaigns.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    config: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    actions: Mapped[list[Any]] = mapped_column(JSON, default=list)
    status: Mapped[str] = mapped_column(String(20), default="active")  # active | finished
    outcome: Mapped[str | None] = mapped_column(String(20), nullable=True)  # success | partial | failure
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


PILOT_FIELDS = ("id", "slot", "name", "deck", "wounds", "taint", "missions", "kills", "status", "joined_after",
                "replaces", "ended_in")
MISSION_FIELDS = ("number", "seed", "config", "actions", "status", "outcome", "result")


@dataclass(frozen=True)
class CampaignRow:
    """A campaign as read in one transaction: pilots in roster order (each a dict of ``PILOT_FIELDS``) and
    missions by number (dicts of ``MISSION_FIELDS``)."""

    name: str
    options: dict[str, Any]
    recruits: int
    pilots: list[dict[str, Any]]
    missions: list[dict[str, Any]]

    def active_mission(self) -> dict[str, Any] | None:
        return next((m for m in self.missions if m["status"] == "active"), None)


def _missing(name: str) -> NotFound:
    return NotFound(f"no Penance campaign named {name!r}; list them with: gamewright penance campaign list")


def _read(session: Session, row: Campaign) -> CampaignRow:
    pilots = session.scalars(select(Pilot).where(Pilot.campaign_id == row.id).order_by(Pilot.id))
    missions = session.scalars(select(Mission).where(Mission.campaign_id == row.id).order_by(Mission.number))
    return CampaignRow(
        row.name, dict(row.options), row.recruits,
        [{k: getattr(p, k) for k in PILOT_FIELDS} for p in pilots],
        [{k: getattr(m, k) for k in MISSION_FIELDS} for m in missions],
    )


@contextmanager
def _locked(name: str) -> Iterator[tuple[Session, Campaign]]:
    """The campaign row, locked for the rest of one transaction."""
    if "\x00" in name:
        raise _missing(name)
    with session_scope() as session:
        row = session.scalar(select(Campaign).where(Campaign.name == name).with_for_update())
        if row is None:
            raise _missing(name)
        yield session, row


def create_campaign(name: str, options: dict[str, Any], pilots: list[tuple[str, str]]) -> None:
    """A new campaign with its founding roster of (pilot name, deck spec)."""
    clean = check_page_name(name, "the campaign's name")  # the name is its page's address: /campaigns/NAME
    if clean != name:
        raise ConfigError(f"the campaign's name {name!r} must have single spaces and no space at either end")
    try:
        with session_scope() as session:
            if session.scalar(select(Campaign.id).where(Campaign.name == name).with_for_update()) is not None:
                raise Conflict(f"a Penance campaign named {name!r} already exists; choose another name")
            row = Campaign(name=name, options=options, recruits=0)
            session.add(row)
            session.flush()
            for slot, (pilot, deck) in enumerate(pilots):
                session.add(Pilot(campaign_id=row.id, slot=slot, name=pilot, deck=deck, wounds=[], taint=0,
                                  missions=0, kills=0, status="alive", joined_after=0))
    except IntegrityError as exc:
        raise Conflict(f"a Penance campaign named {name!r} already exists; choose another name") from exc


def get_campaign(name: str) -> CampaignRow:
    with _locked(name) as (session, row):
        return _read(session, row)


def list_campaigns() -> list[CampaignRow]:
    with session_scope() as session:
        return [_read(session, row) for row in session.scalars(select(Campaign).order_by(Campaign.name))]


def start_mission(name: str, seed: int,
                  build: Callable[[CampaignRow], dict[str, Any]]) -> tuple[int, CampaignRow, dict[str, Any]]:
    """Record a new mission (the next number); refused while another one is being played.

    ``build`` makes the mission's config from the roster as it stands under the lock, so a mission never starts
    from a roster another process changed since it was read (its pilots' wounds, missions, kills)."""
    with _locked(name) as (session, row):
        current = _read(session, row)
        active = current.active_mission()
        if active is not None:
            raise Conflict(f"mission {active['number']} of {name!r} is still being played; finish it first")
        config = build(current)
        number = len(current.missions) + 1
        session.add(Mission(campaign_id=row.id, number=number, seed=seed, config=config, actions=[],
                            status="active"))
        return number, current, config


def _mission(session: Session, row: Campaign, number: int, actions: list[str], base: int) -> Mission:
    """The active mission ``number``, its stored log checked to be the first ``base`` of ``actions``."""
    mission = session.scalar(select(Mission).where(Mission.campaign_id == row.id, Mission.number == number))
    if mission is None or mission.status != "active":
        raise Conflict(f"mission {number} of {row.name!r} is not being played any more; nothing was saved")
    if list(mission.actions) != actions[:base] or len(mission.actions) != base:
        raise Conflict(f"mission {number} of {row.name!r} was moved on by another process ({len(mission.actions)} "
                       f"actions stored, this one had {base}); nothing was saved")
    return mission


def save_mission(name: str, number: int, actions: list[str], base: int) -> None:
    """Store the action log of a mission being played (after each action)."""
    with _locked(name) as (session, row):
        _mission(session, row, number, actions, base).actions = list(actions)


def finish_mission(name: str, number: int, actions: list[str], base: int, outcome: str, result: dict[str, Any],
                   changes: dict[int, dict[str, Any]], recruits: list[dict[str, Any]]) -> None:
    """A mission's end in one transaction: its log, outcome and story, each deployed pilot's new record
    (``changes`` by pilot id) and the replacement pilots (``recruits``, dicts of pilot fields without id)."""
    with _locked(name) as (session, row):
        mission = _mission(session, row, number, actions, base)
        mission.actions, mission.status, mission.outcome, mission.result = list(actions), "finished", outcome, result
        for pilot_id, fields in changes.items():
            pilot = session.get(Pilot, pilot_id)
            if pilot is None or pilot.campaign_id != row.id:
                raise NotFound(f"pilot {pilot_id} is not on the roster of {name!r}")
            for key, value in fields.items():
                setattr(pilot, key, value)
        for fields in recruits:
            session.add(Pilot(campaign_id=row.id, **fields))
        row.recruits += len(recruits)
