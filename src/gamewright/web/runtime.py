"""A game in memory: its state at the latest seq and the events of every seq, rebuilt from seed + log.

States installed here are never mutated: a move is applied to a clone, which replaces the head only after the
move's transaction committed. Readers take ``head`` (one reference: seq and state together) without a lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import GamewrightError, RuleViolation
from gamewright.core.game import Event, load_game

MAX_STEPS = 500  # a move of more steps than any turn needs is refused before it is read
CACHE_SIZE = 256  # games kept in memory; others are rebuilt from the log on demand


def apply_text(game: Any, state: Any, text: str, seat: int) -> tuple[Any, list[Event], str]:
    """Apply a move (an action's text form, or a plan ``step; step; end``) by ``seat`` to a clone of ``state``.

    Returns the new state, every event and the move's canonical text; raises RuleViolation with the engine's
    text (or a reading error) and leaves ``state`` as it was.
    """
    steps = [s.strip() for s in text.split(";")]
    if len(steps) > MAX_STEPS:
        raise RuleViolation("the move", f"more than {MAX_STEPS} steps")
    if not all(steps):
        raise RuleViolation(repr(text[:80]), "an empty action or step")
    work = state.clone()
    events: list[Event] = []
    canonical = []
    for step in steps:
        if work.is_terminal():
            raise RuleViolation(step, "the game is over")
        if work.current_player != seat:
            raise RuleViolation(step, "a move holds only your own actions, all in your turn")
        try:
            action = game.parse_action(work, step)
        except GamewrightError:
            raise
        except Exception as exc:  # a parser that trips on odd text: still a refusal, never a traceback
            raise RuleViolation(repr(step[:80]), f"cannot read this action ({type(exc).__name__})") from None
        events.extend(work.apply(action))
        canonical.append(action.to_text())
    return work, events, "; ".join(canonical)


@dataclass
class Runtime:
    game_id: str
    name: str
    game: Any
    seed: int
    head: tuple[int, Any]  # (seq, state)
    events: list[list[Event]] = field(default_factory=lambda: [[]])  # events[seq]
    movers: list[int] = field(default_factory=lambda: [-1])  # the seat that made each seq
    seats: list[Any] = field(default_factory=list)  # the seat rows as last read from the store
    seed_chosen: Any = None  # a seeds.SeedChosen when the seed was chosen (open to all), else None
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def seq(self) -> int:
        return self.head[0]

    @property
    def state(self) -> Any:
        return self.head[1]

    @property
    def num_players(self) -> int:
        return int(self.game.num_players)

    def install(self, state: Any, events: list[Event], seat: int) -> None:
        """Record the next seq (called with the lock held, after the move is stored)."""
        self.events.append(events)
        self.movers.append(seat)
        self.head = (self.seq + 1, state)

    def catch_up(self, log: Sequence[tuple[int, int, str]]) -> None:
        """Apply stored moves ``(seq, seat, text)`` past the head (lock held)."""
        for seq, seat, text in log:
            if seq <= self.seq:
                continue
            if seq != self.seq + 1:
                raise GamewrightError(f"game {self.game_id}: its log has a gap before seq {seq}")
            try:
                state, events, _ = apply_text(self.game, self.state, text, seat)
            except RuleViolation as exc:  # a rules fix made an old move illegal: say so, do not guess
                raise GamewrightError(f"game {self.game_id} no longer replays at seq {seq}: {exc}") from None
            self.install(state, events, seat)


def new_runtime(game_id: str, name: str, ruleset: str | None, options: dict[str, Any], seed: int,
                game: Any = None) -> Runtime:
    """A table's game at seq 0; ``game`` when the table plays a game built elsewhere (a minted Prince's run)."""
    game = game if game is not None else load_game(name, ruleset=ruleset, options=options)
    return Runtime(game_id, name, game, seed, (0, game.new_initial_state(seed)))


class RuntimeCache:
    """The games this process holds in memory, least recently used dropped first."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[str, Runtime] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Runtime | None:
        with self._lock:
            rt = self._items.get(game_id)
            if rt is not None:
                self._items.move_to_end(game_id)
            return rt

    def put(self, rt: Runtime) -> Runtime:
        with self._lock:
            existing = self._items.get(rt.game_id)
            if existing is not None:
                return existing
            self._items[rt.game_id] = rt
            while len(self._items) > self.size:
                self._items.popitem(last=False)
            return rt

    def drop(self, game_id: str) -> None:
        with self._lock:
            self._items.pop(game_id, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
