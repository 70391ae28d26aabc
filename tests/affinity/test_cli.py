"""The `gamewright affinity` commands."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamewright.games.affinity.character import RECORD_KIND
from gamewright.store import get_record, put_record

AUTO = ("--policy", "auto")  # the duel runs itself; without --policy a stance is declared each round


def test_odds_issue_example_exact_interface(cli) -> None:
    code, out, err = cli("affinity", "odds", "--exertion", "2", "--threshold", "4", "--required", "1", "--json")
    assert code == 0, err
    assert out.strip() == (
        '{"at_least": {"0": 1.0, "1": 0.75, "2": 0.4166666666666667, "3": 0.1388888888888889, '
        '"4": 0.027777777777777776}, "expected": 1.3333333333333333, "success": 0.75, '
        '"burn": {"0": 0.6944444444444444, "1": 0.2777777777777778, "2": 0.027777777777777776}}'
    )


def test_odds_fields_only_when_asked(cli) -> None:
    doc = json.loads(cli("affinity", "odds", "--dice", "2", "--threshold", "4", "--json")[1])
    assert set(doc) == {"at_least", "expected"}
    assert doc["at_least"]["2"] == 5 / 12 and doc["at_least"]["3"] == 5 / 36


def test_odds_exact_strings(cli) -> None:
    doc = json.loads(cli("affinity", "odds", "--exertion", "2", "--threshold", "4", "--required", "1", "--json",
                         "--exact")[1])
    assert doc["at_least"]["2"] == "5/12" and doc["success"] == "3/4" and doc["burn"]["1"] == "5/18"
    assert doc["expected"] == "4/3"


def test_odds_table_and_readable(cli) -> None:
    code, out, _ = cli("affinity", "odds", "--table", "--json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 250 and rows[0]["success"] >= rows[-1]["success"]
    code, out, _ = cli("affinity", "odds", "--dice", "2", "--threshold", "4")
    assert code == 0 and "41.6667%" in out


@pytest.mark.parametrize("args", [["--threshold", "7"], ["--threshold", "1"], [], ["--threshold", "4", "--dice", "-1"]])
def test_odds_bad_input(cli, args) -> None:
    code, out, err = cli("affinity", "odds", *args, "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_character_lifecycle(cli) -> None:
    code, out, err = cli("affinity", "character", "new", "Bram", "--class", "combatant")
    assert code == 0, err
    assert "Hit Dice: 5d10 (1d10, 1d10, 1d10, 1d10, 1d10)" in out and "Total Defense Pool" in out
    code, _, err = cli("affinity", "character", "new", "Bram", "--class", "priest")
    assert code == 2 and "already exists" in err
    doc = json.loads(cli("affinity", "character", "show", "Bram", "--json")[1])
    assert doc["class_key"] == "combatant" and doc["hd"] == 5 and doc["proficiency"] == 1
    doc = json.loads(cli("affinity", "character", "level-up", "Bram", "--json")[1])
    assert doc["level"] == 2 and doc["hd"] == 7 and doc["gained"]
    listed = json.loads(cli("affinity", "character", "list", "--json")[1])
    assert listed == [{"name": "Bram", "class": "combatant", "level": 2, "hd": 7, "hd_max": 7, "resolve": 5,
                       "status": "ok", "affinity": 0}]
    code, _, err = cli("affinity", "character", "show", "Nobody")
    assert code == 2 and "no Affinity character" in err


def test_character_affinity_and_rest(cli) -> None:
    cli("affinity", "character", "new", "Ilse", "--class", "priest", "--level", "3")
    cli("affinity", "character", "new", "Oren", "--class", "weaver")
    assert json.loads(cli("affinity", "character", "affinity", "Ilse", "gain", "--json")[1])["affinity"] == 1
    doc = json.loads(cli("affinity", "character", "affinity", "Ilse", "share", "--to", "Oren", "--json")[1])
    assert doc["to"]["affinity"] == 1
    code, _, err = cli("affinity", "character", "affinity", "Ilse", "spend", "--count", "1")
    assert code == 2 and "cannot spend" in err
    doc = json.loads(cli("affinity", "rest", "Ilse", "--kind", "rest", "--json")[1])
    assert doc["rests_today"] == 1
    doc = json.loads(cli("affinity", "rest", "Ilse", "--heal", "2d8", "--json")[1])
    assert doc["hd"][1] <= 8
    doc = json.loads(cli("affinity", "rest", "Ilse", "--kind", "recover", "--json")[1])
    assert doc["resolve"][1] == 5


def test_fight_policy_json_and_replay(cli) -> None:
    a = cli("affinity", "fight", "--policy", "greedy", "--seed", "4", "--json")
    b = cli("affinity", "fight", "--policy", "greedy", "--seed", "4", "--json")
    assert a[0] == 0 and a[1] == b[1]
    doc = json.loads(a[1])
    assert doc["winner"] in ("party", "creatures", "nobody") and doc["log"]


def test_fight_interactive(cli) -> None:
    answers = "\n".join(["0"] * 400) + "\n"
    code, out, err = cli("affinity", "fight", "--creature", "goblin_skulker", "--count", "1", "--seed", "2",
                         stdin=answers)
    assert code == 0, err
    assert "choose a number" in out and "Winner:" in out


def test_fight_interactive_with_typed_actions(cli) -> None:
    answers = "use bogus\nmove 99\n" + "\n".join(["end"] * 400) + "\n"
    code, out, err = cli("affinity", "fight", "--creature", "goblin_skulker", "--count", "1", "--seed", "2",
                         stdin=answers)
    assert code == 0, err
    assert "not legal" in out


def test_fight_with_stored_sheets_and_save(cli) -> None:
    cli("affinity", "character", "new", "Bram", "--class", "combatant", "--level", "5")
    cli("affinity", "character", "new", "Ilse", "--class", "priest", "--level", "5")
    code, out, err = cli("affinity", "fight", "--sheets", "Bram,Ilse", "--creature", "goblin_skulker", "--count",
                         "2", "--policy", "greedy", "--save", "--json")
    assert code == 0, err
    doc = json.loads(out)
    bram = json.loads(cli("affinity", "character", "show", "Bram", "--json")[1])
    assert bram["hd"] == next(f["hd"] for f in doc["fighters"] if f["name"] == "Bram")


def test_fight_errors(cli) -> None:
    code, _, err = cli("affinity", "fight", "--creature", "dragon", "--policy", "greedy")
    assert code == 2 and "unknown creature" in err
    code, _, err = cli("affinity", "fight", "--json")
    assert code == 2 and "--policy" in err
    code, _, err = cli("affinity", "fight", "--count", "-1", "--policy", "greedy")
    assert code == 2 and "--count" in err


def test_conformance_command(cli) -> None:
    code, out, err = cli("affinity", "conformance", "--fights", "36", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["fights"] == 36 and doc["violations"] == 0 and len(doc["matchups"]) == 18
    row = doc["matchups"][0]
    assert row["win_low"] <= row["win_rate"] <= row["win_high"]
    assert set(row["hd_lost"]) == {"combatant", "priest", "ranger", "weaver"}
    code, out, _ = cli("affinity", "conformance", "--fights", "18")
    assert code == 0 and "win rate" in out


def test_task_travel_chase_duel(cli) -> None:
    doc = json.loads(cli("affinity", "task", "--threshold", "advanced", "--difficulty", "5", "--group",
                         "Ranger:3:2:2,Fighter:3:1,Cleric:3", "--json")[1])
    assert len(doc["rolls"]) == 3 and 0 < doc["chance"] < 1
    doc = json.loads(cli("affinity", "task", "--threshold", "4", "--difficulty", "6", "--proficiency", "2",
                         "--days", "3", "--json")[1])
    assert 1 <= len(doc["days"]) <= 3
    doc = json.loads(cli("affinity", "travel", "--distance", "long", "--hurdles", "hostile,weather,terrain",
                         "--roles", "guard,scout", "--json")[1])
    assert doc["unaddressed_hurdles"] == ["weather"] and abs(sum(doc["odds"].values()) - 1) < 1e-12
    doc = json.loads(cli("affinity", "chase", "--lead", "2", "--chase", "1", "--darkness", "--json")[1])
    assert doc["outcome"] in ("escaped", "caught", "escaped, tracked")
    doc = json.loads(cli("affinity", "duel", *AUTO, "--a", "Vera:2:sovereign", "--b", "Ott:2:scholar", "--json")[1])
    assert doc["rounds"] and doc["a"]["name"] == "Vera"
    code, _, err = cli("affinity", "travel", "--distance", "far")
    assert code == 2 and "distance" in err
    code, _, err = cli("affinity", "task", "--threshold", "9", "--difficulty", "1")
    assert code == 2


def test_magical_armor_ritual(cli) -> None:
    cli("affinity", "character", "new", "Oren", "--class", "weaver")
    code, out, _ = cli("affinity", "character", "magical-armor", "Oren")
    assert code == 0 and "Total Defense Pool: [1d12, 1d12] → [1d6, 1d6, 1d6, 1d6]" in out
    cli("affinity", "character", "new", "Bram", "--class", "combatant")
    code, _, err = cli("affinity", "character", "magical-armor", "Bram")
    assert code == 2 and "does not know" in err


def test_duel_options(cli) -> None:
    code, out, err = cli("affinity", "duel", *AUTO, "--a", "Vera:2:sovereign", "--b", "Ott:2:scholar", "--home", "b",
                         "--evidence-b", "-1", "--counsel-a", "1", "--withdraw-after", "1", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert len(doc["rounds"]) == 1 and "withdraws" in doc["result"]
    assert doc["b"]["name"] == "Ott" and doc["rounds"][0]["a"]["counsel"]["faces"]
    code, _, err = cli("affinity", "duel", *AUTO, "--home", "c")
    assert code == 2 and "--home" in err


def test_the_dead_do_not_rest_or_fight_and_the_collapsed_wake(cli) -> None:
    # 003 Death & Dying: 0 HD and 0 Resolve is death; a collapsed character wakes with 1 Resolve
    from gamewright.games.affinity.character import RECORD_KIND
    from gamewright.store import get_record, put_record

    cli("affinity", "character", "new", "Bram", "--class", "combatant")
    cli("affinity", "character", "new", "Ilse", "--class", "priest")
    put_record(RECORD_KIND, "Bram", {**get_record(RECORD_KIND, "Bram"), "hd": 0, "resolve": 0}, replace=True)
    put_record(RECORD_KIND, "Ilse", {**get_record(RECORD_KIND, "Ilse"), "resolve": 0}, replace=True)
    for args in (["rest", "Bram"], ["rest", "Bram", "--kind", "recover"], ["rest", "Bram", "--heal", "2d8"],
                 ["fight", "--sheets", "Bram,Ilse", "--policy", "greedy"], ["rest", "Ilse", "--kind", "bogus"],
                 ["fight", "--sheets", "Ilse", "--policy", "greedy"], ["fight", "--sheets", "Ilse,Ilse"]):
        code, out, err = cli("affinity", *args)
        assert code == 2 and len(err.strip().splitlines()) == 1, (args, err)
    assert get_record(RECORD_KIND, "Bram")["hd"] == 0
    code, out, err = cli("affinity", "rest", "Ilse", "--kind", "wake", "--json")
    assert code == 0 and json.loads(out)["resolve"] == [0, 1]
    code, out, err = cli("affinity", "rest", "Ilse", "--kind", "wake")  # awake now: told so, not an error
    assert code == 0 and "conscious" in out and "nothing to wake from" in out


def test_duel_exertion(cli) -> None:
    # 003 Social Duels "Roll": Proficiency + Exertion + Preparation; 1s on exertion dice burn HD
    code, out, err = cli("affinity", "duel", *AUTO, "--a", "A:2", "--b", "B:1", "--exertion-a", "2", "--rounds", "1",
                         "--json")
    assert code == 0, err
    first = json.loads(out)["rounds"][0]["a"]
    assert len(first["faces"]) == 4 and first["burned"] == sum(1 for f in first["faces"][2:] if f == 1)
    code, _, err = cli("affinity", "duel", *AUTO, "--a", "A:2", "--exertion-a", "3")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_exertion_dice_duel_save_writes_burns_and_resolve_back(cli) -> None:
    """003 Exertion Dice: "exertion always costs" — 1s on exertion dice burn HD, in a social duel as in a fight;
    `duel --save` writes the burns and the lost Resolve back to stored sheets like `fight --save`."""
    for name, cls in (("Bram", "combatant"), ("Ilse", "priest")):
        assert cli("affinity", "character", "new", name, "--class", cls, "--level", "3")[0] == 0
    before = {n: json.loads(cli("affinity", "character", "show", n, "--json")[1]) for n in ("Bram", "Ilse")}
    args = ("affinity", "duel", *AUTO, "--a", "Bram", "--b", "Ilse", "--exertion-a", "2", "--exertion-b", "2",
            "--seed", "3", "--json")
    code, out, _ = cli(*args)  # without --save the sheets stay as they were
    assert code == 0
    assert all(json.loads(cli("affinity", "character", "show", n, "--json")[1]) == before[n] for n in before)
    code, out, _ = cli(*args, "--save")
    assert code == 0
    doc = json.loads(out)
    for key, name in (("a", "Bram"), ("b", "Ilse")):
        burned = sum(r[key]["burned"] for r in doc["rounds"])
        after = json.loads(cli("affinity", "character", "show", name, "--json")[1])
        assert burned > 0 and doc[key]["resolve"] < 5
        assert after["hd"] == before[name]["hd"] - burned and after["resolve"] == doc[key]["resolve"]
    code, _, err = cli("affinity", "duel", *AUTO, "--a", "Bram", "--b", "Bram", "--save")
    assert code == 2 and "two different" in err


def _new(cli: Any, name: str, cls: str, level: int = 1, *extra: str) -> None:
    code, _, err = cli("affinity", "character", "new", name, "--class", cls, "--level", str(level), *extra)
    assert code == 0, err


def _set(name: str, **fields: Any) -> None:
    put_record(RECORD_KIND, name, {**get_record(RECORD_KIND, name), **fields}, replace=True)


def test_task_reads_stored_characters(cli) -> None:
    _new(cli, "Bram", "combatant", 5)
    _new(cli, "Ilse", "priest", 1)
    code, out, err = cli("affinity", "task", "--threshold", "3", "--difficulty", "2", "--sheets", "Bram,Ilse",
                         "--json")
    assert code == 0, err
    rolls = json.loads(out)["rolls"]
    assert [(r["name"], len(r["faces"])) for r in rolls] == [("Bram", 3), ("Ilse", 1)]  # their Proficiencies
    code, out, err = cli("affinity", "task", "--threshold", "3", "--difficulty", "2", "--proficiency", "2", "--json")
    assert code == 0 and len(json.loads(out)["rolls"][0]["faces"]) == 2  # raw numbers still work
    _set("Ilse", resolve=0)
    code, _, err = cli("affinity", "task", "--threshold", "3", "--difficulty", "2", "--sheets", "Ilse")
    assert code == 2 and "collapsed" in err


def test_chase_and_travel_read_stored_characters(cli) -> None:
    _new(cli, "Tamsin", "ranger", 5)
    _new(cli, "Bram", "combatant", 3)
    code, out, err = cli("affinity", "chase", "--sheets", "Tamsin,Bram", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert len(doc["lead"]["faces"]) == 3 and len(doc["chase"]["faces"]) == 2
    code, out, err = cli("affinity", "travel", "--sheets", "Tamsin,Bram", "--roles", "guard",
                         "--hurdles", "hostile,weather", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["safe_dice"] == 3 + 1 - 1  # Tamsin's Proficiency 3, Bram guards, weather unaddressed
    assert doc["unaddressed_hurdles"] == ["weather"]
    code, _, err = cli("affinity", "travel", "--sheets", "Tamsin", "--roles", "guard")
    assert code == 2 and "support role" in err


def test_travel_defaults_that_roll_no_dice_are_refused_with_the_reason(cli) -> None:
    code, out, err = cli("affinity", "travel")
    assert code == 2 and out == ""
    assert "no dice" in err and "hostile, weather" in err and "--roles" in err
    assert cli("affinity", "travel", "--roles", "guard")[0] == 0


def test_duel_is_interactive_a_stance_each_round(cli) -> None:
    code, out, err = cli("affinity", "duel", "--a", "Vera:2:sovereign", "--b", "Ott:2", "--rounds", "3",
                         stdin="assert\nbogus\nr\ndiscern\n")
    assert code == 0, err
    assert out.count("stance — assert") >= 3 and "choose assert, reason, discern or withdraw" in out
    assert "round 1: Vera assert" in out and "round 2: Vera reason" in out and "round 3: Vera discern" in out
    code, out, err = cli("affinity", "duel", "--a", "Vera:2", "--b", "Ott:2", stdin="withdraw\n")
    assert code == 0 and "Vera withdraws" in out
    code, _, err = cli("affinity", "duel", "--a", "Vera:2", "--json")
    assert code == 2 and "--policy auto" in err
    code, out, err = cli("affinity", "duel", "--a", "Vera:2", "--policy", "auto", "--json")
    assert code == 0 and json.loads(out)["rounds"]


def test_rest_heal_and_potions_print_what_changed(cli) -> None:
    _new(cli, "Bram", "combatant", 1)
    _set("Bram", hd=2, resolve=3)
    code, out, err = cli("affinity", "rest", "Bram")
    assert code == 0, err
    assert "Bram: regained 1 HD (2 → 3), Resolve 3 → 4" in out
    code, out, err = cli("affinity", "rest", "Bram", "--potion", "healing_salve", "--seed", "2")
    assert code == 0 and "healing salve: rolled 1d6 [" in out and "regained" in out
    code, out, err = cli("affinity", "rest", "Bram", "--potion", "resolve_tonic")
    assert code == 0 and "resolve tonic: Resolve 4 → 5" in out
    code, out, err = cli("affinity", "rest", "Bram", "--heal", "2d8")
    assert code == 0 and "rolled 2d8 [" in out
    code, out, err = cli("affinity", "rest", "Bram", "--kind", "recover")
    assert code == 0 and "Bram:" in out


def test_wake_explains_on_a_conscious_character_and_refuses_the_dying(cli) -> None:
    _new(cli, "Ilse", "priest", 1)
    before = get_record(RECORD_KIND, "Ilse")
    code, out, err = cli("affinity", "rest", "Ilse", "--kind", "wake")
    assert code == 0 and "is conscious" in out and "nothing to wake from" in out
    assert get_record(RECORD_KIND, "Ilse") == before
    _set("Ilse", hd=0)
    code, _, err = cli("affinity", "rest", "Ilse", "--kind", "wake")
    assert code == 2 and "dying" in err


def test_a_misspelled_way_is_refused_with_the_list_of_ways(cli) -> None:
    code, out, err = cli("affinity", "character", "new", "Bram", "--class", "combatant", "--way",
                         "Way of the Sentinal")
    assert code == 2 and "Way of the Sentinel" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli("affinity", "character", "new", "Oren", "--class", "priest", "--way",
                       "Way of the Elementalist")
    assert code == 2 and "Weaver's Way" in err
    _new(cli, "Bram", "combatant", 1, "--way", "way of the sentinel")
    assert get_record(RECORD_KIND, "Bram")["way"] == "Way of the Sentinel"
