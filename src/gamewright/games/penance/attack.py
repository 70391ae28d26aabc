"""Attack arithmetic (004 §2 steps 2-5; ref §1-§2): target numbers, tiers, damage and blocking.

Pure functions shared by the engine and the ``penance attack`` table assistant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamewright.core.dice import Dist, count
from gamewright.core.errors import ConfigError
from gamewright.games.penance.dice import BLOCKING, DEFENSE_DIE, TIER_BONUS
from gamewright.games.penance.hexgrid import SIDE_NAMES

if TYPE_CHECKING:
    from gamewright.games.penance.cards import CardDef

BASE_TN = 5  # 004 §2 step 2
SIDE_TN = {1: 0, 2: 0, 3: -1, 4: -2, 5: -1, 6: 1}  # 004 §2 "Hex-Side Facing"
COVER_TN = {"none": 0, "light": 1, "heavy": 2}  # 004 §2 "Terrain Modifiers"
REACTIVE_SIDES = frozenset((1, 2, 6))  # ref §4: no reactive cards against attacks from sides 3-5


def range_mod(distance: int) -> int:
    """004 §2 "Range Modifiers"."""
    if distance <= 3:
        return 0
    if distance <= 6:
        return 1
    if distance <= 10:
        return 2
    return 3


def movement_mod(hexes: int) -> int:
    """004 §2 "Attacker/Defender Movement": 0 / 1-3 / 4-6 / 7+."""
    if hexes <= 0:
        return 0
    if hexes <= 3:
        return 1
    if hexes <= 6:
        return 2
    return 3


def side_number(name: str | int) -> int:
    if isinstance(name, int):
        if 1 <= name <= 6:
            return name
    else:
        key = name.strip().lower().replace("_", "-")
        if key in SIDE_NAMES:
            return SIDE_NAMES.index(key) + 1
        if key.isdigit() and 1 <= int(key) <= 6:
            return int(key)
    raise ConfigError(f"unknown side {name!r}; choose one of: {', '.join(SIDE_NAMES)} (or 1-6)")


def target_number(
    distance: int,
    attacker_moved: int,
    defender_moved: int,
    side: int,
    cover: str = "none",
    *,
    obscured: bool = False,
    elevated: bool = False,
    extra: int = 0,
) -> tuple[int, dict[str, int]]:
    """The TN and its breakdown. ``extra`` carries effects such as a damaged head's ranged penalty."""
    tn, parts = _target_terms(distance, attacker_moved, defender_moved, side, cover, obscured, elevated, extra)
    return tn, dict(parts)  # the caller's own copy of the breakdown


def target_total(distance: int, attacker_moved: int, defender_moved: int, side: int, cover: str = "none",
                 extra: int = 0) -> int:
    """``target_number``'s TN alone (no breakdown to copy)."""
    return _target_terms(distance, attacker_moved, defender_moved, side, cover, False, False, extra)[0]


_TERMS: dict[tuple[int, int, int, int, str, bool, bool, int], tuple[int, dict[str, int]]] = {}


def _target_terms(distance: int, attacker_moved: int, defender_moved: int, side: int, cover: str, obscured: bool,
                  elevated: bool, extra: int) -> tuple[int, dict[str, int]]:
    """``target_number`` kept per set of arguments (a few hundred occur; bots ask thousands of times)."""
    key = (distance, attacker_moved, defender_moved, side, cover, obscured, elevated, extra)
    found = _TERMS.get(key)
    if found is None:
        found = _TERMS[key] = _target_parts(*key)
    return found


def _target_parts(distance: int, attacker_moved: int, defender_moved: int, side: int, cover: str, obscured: bool,
                  elevated: bool, extra: int) -> tuple[int, dict[str, int]]:
    if cover not in COVER_TN:
        raise ConfigError(f"unknown cover {cover!r}; choose one of: {', '.join(COVER_TN)}")
    parts = {
        "base": BASE_TN,
        "range": range_mod(distance),
        "attacker_moved": movement_mod(attacker_moved),
        "defender_moved": movement_mod(defender_moved),
        "side": SIDE_TN[side],
        "cover": COVER_TN[cover],
        "obscured": 2 if obscured else 0,
        "elevated": -1 if elevated else 0,
        "other": extra,
    }
    return sum(parts.values()), parts


def attack_damage(base: int, tier: str, side: int, *, rear_bonus: int = 0, bonus: int = 0) -> int:
    """Card damage + tier bonus + weapon side +1 + card's rear bonus + other bonuses, never below 0."""
    if tier not in TIER_BONUS:
        return 0
    dmg = base + TIER_BONUS[tier] + (1 if side == 2 else 0) + (rear_bonus if side == 4 else 0) + bonus
    return max(0, dmg)


@dataclass(frozen=True, slots=True)
class Defense:
    blocked: int  # dice blocks plus flat Defense that applied
    taken: int
    component_damage: int  # CRITICAL faces
    heat: int  # HEAT faces
    pierce: bool
    flat_applied: int


def resolve_defense(faces: list[str], flat_defense: int = 0, bypass: int = 0, reactive_points: int = 0) -> Defense:
    """004 §2 step 4 with ref §2 "Flat Defense" and "PIERCE after a reactive".

    ``faces`` are the rolled defense dice (one per point left after the reactive); a PIERCE brings back the
    points a reactive removed, taken without dice; flat Defense minus bypass then comes off what is taken
    (ref §2: subtracted after the dice, from the attack's damage; RULINGS: it meets the returned points too).
    """
    blocks = sum(1 for f in faces if f in BLOCKING)
    taken = len(faces) - blocks
    pierce = "pierce" in faces
    if pierce:
        taken += reactive_points
    flat = min(max(0, flat_defense - bypass), taken)
    taken -= flat
    return Defense(
        blocked=blocks + flat,
        taken=taken,
        component_damage=faces.count("critical"),
        heat=faces.count("heat"),
        pierce=pierce,
        flat_applied=flat,
    )


@dataclass(slots=True)  # not frozen: a frozen dataclass's __init__ is twice as slow, and bots value many attacks
class AttackSetup:
    """What an attack fixes before its dice (004 §2 steps 1-3): distance, the side it lands on, the TN with its
    terms, and the damage terms other than the tier. The engine resolves with it; ``preview`` reports it. Never
    changed once made."""

    distance: int
    side: int  # the defender's side facing the attacker, 1-6
    tn: int
    tn_parts: dict[str, int]
    base: int  # the card's damage (0: Divine Judgment against a deck above 10 cards)
    bonus_parts: dict[str, int]  # next-attack bonuses, penalties from damage and wounds
    rear_bonus: int
    bypass: int  # flat Defense ignored before a CRITICAL's extra 1

    @classmethod
    def for_card(cls, c: CardDef, distance: int, side: int, tn: tuple[int, dict[str, int]], *,
                 defender_deck: int | None = None, bonus_parts: dict[str, int] | None = None,
                 bypass: int = 0, base: int | None = None) -> AttackSetup:
        """The card's own damage rules (004 §1) on top of the situation's TN, bonuses and bypass; ``base``
        replaces the card's damage (a secondary target's)."""
        base = c.damage if base is None else base
        if c.id == "divine_judgment" and defender_deck is not None and defender_deck > 10:
            base = 0  # deals its 8 only if the target has 10 or fewer cards in deck
        return cls(distance=distance, side=side, tn=tn[0], tn_parts=tn[1], base=base,
                   bonus_parts=dict(bonus_parts or {}), rear_bonus=2 if c.id == "faithful_thrust" else 0,
                   bypass=bypass + (1 if c.id == "hammer_strike" else 0))

    def damage(self, tier: str) -> int:
        """The attack's damage for a tier; 0 for a miss or a catastrophe, and for a card that deals nothing."""
        if not self.base:
            return 0
        return attack_damage(self.base, tier, self.side, rear_bonus=self.rear_bonus,
                             bonus=sum(self.bonus_parts.values()))

    def bypass_for(self, tier: str) -> int:
        return self.bypass + (1 if tier == "critical" else 0)  # ref §1: CRITICAL ignores 1 Defense


def taken_distribution(n_dice: int, flat_defense: int, bypass: int) -> Dist:
    """Exact distribution of the cards taken from ``n_dice`` defense dice and flat Defense with no reactive
    card (a PIERCE then brings nothing back), by the same ``resolve_defense`` the engine rolls through."""
    blocks = count(DEFENSE_DIE, n_dice, lambda f: f in BLOCKING)
    return blocks.map(lambda k: resolve_defense(["shield"] * k + ["flesh"] * (n_dice - k), flat_defense, bypass).taken)
