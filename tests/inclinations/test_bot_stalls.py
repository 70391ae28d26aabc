"""issue 22 §6: three-hard-bot games that ran to the 200-round limit (1.7%: 51 of seeds 0-2999).

Why they stalled: the last two ships drifted on one outer ring at the same speed (velocity 1), one 6 sectors
behind the other. The one behind fired its railgun after each coast into full shields (4 absorb all 4 damage),
and the one ahead, which could have answered before moving (the other 1-6 sectors behind it, its shields spent on
the railgun), never did: the hard bot fired its railgun only after its movement, and after the coast the other
ship was 7 sectors behind. The hard bot now also weighs the railgun before moving, then a coast (recoiled or
compensated): 0 of seeds 0-5999 reach the limit (two hard bots: 166 of 1,500 before, 1 after)."""

from __future__ import annotations

import pytest

from gamewright.core.rng import Rng
from gamewright.games.inclinations.bots import HeuristicBot, play_bot_game
from tests.inclinations.helpers import ship, state


def test_the_ship_ahead_fires_its_railgun_before_drifting_out_of_reach() -> None:
    """Seed 126's stall, round 19: P1 (hull 4, its shields spent on its railgun) 6 sectors behind P2 on ring 5.
    After a coast P1 would be 7 behind, out of reach; before it, P2 turns and fires: P1 is destroyed."""
    st = state(ship("P1", ring=5, sector=3, hull=4, mass=5, ammo=0, engines=1, railgun=4),
               ship("P2", ring=5, sector=9, hull=9, mass=6, ammo=0, shields=4), current=1)
    plan = [s.to_text() for s in HeuristicBot("hard", Rng(1)).choose_turn(st)]
    fire = next(i for i, s in enumerate(plan) if s.startswith("fire railgun P1"))
    assert "rotate retrograde" in plan and fire < plan.index("coast")
    st.play_turn(HeuristicBot("hard", Rng(1)).choose_turn(st))
    assert st.ships[0].hull == 0 and st.result()["winner"] == "P2"


@pytest.mark.parametrize("seed", [126, 183, 322, 348, 461, 1181])
def test_three_hard_bot_games_that_ran_to_the_round_limit_now_end(seed: int) -> None:
    """Seeds that reached round 200 as draws (461 and 1181: a standoff with no shot fired after round 26)."""
    final, _ = play_bot_game(["hard-bot"] * 3, seed)
    assert final.is_terminal() and final.round < final.round_limit and final.winner is not None


@pytest.mark.parametrize("seed", [2, 7, 9])
def test_two_hard_bot_games_that_ran_to_the_round_limit_now_end(seed: int) -> None:
    final, _ = play_bot_game(["hard-bot"] * 2, seed)
    assert final.is_terminal() and final.round < final.round_limit
