"""Space Prince's metrics for the lab: the Distance distribution, runs won, combustions per planet (the
Prince's own), which planets the Prince sends, and the encounter each run reached."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from gamewright.core.metrics import (
    Kind,
    MetricsHook,
    Record,
    distribution,
    headline_rate,
    mean_of,
    per_game,
    total_counts,
)
from gamewright.games.prince.events import TurnEvent


def record(state: Any, events: Sequence[Any]) -> Record:
    """A finished run's record, read from the state and the turn events without building their JSON."""
    sent: Counter[str] = Counter()
    combusted: Counter[str] = Counter()
    turns = 0
    for e in events:
        if type(e) is TurnEvent:  # the engine's own event: its facts read without building its payload
            planet, burnt = e.player_facts()
        elif e.kind == "turn":  # a plain event (a run read back from JSON)
            planet = str(e.data.get("player_planet") or "")
            burnt = [str(c["planet"]) for c in e.data.get("combusted") or ()
                     if isinstance(c, dict) and c.get("side") == "player"]
        else:
            continue
        turns += 1
        if planet:
            sent[planet] += 1
        for p in burnt:
            combusted[p] += 1
    return {
        "length": turns,
        "distance": _number(state.distance),
        "won": state.status == "won",
        "encounter": int(state.encounter or 0),
        "sent": dict(sorted(sent.items())),
        "combusted": dict(sorted(combusted.items())),
    }


def _number(value: Any) -> float:
    """Distance as a float: an int as it is, anything else (a Fraction, its text) through an exact Fraction."""
    return float(value) if type(value) is int else float(Fraction(str(value or 0)))


def summarise(games: Sequence[Record]) -> dict[str, Any]:
    n = len(games)
    distances = [g["metrics"]["distance"] for g in games]
    won = sum(1 for g in games if g["metrics"]["won"])
    sent = total_counts(games, "sent")
    total_sent = sum(sent.values())
    reached = Counter(g["metrics"]["encounter"] for g in games)
    return {
        "distance": {**distribution(distances), "mean95": mean_of(distances, Kind.NONNEGATIVE)},  # ≥ 0: 001 §13
        "runs_won": headline_rate(won, n),
        "combustions_per_run": per_game(total_counts(games, "combusted"), n),
        "planet_choice": {planet: count / total_sent for planet, count in sent.items()} if total_sent else {},
        "encounter_reached": {str(k): reached[k] for k in sorted(reached)},
        "headline": {"Distance": mean_of(distances, Kind.NONNEGATIVE), "runs won": headline_rate(won, n)},
    }


def batch_records(ruleset: str | None, options: dict[str, Any], agents: tuple[str, ...], seed: int, start: int,
                  stop: int) -> list[Record]:
    """Games ``start``..``stop - 1`` played by the batch engine (``--engine batch``)."""
    from gamewright.games.prince.batch.lab import batch_records as play

    return play(ruleset, options, agents, seed, start, stop)


def batch_agents(agents: tuple[str, ...]) -> None:
    from gamewright.games.prince.batch.lab import check_agents

    check_agents(agents)


HOOK = MetricsHook(record=record, summarise=summarise, length_unit="turns", paired=("distance",),
                   batch=batch_records, batch_agents=batch_agents)
