"""Read-only map questions for a combat state: which squares the acting combatant can attack from where it
stands, which squares its remaining free movement reaches this turn, and which combatants are engaged in melee.

Space is a grid of 5-yard squares, one square a step, diagonals counting 1 (ref §1 "Space"); free movement is
``move_left`` squares (003 "Base Movement", 10 yards a round); melee reaches adjacent squares (ref §1 "Space").
Attack reach is the engine's own ``_reach`` of each usable attack (weapon range, ref §3)."""

from __future__ import annotations

from typing import Any

from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat_fighters import dist
from gamewright.games.affinity.combat_legality import reach_of, spec_of, unusable
from gamewright.games.affinity.data_files import Ability, Attack

Square = tuple[int, int]
MELEE = 1  # melee reaches adjacent squares (ref §1 "Space")


def _is_attack(spec: Ability | Attack) -> bool:
    if isinstance(spec, Attack):
        return spec.heal is None
    return spec.effect in ("attack", "devastate")


def attack_radius(state: Any) -> int:
    """Squares the acting combatant's usable attacks reach without moving (normal range, no −1d6); 0 if none."""
    f = state.fighters[state.active]
    best = 0
    for key in f.abilities:
        spec = spec_of(state, f, key)
        if spec is None or not _is_attack(spec) or unusable(state, f, key, spec):
            continue
        best = max(best, reach_of(f, spec)[0])
    return best


def _ring(at: Square, radius: int) -> list[Square]:
    """Every square within ``radius`` steps of ``at`` (diagonals count 1), ``at`` itself left out."""
    x, y = at
    return [(x + dx, y + dy) for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)
            if (dx, dy) != (0, 0)]


def reach_map(state: Any) -> dict[str, Any]:
    """The acting combatant's reach and the melee zones, as plain data for front ends."""
    f = state.fighters[state.active]
    at = (f.x, f.y)
    over = state.winner is not None  # a finished fight has no one acting: no reach to draw
    radius = 0 if over else attack_radius(state)
    move = 0 if over else max(f.move_left, 0)
    alive = [e for e in state.fighters if e.status != rs.DEAD]
    engaged = sorted((a.idx, b.idx) for a in alive for b in alive
                     if a.side == 0 and b.side == 1 and a.status == rs.OK and b.status == rs.OK
                     and dist(a, b) <= MELEE)
    threatened = sorted({sq for e in alive if e.side != f.side and e.status == rs.OK
                         for sq in _ring((e.x, e.y), MELEE)})
    return {"at": list(at), "attack_radius": radius, "move_squares": move,
            "attack": [list(s) for s in _ring(at, radius)], "move": [list(s) for s in _ring(at, move)],
            "threatened": [list(s) for s in threatened], "engaged": [list(p) for p in engaged]}
