"""Policies that choose a planet without a person: ``random`` and ``greedy``."""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.rng import Rng
from gamewright.games.prince.state import DEPLOY, Deploy, PrinceState

COMBUSTION_WEIGHT = 20.0  # how many points of expected affliction one certain combustion is worth to greedy


class RandomPolicy:
    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: PrinceState) -> Deploy:
        return self.rng.choice(state.legal_actions())


class GreedyPolicy:
    """One-turn lookahead on the predictions: deal most, take least, avoid combustion; ties go to the first."""

    name = "greedy"

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


POLICIES: dict[str, type] = {"random": RandomPolicy, "greedy": GreedyPolicy}


def make_policy(name: str, seed: int | str = 0) -> Any:
    if name not in POLICIES:
        raise ConfigError(f"unknown policy {name!r}; choose one of: {', '.join(POLICIES)}")
    return POLICIES[name](seed)
