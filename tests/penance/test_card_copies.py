"""Any copy of a card in hand plays as the copy ``legal_actions`` lists, at the casket named: it
hits the enemy named, an ally or a casket out of reach is refused, and the preview and the table's log
keep the same target."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.components import CHASSIS
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import DEFENSE, place, script, set_hand
from tests.penance.test_squads import HIT, P1A, P1B, P2A, P2B, kinds, squad, turn_of


def _second_hammer() -> tuple[PenanceState, int, int]:
    """A 2v2 at P2a's turn: P2a (two Hammer Strikes in hand) beside its enemy P1a and its ally P2b."""
    st = squad()
    place(st, P2A, "H11", "W")
    place(st, P1A, "G11", "E")  # in front of P2a
    place(st, P2B, "I11", "W")  # behind P2a: its ally, also adjacent
    place(st, P1B, "A11", "E")
    turn_of(st, P2A)
    first, second = set_hand(st, P2A, ["hammer_strike", "hammer_strike"])
    return st, first, second


def _cards(st: PenanceState, c: int) -> int:
    pl = st.sides[c].piles
    return len(pl.hand) + len(pl.deck) + len(pl.discard)


class _Left(Exception):
    """The scripted seat has no more actions."""


def test_a_second_copy_hits_the_enemy_named_and_leaves_the_ally_alone() -> None:
    st, first, second = _second_hammer()
    enemy, ally = _cards(st, P1A), _cards(st, P2B)
    script(st, *HIT, *[DEFENSE["flesh"]] * 6)  # a plain hit for 6; six FLESH WOUNDs
    ev = st.apply(Act("play", second, CHASSIS, P1A))
    assert [e.data["target"] for e in kinds(ev, "attack")] == [P1A]
    assert _cards(st, P1A) < enemy and _cards(st, P2B) == ally
    assert st.sides[P2A].piles.hand == [second]  # the listed (first) copy was played
    assert first in st.sides[P2A].piles.discard


def test_a_second_copy_at_an_ally_or_out_of_reach_is_refused_and_the_state_is_unchanged() -> None:
    st, _, second = _second_hammer()
    before = st.to_json()
    for target, why in ((P2B, "name an enemy"), (P2A, "name an enemy"), (P1B, "hexes away")):
        with pytest.raises(RuleViolation, match=why):
            st.apply(Act("play", second, CHASSIS, target))
        assert st.to_json() == before


def test_listed_copy_keeps_the_casket_named() -> None:
    st, first, second = _second_hammer()
    assert st.listed_copy(Act("play", second, CHASSIS, P1A)) == Act("play", first, CHASSIS, P1A)


def test_a_second_copy_previews_the_enemy_named() -> None:
    st, first, second = _second_hammer()
    by_first = st.preview(Act("play", first, CHASSIS, P1A))
    by_second = st.preview(Act("play", second, CHASSIS, P1A))
    assert by_second["legal"] and by_second["target"] == "P1a" and by_second["targets"] == ["P1a"]
    assert {k: v for k, v in by_second.items() if k != "action"} == {k: v for k, v in by_first.items()
                                                                      if k != "action"}
    refused = st.preview(Act("play", second, CHASSIS, P2B))
    assert not refused["legal"] and "enemy" in refused["errors"][0]


def test_the_terminal_table_logs_the_listed_copy_with_the_same_target() -> None:
    from gamewright.cli.penance_loop import run_table
    from gamewright.games.penance import make_game

    st, first, second = _second_hammer()
    script(st, *HIT, *[DEFENSE["flesh"]] * 6)
    saved: list[list[str]] = []

    class Once:
        """Plays the second Hammer Strike at P1a, then leaves the table."""

        asked = 0

        def choose(self, state: PenanceState) -> Act:
            self.asked += 1
            if saved or self.asked > 1:  # played (or refused): leave
                raise _Left
            return Act("play", second, CHASSIS, P1A)

    seat = Once()
    with pytest.raises(_Left):
        run_table(make_game(options={"decks": "confessor/confessor,ironclad/ironclad"}), st, [], [seat, seat],
                  lambda actions: saved.append(list(actions)), "test", "-", quiet=True)
    assert saved and saved[0] == [f"play {first} at chassis on {P1A + 1}"]
