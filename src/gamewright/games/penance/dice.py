"""Penance dice (004 §2, §6; ref §1): the attack and defense custom dice, the Damage, Suffering and
Strain tables, outcome tiers and their exact odds through ``gamewright.core.dice``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from gamewright.core.dice import Dist, faces
from gamewright.core.rng import Rng

# ref §1: one face each; values add.
ATTACK_FACES = {0: "JAM", 1: "GLANCE", 2: "BLOOD", 3: "STRIKE", 4: "DOUBLE STRIKE", 5: "DEATH BLOW"}
DEFENSE_FACES = ("shield", "absorb", "flesh", "critical", "pierce", "heat")
DEFENSE_LABELS = {
    "shield": "SHIELD", "absorb": "ABSORB", "flesh": "FLESH WOUND", "critical": "CRITICAL", "pierce": "PIERCE",
    "heat": "HEAT",
}
BLOCKING = frozenset(("shield", "absorb"))
TIERS = ("miss", "hit", "strong", "critical", "execution", "catastrophic")
TIER_BONUS = {"hit": 0, "strong": 1, "critical": 2, "execution": 2}  # ref §1 / §2 "EXECUTION adds +2"

ATTACK_DIE = faces(list(ATTACK_FACES))
DEFENSE_DIE = faces(list(DEFENSE_FACES))

# 004 §1 "Damage Die".
DAMAGE_DIE = {
    1: ("Minor Strain", "Gain 1 Heat"),
    2: ("System Glitch", "-1 SP at start of next turn"),
    3: ("Internal Bleeding", "Discard 1 card at start of next turn"),
    4: ("Structural Weakness", "Next attack against you: +1 Component Damage"),
    5: ("Critical Malfunction", "+1 Pilot Wound"),
    6: ("Adrenaline Surge", "Gain 1 SP immediately"),
}
# ref §1 numbering of the Suffering Die (004 §6 effects).
SUFFERING_DIE = {
    1: ("Divine Mercy", "No self-harm"),
    2: ("Blood Price", "Discard 2 cards"),
    3: ("Zealot's Fury", "Discard 1 card, +1 damage to all attacks this turn"),
    4: ("Penance", "Discard 1 card, +1 Heat, +2 damage next attack"),
    5: ("Martyrdom", "Discard 3 cards, +3 damage to next attack"),
    6: ("Absolution", "Discard 1 card, recover 1 card from discard"),
}


def attack_tier(a: int, b: int, tn: int) -> str:
    """The outcome of two attack dice against a target number (ref §1 "Hit and tier")."""
    if a == 5 and b == 5:
        return "execution"  # always hits, whatever the TN
    if a == 0 and b == 0:
        return "catastrophic"  # always a miss
    total = a + b
    if total < tn:
        return "miss"
    if total >= 9:
        return "critical"
    if total >= 7:
        return "strong"
    return "hit"  # any sum 1-6 that meets a (possibly lowered) TN


def strain_result(total: int) -> str:
    """Strain table on 1d6 + Heat (004 §7; ref §2)."""
    if total <= 5:
        return "heat"
    if total <= 8:
        return "sp"
    if total <= 11:
        return "damage"
    return "component"


@cache
def _attack_pair() -> Dist:
    """Both attack dice by value, every ordered pair (the same for every target number)."""
    return ATTACK_DIE.combine(ATTACK_DIE, lambda a, b: (a, b))


def tier_odds(tn: int) -> dict[str, Fraction]:
    """Exact probabilities of every tier for a target number, by the core's exact dice."""
    dist: Dist = _attack_pair().map(lambda ab: attack_tier(ab[0], ab[1], tn))
    return {t: dist[t] for t in ("hit", "strong", "critical", "execution", "catastrophic", "miss")}


def roll_attack(rng: Rng) -> tuple[int, int]:
    """Two attack dice by value (0-5)."""
    return rng.die(6) - 1, rng.die(6) - 1


def roll_defense(rng: Rng, n: int) -> list[str]:
    """``n`` defense dice, one per point of damage (004 §2 step 4)."""
    return [DEFENSE_FACES[rng.die(6) - 1] for _ in range(n)]


def parse_defense_face(text: str) -> str:
    from gamewright.core.errors import ConfigError

    key = text.strip().lower().replace(" ", "").replace("_", "")
    key = {"fleshwound": "flesh", "crit": "critical"}.get(key, key)
    if key not in DEFENSE_FACES:
        raise ConfigError(f"unknown defense face {text!r}; choose from: {', '.join(DEFENSE_FACES)}")
    return key
