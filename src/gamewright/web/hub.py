"""Live updates inside one process, and PostgreSQL LISTEN/NOTIFY to hear of moves made by other processes.

A stream subscribes (a future) before it reads the game's seq, then awaits the future; any thread announces a
game with ``publish``. With PostgreSQL, a listener thread turns each ``NOTIFY gamewright_web, '<id>'`` sent by
any server process's move transaction into the same ``publish``.

The hub also counts who is at each table (presence): the live streams open now per (game, seat) — a seat's page
holds one — and the spectators' streams. The count is this process's own (a deployment of several processes
behind one address sees, in each, the streams that process serves); a stream that opens or ends announces the
game, so every other stream of it can send the change.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable

log = logging.getLogger("gamewright.web")


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self._waiters: dict[str, set[asyncio.Future[None]]] = {}
        self._present: dict[str, dict[int | None, int]] = {}  # game id -> seat (None: spectators) -> open streams
        self._present_lock = threading.Lock()

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def subscribe(self, game_id: str) -> asyncio.Future[None]:
        """Called on the event loop: a future resolved at the game's next announcement."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(game_id, set()).add(fut)
        return fut

    def unsubscribe(self, game_id: str, fut: asyncio.Future[None]) -> None:
        waiters = self._waiters.get(game_id)
        if waiters is not None:
            waiters.discard(fut)
            if not waiters:
                del self._waiters[game_id]

    def publish(self, game_id: str) -> None:
        """Thread-safe: wake every stream of ``game_id``."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is shutting down
                loop.call_soon_threadsafe(self._wake, game_id)

    def join(self, game_id: str, seat: int | None) -> Callable[[], None]:
        """A live stream of ``seat`` (None: a spectator) opened: count it and announce the game. Returns the call
        that counts it out when the stream ends (safe to call more than once)."""
        with self._present_lock:
            counts = self._present.setdefault(game_id, {})
            counts[seat] = counts.get(seat, 0) + 1
        self.publish(game_id)
        left = False

        def leave() -> None:
            nonlocal left
            with self._present_lock:
                if left:
                    return
                left = True
                counts = self._present.get(game_id, {})
                counts[seat] = counts.get(seat, 0) - 1
                if counts[seat] <= 0:
                    del counts[seat]
                if not counts:
                    self._present.pop(game_id, None)
            self.publish(game_id)

        return leave

    def present(self, game_id: str) -> tuple[frozenset[int], int]:
        """The seats with a live stream open now in this process, and the number of spectators' streams."""
        with self._present_lock:
            counts = dict(self._present.get(game_id, {}))
        return frozenset(seat for seat in counts if seat is not None), counts.get(None, 0)

    def _wake(self, game_id: str) -> None:
        for fut in self._waiters.pop(game_id, set()):
            if not fut.done():
                fut.set_result(None)


def psycopg_dsn(sqlalchemy_url: str) -> str:
    from sqlalchemy.engine import make_url

    url = make_url(sqlalchemy_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class PgListener(threading.Thread):
    """LISTENs on the channel and calls ``on_game(id)`` for each notification, reconnecting after a failure."""

    def __init__(self, url: str, channel: str, on_game: Callable[[str], None]) -> None:
        super().__init__(name="gamewright-pg-listen", daemon=True)
        self.dsn = psycopg_dsn(url)
        self.channel = channel
        self.on_game = on_game
        self.stopping = threading.Event()
        self.ready = threading.Event()

    def run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {self.channel}")
                    self.ready.set()
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=1.0):
                            self.on_game(note.payload)
            except Exception as exc:  # a lost connection: say so and listen again
                log.warning("PostgreSQL listener: %s; reconnecting", exc)
                self.stopping.wait(1.0)

    def stop(self) -> None:
        self.stopping.set()
