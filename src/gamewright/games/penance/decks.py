"""Deck building (004 §1 "Deck Composition", §10; ref §5): universal core + primary weapon + one secondary
equipment option (A-D) + two faction tactics, validated with clear messages.

A deck is named by a spec string: ``confessor``, ``confessor:D`` or ``confessor:C:absolution+crusaders_vow``.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources

from gamewright.core.errors import ConfigError
from gamewright.games.penance.cards import card_table, find_card, set_table
from gamewright.games.penance.components import CLASSES

# ref §2 "Deck validation": the example decks follow the 10/12/6/2 template whatever the class.
TEMPLATE = {"universal": 10, "primary": 12, "secondary": 6, "tactics": 2}


@dataclass(frozen=True, slots=True)
class DeckSpec:
    id: str
    name: str
    faction: str
    casket: str
    primary: str
    secondary: str  # option letter A-D
    tactics_pool: str
    tactics: tuple[str, ...]

    def spec_text(self) -> str:
        return f"{self.id}:{self.secondary}:{'+'.join(self.tactics)}"


@cache
def base_decks() -> dict[str, DeckSpec]:
    text = resources.files(__package__).joinpath("data/decks.toml").read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
        out = {}
        for d in data["deck"]:
            spec = DeckSpec(
                d["id"], d["name"], d["faction"], d["casket"], d["primary"], d["secondary"], d["tactics_pool"],
                tuple(d["tactics"]),
            )
            validate_spec(spec)
            out[spec.id] = spec
        return out
    except (KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"penance data file data/decks.toml is malformed: {exc}") from exc


def secondary_options() -> dict[str, str]:
    """Option letter → set id (004 §1 "Secondary Weapon/Equipment Cards")."""
    return {s.option: s.id for s in set_table().values() if s.slot == "secondary"}


def parse_deck(text: str) -> DeckSpec:
    """``name[:option][:tactic+tactic]`` → a validated deck spec."""
    parts = [p.strip() for p in text.strip().split(":")]
    decks = base_decks()
    if not parts[0] or parts[0].lower() not in decks:
        raise ConfigError(f"unknown deck {parts[0]!r}; choose one of: {', '.join(decks)}")
    if len(parts) > 3:
        raise ConfigError(f"deck {text!r}: write name[:secondary][:tactic+tactic], e.g. confessor:B:absolution+feint")
    base = decks[parts[0].lower()]
    secondary = parts[1].upper() if len(parts) > 1 and parts[1] else base.secondary
    tactics = base.tactics
    if len(parts) > 2 and parts[2]:
        tactics = tuple(find_card(t).id for t in parts[2].split("+"))
    spec = DeckSpec(
        base.id, base.name, base.faction, base.casket, base.primary, secondary, base.tactics_pool, tactics
    )
    validate_spec(spec)
    return spec


MAX_SQUAD = 3  # issue 16 §1: one to three caskets a side


def parse_sides(text: str) -> list[list[DeckSpec]]:
    """The ``decks`` option: two sides separated by a comma, each one to three decks separated by ``/``
    (``confessor,ironclad`` one-on-one; ``confessor/confessor,ironclad/ironclad`` two against two)."""
    sides = [p for p in str(text).split(",") if p.strip()]
    if len(sides) != 2:
        raise ConfigError(f"choose exactly two decks, e.g. confessor,ironclad, or two sides of 1-{MAX_SQUAD} decks "
                          f"each, e.g. confessor/confessor,ironclad (got {text!r})")
    out = []
    for side in sides:
        decks = [d for d in side.split("/")]
        if not 1 <= len(decks) <= MAX_SQUAD or any(not d.strip() for d in decks):
            raise ConfigError(f"a side is 1 to {MAX_SQUAD} decks separated by '/', e.g. confessor/ironclad "
                              f"(got {side.strip()!r})")
        out.append([parse_deck(d) for d in decks])
    return out


def validate_spec(spec: DeckSpec) -> None:
    sets = set_table()
    if spec.casket not in CLASSES:
        raise ConfigError(f"deck {spec.id!r}: unknown casket class {spec.casket!r}")
    if spec.primary not in sets or sets[spec.primary].slot != "primary":
        raise ConfigError(f"deck {spec.id!r}: {spec.primary!r} is not a primary weapon set")
    options = secondary_options()
    if spec.secondary not in options:
        raise ConfigError(
            f"deck {spec.id!r}: secondary equipment must be one of options {', '.join(sorted(options))}, "
            f"not {spec.secondary!r}"
        )
    pool = sets.get(spec.tactics_pool)
    if pool is None or pool.slot != "tactics":
        raise ConfigError(f"deck {spec.id!r}: {spec.tactics_pool!r} is not a tactics pool")
    allowed = dict(pool.cards)
    if len(spec.tactics) != TEMPLATE["tactics"]:
        raise ConfigError(f"deck {spec.id!r}: choose exactly 2 tactics (004 §1), not {len(spec.tactics)}")
    if len(set(spec.tactics)) != len(spec.tactics):
        raise ConfigError(f"deck {spec.id!r}: the two tactics must be different cards")
    for t in spec.tactics:
        if t not in allowed:
            raise ConfigError(
                f"deck {spec.id!r}: tactic {t!r} is not in the {pool.name} pool ({', '.join(allowed)})"
            )
    validate_cards(build_cards(spec), spec)


def build_cards(spec: DeckSpec) -> list[str]:
    sets = set_table()
    out: list[str] = []
    for set_id in ("universal", spec.primary, secondary_options()[spec.secondary]):
        for cid, copies in sets[set_id].cards:
            out.extend([cid] * copies)
    out.extend(spec.tactics)
    return out


def validate_cards(cards: list[str], spec: DeckSpec) -> None:
    """Sizes, copies and slots of a card list against the template (ref §2 "Deck validation")."""
    table, sets = card_table(), set_table()
    for cid in cards:
        if cid not in table or table[cid].set == "status":
            raise ConfigError(f"deck {spec.id!r}: {cid!r} is not a card that can be put in a deck")
    by_slot: Counter[str] = Counter(sets[table[c].set].slot for c in cards)
    for slot, size in TEMPLATE.items():
        if by_slot[slot] != size:
            raise ConfigError(f"deck {spec.id!r}: the {slot} slot needs {size} cards, it has {by_slot[slot]}")
    counts = Counter(cards)
    allowed: dict[str, int] = {}
    for set_id in ("universal", spec.primary, secondary_options()[spec.secondary], spec.tactics_pool):
        allowed.update(dict(sets[set_id].cards))
    for cid, n in counts.items():
        if cid not in allowed:
            raise ConfigError(f"deck {spec.id!r}: {table[cid].name} does not belong to this deck's sets")
        if n > allowed[cid]:
            raise ConfigError(f"deck {spec.id!r}: {table[cid].name} ×{n} exceeds its {allowed[cid]} copies")
    total = sum(TEMPLATE.values())
    if len(cards) != total:
        raise ConfigError(f"deck {spec.id!r}: a deck has {total} cards, this one has {len(cards)}")
