"""The web platform's tables: games, their seats (tokens stored hashed) and each game's action log.

A game is its seed, configuration and action log; ``UNIQUE(game_id, seq)`` lets exactly one of two racing
moves land. The schema is created by migration 0003 (0007: the minted Prince's run a Space Prince table plays;
0008: who chose a chosen seed;
0009: whether spectators may write in the game's chat, whose messages live in ``web_chat.py``;
0010: the rematch a finished game led to);
``web/service.py`` runs the platform's transactions on them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from gamewright.store.models import Base, utcnow


class WebGame(Base):
    __tablename__ = "web_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    ruleset: Mapped[str | None] = mapped_column(String(40), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(BigInteger)
    seed_given: Mapped[bool] = mapped_column(Boolean, default=False)  # a chosen seed: open to every viewer
    seed_by: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the creator's seat, when it chose the seed
    created_via: Mapped[str | None] = mapped_column(String(10), nullable=True)  # api | lobby (None: before 0008)
    timer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    listed: Mapped[bool] = mapped_column(Boolean, default=False)  # open seats may be joined from the lobby
    status: Mapped[str] = mapped_column(String(20), default="active", index=True)  # active | finished
    seq: Mapped[int] = mapped_column(Integer, default=0)
    current_player: Mapped[int] = mapped_column(Integer, default=0)
    returns: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    prince_run_id: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the minted Prince's run played
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False)  # spectators may write in the chat (0009)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    moved_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class WebSeat(Base):
    __tablename__ = "web_seats"

    game_id: Mapped[str] = mapped_column(ForeignKey("web_games.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # human | bot
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)  # sha256 hex of the seat's token
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    away: Mapped[bool] = mapped_column(Boolean, default=False)  # timed out: the best bot plays for now


class WebAction(Base):
    __tablename__ = "web_actions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_web_actions_game_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("web_games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class WebRematch(Base):
    """A finished game's rematch: the one new game its seats were offered (a second press joins it). The new
    game's seat tokens are not stored here: each is derived from the old seat's stored token hash under the
    server's secret (``security.rematch_token``) and shown only to a viewer holding that old seat's token."""

    __tablename__ = "web_rematches"

    game_id: Mapped[str] = mapped_column(ForeignKey("web_games.id", ondelete="CASCADE"), primary_key=True)
    new_game_id: Mapped[str] = mapped_column(ForeignKey("web_games.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
