"""The web tables' chat: each game's messages, in the order they were posted (issue 28, "a table, not just a board").

A message belongs to one game (``game_id``) and is numbered within it (``n`` = 1, 2, …; ``UNIQUE(game_id, n)``,
taken under the game row's lock, so every reader sees one order); ``seat`` is the seat that wrote it (None: a
spectator, when the game's creator let spectators write) and ``seq`` the game's seq when it was posted, so a
replay shows the messages up to each move. Created by migration 0009, with ``web_games.spectator_chat``.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from gamewright.store.models import Base, utcnow


class WebChatMessage(Base):
    __tablename__ = "web_chat"
    __table_args__ = (UniqueConstraint("game_id", "n", name="uq_web_chat_game_n"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("web_games.id", ondelete="CASCADE"))
    n: Mapped[int] = mapped_column(Integer)  # 1, 2, … within the game
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    seq: Mapped[int] = mapped_column(Integer)  # the game's seq when the message was posted
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
