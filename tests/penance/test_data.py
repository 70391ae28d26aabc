"""Card data and deck construction are validated on load with clear messages."""

from __future__ import annotations

import pytest

from gamewright.core.errors import ConfigError
from gamewright.games.penance.cards import IMPLEMENTED, card_table, parse_cards, parse_sets, set_table
from gamewright.games.penance.decks import DeckSpec, build_cards, parse_deck, validate_cards, validate_spec
from gamewright.games.penance.hexgrid import HexMap, load_map


def test_every_card_is_loaded_and_implemented() -> None:
    table = card_table()
    assert set(table) == IMPLEMENTED
    sizes = {s.id: s.size for s in set_table().values()}
    assert sizes == {"universal": 10, "penitent_blades": 12, "runic_warhammer": 12, "buckler": 6,
                     "tower_shield": 6, "repair_kit": 6, "pistol": 6, "church_tactics": 5, "dwarf_tactics": 2}
    assert table["hammer_strike"].damage == 6 and table["quick_shot"].range == 3
    assert table["earthquake"].area == "radius" and table["earthquake"].radius == 2


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"id": "x", "name": "X", "set": "s", "kind": "attack", "cost": 1, "text": "t"}, "positive 'damage'"),
        ({"id": "feint", "name": "X", "set": "s", "kind": "magic", "cost": 1, "text": "t"}, "kind 'magic'"),
        ({"id": "feint", "name": "X", "set": "s", "kind": "combat", "text": "t"}, "'cost' is required"),
        ({"id": "feint", "name": "X", "set": "s", "kind": "combat", "cost": -1, "text": "t"}, "whole number"),
        ({"id": "feint", "name": "X", "set": "s", "kind": "combat", "cost": 1, "text": "t", "colour": 1},
         "unknown field"),
        ({"id": "new_card", "name": "X", "set": "s", "kind": "combat", "cost": 1, "text": "t"}, "no effect"),
        ({"id": "feint", "name": "", "set": "s", "kind": "combat", "cost": 1, "text": "t"}, "'name'"),
    ],
)
def test_card_validation_messages(entry: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_cards({"card": [entry]})


def test_set_validation_messages() -> None:
    cards = card_table()
    with pytest.raises(ConfigError, match="unknown card"):
        parse_sets({"set": [{"id": "buckler", "slot": "secondary", "cards": {"nothing": 1}}]}, cards)
    with pytest.raises(ConfigError, match="belongs to set"):
        parse_sets({"set": [{"id": "buckler", "slot": "secondary", "cards": {"feint": 1}}]}, cards)
    with pytest.raises(ConfigError, match="slot must be"):
        parse_sets({"set": [{"id": "buckler", "slot": "pocket", "cards": {"bash": 1}}]}, cards)


def test_example_decks_are_thirty_cards() -> None:
    confessor = build_cards(parse_deck("confessor"))
    assert len(confessor) == 30 and confessor.count("faithful_thrust") == 3 and "deflect" in confessor
    ironclad = build_cards(parse_deck("ironclad"))
    assert len(ironclad) == 30 and ironclad.count("hammer_strike") == 3 and "runic_armor" in ironclad


@pytest.mark.parametrize("secondary", "ABCD")
def test_every_secondary_option_builds(secondary: str) -> None:
    assert len(build_cards(parse_deck(f"confessor:{secondary}:absolution+last_rites"))) == 30
    assert len(build_cards(parse_deck(f"ironclad:{secondary}"))) == 30


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("paladin", "unknown deck"),
        ("confessor:Z", "options A, B, C, D"),
        ("confessor:A:absolution", "exactly 2 tactics"),
        ("confessor:A:absolution+absolution", "must be different"),
        ("confessor:A:absolution+earthshaker", "not in the Church"),
        ("confessor:A:absolution+dragon", "unknown card"),
        ("confessor:A:b:c", "name\\[:secondary\\]"),
    ],
)
def test_deck_validation_messages(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_deck(spec)


def test_card_list_validation() -> None:
    spec = parse_deck("confessor")
    cards = build_cards(spec)
    short = list(cards)
    short.remove("faithful_thrust")
    with pytest.raises(ConfigError, match="primary slot needs 12 cards, it has 11"):
        validate_cards(short, spec)
    too_many = [c if c != "bash" else "deflect" for c in cards]
    with pytest.raises(ConfigError, match="exceeds its 2 copies"):
        validate_cards(too_many, spec)
    with pytest.raises(ConfigError, match="is not a card that can be put in a deck"):
        validate_cards(cards[:-1] + ["damaged"], spec)
    bad = DeckSpec("x", "X", "church", "mech", "penitent_blades", "A", "church_tactics", ("absolution", "last_rites"))
    with pytest.raises(ConfigError, match="unknown casket class"):
        validate_spec(bad)


def test_map_validation() -> None:
    m = load_map()
    assert (m.rows, m.cols) == (12, 12)
    with pytest.raises(ConfigError, match="unknown terrain"):
        HexMap("bad", ["..x", "..."], [])
    with pytest.raises(ConfigError, match="same length"):
        HexMap("bad", ["...", ".."], [])
    with pytest.raises(ConfigError, match="unknown map"):
        load_map("moon")
