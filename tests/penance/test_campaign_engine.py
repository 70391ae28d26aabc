"""The engine's campaign hooks: Wound cards and Taint carried into a battle, and the ``withdraw`` action."""

from __future__ import annotations

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.penance.game import PenanceGame
from gamewright.games.penance.state import Act, PenanceState


def _to_main(state: PenanceState) -> list[str]:
    """Keep both hands, lose the Ruptured Organ cards from the deck top: the texts of the events."""
    texts = []
    while state.todo[-1][0] != "main":
        kind = state.todo[-1][0]
        action = Act("keep") if kind == "mulligan" else Act("lose")
        texts += [e.text for e in state.apply(action)]
    return texts


def test_carried_severe_wounds_apply_from_deployment() -> None:
    game = PenanceGame(options={"wounds": "shattered_hand+spinal_trauma,", "taint": "3,0"})
    state = game.new_initial_state(11)
    me = state.sides[0]
    assert me.wounds == ["shattered_hand", "spinal_trauma"] and len(me.wound_deck) == 8
    assert me.taint == 3 and state.sides[1].taint == 0 and state.sides[1].wounds == []
    assert state.sp_max(0) == 6 - 2  # 004 §5 Shattered Hand: -2 SP maximum (Confessor is a 6 SP Scout)
    assert state.casket_surcharge(0) == 1  # 004 §5 Spinal Trauma: +1 SP per hex
    assert state.view_for(1)["sides"][0]["wounds"] == ["shattered_hand", "spinal_trauma"]
    assert state.invariant_violations() == []


def test_ruptured_organ_discards_five_at_deployment() -> None:
    plain = PenanceGame().new_initial_state(4)
    state = PenanceGame(options={"wounds": "ruptured_organ,"}).new_initial_state(4)
    # the Wound deck is shuffled before the carried cards leave it: the casket decks and hands are the same
    assert state.sides[0].piles.to_json() == plain.sides[0].piles.to_json()
    assert state.todo == [["round_start"], ["loss", 0, 5, "harm"], ["mulligan", 1], ["mulligan", 0]]
    texts = _to_main(state)
    assert sum("P1 loses" in t for t in texts) == 5 and len(state.sides[0].piles.grave) == 5
    assert texts.index(next(t for t in texts if "P1 loses" in t)) < texts.index(
        next(t for t in texts if t.startswith("Round 1")))
    assert state.invariant_violations() == []


@pytest.mark.parametrize(("option", "value"), [
    ("wounds", "shattered_hand+nosuch,"), ("wounds", "concussion+concussion,"), ("wounds", "a,b,c"),
    ("taint", "x,0"), ("taint", "1/2,0"),
])
def test_bad_carried_options_are_config_errors(option: str, value: str) -> None:
    with pytest.raises(ConfigError):
        PenanceGame(options={option: value})


def test_withdraw_ends_the_battle_for_the_withdrawing_side() -> None:
    state = PenanceGame(options={"withdraw": True}).new_initial_state(2)
    _to_main(state)
    p = state.current_player
    assert Act("withdraw") in state.legal_actions()
    events = state.apply(Act("withdraw"))
    assert [e.kind for e in events] == ["withdraw", "victory"]
    assert state.is_terminal() and state.winner == 1 - p and state.returns()[p] == -1.0
    assert "withdraws" in state.end_reason


def test_withdraw_is_refused_outside_campaigns() -> None:
    state = PenanceGame().new_initial_state(2)
    _to_main(state)
    assert Act("withdraw") not in state.legal_actions()
    before = state.to_json()
    with pytest.raises(RuleViolation):
        state.apply(Act("withdraw"))
    assert state.to_json() == before


@pytest.mark.parametrize("seed", range(6))
def test_the_deck_out_save_is_rolled_in_campaign_battles_only(seed: int) -> None:
    """004 §5 item 5: deck + discard both empty → 1d6: 1-3 +2 Wounds, 4-6 survive extraction."""
    results = []
    for save in (True, False):
        state = PenanceGame(options={"deck_out_save": save}).new_initial_state(seed)
        pl = state.sides[0].piles
        pl.grave += pl.deck + pl.discard
        pl.deck, pl.discard = [], []
        events = state.apply(Act("keep"))
        assert state.is_terminal() and state.winner == 1 and "deck and discard" in state.end_reason
        rolls = [e for e in events if e.kind == "roll" and "deck-out save" in e.text]
        results.append((rolls, len(state.sides[0].wounds)))
    (rolls, wounds), (no_rolls, no_wounds) = results
    assert len(rolls) == 1 and no_rolls == [] and no_wounds == 0
    assert wounds == (2 if rolls[0].data["roll"] <= 3 else 0)
