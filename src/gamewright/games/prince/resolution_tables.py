"""Numbers turn resolution needs beyond ``tables.py``: multipliers, crit rates, combustion curves, unlock costs.

Every value is exact (``Fraction``); sources: ``rules/000`` ("000"), ``rules/001`` ("001") and
``reference/space_prince.md`` ("ref"), which overrides both.
"""

from __future__ import annotations

from fractions import Fraction

from gamewright.games.prince.tables import PLANETS, SIGN_ELEMENT, shared_qualities

PLANET_INDEX: dict[str, int] = {name: i for i, name in enumerate(PLANETS)}

HALF = Fraction(1, 2)
ONE = Fraction(1)
QUARTER_UP = Fraction(5, 4)

# 000 §13a "Element (determines polarity via qualities)", 001 §5: shared qualities → polarity.
POLARITY_BY_SHARED: dict[int, str] = {2: "testimony", 1: "friction", 0: "affliction"}

# 000 §13a "Modality": cardinal senders ×1.25 outgoing, mutable receivers ×1.25 incoming.
OUTGOING: dict[str, Fraction] = {"cardinal": QUARTER_UP, "fixed": ONE, "mutable": ONE}
INCOMING: dict[str, Fraction] = {"cardinal": ONE, "fixed": ONE, "mutable": QUARTER_UP}

FRICTION_FACTOR = HALF  # 000 §13a, 001 §6: friction is half-magnitude affliction
CRIT_FACTOR = Fraction(2)  # 000 §13a, 001 §6: a crit doubles that side's output

# 000 §2 "Luck": each point 8%, capped at 40%; 001 §7: each point 10%, no cap.
CRIT_PER_LUCK: dict[str, Fraction] = {"design": Fraction(8, 100), "prototype": Fraction(10, 100)}
CRIT_CAP: dict[str, Fraction | None] = {"design": Fraction(40, 100), "prototype": None}

# 000 §4 table, 001 §10: base propagation multipliers by major aspect (sign gives polarity).
ASPECT_MULTIPLIER: dict[str, Fraction] = {
    "conjunction": ONE,
    "sextile": HALF,
    "trine": HALF,
    "square": -HALF,
    "opposition": -ONE,
}
SAME_SECT_FACTOR = QUARTER_UP  # 000 §4 table / §4a; ref §2: ×1.25 supersedes the prose "double strength"

# 000 §11: combustion threshold T = effective durability × 10.
THRESHOLD_PER_DURABILITY = 10
DETRIMENT_CAP = HALF  # 000 §11: detriment caps combustion at 50%

# 000 §12 table, "Cumulative" column (ref §2): encounters needed to unlock each planet.
UNLOCK_AT: dict[str, int] = {"Moon": 0, "Mercury": 1, "Venus": 3, "Sun": 7, "Mars": 15, "Jupiter": 31, "Saturn": 63}


def polarity(sign_a: int, sign_b: int) -> str:
    """testimony | friction | affliction from the two signs' element qualities (000 §13a, 001 §5)."""
    return POLARITY_BY_SHARED[shared_qualities(SIGN_ELEMENT[sign_a], SIGN_ELEMENT[sign_b])]
