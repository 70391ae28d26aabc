"""Server-side bots and seat timers, in one worker thread so that requests are never kept waiting.

The worker wakes when a game is announced (a move here, a NOTIFY from another process, a new game) and plays
every seat that is a bot, or a human seat that is away (its timer ran out), through the same move path as a
person. A planned turn (Inclinations) is gathered step by step on a clone and posted as one move.
Once a second it also looks for timed human seats idle past their timer, and every ``SWEEP_EVERY`` seconds
(first at start) it deletes the games past their time (``Platform.expire``: the bounds' idle and finished days).
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from gamewright.agents.registry import make_agent
from gamewright.core.manifest import manifest_for
from gamewright.store.web_games import WebGame, WebSeat
from gamewright.web.runtime import MAX_STEPS
from gamewright.web.service import Platform, WebError

log = logging.getLogger("gamewright.web")
SWEEP_EVERY = 600.0  # seconds between two sweeps for expired games


def bot_move(game: str, state: Any, seat: int, bot: str, seed: int) -> str:
    """The text of the bot's next move: one action, or a whole planned turn ``step; …; end``."""
    agent = make_agent(game, f"{game}.{bot}", seed)
    end = manifest_for(game).plan_end
    work = state.clone()
    texts: list[str] = []
    while len(texts) < MAX_STEPS:
        action = agent.choose(work)
        texts.append(action.to_text())
        if end is None:
            break
        work.apply(action)
        if texts[-1] == end or work.is_terminal() or work.current_player != seat:
            break
    return "; ".join(texts)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class BotWorker(threading.Thread):
    def __init__(self, platform: Platform, delay: float = 0.0) -> None:
        super().__init__(name="gamewright-bots", daemon=True)
        self.platform = platform
        self.delay = delay
        self._pending: set[str] = set()
        self._wake = threading.Condition()
        self.stopping = False

    def poke(self, game_id: str) -> None:
        with self._wake:
            self._pending.add(game_id)
            self._wake.notify()

    def stop(self) -> None:
        with self._wake:
            self.stopping = True
            self._wake.notify()

    def poke_all_active(self) -> None:
        with self.platform.session() as s:
            for game_id in s.scalars(select(WebGame.id).where(WebGame.status == "active")):
                self.poke(game_id)

    def run(self) -> None:
        next_timer_check = next_sweep = 0.0
        while True:
            with self._wake:
                if not self._pending and not self.stopping:
                    self._wake.wait(timeout=1.0)
                if self.stopping:
                    return
                pending, self._pending = self._pending, set()
            for game_id in pending:
                self._safely(self.play_bots, game_id)
            if time.monotonic() >= next_timer_check:
                next_timer_check = time.monotonic() + 1.0
                self._safely(self.check_timers)
            if time.monotonic() >= next_sweep:
                next_sweep = time.monotonic() + SWEEP_EVERY
                self._safely(self.sweep)

    def _safely(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except Exception:  # a bot must never take the worker down; the game stays playable by hand
            log.exception("bot worker")

    def play_bots(self, game_id: str) -> None:
        """Play while the seat to move is a bot or an away person."""
        for _ in range(10_000):
            if self.stopping:
                return
            rt = self.platform.runtime(game_id)
            seq, state = rt.head
            if state.is_terminal() or state.current_player < 0:
                return
            seat = rt.seats[state.current_player]
            best = manifest_for(rt.name).best_bot  # plays an away person's seat (a game without bots: none)
            if seat.kind == "bot" and seat.bot:
                bot = seat.bot
            elif seat.kind == "human" and seat.away and best is not None:
                bot = best
            else:
                return
            text = bot_move(rt.name, state, seat.seat, bot, (rt.seed + 7919 * seat.seat + seq) % 2**63)
            if self.delay:
                time.sleep(self.delay)
            try:
                self.platform.play(game_id, seat.seat, text, seq, by_bot=True)
            except WebError as exc:
                if exc.status != 409:  # 409: someone else moved first; look again
                    log.warning("bot %s in game %s: %s", bot, game_id, exc.message)
                    return

    def sweep(self) -> None:
        expired = self.platform.expire()
        if expired:
            log.info("deleted %d expired games", len(expired))

    def check_timers(self) -> None:
        now = datetime.now(UTC)
        with self.platform.session() as s:
            rows = s.execute(
                select(WebGame.id, WebGame.timer, WebGame.moved_at, WebGame.current_player, WebSeat.away, WebSeat.kind)
                .join(WebSeat, (WebSeat.game_id == WebGame.id) & (WebSeat.seat == WebGame.current_player))
                .where(WebGame.status == "active", WebGame.timer.is_not(None))
            ).all()
        for game_id, timer, moved_at, current, away, kind in rows:
            if kind == "human" and not away and (now - _aware(moved_at)).total_seconds() > timer:
                self.platform.set_away(game_id, current, True)
                self.poke(game_id)
