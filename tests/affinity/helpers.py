"""Small builders for focused combat scenarios."""

from __future__ import annotations

from gamewright.core.rng import ScriptedRng
from gamewright.games.affinity.character import conformance_party
from gamewright.games.affinity.combat import CombatState, build_fight


def scenario(level: int = 1, creature: str = "goblin_skulker", count: int = 1, seed: int = 0,
             options: dict | None = None) -> CombatState:
    """A fight: party 0 Combatant, 1 Priest, 2 Ranger, 3 Weaver; creatures from index 4."""
    state, _ = build_fight(conformance_party(level), creature, count, seed, options)
    return state


def turn_of(state: CombatState, idx: int, dice: list[int] | None = None) -> None:
    """Make it ``idx``'s turn with fresh actions; script the next dice if given."""
    f = state.fighters[idx]
    state.active = idx
    state.turn_pos = state.order.index(idx)
    f.actions_left = f.actions_per_turn
    f.move_left = 2
    f.expert_used = False
    f.exerted_turn = False
    if dice is not None:
        state.rng = ScriptedRng(dice=dice)


def adjacent(state: CombatState, a: int, b: int) -> None:
    fa, fb = state.fighters[a], state.fighters[b]
    fb.x, fb.y = fa.x + 1, fa.y
