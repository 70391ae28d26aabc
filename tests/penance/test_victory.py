"""Victory (004 §9, ref §4): a casket whose deck and discard are both empty is defeated at once; a pilot with ten
wounds dies."""

from __future__ import annotations

from gamewright.games.penance.components import HEAD
from tests.penance.helpers import ATTACK, duel, faces, lose_from_deck, play, script


def test_ref4_victory_when_deck_and_discard_are_empty() -> None:
    """ref §4: "Victory: the enemy casket's deck and discard are both empty, its pilot dies (10 wounds), or its
    chassis is destroyed.\""""
    st = duel(hand=["faithful_thrust"], enemy=["feint"])
    e = st.sides[1].piles
    e.removed += e.deck[:-4] + e.discard
    e.deck = e.deck[-4:]
    e.discard = []
    script(st, ATTACK[2], ATTACK[3], *faces(*["flesh"] * 4))
    play(st, "faithful_thrust", HEAD)
    lose_from_deck(st, 4)
    assert st.is_terminal() and st.winner == 0 and "deck and discard" in st.end_reason


def test_ref4_victory_when_the_pilot_dies() -> None:
    """ref §4: "Victory: … its pilot dies (10 wounds)\"."""
    st = duel()
    s = st.sides[1]
    s.wounds, s.wound_deck = ["ptsd"] * 9, ["ptsd"]
    st._wound(1, 1, [])
    assert st.is_terminal() and st.winner == 0 and "pilot" in st.end_reason


def test_004_9_defeat_the_moment_deck_and_discard_are_empty() -> None:
    """004 §9 "deck empty + discard empty": defeated at once, before the attack's end step can add a Major
    Wound's DAMAGED card to the discard pile."""
    st = duel(hand=["faithful_thrust"])
    pl = st.sides[1].piles
    pl.grave += pl.deck[:-3] + pl.discard
    del pl.deck[:-3]
    pl.discard = []
    script(st, ATTACK[5], ATTACK[5])  # EXECUTION: 6 damage forced from the deck, a Major Wound for a Vanguard
    events = play(st, "faithful_thrust", HEAD)
    assert st.is_terminal() and st.winner == 0 and "deck and discard" in st.end_reason
    assert sum(1 for e in events if e.kind == "lose") == 3
    assert not any(e.kind == "major_wound" for e in events)
