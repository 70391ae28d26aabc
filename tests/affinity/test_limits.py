"""Issue 9: every Affinity input that once ran unbounded or crashed is refused in one line or answered.

Each probe runs as a real process under a 500 MB address-space limit with a 60 s hang guard (``bounded_cli``);
no timing is asserted. ``benchmarks/affinity_limits.py`` runs the same probes and reports their times.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.affinity.combat import Act
from tests.affinity.limit_probes import PROBES


def _one_line_or_answer(proc: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    if proc.returncode == 2:
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error:"), proc.stderr
    else:
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip()


@pytest.mark.parametrize("probe", PROBES, ids=[p[0] for p in PROBES])
def test_listed_input_is_bounded(bounded_cli, probe: tuple[str, list[str], str | None]) -> None:
    _, args, stdin = probe
    _one_line_or_answer(bounded_cli(*args, stdin=stdin))


def test_huge_defence_is_refused_with_its_bound(bounded_cli) -> None:
    proc = bounded_cli("affinity", "defend", "--layers", "a:100000000d6", "--capacity", "100000000",
                       "--damage", "100000000")
    assert proc.returncode == 2 and "from 1 to 10" in proc.stderr


def test_deep_defence_odds_answer_exactly(bounded_cli) -> None:
    """The RecursionError probe at the rules' bounds: 250 damage through 50d6 + 50d8 with 10 rolls."""
    import json

    proc = bounded_cli("affinity", "defend", "--layers", "a:50d6,b:50d8", "--capacity", "10", "--damage", "250",
                       "--odds", "--json")
    assert proc.returncode == 0, proc.stderr
    odds = json.loads(proc.stdout)["odds_lost"]
    assert abs(sum(odds.values()) - 1) < 1e-9 and set(odds) == {"100"}  # every die goes: 150 points overflow


@pytest.mark.parametrize("args", [
    ["affinity", "rest", "Nobody", "--heal", "²d6"],
    ["affinity", "duel", "--a", "A:²", "--policy", "auto"],
    ["affinity", "task", "--threshold", "3", "--difficulty", "2", "--group", "a:²"],
])
def test_unicode_digits_are_refused_in_one_line(cli, args: list[str]) -> None:
    code, out, err = cli(*args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unicode_digits_at_the_fight_prompt(cli) -> None:
    code, out, err = cli("affinity", "fight", "--seed", "1", stdin="²\nend\n" * 200)
    assert "Traceback" not in err
    assert "not understood" in out


def test_fight_with_stdin_at_end_or_closed() -> None:
    env = dict(os.environ)
    for redirect in ("</dev/null", "<&-"):
        proc = subprocess.run(["sh", "-c", f'"{sys.executable}" -m gamewright affinity fight {redirect}'],
                              capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.strip().splitlines() == ["error: input ended before the fight did"]


@pytest.mark.parametrize("act", [
    Act("use", "force_bolt", 4, 1.0),  # type: ignore[arg-type]
    Act("use", "weapon_strike", True, 0),  # type: ignore[arg-type]
    Act("use", "weapon_strike", "4", 0),  # type: ignore[arg-type]
    Act("use", 7, 4, 0),  # type: ignore[arg-type]
    Act("move", "", 4.0),  # type: ignore[arg-type]
    Act("share", "", 1, 0, 1.5),  # type: ignore[arg-type]
    Act("use", "weapon_strike", 10**30, 0),
    Act("end", "", -1, 0, -0),
])
def test_hand_built_actions_are_refused_before_any_change(act: Act) -> None:
    from gamewright.core.game import load_game

    game = load_game("affinity", options={"party": "weaver,combatant"})
    state = game.new_initial_state(3)
    while state.fighters[state.active].key != "weaver":
        state.apply(state.legal_actions()[0])
    before = state.to_json()
    if act.verb == "end" and act.target == -1:  # the one well-formed action here: it is legal
        state.apply(act)
        return
    with pytest.raises(RuleViolation):
        state.apply(act)
    assert state.to_json() == before
    assert state.preview(act)["legal"] is False


def test_a_stored_fight_beyond_the_rules_sizes_is_refused() -> None:
    from gamewright.core.errors import ConfigError
    from gamewright.core.game import load_game

    game = load_game("affinity")
    data = game.new_initial_state(0).to_json()
    for path, value in ((("fighters", 0, "prof"), 10**9), (("fighters", 0, "hd"), 10**9)):
        doc = json_copy(data)
        doc[path[0]][path[1]][path[2]] = value
        with pytest.raises(ConfigError, match="beyond the rules"):
            game.state_from_json(doc)


def json_copy(data: dict) -> dict:
    import json

    return json.loads(json.dumps(data))


def test_cli_refuses_odd_inputs_in_one_line(cli) -> None:
    for args in (["odds", "--dice", "100000", "--threshold", "3", "--json"],
                 ["duel", "--policy", "auto", "--a", "x:1:wizard", "--json"],
                 ["duel", "--policy", "auto", "--a", "x:1:2:3"],
                 ["task", "--threshold", "3", "--difficulty", "1", "--proficiency", "1", "--exertion", "3"],
                 ["travel", "--proficiency", "1", "--exertion", "2"],
                 ["chase", "--lead", "1", "--lead-exertion", "2"]):
        code, out, err = cli("affinity", *args)
        assert code == 2, (args, out)
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
