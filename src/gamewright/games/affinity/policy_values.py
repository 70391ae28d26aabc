"""What the greedy policy values with (``policies.GreedyPolicy``): a fighter's dice left and dice key, the
expected dice an attack destroys through a target's layered defence, and the facts of a fighter that never change
within a fight (its abilities sorted by how they are weighed, its longest reach)."""

from __future__ import annotations

from functools import cache
from typing import Any

from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.combat import Fighter
from gamewright.games.affinity.combat_damage import DamageTerms
from gamewright.games.affinity.data_files import Ability, class_data
from gamewright.games.affinity.pools import is_expert_or_higher
from gamewright.games.affinity.tactics import LayerKey, expected_lost


def dice_left(f: Fighter) -> int:
    left = f.hd
    for la in f.layers:  # a plain loop: every die's worth asks
        left += la.count
    return left


def layer_key(f: Fighter) -> LayerKey:
    key = tuple([(la.sides, la.count, la.survive) for la in f.layers if la.count > 0])
    return key + ((f.hd_die, f.hd, 5),) if f.hd > 0 else key


# what a target defends an attack with: its loss table (below), what meets the damage, defence rolls, extra
# defence d6, its dice outermost first, the worth of each die
Losses = tuple[dict[int, float], DamageTerms, int, int, LayerKey, float]


@cache
def loss_table(terms: DamageTerms, capacity: int, bonus: int, layers: LayerKey) -> dict[int, float]:
    """Expected dice lost to each amount of damage, filled in by ``valued`` as amounts are met: the same for every
    target met with the same terms, defence and dice, so fights share it."""
    return {}


def valued(t: Fighter, dist_: tuple[tuple[int, float], ...], losses: Losses) -> float:
    """Expected dice an attack with damage distribution ``dist_`` destroys on (living) ``t``, valued at its
    worth per die."""
    lost = 0.0
    known, terms, capacity, bonus, layers, worth = losses
    for dmg, p in dist_:
        one = known.get(dmg)
        if one is None:
            one = known[dmg] = expected_lost(terms.met(dmg)[0], capacity, bonus, layers)
        lost += p * one
    value = lost * worth
    if t.status == rs.DYING and not t.mindless:
        value += 0.05  # a hit at 0 HD forces a Resolve check
    return value


# the effects of rolled actions the greedy policy weighs (the rest score 0: Dash, Disengage)
SUPPORT_EFFECTS = frozenset({"endure", "stabilize", "mark", "analyze", "rally", "help", "ward", "commune",
                             "hold_line", "purpose", "recover"})


@cache
def sorted_abilities(abilities: tuple[str, ...]) -> tuple[frozenset[str], dict[str, Ability]]:
    """A PC's abilities whose every action scores 0 (a rolled effect not weighed), skipped without scoring, and
    its attacks (``_score_pc`` sends their actions to ``_score_attack``)."""
    data = class_data().abilities
    known = [data[k] for k in abilities if k in data and data[k].tier != "none"]
    unweighed = frozenset(a.key for a in known if a.effect not in SUPPORT_EFFECTS and a.effect not in ATTACK_EFFECTS)
    return unweighed, {a.key: a for a in known if a.effect in ATTACK_EFFECTS}


@cache
def has_expert_action(abilities: tuple[str, ...]) -> bool:
    """A PC with these abilities has an Expert-or-higher one (what Pressured takes away, 003 Resolve Stages)."""
    data = class_data().abilities
    return any(is_expert_or_higher(data[k].tier) for k in abilities)


ATTACK_EFFECTS = ("attack", "devastate")
REACHES: dict[Any, int] = {}  # GreedyPolicy.reach by (weapon, abilities) of a PC, kind of a creature
NONE_SORTED: tuple[frozenset[str], dict[str, Ability]] = (frozenset(), {})
