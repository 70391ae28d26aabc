"""Dangerous Inclinations' hooks for the search agents (issue 15 §2): whole-turn plans as macro-actions.

Searching a turn step by step drowns in equivalent energy shuffles, so the search compares whole plans: the
hard bot's own plan first, then plans the same planner makes with other weights (a tighter or looser heat
budget, more or less weight on position, no fleeing, no shield headroom, sloppier tie-breaks) and the medium
and easy bots' plans. Each becomes ``plan + end``. Deployment compares every free sector, the hard bot's safe
choice first. Every plan is built on a resampled twin, so it depends only on the seat's view.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import EndTurn
from gamewright.games.inclinations.bots import LEVELS, HeuristicBot

# ismcts settings here (``ismcts`` alone): 60 playouts of the rest of the game (at most 300 actions, the hard bot
# on both sides) per turn plan chosen, under 1 s of CPU per decision on the reference machine
DEFAULTS: dict[str, Any] = {"iterations": 60, "depth": 300, "rollout": "inclinations.hard-bot"}

# (level, changed weights) for each variant planner; the hard level unchanged comes first, as the guide
VARIANTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("hard", {"heat_budget": 4}),
    ("hard", {"heat_budget": 6}),
    ("hard", {"position_weight": 0.5}),
    ("hard", {"position_weight": 2.0}),
    ("hard", {"flee": False}),
    ("hard", {"shield_headroom": False}),
    ("hard", {"noise": 1.5}),
    ("hard", {"noise": 1.5}),
    ("medium", {}),
    ("easy", {}),
)


def guide(seed: int) -> HeuristicBot:
    return HeuristicBot("hard", Rng(seed))


def _planner(level: str, changes: dict[str, Any], seed: int) -> HeuristicBot:
    bot = HeuristicBot(level, Rng(seed))
    bot.level = replace(LEVELS[level], **changes)
    return bot


def macro_actions(state: Any, seat: int, rng: Rng, guide: Any) -> list[list[Any]] | None:
    twin = state.resample(seat, rng)
    if state.phase == "deploy":
        first = guide.deploy(twin)
        return [[a] for a in (first, *(a for a in state.legal_actions() if a != first))]
    if state.plan:  # a turn someone else began: it is ended as it stands, as the turn-plan bots do
        return [[EndTurn()]]
    plans = [guide.choose_turn(twin)]
    for level, changes in VARIANTS:
        plans.append(_planner(level, changes, rng.randint(0, SEED_MAX)).choose_turn(twin))
    seen: set[tuple[str, ...]] = set()
    macros = []
    for plan in plans:
        key = tuple(step.to_text() for step in plan)
        if key not in seen:
            seen.add(key)
            macros.append([*plan, EndTurn()])
    return macros


def turn_key(state: Any) -> Any:
    return (state.current, state.round, state.phase)

