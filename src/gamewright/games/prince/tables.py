"""Space Prince's fixed tables: planets, signs, dignities, stats, sect teams, joys, sign relationships.

Sources: ``rules/000`` (design document, "000"), ``rules/001`` (prototype document, "001") and
``reference/space_prince.md`` ("ref"), which overrides both.
"""

from __future__ import annotations

from dataclasses import dataclass

# 000 §2, 001 §1: the seven planets, in the order every table and pair list uses.
PLANETS: tuple[str, ...] = ("Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn")

# ref §1: sign = floor(longitude / 30), Aries = 0 … Pisces = 11.
SIGNS: tuple[str, ...] = (
    "Aries",
    "Taurus",
    "Gemini",
    "Cancer",
    "Leo",
    "Virgo",
    "Libra",
    "Scorpio",
    "Sagittarius",
    "Capricorn",
    "Aquarius",
    "Pisces",
)
SIGN_INDEX: dict[str, int] = {name: index for index, name in enumerate(SIGNS)}

ELEMENTS: tuple[str, ...] = ("fire", "earth", "air", "water")
MODALITIES: tuple[str, ...] = ("cardinal", "fixed", "mutable")

# 000 §2 sign table: elements cycle fire, earth, air, water from Aries.
SIGN_ELEMENT: tuple[str, ...] = tuple(ELEMENTS[i % 4] for i in range(12))
# 000 §2 sign table: modalities cycle cardinal, fixed, mutable from Aries.
SIGN_MODALITY: tuple[str, ...] = tuple(MODALITIES[i % 3] for i in range(12))

# 000 §13a "Element (determines polarity via qualities)": each element is two qualities.
QUALITIES: dict[str, frozenset[str]] = {
    "fire": frozenset({"hot", "dry"}),
    "air": frozenset({"hot", "wet"}),
    "water": frozenset({"cold", "wet"}),
    "earth": frozenset({"cold", "dry"}),
}


def shared_qualities(element_a: str, element_b: str) -> int:
    """How many qualities two elements share: 2 testimony, 1 friction, 0 affliction (000 §13a, 001 §5)."""
    return len(QUALITIES[element_a] & QUALITIES[element_b])


@dataclass(frozen=True, slots=True)
class Stats:
    """A planet's four stats (000 §2 "Stat profiles", 001 §2): damage, healing, durability, luck."""

    damage: int
    healing: int
    durability: int
    luck: int

    def __add__(self, other: Stats) -> Stats:
        return Stats(
            self.damage + other.damage,
            self.healing + other.healing,
            self.durability + other.durability,
            self.luck + other.luck,
        )

    def to_json(self) -> dict[str, int]:
        return {"damage": self.damage, "healing": self.healing, "durability": self.durability, "luck": self.luck}


# 000 §2 table and 001 §2 (they agree; ref §1).
BASE_STATS: dict[str, Stats] = {
    "Sun": Stats(3, 2, 3, 2),
    "Moon": Stats(1, 4, 1, 2),
    "Mercury": Stats(2, 2, 2, 4),
    "Venus": Stats(1, 4, 2, 3),
    "Mars": Stats(4, 1, 2, 1),
    "Jupiter": Stats(2, 3, 3, 3),
    "Saturn": Stats(2, 1, 4, 1),
}

# 000 §2 "Element → primary stat", 001 §3 element buffs.
ELEMENT_BUFF: dict[str, Stats] = {
    "fire": Stats(1, 0, 0, 0),
    "earth": Stats(0, 0, 1, 0),
    "water": Stats(0, 1, 0, 0),
    "air": Stats(0, 0, 0, 1),
}
# 000 §2 "Modality → secondary stat", 001 §3 modality buffs.
MODALITY_BUFF: dict[str, Stats] = {
    "cardinal": Stats(1, 0, 0, 0),
    "fixed": Stats(0, 0, 1, 0),
    "mutable": Stats(0, 1, 0, 0),
}

# 000 §2: every sign gives exactly +2 (element buff + modality buff).
SIGN_BUFF: tuple[Stats, ...] = tuple(ELEMENT_BUFF[SIGN_ELEMENT[i]] + MODALITY_BUFF[SIGN_MODALITY[i]] for i in range(12))

_STATS: dict[tuple[str, int], Stats] = {(p, s): BASE_STATS[p] + SIGN_BUFF[s] for p in PLANETS for s in range(12)}


def stats_for(planet: str, sign_index: int) -> Stats:
    """Base stats plus the sign's element and modality buffs (000 §2, 001 §3 "base + buffs")."""
    return _STATS[(planet, sign_index)]


# 000 §4a, 001 §8: day team Sun, Jupiter, Saturn; night team Moon, Venus, Mars; Mercury joins the chart's sect.
PLANET_SECT: dict[str, str | None] = {
    "Sun": "day",
    "Moon": "night",
    "Mercury": None,
    "Venus": "night",
    "Mars": "night",
    "Jupiter": "day",
    "Saturn": "day",
}


def planet_sect(planet: str, chart_sect: str) -> str:
    """The planet's sect team in a chart of ``chart_sect`` (Mercury joins the chart's sect; 000 §4a)."""
    return PLANET_SECT[planet] or chart_sect


# ref §1 "Joys": the house in which each planet rejoices.
JOYS: dict[str, int] = {"Mercury": 1, "Moon": 3, "Venus": 5, "Mars": 6, "Sun": 9, "Jupiter": 11, "Saturn": 12}

# ref §1 dignity table (signs by name).
_DIGNITY_SIGNS: dict[str, dict[str, tuple[str, ...]]] = {
    "Sun": {"domicile": ("Leo",), "exaltation": ("Aries",), "detriment": ("Aquarius",), "fall": ("Libra",)},
    "Moon": {"domicile": ("Cancer",), "exaltation": ("Taurus",), "detriment": ("Capricorn",), "fall": ("Scorpio",)},
    "Mercury": {
        "domicile": ("Gemini", "Virgo"),
        "exaltation": ("Virgo",),
        "detriment": ("Sagittarius", "Pisces"),
        "fall": ("Pisces",),
    },
    "Venus": {
        "domicile": ("Taurus", "Libra"),
        "exaltation": ("Pisces",),
        "detriment": ("Aries", "Scorpio"),
        "fall": ("Virgo",),
    },
    "Mars": {
        "domicile": ("Aries", "Scorpio"),
        "exaltation": ("Capricorn",),
        "detriment": ("Taurus", "Libra"),
        "fall": ("Cancer",),
    },
    "Jupiter": {
        "domicile": ("Sagittarius", "Pisces"),
        "exaltation": ("Cancer",),
        "detriment": ("Gemini", "Virgo"),
        "fall": ("Capricorn",),
    },
    "Saturn": {
        "domicile": ("Capricorn", "Aquarius"),
        "exaltation": ("Libra",),
        "detriment": ("Cancer", "Leo"),
        "fall": ("Aries",),
    },
}
DIGNITIES: tuple[str, ...] = ("domicile", "exaltation", "neutral", "detriment", "fall")
# ref §1: precedence when two apply — Domicile > Exaltation > Detriment > Fall > Neutral.
_DIGNITY_PRECEDENCE: tuple[str, ...] = ("domicile", "exaltation", "detriment", "fall")


def _dignity_table() -> dict[tuple[str, int], str]:
    table: dict[tuple[str, int], str] = {}
    for planet in PLANETS:
        for sign in range(12):
            table[(planet, sign)] = "neutral"
            for kind in _DIGNITY_PRECEDENCE:
                if SIGNS[sign] in _DIGNITY_SIGNS[planet][kind]:
                    table[(planet, sign)] = kind
                    break
    return table


DIGNITY_TABLE: dict[tuple[str, int], str] = _dignity_table()


def dignity(planet: str, sign_index: int) -> str:
    """domicile | exaltation | neutral | detriment | fall for ``planet`` in sign ``sign_index`` (ref §1)."""
    return DIGNITY_TABLE[(planet, sign_index)]


# 000 §10, ref §1: each sign's domicile ruler (traditional rulerships, from the dignity table's Domicile column).
DOMICILE_RULER: tuple[str, ...] = tuple(
    next(p for p in PLANETS if SIGNS[s] in _DIGNITY_SIGNS[p]["domicile"]) for s in range(12)
)

# ref §1 "Sign relationships" by the shorter arc in signs.
RELATIONSHIPS: dict[int, str] = {
    0: "conjunction",
    1: "semi-sextile",
    2: "sextile",
    3: "square",
    4: "trine",
    5: "inconjunct",
    6: "opposition",
}
# ref §1: major = 0, 2, 3, 4, 6.
MAJOR_ASPECTS: dict[int, str] = {0: "conjunction", 2: "sextile", 3: "square", 4: "trine", 6: "opposition"}


def sign_relationship(sign_a: int, sign_b: int) -> int:
    """Shorter arc between two signs, in signs (0..6; ref §1, 000 §3)."""
    arc = (sign_a - sign_b) % 12
    return min(arc, 12 - arc)


def major_aspect(sign_a: int, sign_b: int) -> str | None:
    """The major aspect between two signs, or None (ref §1: aspects are sign-based only, no orbs)."""
    return MAJOR_ASPECTS.get(sign_relationship(sign_a, sign_b))


# ``major_aspect`` of every two signs, as a 12 × 12 table (read for every chart and profile)
ASPECT_OF_SIGNS: tuple[tuple[str | None, ...], ...] = tuple(
    tuple(major_aspect(a, b) for b in range(12)) for a in range(12)
)


def house(planet_sign: int, asc_sign: int) -> int:
    """Whole-sign house: (sign(planet) − sign(ASC)) mod 12 + 1 (ref §1)."""
    return (planet_sign - asc_sign) % 12 + 1


# ref §1, 000 §9: angular 1, 4, 7, 10; succedent 2, 5, 8, 11; cadent 3, 6, 9, 12.
HOUSE_KIND: dict[int, str] = {h: ("angular", "succedent", "cadent")[(h - 1) % 3] for h in range(1, 13)}


def house_ruler(house_number: int, asc_sign: int) -> str:
    """The planet ruling a whole-sign house: the domicile ruler of its sign (000 §10, ref §1)."""
    return DOMICILE_RULER[(asc_sign + house_number - 1) % 12]


def chart_sect_from_sun_house(sun_house: int) -> str:
    """Diurnal when the Sun is in houses 7–12, nocturnal in 1–6 (000 §4a, ref §1)."""
    return "day" if sun_house >= 7 else "night"
