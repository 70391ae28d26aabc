"""Table talk (issue 28): each web game's chat, and who is at the table.

A message is plain text written by a seat (or by a spectator, when the game's creator allowed it), stored with the
game (``store.web_chat``) and numbered within it under the game row's lock, so every reader sees one order. It is
public to the game's viewers — every seat and every spectator of *this* game reads the same messages — and it holds
only what a person typed: nothing of the game's hidden state is ever written into it.

Presence — which seats have a page (or any live stream) open now — is counted by the hub (``web.hub``) in this
server process; this module turns it, with each seat's ``away`` flag, into what the pages and the API show.
"""

from __future__ import annotations

import threading
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from gamewright.core.manifest import manifest_for
from gamewright.store.web_chat import WebChatMessage
from gamewright.store.web_games import WebSeat

if TYPE_CHECKING:
    from gamewright.web.hub import Hub
    from gamewright.web.service import Platform, Viewer

MAX_CHARS = 500  # characters in one message
MAX_MESSAGES = 1000  # messages one game keeps: the chat's storage is bounded like everything else
SHOWN = 200  # messages one page or one API answer carries at most
# bidirectional overrides and isolates: they could make a message display as other text than it holds
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class ChatRefused(Exception):
    """A message that is not sent: an HTTP status and a sentence (a page shows it beside the chat form)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def clean_message(raw: Any) -> str:
    """A message fit to store and show: plain text, line breaks kept (``\\r\\n`` → ``\\n``, tabs → spaces), outer
    blank space trimmed, 1–``MAX_CHARS`` characters, no control character, lone surrogate or bidirectional
    override. Markup is just text: every page escapes it."""
    if not isinstance(raw, str):
        raise ChatRefused(400, "a message is text")
    text = raw.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ").strip()
    for position, char in enumerate(text, 1):
        category = unicodedata.category(char)
        if category == "Cs":
            raise ChatRefused(400, f"the message is not valid UTF-8 text (a stray byte at character {position})")
        if (category == "Cc" and char != "\n") or char in _BIDI:
            raise ChatRefused(400, f"a message cannot contain control characters (U+{ord(char):04X} at character "
                                   f"{position})")
    if not text:
        raise ChatRefused(400, "write a message first")
    if len(text) > MAX_CHARS:
        raise ChatRefused(400, f"a message has at most {MAX_CHARS} characters; this one has {len(text)}")
    return text


@dataclass(frozen=True)
class ChatLine:
    """One message as every viewer of the game sees it."""

    n: int
    seat: int | None  # None: a spectator
    label: str  # the seat's label ("P1"), or "Spectator"
    name: str | None  # the seat's chosen name, as it is now
    text: str
    seq: int  # the game's seq when it was posted
    at: datetime

    @property
    def who(self) -> str:
        """The writer in words: the seat label and the seat's name ("P1 (Ann)")."""
        return f"{self.label} ({self.name})" if self.name else self.label

    def to_json(self) -> dict[str, Any]:
        return {"n": self.n, "seat": self.seat, "label": self.label, "name": self.name, "text": self.text,
                "seq": self.seq, "at": self.at.isoformat()}


@dataclass(frozen=True)
class SeatPresence:
    seat: int
    label: str
    kind: str  # human | bot
    bot: str | None
    name: str | None
    claimed: bool  # its link has been opened
    connected: bool  # a page (or a live stream) of this seat is open now, in this server process
    away: bool  # its timer ran out: the best bot plays for it until its player moves again

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "label": self.label, "kind": self.kind, "bot": self.bot, "name": self.name,
                "connected": self.connected, "away": self.away}


def presence_of(game: str, seats: list[Any], connected: frozenset[int]) -> list[SeatPresence]:
    """Every seat of a game with whether it is at the table now (``connected``: the hub's count) and away."""
    return [SeatPresence(s.seat, manifest_for(game).seat_label(s.seat), s.kind, s.bot, s.name, bool(s.claimed),
                         s.kind == "human" and s.seat in connected, bool(s.away)) for s in seats]


def presence_json(game: str, seats: list[Any], connected: frozenset[int], spectators: int) -> dict[str, Any]:
    """The ``presence`` event and the API's ``presence``: each seat, and how many spectators watch."""
    return {"seats": [p.to_json() for p in presence_of(game, seats, connected)], "spectators": spectators}


def chat_panel(platform: Platform, hub: Hub, game_id: str, viewer: Viewer) -> dict[str, Any]:
    """What ``_chat.html`` draws: the latest messages, who is at the table, whether this viewer may write."""
    rt = platform.runtime(game_id)
    lines = platform.chat.lines(game_id, latest=True)
    connected, spectators = hub.present(game_id)
    if viewer.seat is not None:  # whoever asks is looking at the page now, its stream connected or not yet
        connected |= {viewer.seat}
    return {"id": game_id, "game": rt.name, "you": viewer.seat, "lines": lines,
            "head": lines[-1].n if lines else 0, "presence": presence_of(rt.name, rt.seats, connected),
            "spectators": spectators, "may_write": platform.chat.may_write(game_id, viewer),
            "error": None, "draft": ""}


class Chat:
    """The platform's chat: post and read a game's messages; the latest number of each game kept in memory, so a
    live stream looks in the store only when there is something new to send."""

    def __init__(self, platform: Platform) -> None:
        self.platform = platform
        self._heads: dict[str, int] = {}  # game id -> its latest message's number, as this process knows it
        self._spectators_write: dict[str, bool] = {}  # fixed when the game is created
        self._lock = threading.Lock()

    # --- who may write --------------------------------------------------------------------------------
    def spectators_write(self, game_id: str) -> bool:
        with self._lock:
            known = self._spectators_write.get(game_id)
        if known is None:
            with self.platform.session() as s:
                known = bool(self.platform.row(s, game_id).spectator_chat)
            with self._lock:
                self._spectators_write[game_id] = known
        return known

    def may_write(self, game_id: str, viewer: Viewer) -> bool:
        return viewer.seat is not None or self.spectators_write(game_id)

    def check_writer(self, game_id: str, viewer: Viewer) -> None:
        if not self.may_write(game_id, viewer):
            raise ChatRefused(403, "spectators read this game's chat: its creator chose that only the players "
                                   "write in it")

    # --- messages -------------------------------------------------------------------------------------
    def post(self, game_id: str, viewer: Viewer, raw: Any) -> ChatLine:
        """Store a message from ``viewer``; it is announced to every live stream of the game (and, through
        PostgreSQL ``NOTIFY``, to other server processes). Refusals: ``ChatRefused`` 400 / 403 / 409."""
        text = clean_message(raw)
        self.check_writer(game_id, viewer)
        platform = self.platform
        with platform.session() as s:
            row = platform.row(s, game_id, lock=True)  # one writer at a time: the numbers follow the order
            count = s.scalar(select(func.max(WebChatMessage.n)).where(WebChatMessage.game_id == game_id)) or 0
            if count >= MAX_MESSAGES:
                raise ChatRefused(409, f"this game's chat is full: it keeps at most {MAX_MESSAGES} messages")
            message = WebChatMessage(game_id=game_id, n=count + 1, seat=viewer.seat, seq=row.seq, text=text,
                                     created_at=datetime.now(UTC))
            s.add(message)
            seat = s.get(WebSeat, (game_id, viewer.seat)) if viewer.seat is not None else None
            line = self._line(row.game, message, seat.name if seat is not None else None)
            platform.notify_others(s, game_id, "chat")
        self.note(game_id, line.n)
        platform.announce(game_id)
        return line

    def lines(self, game_id: str, after: int = 0, limit: int = SHOWN, upto_seq: int | None = None,
              latest: bool = False) -> list[ChatLine]:
        """The game's messages numbered after ``after`` (the first ``limit``; ``latest``: the last ``limit``),
        only those posted by ``upto_seq`` when given (a replay's step)."""
        with self.platform.session() as s:
            row = self.platform.row(s, game_id)
            names = {seat.seat: seat.name for seat in s.scalars(select(WebSeat).where(WebSeat.game_id == game_id))}
            query = select(WebChatMessage).where(WebChatMessage.game_id == game_id, WebChatMessage.n > after)
            if upto_seq is not None:
                query = query.where(WebChatMessage.seq <= upto_seq)
            order = WebChatMessage.n.desc() if latest else WebChatMessage.n
            found = list(s.scalars(query.order_by(order).limit(limit)))
            game = row.game
        if latest:
            found.reverse()
        out = [self._line(game, m, names.get(m.seat) if m.seat is not None else None) for m in found]
        if out and upto_seq is None:
            self.note(game_id, out[-1].n)
        return out

    @staticmethod
    def _line(game: str, message: WebChatMessage, name: str | None) -> ChatLine:
        label = manifest_for(game).seat_label(message.seat) if message.seat is not None else "Spectator"
        at = message.created_at if message.created_at.tzinfo else message.created_at.replace(tzinfo=UTC)
        return ChatLine(message.n, message.seat, label, name, message.text, message.seq, at)

    # --- what this process knows is new ---------------------------------------------------------------
    def head(self, game_id: str) -> int | None:
        """The latest message's number as this process last knew it (None: not looked at yet)."""
        with self._lock:
            return self._heads.get(game_id)

    def note(self, game_id: str, n: int) -> None:
        with self._lock:
            self._heads[game_id] = max(n, self._heads.get(game_id, 0))

    def refresh(self, game_id: str) -> int:
        """Read the latest message's number from the store (a stream's start; another process's message)."""
        with self.platform.session() as s:
            n = s.scalar(select(func.max(WebChatMessage.n)).where(WebChatMessage.game_id == game_id)) or 0
        self.note(game_id, n)
        return self.head(game_id) or 0

    def forget(self, game_ids: list[str]) -> None:
        with self._lock:
            for game_id in game_ids:
                self._heads.pop(game_id, None)
                self._spectators_write.pop(game_id, None)
