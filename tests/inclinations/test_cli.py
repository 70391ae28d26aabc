"""``gamewright inclinations play / games / show / simulate``: driven with stdin lines."""

import json


def test_play_human_vs_bot_with_live_validation_preview_and_log(cli):
    lines = "\n".join([
        "deploy 3",
        "help",
        "allocate engines 1",
        "burn light 0",
        "burn light 0",  # a second movement: rejected live
        "fire laser P2",  # laser unpowered: rejected live
        "preview",
        "plan",
        "undo",
        "coast",
        "execute",
        "quit",
    ]) + "\n"
    code, out, err = cli("inclinations", "play", "--seats", "human,hard-bot", "--seed", "5", stdin=lines)
    assert code == 0, err
    assert "P1 deploys at black-hole ring 4 sector 3" in out
    assert "rejected: burn light +0: only one movement action" in out
    assert "rejected: fire laser P2: the laser needs at least 2 energy" in out
    assert "pending result" in out and "removed: burn light +0" in out
    assert "P1 executes: allocate engines 1; coast" in out
    assert "P2 (hard-bot) plays:" in out
    assert "black hole" in out and "hull" in out and "mass" in out
    assert "saved; resume with: gamewright inclinations play --resume 1" in out


def test_games_list_and_resume_replays_the_log(cli):
    cli("inclinations", "play", "--seats", "human,random-bot", "--seed", "2", stdin="deploy 0\ncoast\nend\n")
    code, out, _ = cli("inclinations", "games", "--json")
    games = json.loads(out)["games"]
    assert len(games) == 1 and games[0]["seats"] == ["human", "random-bot"] and games[0]["status"] == "active"
    logged = games[0]["actions"]
    code, out, _ = cli("inclinations", "play", "--resume", str(games[0]["id"]), stdin="end\nquit\n")
    assert code == 0 and f"{logged} actions replayed" in out
    code, out, _ = cli("inclinations", "show", str(games[0]["id"]), "--json")
    data = json.loads(out)
    assert data["actions"][:2] == ["deploy 0", "deploy " + data["actions"][1].split()[1]]
    assert "rng" not in data["state"]
    code, out, _ = cli("inclinations", "games")
    assert "human,random-bot" in out


def test_bots_only_game_runs_to_the_end_and_is_saved(cli):
    code, out, _ = cli("inclinations", "play", "--seats", "hard-bot,random-bot", "--seed", "3", stdin="")
    assert code == 0 and "game over after" in out
    _, out, _ = cli("inclinations", "games", "--json")
    assert json.loads(out)["games"][0]["status"] == "finished"


def test_bad_seats_and_unknown_game(cli):
    code, _, err = cli("inclinations", "play", "--seats", "human")
    assert code == 2 and "2 to 6 seats" in err
    code, _, err = cli("inclinations", "play", "--seats", "human,wizard")
    assert code == 2 and "unknown seat kind 'wizard'" in err
    code, _, err = cli("inclinations", "play", "--resume", "99")
    assert code == 2 and "no saved inclinations game with id 99" in err
    code, _, err = cli("inclinations", "play", "--option", "to_hit=d20")
    assert code == 2 and "to_hit" in err


def test_simulate_json(cli):
    code, out, _ = cli("inclinations", "simulate", "--seats", "hard-bot,random-bot", "--games", "20", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 20 and data["wins"]["P1"] + data["wins"]["P2"] + data["draws"] == 20
    assert data["win_rates"]["P1"] >= 0.9


def test_simulate_table(cli):
    code, out, _ = cli("inclinations", "simulate", "--seats", "easy-bot,medium-bot,random-bot", "-n", "5")
    assert code == 0 and "P1 easy-bot" in out and "draws" in out


def test_rules_lists_options_and_the_transfer_table(cli):
    code, out, _ = cli("inclinations", "rules", "--json")
    data = json.loads(out)
    assert {o["name"] for o in data["options"]} >= {"well_transfer_mass", "to_hit", "shields_deplete", "missiles"}
    assert data["transfers"][0]["outbound"] == [5, 20, 3, 5]
    code, out, _ = cli("inclinations", "rules")
    assert code == 0 and "alpha" in out and "to_hit" in out


def test_play_screens_read_well(cli):
    lines = "\n".join(["deploy 3", "fire laser", "jump", "allocate engines x", "quit"]) + "\n"
    code, out, err = cli("inclinations", "play", "--seats", "random-bot,human", "--seed", "1", stdin=lines)
    assert code == 0, err
    taken = out.split("P1 deploys at black-hole ring 4 sector ")[1].split(",")[0]
    t = int(taken)
    spans = ", ".join(x for x in (f"0-{t - 1}" if t > 1 else "0" if t == 1 else "",
                                  f"{t + 1}-23" if t < 22 else "23" if t == 22 else "") if x)
    assert f"free sectors {spans};" in out
    assert "fire laser': name at least one target: fire laser P2 (type 'help'" in out
    assert "unknown action 'jump'" in out
    assert "the amount must be a whole number, not 'x' (type 'help'" in out
    # the board: two rows of sector numbers, rings with velocities, transfer sectors, ships with facing
    assert "R5 v1" in out and "R1 v8" in out and "alpha S20" in out and "prograde" in out
    assert "heat above 5 becomes hull damage" in out


def test_two_humans_plan_with_a_heat_warning_in_the_live_preview(cli):
    lines = "\n".join(["deploy 3", "deploy 5", "allocate missiles 4", "allocate railgun 4", "legal",
                       "fire missiles P2", "fire railgun P2", "execute", "quit"]) + "\n"
    code, out, err = cli("inclinations", "play", "--seats", "human,human", stdin=lines)
    assert code == 0, err
    assert "heat 8 (3 hull damage at your next turn)" in out
    assert "  allocate: engines 1-2, thrusters 1, scoop 1-2, laser 1-2, shields 1-2\n" in out  # 'legal', grouped
    assert "  coast | fire missiles P2 | fire railgun P2 | end\n" in out
    assert "P1's missiles hit P2: 3 damage" in out and "P1's railgun hits P2: 4 damage" in out
    assert "recoil pushes P1 from ring 4 to ring 5" in out and "--- round 1: P2 to plan" in out


def test_help_at_the_deploy_prompt_explains_deployment(cli):
    code, out, err = cli("inclinations", "play", "--seats", "human,random-bot", "--seed", "1",
                         stdin="help\ndeploy 4\nquit\n")
    assert code == 0, err
    assert "Deployment: each seat in turn places its ship on a free sector of black-hole ring 4" in out
    assert "railgun fires" in out and "P1 deploys at black-hole ring 4 sector 4" in out


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


def test_show_keeps_a_pending_plan_private(cli):
    cli("inclinations", "play", "--seats", "human,random-bot", "--seed", "2",
        stdin="deploy 5\nallocate laser 2\nallocate shields 3\nquit\n")
    code, out, _ = cli("inclinations", "show", "1")
    assert code == 0 and "allocate laser" not in out and "P1 has 2 planned steps pending, not shown" in out
    data = json.loads(cli("inclinations", "show", "1", "--json")[1])
    assert data["pending_steps"] == 2 and data["state"]["plan"] == [] and len(data["actions"]) == 2
    assert not any("allocate" in a for a in data["actions"])
