"""Policies that choose a planet without a person: ``random`` and ``greedy``."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.rng import Rng
from gamewright.games.prince.state import DEPLOY, Deploy, PrinceState

COMBUSTION_WEIGHT = 20.0  # how many points of expected affliction one certain combustion is worth to greedy
OWN_COMBUSTION_COST = 20.0  # Distance one certain combustion of the player's own planet costs (tuned, see below)
OPPONENT_COMBUSTION_COST = 0.0


class RandomPolicy:
    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: PrinceState) -> Deploy:
        return self.rng.choice(state.legal_actions())


class PreviewGreedyPolicy:
    """One turn ahead with the engine's exact ``preview`` (propagation included): the most expected Distance
    this turn, less the expected loss of the player's own planets; ties go to the first planet.

    Distance counts every affliction change on both sides (001 §13), so the score to win is the turn's whole
    expected score. A combust planet of the player's can send nothing again and brings defeat nearer, so each
    expected own combustion costs ``own_weight`` points; an opponent's combustion shortens the encounter (fewer
    turns to score), costing ``opponent_weight``. Reads only what ``preview`` reads: what the player sees.
    """

    name = "greedy"

    def __init__(self, seed: int | str = 0, own_weight: float = OWN_COMBUSTION_COST,
                 opponent_weight: float = OPPONENT_COMBUSTION_COST) -> None:
        del seed
        self.own_weight = own_weight
        self.opponent_weight = opponent_weight

    def value(self, preview: dict[str, Any]) -> float:
        combustion = preview["combustion"]
        own = sum(c["float"] for c in combustion["player"].values())
        theirs = sum(c["float"] for c in combustion["opponent"].values())
        return float(preview["expected_score"]["float"]) - self.own_weight * own - self.opponent_weight * theirs

    def choose(self, state: PrinceState) -> Deploy:
        best = max(state.legal_actions(), key=lambda a: self.value(state.preview(a)))  # max keeps the first
        return best


class GreedyPolicy:
    """The earlier greedy: one-turn lookahead on the direct predictions only (no propagation); deal most, take
    least, avoid combustion; ties go to the first. Kept as ``greedy-direct`` for comparison."""

    name = "greedy-direct"

    def __init__(self, seed: int | str = 0) -> None:
        del seed

    @staticmethod
    def value(prediction: dict[str, Any]) -> float:
        out, inc = prediction["expected_outgoing"], prediction["expected_incoming"]
        if prediction["polarity"] == "testimony":
            gain = inc  # testimony received heals my planet; what I send heals the opponent's
            cost = out
        else:
            gain = out
            cost = inc
        return (
            gain
            - cost
            + COMBUSTION_WEIGHT * prediction["opponent_combustion_risk"]
            - COMBUSTION_WEIGHT * prediction["combustion_risk"]
        )

    def choose(self, state: PrinceState) -> Deploy:
        best = max(state.predictions(), key=self.value)  # max keeps the first of equal values
        return DEPLOY[best["planet"]]


POLICIES: dict[str, type] = {"random": RandomPolicy, "greedy": PreviewGreedyPolicy, "greedy-direct": GreedyPolicy}


def make_policy(name: str, seed: int | str = 0) -> Any:
    if name not in POLICIES:
        raise ConfigError(f"unknown policy {name!r}; choose one of: {', '.join(POLICIES)}")
    return POLICIES[name](seed)
