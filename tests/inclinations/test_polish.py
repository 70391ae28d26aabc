"""issue 10 §3 for Inclinations: deploy help, resume keeps a half-built plan, show one action a line, reach,
``turn --example``. Each of these fails on revision 976184e."""

from __future__ import annotations

import json

from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.whatif import EXAMPLE, run_scenario
from tests.inclinations.helpers import ship, state


def test_help_at_the_deploy_prompt_explains_deployment(cli):
    code, out, err = cli("inclinations", "play", "--seats", "human,random-bot", "--seed", "1",
                         stdin="help\ndeploy 4\nquit\n")
    assert code == 0, err
    assert "Deployment: each seat in turn places its ship on a free sector of black-hole ring 4" in out
    assert "railgun fires" in out and "P1 deploys at black-hole ring 4 sector 4" in out


def test_deploy_prompt_names_the_sectors_in_reach_of_the_ships_placed(cli):
    code, out, err = cli("inclinations", "play", "--seats", "human,human", "--seed", "1",
                         stdin="deploy 10\ndeploy 12\nquit\n")
    assert code == 0, err
    assert "P1 (moving first) can hit a ship deployed at S" in out
    railgun = [x for x in out.splitlines() if x.startswith("  P1 (moving first)") and "railgun" in x]
    assert railgun and any("11-15" in x for x in railgun)


def test_resume_keeps_a_half_built_plan_and_shows_what_the_bots_did(cli):
    cli("inclinations", "play", "--seats", "human,random-bot", "--seed", "6",
        stdin="deploy 0\nallocate engines 1\nend\nallocate engines 1\nallocate laser 2\nquit\n")
    code, out, err = cli("inclinations", "play", "--resume", "1", stdin="plan\nundo\nend\nquit\n")
    assert code == 0, err
    assert "since your last turn:" in out and "P2 executes:" in out.split("since your last turn:")[1]
    assert "pending (kept from before): allocate engines 1; allocate laser 2" in out
    assert "pending: allocate engines 1; allocate laser 2" in out and "removed: allocate laser 2" in out
    assert "P1 executes: allocate engines 1\n" in out


def test_show_prints_the_log_one_action_a_line(cli):
    cli("inclinations", "play", "--seats", "human,random-bot", "--seed", "2", stdin="deploy 5\ncoast\nend\nquit\n")
    code, out, _ = cli("inclinations", "show", "1")
    assert code == 0
    lines = out.splitlines()
    start = lines.index(next(x for x in lines if x.startswith("actions (")))
    assert lines[start + 1].split() == ["1", "P1", "deploy", "5"]
    assert lines[start + 3].split() == ["3", "P1", "coast"] and lines[start + 4].split() == ["4", "P1", "end"]


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


def test_reach_command_in_play(cli):
    code, out, err = cli("inclinations", "play", "--seats", "human,human", "--seed", "1",
                         stdin="deploy 10\nreach\ndeploy 6\nreach P2\nreach P7\nquit\n")
    assert code == 0, err
    assert "P2 can hit you next turn (you end at blackhole R4 S12) from (black-hole rings" in out
    assert "railgun: R4 S" in out and "P1 can reach this turn" in out
    assert "where P2 cannot hit you next turn:" in out and "no ship 'P7'" in out


def test_turn_example_is_valid_and_documented(cli):
    code, out, _ = cli("inclinations", "turn", "--example")
    assert code == 0 and json.loads(out) == EXAMPLE
    assert run_scenario(json.loads(out))["ok"]
    code, out, _ = cli("inclinations", "turn", "--help")
    assert code == 0 and '"turns": [' in out and '"fire": "railgun"' in out and "rolls" in out


def test_turn_wrong_shape_says_the_right_one(cli, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"ships": [{"id": "P1", "ring": 1, "sector": 0}],
                                "turns": [{"ship": "P1", "actions": ["coast"]}]}))
    code, _, err = cli("inclinations", "turn", str(path))
    assert code == 2 and err.count("\n") == 1
    assert "turns[0].actions[0]: must be an object" in err and '{"burn": "light", "adjust": 1}' in err
    path.write_text(json.dumps([1, 2]))
    code, _, err = cli("inclinations", "turn", str(path))
    assert code == 2 and "a scenario is {" in err and "--example" in err
    code, _, err = cli("inclinations", "turn")
    assert code == 2 and "--example" in err


def test_show_keeps_a_pending_plan_private(cli):
    cli("inclinations", "play", "--seats", "human,random-bot", "--seed", "2",
        stdin="deploy 5\nallocate laser 2\nallocate shields 3\nquit\n")
    code, out, _ = cli("inclinations", "show", "1")
    assert code == 0 and "allocate laser" not in out and "P1 has 2 planned steps pending, not shown" in out
    data = json.loads(cli("inclinations", "show", "1", "--json")[1])
    assert data["pending_steps"] == 2 and data["state"]["plan"] == [] and len(data["actions"]) == 2
    assert not any("allocate" in a for a in data["actions"])


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
