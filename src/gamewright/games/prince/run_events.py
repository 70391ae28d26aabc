"""The payloads of a run's events (``turn``, ``encounter_start``, ``opponent_planet``), built when first read.

Each builder copies now what the event must show (the state moves on) and returns the function ``LazyEvent``
calls the first time the event's data or text is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamewright.games.prince.chart import Moment
from gamewright.games.prince.events import TurnEvent
from gamewright.games.prince.resolve import Profile, TurnResult, side_summary
from gamewright.games.prince.tables import PLANETS

if TYPE_CHECKING:
    from gamewright.games.prince.state import PrinceState


def opponent_planet_payload(encounter: int, turn: int, planet: str) -> tuple[dict[str, Any], str]:
    """The opponent_planet event's data and text."""
    return {"encounter": encounter, "turn": turn, "planet": planet}, f"Opponent sends {planet}."


def encounter_payload(state: PrinceState, moment: Moment, profile: Profile) -> Callable[[], tuple[dict[str, Any], str]]:
    """The encounter_start event's data and text, built when first read from values copied now."""
    encounter, of, length = state.encounter + 1, state.cfg.encounters_per_run, state.length
    unlocked, weights = tuple(state.unlocked), tuple(state.weights)

    def build() -> tuple[dict[str, Any], str]:
        data = {
            "encounter": encounter,
            "of": of,
            "opponent": {"moment": moment.to_json(), **profile.to_json()},
            "length": length,
            "unlocked": [p for p, u in zip(PLANETS, unlocked, strict=True) if u],
            "weights": dict(zip(PLANETS, weights, strict=True)),
        }
        return data, f"Encounter {encounter}: opponent born {moment}."

    return build


def turn_event(state: PrinceState, result: TurnResult, planet: str, opponent_planet: str) -> TurnEvent:
    """The turn event, its data and text built when first read from values copied now (the state moves on):
    the sides' affliction and combustion after the turn as one flat tuple, seven values per list."""
    mine, theirs = state.ps, state.os
    return TurnEvent(_turn_parts, result, planet, opponent_planet, state.encounter + 1, state.turn, state.distance,
                     (*mine.affliction, *mine.combust, *theirs.affliction, *theirs.combust), tuple(state.unlocked))


def _turn_parts(result: TurnResult, planet: str, opponent_planet: str, encounter: int, turn: int, distance: int,
                after: tuple[Any, ...], unlocked: tuple[bool, ...]) -> tuple[dict[str, Any], str]:
    data = result.to_json()
    data.update(
        {
            "encounter": encounter,
            "turn": turn,
            "player_planet": planet,
            "opponent_planet": opponent_planet,
            "after": {
                "player": side_summary(after[0:7], after[7:14]),
                "opponent": side_summary(after[14:21], after[21:28]),
            },
            "unlocked": [p for p, u in zip(PLANETS, unlocked, strict=True) if u],
            "distance": distance,
        }
    )
    return data, turn_text(planet, opponent_planet, result)


def turn_text(planet: str, opponent_planet: str, result: TurnResult) -> str:
    """The turn event's line: polarity, crits, direct deltas, each propagation step and combustion check."""
    d = result.direct
    crit = "".join(f" {side} crit!" for side, c in zip(("player", "opponent"), result.crits, strict=True) if c)
    text = (
        f"{planet} vs {opponent_planet}: {result.polarity}{crit}; {planet} {d[0].delta:+d}, "
        f"{opponent_planet} {d[1].delta:+d}"
    )
    for s in result.propagation:
        text += f"; {s.side} {s.source}→{s.target} {s.aspect} {s.polarity} {s.delta:+d}"
    for c in result.checks:
        outcome = "COMBUST" if c.combusted else ("saved by exaltation" if c.saved else "holds")
        text += f"; {c.side} {c.planet} check P={c.probability:.4f} roll {c.roll:.4f} {outcome}"
    return text
