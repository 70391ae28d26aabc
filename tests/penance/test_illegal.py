"""Illegal actions are refused with a clear message and change nothing."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.components import CHASSIS, HEAD
from gamewright.games.penance.state import Act
from tests.penance.helpers import ATTACK, fresh, hand_card, place, script, set_hand


def _refused(st, action: Act, message: str) -> None:  # type: ignore[no-untyped-def]
    before = st.to_json()
    with pytest.raises(RuleViolation, match=message):
        st.apply(action)
    assert st.to_json() == before


def test_not_enough_sp() -> None:
    st = fresh()
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["divine_judgment", "faithful_thrust"])
    st.sides[0].sp = 3
    _refused(st, Act("play", hand_card(st, 0, "divine_judgment"), CHASSIS), "costs 4 SP and you have 3")
    st.sides[0].sp = 0
    _refused(st, Act("move", arg=3), "costs 1 SP and you have 0")


def test_target_out_of_range() -> None:
    st = fresh()
    place(st, 0, "F11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["faithful_thrust"])
    act = Act("play", hand_card(st, 0, "faithful_thrust"), CHASSIS)
    _refused(st, act, "3 hexes away and Faithful Thrust reaches 1")


def test_target_out_of_line_of_sight() -> None:
    st = fresh("confessor:D,ironclad")
    # the wall at I4/I5 stands between H5 and J4
    place(st, 0, "H5", "E")
    place(st, 1, "J4", "W")
    assert st.map.dist[st.sides[0].pos][st.sides[1].pos] <= 3
    assert not st.map.line_of_sight(st.sides[0].pos, st.sides[1].pos)
    set_hand(st, 0, ["quick_shot"])
    _refused(st, Act("play", hand_card(st, 0, "quick_shot"), HEAD), "no line of sight")


def test_ranged_attack_needs_the_front_arc() -> None:
    st = fresh("confessor:D,ironclad")
    place(st, 0, "F11", "W")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["quick_shot"])
    _refused(st, Act("play", hand_card(st, 0, "quick_shot"), HEAD), "front 180")


def test_reactive_outside_its_window() -> None:
    st = fresh()
    set_hand(st, 0, ["brace_for_impact"])
    _refused(st, Act("play", hand_card(st, 0, "brace_for_impact")), "reactive card")
    _refused(st, Act("react", hand_card(st, 0, "brace_for_impact")), "only be played on the enemy's turn")


def test_reactive_not_against_flank_or_rear() -> None:
    st = fresh()
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "E")  # P1 stands at P2's rear: no reactive window (ref §4)
    st.sides[1].runes = 0
    set_hand(st, 0, ["faithful_thrust"])
    set_hand(st, 1, ["wall_of_iron"])
    script(st, ATTACK[3], ATTACK[4], 1, 1, 1, 1, 1, 1, 1)
    st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), CHASSIS))
    assert st.todo[-1][0] != "react"


def test_card_not_in_hand() -> None:
    st = fresh()
    set_hand(st, 0, ["feint"])
    elsewhere = st.sides[0].piles.deck[-1]
    _refused(st, Act("play", elsewhere), "not in player 1's hand")
    _refused(st, Act("play", 999), "not in player 1's hand")


def test_wrong_player_and_wrong_phase() -> None:
    st = fresh()
    _refused(st, Act("lose"), "must now choose one of")
    _refused(st, Act("keep"), "must now choose one of")
    _refused(st, Act("rotate", arg=st.sides[0].facing), "five other facings")


def test_walls_and_occupied_hexes() -> None:
    st = fresh()
    place(st, 0, "H4", "E")
    _refused(st, Act("move", arg=0), "walls are impassable")
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    _refused(st, Act("move", arg=0), "occupied")


def test_parse_action_errors_are_clear() -> None:
    from gamewright.games.penance import make_game

    game = make_game()
    st = fresh()
    set_hand(st, 0, ["feint"])
    for text, message in (("fly", "unknown action"), ("move UP", "direction"), ("play feint at nose", "component"),
                          ("play Divine Judgment", "not in your hand"), ("", "empty action")):
        with pytest.raises(RuleViolation, match=message):
            game.parse_action(st, text)
