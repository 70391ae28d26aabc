"""Saved games: seats + options + seed + action log; rebuilding a state by replaying the log."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.game import Event
from gamewright.games.inclinations.actions import parse_action
from gamewright.games.inclinations.bots import BOT_KINDS
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.options import SPEC
from gamewright.games.inclinations.state import InclinationsState

SEAT_KINDS = ("human", *BOT_KINDS)


def parse_seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    for s in seats:
        if s not in SEAT_KINDS:
            raise ConfigError(f"--seats: unknown seat kind {s!r}; choose from {', '.join(SEAT_KINDS)}")
    if not 2 <= len(seats) <= 6:
        raise ConfigError(f"--seats: Dangerous Inclinations takes 2 to 6 seats, not {len(seats)}")
    return seats


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``NAME=VALUE`` pairs, validated against the rule options."""
    return SPEC.parse_assignments(pairs)


def replay(config: dict[str, Any], seed: int, actions: list[str]) -> InclinationsState:
    """Seed + configuration + action log -> the same state, action by action."""
    return replay_events(config, seed, actions)[0]


def replay_events(config: dict[str, Any], seed: int, actions: list[str]
                  ) -> tuple[InclinationsState, list[tuple[int, str, list[Event]]]]:
    """The replayed state and, for every action, the seat that took it, its text and its events."""
    game = InclinationsGame(None, config.get("options", {}))
    state = game.new_initial_state(seed)
    history: list[tuple[int, str, list[Event]]] = []
    for text in actions:
        seat = state.current
        history.append((seat, text, state.apply(parse_action(text))))
    return state, history
