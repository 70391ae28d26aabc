"""The exact-interface table assistants and the other Penance commands."""

from __future__ import annotations

import json

import pytest

EXAMPLE = ["penance", "attack", "--card", "Faithful Thrust", "--attacker", "scout", "--defender", "vanguard",
           "--range", "1", "--moved", "2", "--defender-moved", "0", "--side", "front"]


def test_attack_issue_example(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(*EXAMPLE, "--attack-dice", "3,4", "--defense-dice", "shield,flesh,flesh,critical,heat",
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    expected = {"tn": 6, "sum": 7, "tier": "strong", "damage": 5, "blocked": 1, "taken": 4, "component_damage": 1,
                "heat": 1, "pierce": False, "major_wound": False}
    assert {k: data[k] for k in expected} == expected
    assert list(data)[: len(expected)] == list(expected)  # the issue's field order first, extras after


def test_attack_execution_ignores_defense_dice(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(*EXAMPLE, "--attack-dice", "5,5", "--defense-dice", "shield,shield", "--json")
    data = json.loads(out)
    assert data["tier"] == "execution" and data["damage"] == 6 and data["taken"] == 6 and data["blocked"] == 0
    assert data["component_damage"] == 0 and data["defense_dice"] == [] and data["component_destroyed"]


def test_attack_rolls_missing_dice_seeded(cli) -> None:  # type: ignore[no-untyped-def]
    first = json.loads(cli(*EXAMPLE, "--seed", "11", "--json")[1])
    again = json.loads(cli(*EXAMPLE, "--seed", "11", "--json")[1])
    assert first == again and first["attack_dice_rolled"]
    assert first["tier"] in ("miss", "hit", "strong", "critical", "execution", "catastrophic")


@pytest.mark.parametrize(
    ("side", "tn", "damage"),
    [("front", 6, 5), ("weapon", 6, 6), ("weapon-flank", 5, 5), ("rear", 4, 7), ("shield-flank", 5, 5),
     ("shield", 7, 5)],
)
def test_attack_sides(cli, side: str, tn: int, damage: int) -> None:  # type: ignore[no-untyped-def]
    args = [a if a != "front" else side for a in EXAMPLE]
    data = json.loads(cli(*args, "--attack-dice", "3,4", "--defense-dice", "flesh", "--json")[1])
    assert data["tn"] == tn and data["damage"] == damage  # Faithful Thrust: rear +2; weapon side +1


def test_attack_cover_and_major_wound(cli) -> None:  # type: ignore[no-untyped-def]
    args = [a if a != "vanguard" else "scout" for a in EXAMPLE]
    data = json.loads(cli(*args, "--cover", "heavy", "--attack-dice", "4,4", "--defense-dice",
                          "flesh,flesh,flesh,pierce,heat", "--json")[1])
    assert data["tn"] == 8 and data["tier"] == "strong" and data["taken"] == 5
    assert data["pierce"] is True and data["major_wound"] is True


def test_attack_miss_and_catastrophe(cli) -> None:  # type: ignore[no-untyped-def]
    miss = json.loads(cli(*EXAMPLE, "--attack-dice", "1,2", "--json")[1])
    assert miss["tier"] == "miss" and miss["damage"] == 0 and miss["taken"] == 0
    cat = json.loads(cli(*EXAMPLE, "--attack-dice", "0,0", "--json")[1])
    assert cat["tier"] == "catastrophic" and cat["attacker_heat"] == 2


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--attack-dice", "3,9"], "two values from 0 to 5"),
        (["--defense-dice", "shield,banana"], "unknown defense face"),
        (["--cover", "fog"], "unknown cover"),
        (["--attack-dice", "3,4", "--defense-dice", "shield,shield,shield,shield,shield,shield"], "6 defense dice"),
    ],
)
def test_attack_bad_input_is_one_line(cli, extra: list[str], message: str) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(*EXAMPLE, *extra, "--json")
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_attack_out_of_range_and_unknowns(cli) -> None:  # type: ignore[no-untyped-def]
    args = [a if a != "1" else "2" for a in EXAMPLE]
    code, _, err = cli(*args)
    assert code == 2 and "out of range" in err
    code, _, err = cli(*[a if a != "Faithful Thrust" else "Feint" for a in EXAMPLE])
    assert code == 2 and "not an attack card" in err
    code, _, err = cli(*[a if a != "front" else "left" for a in EXAMPLE])
    assert code == 2 and "unknown side" in err
    code, _, err = cli(*[a if a != "scout" else "mouse" for a in EXAMPLE])
    assert code == 2 and "casket class" in err


def test_quick_shot_reaches_three(cli) -> None:  # type: ignore[no-untyped-def]
    args = ["penance", "attack", "--card", "quick shot", "--attacker", "scout", "--defender", "warden", "--range",
            "3", "--side", "front", "--attack-dice", "2,3", "--defense-dice", "heat,heat", "--json"]
    data = json.loads(cli(*args)[1])
    assert data["tn"] == 5 and data["damage"] == 2 and data["heat"] == 2


def test_simulate_json(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("penance", "simulate", "--games", "6", "--bots", "heuristic,random", "--swap", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["games"] == 6 and sum(data["wins"]) + data["draws"] == 6
    assert len(data["win_rate"]) == 2


def test_decks_command(cli) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(cli("penance", "decks", "confessor:D:absolution+crusaders_vow", "--json")[1])
    assert data["cards"] == 30 and data["list"]["quick_shot"] == 3 and data["list"]["absolution"] == 1
    code, _, err = cli("penance", "decks", "confessor:E")
    assert code == 2 and "options A, B, C, D" in err
    code, _, err = cli("penance", "decks", "ironclad:B:absolution+earthshaker")
    assert code == 2 and "not in the Dwarven Ironclad Tactics pool" in err
    assert json.loads(cli("penance", "cards", "--json")[1])


def test_play_scripted_and_resume(cli) -> None:  # type: ignore[no-untyped-def]
    stdin = "keep\nplay 99\n77\nend\nquit\n"
    code, out, err = cli("penance", "play", "--seats", "human,bot", "--seed", "5", stdin=stdin)
    assert code == 0, err
    assert "saved game 1" in out and "refused:" in out and "> P1: end" in out
    assert "keep this opening hand or mulligan" in out and "your action" in out
    assert "refused: 77: choose a menu number from 0 to" in out
    assert "components:" in out and "pilot wounds" in out and "hand: [" in out
    listing = json.loads(cli("penance", "list", "--json")[1])
    assert listing[0]["id"] == 1 and listing[0]["actions"] >= 3 and listing[0]["status"] == "active"
    code, out, err = cli("penance", "list")
    assert code == 0 and "active" in out and "confessor,ironclad" in out, err
    code, out, err = cli("penance", "play", "--resume", "1", stdin="end\n")
    assert code == 2 and "game 1 is saved: resume with gamewright penance play --resume 1" in err  # stdin ran out
    assert "resumed game 1" in out
    view = json.loads(cli("penance", "show", "1", "--json")[1])["view"]
    assert "hand" in view["sides"][0] and "hand" not in view["sides"][1]


def test_play_bots_to_the_end(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("penance", "play", "--seats", "bot,random", "--seed", "2")
    assert code == 0, err
    assert "game over — P" in out
    assert json.loads(cli("penance", "list", "--json")[1])[0]["status"] == "finished"
    code, _, err = cli("penance", "play", "--resume", "42")
    assert code == 2 and "no saved" in err


def test_attack_divine_judgment_condition(cli) -> None:  # type: ignore[no-untyped-def]
    args = ["penance", "attack", "--card", "Divine Judgment", "--attacker", "scout", "--defender", "warden",
            "--range", "1", "--side", "front", "--attack-dice", "4,4", "--json"]
    assert json.loads(cli(*args, "--defender-deck", "12")[1])["damage"] == 0
    assert json.loads(cli(*args, "--defender-deck", "10", "--defense-dice", "flesh")[1])["damage"] == 9
