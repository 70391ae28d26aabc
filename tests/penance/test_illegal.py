"""Illegal actions are refused with a clear message and change nothing."""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import Rng
from gamewright.games.penance import make_game
from gamewright.games.penance.components import CHASSIS, HEAD
from gamewright.games.penance.state import Act
from tests.penance.helpers import ATTACK, duel, fresh, hand_card, place, script, set_hand


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


@pytest.mark.parametrize(
    "action",
    [
        Act("keep", arg=2**63), Act("end", arg=5), Act("mulligan", card=float("nan")),  # type: ignore[arg-type]
        Act("lose", card=-0.0), Act("play", card=True, arg=0), Act("move", arg=1.0),  # type: ignore[arg-type]
        Act(None), Act(["end"]), Act("fly"), Act("rotate"), Act("move", arg=6),  # type: ignore[arg-type]
        Act("play", card=-1, arg=0), Act("play", card=0, arg=5), Act("lose", card=-2), Act("pass", card=0),
        Act("react", arg=2), Act("end", card="1"),  # type: ignore[arg-type]
    ],
)
def test_hand_built_actions_are_refused_before_any_change(action: Act) -> None:
    st = fresh()
    if action.kind == "lose":
        st.todo.append(["loss", 0, 2, "attack"])
    _refused(st, action, ".")


def test_mulligan_step_refuses_hand_built_fields() -> None:
    from gamewright.games.penance import make_game

    st = make_game().new_initial_state(5)
    for action in (Act("keep", arg=2**63), Act("mulligan", card=float("nan"))):  # type: ignore[arg-type]
        _refused(st, action, ".")


def test_any_copy_of_a_listed_card_is_played_as_the_listed_copy() -> None:
    st = fresh()
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    set_hand(st, 0, ["faithful_thrust", "faithful_thrust", "divine_judgment"])
    first, second = st.sides[0].piles.hand[:2]
    listed = [a for a in st.legal_actions() if a.kind == "play" and a.card in (first, second)]
    assert {a.card for a in listed} == {first}
    other = st.clone()
    st.apply(Act("play", second, CHASSIS))
    other.apply(Act("play", first, CHASSIS))
    assert st.to_json() == other.to_json()
    assert st.listed_copy(Act("play", second, CHASSIS)) == Act("play", second, CHASSIS)  # the hand moved on


def test_odd_actions_are_refused_cleanly() -> None:
    """Any action outside the legal ranges is a RuleViolation and changes nothing."""
    st = duel(hand=["faithful_thrust"])
    before = json.dumps(st.to_json(), sort_keys=True)
    for a in (Act("play", hand_card(st, 0, "faithful_thrust"), 7), Act("rotate", arg=9), Act("move", arg=-4),
              Act("react", -5), Act("lose", -3), Act("bogus")):
        with pytest.raises(RuleViolation):
            st.apply(a)
        assert json.dumps(st.to_json(), sort_keys=True) == before


def test_random_odd_actions_never_raise_anything_else() -> None:
    """Fuzz: random actions interleaved with random legal play raise only RuleViolation, and a refused action
    leaves the state unchanged."""
    kinds = ("play", "move", "rotate", "lose", "react", "sacrifice", "purge", "scrap", "discard", "end", "keep",
             "mulligan", "rune", "pass")
    game = make_game(options={"decks": "confessor:D:absolution+crusaders_vow,ironclad:C"})
    for seed in range(3):
        st = game.new_initial_state(seed)
        r = Rng(seed + 100)
        for _ in range(600):
            if st.is_terminal():
                break
            if r.die(3) == 1:
                a = Act(kinds[r.die(len(kinds)) - 1], r.die(60) - 4, r.die(11) - 3)
                before = json.dumps(st.to_json(), sort_keys=True)
                try:
                    st.apply(a)
                except RuleViolation:
                    assert json.dumps(st.to_json(), sort_keys=True) == before
            else:
                st.apply(r.choice(st.legal_actions()))
            assert not st.invariant_violations()
