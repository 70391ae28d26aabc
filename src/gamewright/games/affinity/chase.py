"""Chases: a single contested roll (003 "Chase Mechanics"; ref §1: one roller per side).

Both sides roll Proficiency + exertion (+ bonus dice) at Advanced 3+ needing 2 successes. A side that misses
the 2 required successes counts as 0 (RULINGS); then the higher total wins and a tie lets the Lead escape
while the Chase keeps its trail.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamewright.games.affinity.pools import count_successes, successes_dist
from gamewright.games.affinity.tasks import Roller

THRESHOLD = 3  # Advanced
REQUIRED = 2


@dataclass(slots=True)
class ChaseSetup:
    lead: Roller
    chase: Roller
    familiar: str = ""  # "lead" | "chase" | "": +1d6 to that side
    mount: str = ""  # superior mount/vehicle: +2d6
    darkness: bool = False  # Lead +1d6
    crowded: bool = False  # both −1d6

    def dice(self, side: str) -> tuple[int, int]:
        r = self.lead if side == "lead" else self.chase
        bonus = r.bonus + (1 if self.familiar == side else 0) + (2 if self.mount == side else 0)
        if side == "lead" and self.darkness:
            bonus += 1
        penalty = r.penalty + (1 if self.crowded else 0)
        return Roller(r.name, r.proficiency, r.exertion, bonus, penalty).dice()


def _effective(successes: int) -> int:
    return successes if successes >= REQUIRED else 0


def outcome(lead: int, chase: int) -> str:
    a, b = _effective(lead), _effective(chase)
    if a > b:
        return "escaped"
    if b > a:
        return "caught"
    return "escaped, tracked"


def chase_odds(setup: ChaseSetup) -> dict[str, Fraction]:
    la, lb = setup.dice("lead")
    ca, cb = setup.dice("chase")
    dl = successes_dist(la, lb, THRESHOLD)
    dc = successes_dist(ca, cb, THRESHOLD)
    out = {"escaped": Fraction(0), "caught": Fraction(0), "escaped, tracked": Fraction(0)}
    for a, p in dl.items():
        for b, q in dc.items():
            out[outcome(a, b)] += p * q
    return out


def run_chase(rng: Any, setup: ChaseSetup) -> dict[str, Any]:
    result: dict[str, Any] = {}
    totals = {}
    for side in ("lead", "chase"):
        safe, ex = setup.dice(side)
        faces = [rng.die(6) for _ in range(safe + ex)]
        succ = count_successes(faces, THRESHOLD)
        totals[side] = succ
        result[side] = {"faces": faces, "successes": succ, "burned": sum(1 for f in faces[safe:] if f == 1)}
    result["outcome"] = outcome(totals["lead"], totals["chase"])
    result["odds"] = {k: float(v) for k, v in chase_odds(setup).items()}
    return result
