"""Table-side polish: stored characters outside combat, the interactive duel, what rest and potions change."""

from __future__ import annotations

import json
from typing import Any

from gamewright.games.affinity.character import RECORD_KIND
from gamewright.store import get_record, put_record


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
