"""The database schema. Changes go through an Alembic migration in ``migrations/versions``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Prince(Base):
    """A minted Prince. The quantized birth moment is its identity (space_prince.md §1)."""

    __tablename__ = "princes"
    __table_args__ = (UniqueConstraint("birth_time", "lat_centi", "lon_centi", name="uq_prince_moment"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    birth_time: Mapped[str] = mapped_column(String(20))  # ISO 8601 UTC, floored to 5 minutes
    lat_centi: Mapped[int] = mapped_column(Integer)  # latitude in hundredths of a degree
    lon_centi: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class PrinceProgress(Base):
    """Metaprogression of one Prince across runs (a JSON document owned by the prince game)."""

    __tablename__ = "prince_progress"

    prince_id: Mapped[int] = mapped_column(ForeignKey("princes.id", ondelete="CASCADE"), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class PrinceRun(Base):
    """One run of a Prince: its seed, ruleset, choices and result. At most one run per Prince is active."""

    __tablename__ = "prince_runs"
    __table_args__ = (
        Index(
            "uq_prince_runs_one_active", "prince_id", unique=True,
            sqlite_where=text("status = 'active'"), postgresql_where=text("status = 'active'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    prince_id: Mapped[int] = mapped_column(ForeignKey("princes.id", ondelete="CASCADE"), index=True)
    seed: Mapped[int] = mapped_column(BigInteger)  # 64-bit: seeds go up to limits.SEED_MAX
    ruleset: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(20), default="active")  # active | won | lost
    distance: Mapped[str] = mapped_column(String(60), default="0")  # exact value as text
    actions: Mapped[list[Any]] = mapped_column(JSON, default=list)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SavedGame(Base):
    """A game in progress or finished, stored as its seed, configuration and action log (replayable)."""

    __tablename__ = "saved_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    config: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    actions: Mapped[list[Any]] = mapped_column(JSON, default=list)
    snapshot: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(20), default="active")  # active | finished
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)


class Record(Base):
    """A named document of some kind (an Affinity character sheet, a deck list)."""

    __tablename__ = "records"
    __table_args__ = (UniqueConstraint("kind", "name", name="uq_record_kind_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(80))
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)
