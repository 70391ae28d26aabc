"""The lab's commands: agents, one-line errors, stored runs that report and re-run exactly, sweeps."""

from __future__ import annotations

import json

from gamewright.agents.registry import agent_names
from gamewright.core.game import registered_games


def test_agents_lists_generic_agents_and_the_games_bots(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("lab", "agents", "inclinations")
    assert code == 0
    assert out.split() == agent_names("inclinations")
    assert "inclinations.hard-bot" in out.split() and "random" in out.split()
    data = json.loads(cli("lab", "agents", "penance", "--json")[1])
    assert "penance.heuristic" in data["agents"] and data["bots"] == ["random", "heuristic"]


def test_help_lists_every_agent(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("lab", "simulate", "--help")
    assert code == 0
    flat = " ".join(out.replace("│", " ").split())
    for game in registered_games():
        for name in agent_names(game):
            assert name in flat, name


def test_an_unknown_agent_is_one_error_line(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("lab", "simulate", "penance", "--agents", "smart,random", "-n", "2")
    assert code == 2 and out == ""
    assert err.startswith("error: unknown agent 'smart'") and err.count("\n") == 1
    code, _, err = cli("lab", "simulate", "penance", "--agents", "smart")
    assert code == 2 and err.startswith("error: unknown agent 'smart'") and err.count("\n") == 1
    code, _, err = cli("lab", "simulate", "penance", "--agents", "random")
    assert code == 2 and err.startswith("error: --agents needs 2") and err.count("\n") == 1
    code, _, err = cli("lab", "compare", "affinity", "--b", "basic_actions=3", "-n", "2")
    assert code == 2 and err.startswith("error: option 'basic_actions'") and err.count("\n") == 1
    code, _, err = cli("lab", "sweep", "affinity", "--param", "level", "--values", "1,,2")
    assert code == 2 and err.startswith("error: --values") and err.count("\n") == 1


def test_game_bots_play_in_the_lab(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("lab", "simulate", "penance", "--agents", "penance.heuristic,random", "-n", "4",
                         "--workers", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["agents"] == ["penance.heuristic", "random"]
    assert data["win_rates"][0]["rate"] >= 0.75


def test_every_run_is_stored_and_reruns_exactly(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("lab", "simulate", "prince", "-n", "6", "--seed", "4", "--workers", "1", "--json")
    assert code == 0
    printed = json.loads(out)
    runs = json.loads(cli("lab", "runs", "--json")[1])["runs"]
    assert len(runs) == 1 and runs[0]["kind"] == "simulate" and runs[0]["seed"] == 4 and runs[0]["games"] == 6
    run_id = runs[0]["id"]
    shown = json.loads(cli("lab", "show", str(run_id), "--json")[1])
    assert shown["result"] == printed
    assert shown["request"]["game"] == "prince" and shown["code_version"].startswith("0.")
    code, out, _ = cli("lab", "rerun", str(run_id), "--workers", "2", "--json")
    assert code == 0 and json.loads(out)["identical"] is True
    page = tmp_path / "run.html"
    code, _, err = cli("lab", "report", str(run_id), "--out", str(page))
    assert code == 0, err
    text = page.read_text(encoding="utf-8")
    assert text.count("<svg") >= 2
    assert 'src="http' not in text and 'href="http' not in text and "url(http" not in text
    code, _, err = cli("lab", "show", "999")
    assert code == 2 and err.startswith("error: no lab run with id 999")
    code, out, _ = cli("lab", "show", str(run_id))
    assert code == 0 and "win rate" in out


def test_a_sweep_has_one_row_per_value_on_the_same_seeds(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "sweep.html"
    code, out, err = cli("lab", "sweep", "affinity", "--param", "basic_actions", "--values", "1,2", "-n", "8",
                         "--workers", "1", "--json", "--report", str(page))
    assert code == 0, err
    data = json.loads(out)
    assert data["values"] == [1, 2] and [row["value"] for row in data["rows"]] == [1, 2]
    assert [row["options"]["basic_actions"] for row in data["rows"]] == [1, 2]
    assert "party wins" in data["rows"][0]["metrics"]["headline"]
    assert page.read_text(encoding="utf-8").count("<svg") >= 4


def test_text_output_and_progress(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("lab", "compare", "affinity", "--b", "basic_actions=2", "-n", "4", "--workers", "1")
    assert code == 0
    assert "McNemar" in out and "B − A" in out
    assert "stored as lab run" in err
