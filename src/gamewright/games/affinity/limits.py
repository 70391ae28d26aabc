"""Every bound on an Affinity number a person may give, each following from a rule, checked before any work.

The CLI states these in ``--help``; ``check`` refuses a value outside its bound with one ``ConfigError`` line.
Beyond these, the work each command does is bounded by construction: pool odds are integer convolutions over at
most ``MAX_ODDS_DICE`` dice, defence odds roll at most ``MAX_CAPACITY`` dice and treat the rest in closed form.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.limits import bounded, check_seed

MAX_LEVEL = 10  # 003 "Level": levels 1–10
MAX_PROFICIENCY = 5  # 003 "Level": Proficiency = half the level rounded up, so at most 5
MAX_EXERTION = MAX_PROFICIENCY  # 003 "Exertion Budget": each action's exertion ≤ Proficiency
# Safe bonus dice on one roll: Affinity dice stored ≤ Level (10), support roles ≤ 3, ability/gear bonuses ≤ 2
MAX_BONUS_DICE = 15
MAX_PENALTY_DICE = 10  # −Nd6 modifiers: more than any pool holds safe dice plus exertion (5 + 5)
MAX_ODDS_DICE = 100  # the designer's tables; no pool in the rules comes near it
MAX_DIFFICULTY = 100  # successes needed: 2 per die of the largest pools, summed over an extended task
MAX_DAYS = 365  # an extended task rolls once a day (003 Example: Crafting); a year is the longest any names
MAX_PARTY = 10  # ref §4 budgets are for a party of 3–5; twice the top covers every table
MAX_CREATURES = 30  # the `count` game option's own bound
MAX_CAPACITY = 10  # defence rolls per attack = Proficiency (≤ 5); swarm and trait rolls never double it
MAX_DEFENCE_BONUS = 10  # extra defence d6: Defend 2 + Hold the Line 1 + Ward 1 + shield/swarm/trait ≤ 6
MAX_LAYERS = 5  # 003 layers: spell, shield, armour, temporary HD, body
MAX_LAYER_DICE = 50  # the largest pool in the rules is 23 body HD (HD table, level 10)
MAX_DIE_SIDES = 20  # defence and healing dice run d4–d12; d20 leaves room for house dice
MAX_DAMAGE = MAX_LAYERS * MAX_LAYER_DICE  # past every die of the largest defender each point is overflow
MAX_HEAL_DICE = 20  # the largest healing roll in the rules is 6d12 (Supreme Healing Salve, ref §5)
MAX_RESEARCH = 3  # 003 Pre-Duel Research: at most 3 hours count
MAX_DUEL_ROUNDS = 50  # a duel ends when Composure and Resolve (≤ 5 + 7 dice) are gone; 50 rounds is far past it
MAX_FIGHTS = 100_000  # conformance runs: a batch with a progress bar

# name → (lowest, highest); ``check`` reads this table only
BOUNDS: dict[str, tuple[int, int]] = {
    "level": (1, MAX_LEVEL),
    "proficiency": (1, MAX_PROFICIENCY),
    "exertion": (0, MAX_EXERTION),
    "bonus": (0, MAX_BONUS_DICE),
    "penalty": (0, MAX_PENALTY_DICE),
    "dice": (0, MAX_ODDS_DICE),
    "difficulty": (1, MAX_DIFFICULTY),
    "days": (0, MAX_DAYS),
    "party": (1, MAX_PARTY),
    "count": (0, MAX_CREATURES),
    "capacity": (1, MAX_CAPACITY),
    "defence_bonus": (0, MAX_DEFENCE_BONUS),
    "layers": (1, MAX_LAYERS),
    "layer_dice": (0, MAX_LAYER_DICE),
    "sides": (2, MAX_DIE_SIDES),
    "damage": (0, MAX_DAMAGE),
    "heal_dice": (0, MAX_HEAL_DICE),
    "research": (0, MAX_RESEARCH),
    "rounds": (1, MAX_DUEL_ROUNDS),
    "fights": (1, MAX_FIGHTS),
    "counsel": (0, MAX_PROFICIENCY),
    "affinity": (0, MAX_LEVEL),
}


def check(kind: str, value: Any, what: str) -> int:
    """``value`` if it lies in the bound named ``kind`` (see ``BOUNDS``), else one ``ConfigError`` line."""
    lo, hi = BOUNDS[kind]
    return bounded(value, lo, hi, what)


def check_all(**values: tuple[str, Any]) -> None:
    """Check many at once: ``check_all(**{"--proficiency": ("proficiency", 3)})``; seeds use ``kind="seed"``."""
    for what, (kind, value) in values.items():
        if kind == "seed":
            check_seed(value, what)
        else:
            check(kind, value, what)


def help_range(kind: str) -> str:
    """The bound as ``--help`` states it, e.g. ``"0–5"``."""
    lo, hi = BOUNDS[kind]
    return f"{lo}–{hi}"
