"""The turn and the round (ref §2, §4): the Strain check at Refresh and a damaged head's Heat after it, the
round's end that discards hands but DAMAGED cards, and a reshuffle that adds no DAMAGED card."""

from __future__ import annotations

import pytest

from gamewright.games.penance.components import HEAD, LEGS
from gamewright.games.penance.piles import DAMAGED
from tests.penance.helpers import duel, event, play, script


def _start_turn(st, heat: int, *dice: int):  # type: ignore[no-untyped-def]
    s = st.sides[0]
    s.heat = heat
    st.todo = [["round_end"], ["turn", 1], ["turn", 0]]
    script(st, *dice)
    return _advance(st)


def _advance(st):  # type: ignore[no-untyped-def]
    events: list = []
    st._advance(events)
    return events


@pytest.mark.parametrize(("heat", "roll", "result"), [(5, 1, "sp"), (5, 3, "sp"), (5, 4, "damage"),
                                                      (6, 6, "component"), (9, 3, "component")])
def test_ref2_strain_rows(heat: int, roll: int, result: str) -> None:
    """ref §2 Strain: "1d6 + Heat: … 6–8 −1 SP this turn; 9–11 take 2 damage (discard 2); 12+ a random component
    (hit-location die) is destroyed.\""""
    st = duel()
    ev = _start_turn(st, heat, roll, 6)  # hit location 6 = legs (no wound)
    strain = event(ev, "strain").data
    assert strain["total"] == heat + roll and strain["result"] == result
    s = st.sides[0]
    if result == "sp":
        assert s.sp == 6 - 1
    elif result == "damage":
        assert len(s.piles.grave) == 2  # an empty hand: both from the deck
    else:
        assert s.destroyed[LEGS]


def test_ref2_strain_at_10_heat_skips_the_roll() -> None:
    """ref §2: "At 10+ Heat the roll is skipped and the 12+ result applies.\""""
    st = duel()
    ev = _start_turn(st, 10, 1)  # the only die used is the hit location: head
    assert event(ev, "strain").data["roll"] is None and st.sides[0].destroyed[HEAD]


def test_ref3_a_damaged_head_heats_after_the_strain_check() -> None:
    """ref §4: "Refresh (SP to max; Strain if Heat ≥ 5; start-of-turn effects)": a head in Structure (+1 Heat per
    turn) at 4 Heat reaches 5 after the check, so no Strain is rolled this turn."""
    st = duel()
    st.sides[0].comp[HEAD] = 2  # Scout head: Structure 2–4
    ev = _start_turn(st, 4)
    assert not [e for e in ev if e.kind == "strain"] and st.sides[0].heat == 5


def test_ref4_round_end_discards_hands_except_damaged_then_refills() -> None:
    """ref §4 / ref §2 Hands: "at the end of a round every hand is discarded except DAMAGED cards, then every casket
    draws back to its hand size.\""""
    st = duel(hand=["feint", "bash"])
    pl = st.sides[0].piles
    dmg = pl.add_damaged()
    pl.discard.remove(dmg)
    pl.hand.append(dmg)
    st.todo = [["round_end"]]
    script(st, 3, 1)  # next round's initiative: P1 6, P2 0
    _advance(st)
    assert dmg in pl.hand and len(pl.hand) == 6 and len(st.sides[1].piles.hand) == 6
    assert {pl.cards[i] for i in pl.discard} >= {"feint", "bash"}


def test_ref2_reshuffle_adds_no_damaged_card() -> None:
    """ref §2: "Reshuffle: no Damage card is added on reshuffle (§4's explicit NOTE)\"."""
    st = duel(hand=["survey_the_field"])
    pl = st.sides[0].piles
    pl.discard += pl.deck
    pl.deck = []
    total = len(pl.cards)
    play(st, "survey_the_field")
    assert len(pl.cards) == total and DAMAGED not in pl.cards and len(pl.hand) == 1
