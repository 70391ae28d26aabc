"""Small builders for the Dangerous Inclinations tests."""

from __future__ import annotations

from typing import Any

from gamewright.games.inclinations.actions import parse_action
from gamewright.games.inclinations.board import FACINGS, WELL_INDEX
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.ship import SUB_INDEX, Ship
from gamewright.games.inclinations.state import InclinationsState


def ship(sid: str = "P1", well: str = "blackhole", ring: int = 3, sector: int = 0, facing: str = "prograde",
         hull: int = 10, heat: int = 0, mass: int = 10, ammo: int = 4, **energy: int) -> Ship:
    e = [0] * 7
    for name, amount in energy.items():
        e[SUB_INDEX[name]] = amount
    return Ship(sid, WELL_INDEX[well], ring, sector, FACINGS[facing], hull, heat, mass, ammo, e)


def state(*ships: Ship, seed: int = 0, current: int = 0, **options: Any) -> InclinationsState:
    game = InclinationsGame(None, {"players": max(2, len(ships)), **options})
    return game.state_from_ships(list(ships), seed=seed, current=current)


def steps(*texts: str) -> list[Any]:
    return [parse_action(t) for t in texts]


def play(st: InclinationsState, *texts: str) -> list[Any]:
    """Plan the steps one by one, then end the turn; returns the events."""
    events: list[Any] = []
    for t in texts:
        events.extend(st.apply(parse_action(t)))
    events.extend(st.apply(parse_action("end")))
    return events


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def rules(**options: Any) -> Any:
    from gamewright.games.inclinations.turn import TurnRules

    return TurnRules.from_rules(InclinationsGame(None, options).rules)


def run(ships: list[Ship], plan: list[str], idx: int = 0, rolls: list[float] | None = None,
        **options: Any) -> list[Any]:
    """Execute one turn for ``ships[idx]`` directly (no start-of-turn step), dice from ``rolls``."""
    from gamewright.core.rng import ScriptedRng
    from gamewright.games.inclinations.turn import execute

    rng = ScriptedRng(rolls or [0.5], repeat_last=True)
    return execute(ships, idx, steps(*plan), rules(**options), rng)


def errors(ships: list[Ship], plan: list[str], idx: int = 0, **options: Any) -> list[str]:
    from gamewright.games.inclinations.turn import validate

    return validate(ships, idx, steps(*plan), rules(**options))
