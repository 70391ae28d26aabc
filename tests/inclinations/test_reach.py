"""Reach (``State.reach``): where a ship can end this turn and from where another can hit it next, answered by
the engine, at the deploy prompt and through the ``reach`` command."""

from __future__ import annotations

from gamewright.games.inclinations.game import InclinationsGame
from tests.inclinations.helpers import ship, state


def test_reach_answers_from_the_engine():
    """P2 two sectors behind P1 on ring 4, both prograde: P2's railgun hits P1's end sector from behind; P1
    cannot hit P2 with its railgun unless it turns."""
    st = state(ship(ring=4, sector=10), ship("P2", ring=4, sector=6))
    answer = st.reach(1)
    assert answer["end"] == {"well": "blackhole", "ring": 4, "sector": 12, "facing": "prograde"}  # the drift
    railgun = {(t["ring"], t["sector"], t["facing"]) for t in answer["threats"] if "railgun" in t["weapons"]}
    assert (4, 6, "prograde") in railgun and (4, 8, "prograde") in railgun  # before and after P2's coast
    coast = next(m for m in answer["moves"] if m["plan"] == ["coast"])
    assert coast["sector"] == 12 and "railgun" in coast["exposed"] and coast["can_hit"] == []
    turned = [m for m in answer["moves"] if m["facing"] == "retrograde" and m["ring"] == 4]
    assert turned and all("railgun" in m["can_hit"] for m in turned)
    for m in answer["moves"]:  # every listed move is one the engine accepts
        trial = st.clone()
        for text in m["plan"]:
            trial.apply(InclinationsGame().parse_action(trial, text))
        preview = trial.preview(InclinationsGame().parse_action(trial, "end"))
        assert preview["legal"] and (preview["ship"]["ring"], preview["ship"]["sector"]) == (m["ring"], m["sector"])


def test_reach_refuses_what_it_cannot_answer():
    import pytest

    from gamewright.core.errors import RuleViolation

    st = state(ship(ring=4, sector=10), ship("P2", ring=4, sector=6, hull=0), ship("P3", ring=2, sector=1))
    for other in (0, 1, 3, -1, "P2"):
        with pytest.raises(RuleViolation):
            st.reach(other)
    assert st.reach(2)["other"] == "P3"
    with pytest.raises(RuleViolation):
        InclinationsGame().new_initial_state(0).reach(1)


def test_deploy_prompt_names_the_sectors_in_reach_of_the_ships_placed(cli):
    code, out, err = cli("inclinations", "play", "--seats", "human,human", "--seed", "1",
                         stdin="deploy 10\ndeploy 12\nquit\n")
    assert code == 0, err
    assert "P1 (moving first) can hit a ship deployed at S" in out
    railgun = [x for x in out.splitlines() if x.startswith("  P1 (moving first)") and "railgun" in x]
    assert railgun and any("11-15" in x for x in railgun)


def test_reach_command_in_play(cli):
    code, out, err = cli("inclinations", "play", "--seats", "human,human", "--seed", "1",
                         stdin="deploy 10\nreach\ndeploy 6\nreach P2\nreach P7\nquit\n")
    assert code == 0, err
    assert "P2 can hit you next turn (you end at blackhole R4 S12) from (black-hole rings" in out
    assert "railgun: R4 S" in out and "P1 can reach this turn" in out
    assert "where P2 cannot hit you next turn:" in out and "no ship 'P7'" in out
