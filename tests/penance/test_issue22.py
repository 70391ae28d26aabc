"""Regression tests for issue 22's Penance items: a second copy keeps its target (1), Last Rites and a withdrawal
(3), and the bots' extraction before withdrawing and Shield Wall turn (6)."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance.components import CHASSIS
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import DEFENSE, place, script, set_hand
from tests.penance.test_squads import HIT, P1A, P1B, P2A, P2B, kinds, squad, turn_of


# --- item 1: any copy of a card plays that card at the casket named ----------------------------------------
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


class _Left(Exception):
    """The scripted seat has no more actions."""


# --- item 3: a withdrawal is not a defeat, so Last Rites does not answer it --------------------------------
def _withdrawing_beside_last_rites(**options: object) -> PenanceState:
    """A campaign-style 2v2 (withdraw allowed) at P1b's turn; P1a holds Last Rites and has cards to recover."""
    st = squad("confessor:A:last_rites+absolution/confessor,ironclad/ironclad", withdraw=True, **options)
    pl = st.sides[P1A].piles
    pl.grave += [pl.deck.pop() for _ in range(7)]
    pl.hand.append(next(i for i in pl.deck if pl.cards[i] == "last_rites"))
    pl.deck.remove(pl.hand[-1])
    turn_of(st, P1B)
    return st


def test_a_withdrawal_opens_no_last_rites_window() -> None:
    st = _withdrawing_beside_last_rites()
    ev = st.apply(Act("withdraw"))
    assert kinds(ev, "withdraw") and st.sides[P1B].out and not st.over
    assert all(t[0] != "rites" for t in st.todo) and not kinds(ev, "recover")
    assert len(st.sides[P1A].piles.grave) == 7


def test_option_last_rites_out_answers_a_withdrawal_too() -> None:
    st = _withdrawing_beside_last_rites(last_rites="out")
    st.apply(Act("withdraw"))
    assert st.todo[-1][:2] == ["rites", P1A]
    ev = st.apply(Act("react", next(i for i in st.sides[P1A].piles.hand
                                     if st.sides[P1A].piles.cards[i] == "last_rites")))
    assert kinds(ev, "recover")[0].data["count"] == 5 and len(st.sides[P1A].piles.grave) == 2


def test_option_last_rites_is_declared_and_checked() -> None:
    from gamewright.core.errors import ConfigError
    from gamewright.games.penance import make_game

    assert make_game().rules.last_rites == "defeat"
    with pytest.raises(ConfigError):
        make_game(options={"last_rites": "sometimes"})
    st = _withdrawing_beside_last_rites(last_rites="out")
    assert make_game(options={"decks": "confessor,ironclad"}).new_initial_state(0).to_json()["rules"]["options"] \
        .get("last_rites") is None  # the default is left out of a state's JSON (digests unchanged)
    back = make_game().state_from_json(st.to_json())
    assert back.rules.last_rites == "out"
