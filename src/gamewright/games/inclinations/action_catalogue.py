"""Every Dangerous Inclinations action's text for a table of ``players``, once: index ``i`` of an RL environment's
action space is ``texts(players)[i]`` in every state (every step and deployment)."""

from __future__ import annotations

from itertools import permutations
from typing import Any


def texts(players: int) -> list[str]:
    from gamewright.games.inclinations import actions as a
    from gamewright.games.inclinations.board import FACINGS, SECTORS, WELLS
    from gamewright.games.inclinations.ship import MAX_ENERGY, SUBSYSTEMS

    steps: list[Any] = [a.Deploy(s) for s in range(SECTORS)]
    for sub, most in zip(SUBSYSTEMS, MAX_ENERGY, strict=True):
        steps += [kind(sub, n) for kind in (a.Allocate, a.Deallocate) for n in range(1, most + 1)]
    steps += [a.Rotate(f) for f in FACINGS] + [a.Coast(False), a.Coast(True)]
    steps += [a.Burn(name, adj) for name in a.INTENSITIES for adj in range(-8, 4)]
    steps += [a.Transfer(w) for w in WELLS]
    ids = [f"P{i + 1}" for i in range(players)]
    targets = [t for n in (1, 2) for t in permutations(ids, n)]
    steps += [a.Fire(w, t, comp) for w in a.WEAPONS for t in targets for comp in (False, True)]
    steps.append(a.EndTurn())
    return list(dict.fromkeys(s.to_text() for s in steps))
