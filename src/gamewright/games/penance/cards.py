"""Card definitions (data/cards.toml, data/sets.toml), validated on load. The data gives every number the cards'
effects (``effects``) read.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from gamewright.core.errors import ConfigError

KINDS = frozenset((
    "movement", "reactive", "heat", "utility", "support", "combat", "attack", "defense", "special", "passive",
    "status",
))
AREAS = frozenset(("single", "front3", "radius"))
SLOTS = ("universal", "primary", "secondary", "tactics")
_INT_FIELDS = ("cost", "damage", "range", "radius", "move", "heat", "vent", "draw", "reduce", "defense")
_BOOL_FIELDS = ("reactive", "passive", "once")
_KNOWN = frozenset(("id", "name", "set", "kind", "text", "area", *_INT_FIELDS, *_BOOL_FIELDS))
# Effects the engine implements; every card in the data must be one of them (so a new card fails loudly).
IMPLEMENTED = frozenset(
    (
        "desperate_lunge", "brace_for_impact", "emergency_vent", "sensor_sweep", "overextend", "rally_cry",
        "survey_the_field", "feint", "retreat", "breathe_the_core", "blood_offering", "faithful_thrust",
        "righteous_cleave", "martyrdom_protocol", "divine_judgment", "consecrated_ground", "deflect", "bash",
        "hunker_down", "wall_of_iron", "shield_wall", "advance", "emergency_repair", "scrap_armor", "jury_rig",
        "quick_shot", "dual_wield", "suppressing_fire", "righteous_fury", "flagellants_zeal", "last_rites",
        "absolution", "crusaders_vow", "hammer_strike", "ground_slam", "crushing_blow", "runic_smash",
        "earthquake", "anvil_breaker", "runic_armor", "earthshaker", "damaged",
    )
)


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    set: str
    kind: str
    cost: int
    text: str
    damage: int = 0
    range: int = 1  # ref §2: a card with no stated range is melee
    area: str = "single"
    radius: int = 0
    reactive: bool = False
    passive: bool = False
    once: bool = False
    move: int = 0
    heat: int = 0
    vent: int = 0
    draw: int = 0
    reduce: int = 0
    defense: int = 0
    # derived once (read per card in every legal-action list): an attack card; a ranged one (range above 1)
    is_attack: bool = field(init=False, repr=False, compare=False)
    ranged: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_attack", self.kind == "attack")
        object.__setattr__(self, "ranged", self.range > 1)


@dataclass(frozen=True, slots=True)
class CardSet:
    id: str
    name: str
    slot: str
    cards: tuple[tuple[str, int], ...]
    option: str = ""

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)


def _read(name: str) -> dict[str, Any]:
    path = resources.files(__package__).joinpath(f"data/{name}")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"penance data file data/{name} is missing") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"penance data file data/{name} is not valid TOML: {exc}") from exc


def parse_cards(data: dict[str, Any], where: str = "data/cards.toml") -> dict[str, CardDef]:
    """Validate the card table: required fields, types, known kinds and areas, implemented effects."""
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{where}: expected a list of [[card]] tables")
    out: dict[str, CardDef] = {}
    for n, entry in enumerate(entries, 1):
        label = f"{where}: card #{n} ({entry.get('id', '?')})"
        if not isinstance(entry, dict):
            raise ConfigError(f"{label}: must be a table")
        unknown = set(entry) - _KNOWN
        if unknown:
            raise ConfigError(f"{label}: unknown field(s) {', '.join(sorted(unknown))}")
        for key in ("id", "name", "set", "kind", "text"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise ConfigError(f"{label}: field {key!r} must be a non-empty string")
        if "cost" not in entry:
            raise ConfigError(f"{label}: field 'cost' is required")
        for key in _INT_FIELDS:
            if key in entry and (isinstance(entry[key], bool) or not isinstance(entry[key], int) or entry[key] < 0):
                raise ConfigError(f"{label}: field {key!r} must be a whole number ≥ 0, not {entry[key]!r}")
        for key in _BOOL_FIELDS:
            if key in entry and not isinstance(entry[key], bool):
                raise ConfigError(f"{label}: field {key!r} must be true or false")
        if entry["kind"] not in KINDS:
            raise ConfigError(f"{label}: kind {entry['kind']!r} is not one of {', '.join(sorted(KINDS))}")
        if entry.get("area", "single") not in AREAS:
            raise ConfigError(f"{label}: area {entry['area']!r} is not one of {', '.join(sorted(AREAS))}")
        if entry["kind"] == "attack" and entry.get("damage", 0) <= 0:
            raise ConfigError(f"{label}: an attack card needs a positive 'damage'")
        if entry["id"] in out:
            raise ConfigError(f"{label}: duplicate card id {entry['id']!r}")
        if entry["id"] not in IMPLEMENTED:
            raise ConfigError(f"{label}: no effect is implemented for card id {entry['id']!r}")
        out[entry["id"]] = CardDef(**entry)
    return out


def parse_sets(data: dict[str, Any], cards: dict[str, CardDef], where: str = "data/sets.toml") -> dict[str, CardSet]:
    entries = data.get("set")
    if not isinstance(entries, list) or not entries:
        raise ConfigError(f"{where}: expected a list of [[set]] tables")
    out: dict[str, CardSet] = {}
    for entry in entries:
        label = f"{where}: set {entry.get('id', '?')!r}"
        if entry.get("slot") not in SLOTS:
            raise ConfigError(f"{label}: slot must be one of {', '.join(SLOTS)}")
        members = entry.get("cards")
        if not isinstance(members, dict) or not members:
            raise ConfigError(f"{label}: 'cards' must map card ids to copies")
        for cid, copies in members.items():
            if cid not in cards:
                raise ConfigError(f"{label}: unknown card {cid!r}")
            if cards[cid].set != entry["id"]:
                raise ConfigError(f"{label}: card {cid!r} belongs to set {cards[cid].set!r}")
            if isinstance(copies, bool) or not isinstance(copies, int) or copies < 1:
                raise ConfigError(f"{label}: copies of {cid!r} must be a whole number ≥ 1")
        out[entry["id"]] = CardSet(
            entry["id"], str(entry.get("name", entry["id"])), entry["slot"], tuple(members.items()),
            str(entry.get("option", "")),
        )
    return out


@cache
def card_table() -> dict[str, CardDef]:
    return parse_cards(_read("cards.toml"))


@cache
def set_table() -> dict[str, CardSet]:
    return parse_sets(_read("sets.toml"), card_table())


def card(cid: str) -> CardDef:
    try:
        return card_table()[cid]
    except KeyError as exc:
        raise ConfigError(f"unknown Penance card {cid!r}") from exc


def find_card(name: str) -> CardDef:
    """A card by id or by printed name, case- and punctuation-insensitive ("Faithful Thrust")."""
    key = "".join(ch for ch in name.lower() if ch.isalnum())
    for c in card_table().values():
        if key in ("".join(ch for ch in c.id if ch.isalnum()), "".join(ch for ch in c.name.lower() if ch.isalnum())):
            return c
    known = ", ".join(c.name for c in card_table().values() if c.id != "damaged")
    raise ConfigError(f"unknown card {name!r}; known cards: {known}")
