"""Live updates inside one process, and PostgreSQL LISTEN/NOTIFY to hear of moves made by other processes.

A stream subscribes (a future) before it reads the game's seq, then awaits the future; any thread announces a
game with ``publish``. With PostgreSQL, a listener thread turns each ``NOTIFY gamewright_web, '<id>'`` sent by
any server process's move transaction into the same ``publish``.
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
