"""Bounds on use: how fast one client address may create games, how fast a seat may move, how many live streams
an address and a game may hold open, how many games may be active, how long an untouched game is kept, and how
fast a seat may chat.

Every bound is per server process (``gamewright serve`` options set them; ``--help`` states the defaults). A
request past a bound is answered 429 with ``Retry-After`` before anything is done, so nothing is lost: the same
request succeeds once the client waits. The defaults leave room for ``benchmarks/web_load.py``'s default run
(20 games created at once, 100 viewers from one address, 5 per game, a few moves per seat per minute).
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from gamewright.core.errors import ConfigError


@dataclass(frozen=True)
class Bounds:
    creations_per_minute: int = 30  # games created per client address
    moves_per_minute: int = 120  # moves posted per seat (a bot's moves are not counted)
    streams_per_address: int = 200  # open live streams (SSE) per client address
    streams_per_game: int = 50  # open live streams per game
    active_games: int = 1000  # games not yet over, on the whole site
    idle_days: int = 30  # a game not over and untouched this long is deleted
    finished_days: int = 365  # a finished game is kept this long after its last move, for its replay
    chat_per_10s: int = 5  # chat messages per seat (a spectator: per address) in any 10 seconds

    def checked(self) -> Bounds:
        for name, lo, hi in (("creations_per_minute", 1, 100_000), ("moves_per_minute", 1, 100_000),
                             ("streams_per_address", 1, 100_000), ("streams_per_game", 1, 100_000),
                             ("active_games", 1, 10_000_000), ("idle_days", 1, 36_500),
                             ("finished_days", 1, 36_500), ("chat_per_10s", 1, 1_000)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                option = "--" + name.replace("_", "-")
                raise ConfigError(f"{option} must be a whole number from {lo} to {hi}")
        if self.finished_days < self.idle_days:
            raise ConfigError("--finished-days must be at least --idle-days: finished games are kept longer")
        return self


class TooMany(Exception):
    """A bound was reached: answered 429 with ``Retry-After`` (whole seconds)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = max(1, math.ceil(retry_after))


class RateLimit:
    """At most ``limit`` events per ``window`` seconds for each key: a sliding window of the events' times."""

    def __init__(self, limit: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()
        self._next_prune = 0.0

    def per(self) -> str:
        """The window in words: "a minute", "every 10 s"."""
        return "a minute" if self.window == 60 else f"every {self.window:g} s"

    def hit(self, key: str, what: str) -> None:
        """Count one event for ``key``; ``TooMany`` (and nothing counted) when the window is full."""
        now = self.clock()
        with self._lock:
            if now >= self._next_prune:  # forget keys that went quiet, so memory stays bounded by recent use
                self._next_prune = now + self.window
                for k in [k for k, q in self._events.items() if not q or q[-1] <= now - self.window]:
                    del self._events[k]
            times = self._events.setdefault(key, deque())
            while times and times[0] <= now - self.window:
                times.popleft()
            if len(times) >= self.limit:
                wait = times[0] + self.window - now
                raise TooMany(f"too many {what}: at most {self.limit} {self.per()}; try again in "
                              f"{math.ceil(wait)} s", wait)
            times.append(now)


class StreamSlots:
    """Open live streams, counted per client address and per game."""

    RETRY = 10.0  # seconds: streams close whenever a viewer leaves

    def __init__(self, per_address: int, per_game: int) -> None:
        self.per_address = per_address
        self.per_game = per_game
        self._by_address: dict[str, int] = {}
        self._by_game: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, address: str, game_id: str) -> Callable[[], None]:
        """Hold a slot; returns its release (safe to call more than once). ``TooMany`` when either count is full."""
        with self._lock:
            if self._by_address.get(address, 0) >= self.per_address:
                raise TooMany(f"too many open live streams from your address (at most {self.per_address})",
                              self.RETRY)
            if self._by_game.get(game_id, 0) >= self.per_game:
                raise TooMany(f"too many open live streams on this game (at most {self.per_game}); "
                              "reload the page later to follow it live", self.RETRY)
            self._by_address[address] = self._by_address.get(address, 0) + 1
            self._by_game[game_id] = self._by_game.get(game_id, 0) + 1
        released = False

        def release() -> None:
            nonlocal released
            with self._lock:
                if released:
                    return
                released = True
                for counts, key in ((self._by_address, address), (self._by_game, game_id)):
                    counts[key] -= 1
                    if counts[key] <= 0:
                        del counts[key]

        return release

    def open_streams(self, game_id: str | None = None) -> int:
        with self._lock:
            return self._by_game.get(game_id, 0) if game_id else sum(self._by_game.values())


@dataclass
class Limits:
    """A server's live counters for its ``Bounds``."""

    bounds: Bounds
    creations: RateLimit
    moves: RateLimit
    streams: StreamSlots
    chat: RateLimit

    @classmethod
    def of(cls, bounds: Bounds) -> Limits:
        return cls(bounds, RateLimit(bounds.creations_per_minute), RateLimit(bounds.moves_per_minute),
                   StreamSlots(bounds.streams_per_address, bounds.streams_per_game),
                   RateLimit(bounds.chat_per_10s, window=10.0))
