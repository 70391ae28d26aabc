"""``gamewright inclinations turn SCENARIO.json --json``: the exact what-if interface, ``--example`` and the
scenario's errors."""

import json

import pytest

from gamewright.games.inclinations.whatif import EXAMPLE, run_scenario

SHIP_KEYS = {"id", "well", "ring", "sector", "facing", "hull", "heat", "mass", "ammo", "energy"}
ENERGY_KEYS = {"engines", "thrusters", "scoop", "laser", "railgun", "missiles", "shields"}


def _ship(sid, **kw):
    base = {"id": sid, "well": "blackhole", "ring": 3, "sector": 0, "facing": "prograde", "hull": 10, "heat": 0,
            "mass": 10, "ammo": 4, "energy": {k: 0 for k in ENERGY_KEYS}}
    energy = kw.pop("energy", {})
    base.update(kw)
    base["energy"].update(energy)
    return base


def _run(cli, scenario, tmp_path):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    code, out, err = cli("inclinations", "turn", str(path), "--json")
    assert code == 0, err
    return json.loads(out)


def test_the_issue_example_with_every_action_form_is_read_and_judged(cli, tmp_path):
    scenario = {
        "options": {},
        "ships": [_ship("P1"), _ship("P2", ring=4, sector=2)],
        "turns": [{"ship": "P1", "actions": [
            {"allocate": {"engines": 2}}, {"deallocate": {"railgun": 4}},
            {"rotate": "retrograde"}, {"burn": "light", "adjust": 0},
            {"coast": {"scoop": True}}, {"transfer": "alpha"},
            {"fire": "laser", "targets": ["P2"]}, {"fire": "railgun", "targets": ["P2"], "compensate": True}]},
            {"ship": "P2", "actions": []}],
        "rolls": [0.5],
    }
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] is False and answer["turn"] == 0
    text = " ".join(answer["errors"])
    for fragment in ("railgun holds only 0", "thrusters need", "only one movement action", "laser needs"):
        assert fragment in text
    assert [s["id"] for s in answer["ships"]] == ["P1", "P2"] and answer["ships"][0]["ring"] == 3


def test_a_legal_turn_output_shape_and_result(cli, tmp_path):
    scenario = {
        "ships": [_ship("P1"), _ship("P2", ring=4, sector=6, energy={"shields": 1})],
        "turns": [{"ship": "P1", "actions": [{"burn": "light"}, {"allocate": {"engines": 1, "missiles": 2}},
                                             {"fire": "missiles", "targets": ["P2"]}]}],
        "rolls": [0.5],
    }
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] is True
    for s in answer["ships"]:
        assert set(s) >= SHIP_KEYS and set(s["energy"]) == ENERGY_KEYS
    p1, p2 = answer["ships"]
    assert (p1["ring"], p1["sector"], p1["mass"], p1["heat"], p1["ammo"]) == (4, 4, 9, 3, 3)
    assert p2["hull"] == 8 and p2["heat"] == 1 and p2["energy"]["shields"] == 0
    assert [e["event"] for e in answer["events"]] == ["allocate", "allocate", "burn", "fire", "hit"]


def test_energy_actions_anywhere_deallocations_first(cli, tmp_path):
    scenario = {"ships": [_ship("P1", energy={"railgun": 4, "laser": 4, "shields": 2}), _ship("P2", ring=1)],
                "turns": [{"ship": "P1", "actions": [{"coast": {}}, {"allocate": {"missiles": 4}},
                                                     {"deallocate": {"railgun": 4}}]}]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] and answer["ships"][0]["energy"]["missiles"] == 4


def test_no_movement_appends_a_coast_and_heat_step_starts_each_turn(cli, tmp_path):
    scenario = {"ships": [_ship("P1", heat=8), _ship("P2", ring=1)], "turns": [{"ship": "P1", "actions": []}]}
    answer = _run(cli, scenario, tmp_path)
    p1 = answer["ships"][0]
    assert (p1["hull"], p1["heat"], p1["sector"]) == (7, 0, 4)
    assert [e["event"] for e in answer["events"]] == ["heat_damage", "coast"]


def test_rejected_turn_reports_index_errors_and_ships_before(cli, tmp_path):
    scenario = {"ships": [_ship("P1"), _ship("P2", ring=1)],
                "turns": [{"ship": "P1", "actions": []}, {"ship": "P2", "actions": [{"burn": "heavy"}]}]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] is False and answer["turn"] == 1
    assert any("heavy burn needs at least 3" in e for e in answer["errors"])
    assert answer["ships"][0]["sector"] == 4  # after turn 0, before turn 1


def test_destroyed_ship_turn_skipped_and_game_over_skips_later_turns(cli, tmp_path):
    scenario = {"ships": [_ship("P1", energy={"missiles": 2}), _ship("P2", sector=2, hull=3), _ship("P3", ring=1)],
                "turns": [{"ship": "P1", "actions": [{"fire": "missiles", "targets": ["P2"]}]},
                          {"ship": "P2", "actions": [{"burn": "heavy"}]}],
                "rolls": [0.9]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] and answer["events"][-1] == {"event": "skipped", "turn": 1, "ship": "P2",
                                                      "reason": "destroyed"}


def test_defaults_adjust_compensate_coast_and_seed(cli, tmp_path):
    base = {"ships": [_ship("P1", sector=10, energy={"railgun": 4, "engines": 1}), _ship("P2", sector=12)],
            "turns": [{"ship": "P1", "actions": [{"fire": "railgun", "targets": ["P2"]}]}]}
    implicit = _run(cli, base, tmp_path)
    explicit = _run(cli, {**base, "seed": 0, "turns": [{"ship": "P1", "actions": [
        {"fire": "railgun", "targets": ["P2"], "compensate": False}, {"coast": {}}]}]}, tmp_path)
    assert implicit["ships"] == explicit["ships"]
    assert implicit["ships"][0]["ring"] == 4  # recoil, not compensated
    burn = _run(cli, {"ships": [_ship("P1", energy={"engines": 1}), _ship("P2", ring=1)],
                      "turns": [{"ship": "P1", "actions": [{"burn": "light"}]}]}, tmp_path)
    assert burn["ships"][0]["mass"] == 9  # adjust 0


def test_rolls_are_used_in_order_and_the_last_repeats(cli, tmp_path):
    scenario = {"ships": [_ship("P1", energy={"laser": 2}), _ship("P2", ring=4, energy={"engines": 3}),
                          _ship("P3", ring=2, energy={"engines": 3})],
                "turns": [{"ship": "P1", "actions": [{"fire": "laser", "targets": ["P2", "P3"]}]}],
                "rolls": [0.05, 0.0]}
    answer = _run(cli, scenario, tmp_path)
    # P2: u .05 crit, v 0 -> engines; P3: u 0 (repeated) crit, v 0 -> engines
    assert [s["energy"]["engines"] for s in answer["ships"][1:]] == [0, 0]
    assert [s["heat"] for s in answer["ships"][1:]] == [3, 3]


def test_options_by_reference_name(cli, tmp_path):
    scenario = {"options": {"to_hit": "d10", "shields_deplete": False},
                "ships": [_ship("P1", energy={"missiles": 2}), _ship("P2", sector=2, energy={"shields": 1})],
                "turns": [{"ship": "P1", "actions": [{"fire": "missiles", "targets": ["P2"]}]}], "rolls": [0.05]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ships"][1]["hull"] == 10  # d10 rolled 1: a miss
    scenario["rolls"] = [0.5]
    answer = _run(cli, scenario, tmp_path)
    assert answer["ships"][1]["hull"] == 8 and answer["ships"][1]["energy"]["shields"] == 1


def test_stdin_dash(cli):
    scenario = {"ships": [_ship("P1"), _ship("P2", ring=1)], "turns": []}
    code, out, _ = cli("inclinations", "turn", "-", "--json", stdin=json.dumps(scenario))
    assert code == 0 and json.loads(out)["ok"] is True


def test_human_readable_output(cli, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"ships": [_ship("P1"), _ship("P2", ring=1)], "turns": [{"ship": "P1"}]}))
    code, out, _ = cli("inclinations", "turn", str(path))
    assert code == 0 and "coasts" in out and "R3" in out


@pytest.mark.parametrize(("mutate", "field"), [
    (lambda s: s["ships"][0].update(ring=6), "ships[0].ring"),
    (lambda s: s["ships"][0].update(well="pluto"), "ships[0].well"),
    (lambda s: s["ships"][0].update(mass=11), "ships[0].mass"),
    (lambda s: s["ships"][0].update(hull=-1), "ships[0].hull"),
    (lambda s: s["ships"][1]["energy"].update(laser=4, railgun=4, missiles=4), "ships[1].energy"),
    (lambda s: s["ships"][1]["energy"].update(engines=4), "ships[1].energy.engines"),
    (lambda s: s["ships"][1].update(id="P1"), "ships[1].id"),
    (lambda s: s["turns"][0]["actions"].append({"jump": 1}), "turns[0].actions[0]"),
    (lambda s: s["turns"][0]["actions"].append({"burn": "huge"}), "turns[0].actions[0].burn"),
    (lambda s: s["turns"][0]["actions"].append({"burn": "light", "adjust": "x"}), "turns[0].actions[0].adjust"),
    (lambda s: s["turns"][0]["actions"].append({"fire": "laser", "targets": ["P9"]}),
     "turns[0].actions[0].targets[0]"),
    (lambda s: s["turns"][0].update(ship="P7"), "turns[0].ship"),
    (lambda s: s.update(rolls=[1.0]), "rolls[0]"),
    (lambda s: s.update(options={"speed": 3}), "options"),
    (lambda s: s.update(options={"to_hit": "d20"}), "options"),
    (lambda s: s.update(ships="none"), "ships"),
    (lambda s: s.update(turns=[5]), "turns[0]"),
    # values of the wrong JSON type (lists, objects) where a name is expected
    (lambda s: s["ships"][0].update(well=[]), "ships[0].well"),
    (lambda s: s["ships"][0].update(facing={}), "ships[0].facing"),
    (lambda s: s["turns"][0]["actions"].append({"rotate": []}), "turns[0].actions[0].rotate"),
    (lambda s: s["turns"][0]["actions"].append({"burn": {}}), "turns[0].actions[0].burn"),
    (lambda s: s["turns"][0]["actions"].append({"transfer": ["alpha"]}), "turns[0].actions[0].transfer"),
    (lambda s: s["turns"][0]["actions"].append({"fire": {}, "targets": ["P2"]}), "turns[0].actions[0].fire"),
    (lambda s: s["turns"][0].update(ship={}), "turns[0].ship"),
    (lambda s: s["ships"][0].update(destroyed=True), "ships[0].destroyed"),
])
def test_malformed_input_names_the_field_and_exits_2(cli, tmp_path, mutate, field):
    scenario = {"ships": [_ship("P1"), _ship("P2", ring=1)], "turns": [{"ship": "P1", "actions": []}]}
    mutate(scenario)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    code, out, err = cli("inclinations", "turn", str(path), "--json")
    assert code == 2 and out == ""
    assert field in err and len(err.strip().splitlines()) == 1, err


def test_missing_file_and_bad_json(cli, tmp_path):
    code, _, err = cli("inclinations", "turn", str(tmp_path / "nope.json"), "--json")
    assert code == 2 and "does not exist" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    code, _, err = cli("inclinations", "turn", str(bad), "--json")
    assert code == 2 and "not valid JSON" in err


# --- the issue's what-if spec, sentence by sentence -------------------------------------------------------
def test_wells_by_name_and_transfer_names_the_destination(cli, tmp_path):
    scenario = {"ships": [_ship("P1", well="gamma", ring=3, sector=18, energy={"engines": 3}), _ship("P2", ring=1)],
                "turns": [{"ship": "P1", "actions": [{"transfer": "blackhole"}]}]}
    p1 = _run(cli, scenario, tmp_path)["ships"][0]
    assert (p1["well"], p1["ring"], p1["sector"]) == ("blackhole", 5, 11)


def test_energy_amounts_are_increments(cli, tmp_path):
    scenario = {"ships": [_ship("P1", energy={"engines": 1, "shields": 3}), _ship("P2", ring=1)],
                "turns": [{"ship": "P1", "actions": [{"allocate": {"engines": 2}}, {"deallocate": {"shields": 1}}]}]}
    energy = _run(cli, scenario, tmp_path)["ships"][0]["energy"]
    assert (energy["engines"], energy["shields"]) == (3, 2)


def test_an_allocation_listed_after_the_shot_still_powers_it(cli, tmp_path):
    scenario = {"ships": [_ship("P1"), _ship("P2", sector=2)],
                "turns": [{"ship": "P1", "actions": [{"fire": "missiles", "targets": ["P2"]},
                                                     {"allocate": {"missiles": 2}}]}], "rolls": [0.5]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] and answer["ships"][1]["hull"] == 7


def test_other_actions_run_in_the_order_listed(cli, tmp_path):
    # P2 is 3 sectors away before P1 drifts 4 on ring 3 and 7 away after: only a shot before the coast reaches
    def scenario(actions):
        return {"ships": [_ship("P1", energy={"missiles": 2}), _ship("P2", sector=21)],
                "turns": [{"ship": "P1", "actions": actions}], "rolls": [0.5]}

    before = _run(cli, scenario([{"fire": "missiles", "targets": ["P2"]}, {"coast": {}}]), tmp_path)
    assert before["ok"] and before["ships"][1]["hull"] == 7
    after = _run(cli, scenario([{"coast": {}}, {"fire": "missiles", "targets": ["P2"]}]), tmp_path)
    assert after["ok"] is False and "3 sectors" in " ".join(after["errors"])


def test_the_appended_coast_comes_after_every_listed_action(cli, tmp_path):
    # no movement listed: the shot is taken from the starting sector, then the ship drifts
    scenario = {"ships": [_ship("P1", energy={"missiles": 2}), _ship("P2", sector=21)],
                "turns": [{"ship": "P1", "actions": [{"fire": "missiles", "targets": ["P2"]}]}], "rolls": [0.5]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ships"][1]["hull"] == 7 and answer["ships"][0]["sector"] == 4
    assert [e["event"] for e in answer["events"]] == ["fire", "hit", "coast"]


def test_heat_made_in_one_turn_hurts_at_that_ships_next_turn(cli, tmp_path):
    scenario = {"ships": [_ship("P1", energy={"laser": 4, "engines": 3}), _ship("P2", ring=4, sector=1),
                          _ship("P3", ring=1, sector=12)],
                "turns": [{"ship": "P1", "actions": [{"fire": "laser", "targets": ["P2"]}, {"burn": "light"}]},
                          {"ship": "P2", "actions": []}, {"ship": "P1", "actions": []}], "rolls": [0.5]}
    answer = _run(cli, scenario, tmp_path)
    heat = [e for e in answer["events"] if e["event"] == "heat_damage"]
    assert heat == [{"event": "heat_damage", "ship": "P1", "heat": 7, "damage": 2, "hull": 8, "turn": 2,
                     "text": heat[0]["text"]}]
    assert answer["ships"][0]["hull"] == 8 and answer["ships"][0]["heat"] == 0


def test_a_ship_destroyed_in_the_input_has_its_turn_skipped(cli, tmp_path):
    scenario = {"ships": [_ship("P1", hull=0), _ship("P2", ring=1), _ship("P3", ring=5)],
                "turns": [{"ship": "P1", "actions": [{"burn": "heavy"}]}, {"ship": "P2", "actions": []}]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] and answer["events"][0] == {"event": "skipped", "turn": 0, "ship": "P1",
                                                     "reason": "destroyed"}
    assert answer["ships"][0]["sector"] == 0 and answer["ships"][1]["sector"] == 8


def test_a_ship_its_own_heat_destroys_is_skipped_not_rejected(cli, tmp_path):
    scenario = {"ships": [_ship("P1", hull=2, heat=9), _ship("P2", ring=1), _ship("P3", ring=5)],
                "turns": [{"ship": "P1", "actions": [{"burn": "heavy"}]}]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] and [e["event"] for e in answer["events"]] == ["heat_damage", "destroyed", "skipped"]
    assert answer["ships"][0]["hull"] == 0


def test_when_one_ship_is_left_later_turns_are_skipped_and_the_winner_named(cli, tmp_path):
    scenario = {"ships": [_ship("P1", energy={"missiles": 2}), _ship("P2", sector=2, hull=3)],
                "turns": [{"ship": "P1", "actions": [{"fire": "missiles", "targets": ["P2"]}]},
                          {"ship": "P1", "actions": []}], "rolls": [0.5]}
    answer = _run(cli, scenario, tmp_path)
    assert answer["ok"] and answer["winner"] == "P1"
    assert answer["events"][-1] == {"event": "skipped", "turn": 1, "ship": "P1", "reason": "the game is over"}


def test_without_rolls_draws_come_from_the_seed_default_0(cli, tmp_path):
    from gamewright.core.rng import Rng

    ships = [_ship("P1", energy={"laser": 2}), _ship("P2", ring=4, energy={"engines": 3}),
             _ship("P3", ring=2, energy={"engines": 3})]
    turns = [{"ship": "P1", "actions": [{"fire": "laser", "targets": ["P2", "P3"]}]},
             {"ship": "P2", "actions": []}, {"ship": "P3", "actions": []}]
    base = {"options": {"to_hit": "d10"}, "ships": ships, "turns": turns}
    unseeded = _run(cli, base, tmp_path)
    results = {seed: _run(cli, {**base, "seed": seed}, tmp_path) for seed in (0, 1, 2, 3)}
    assert unseeded == results[0]
    stream = Rng(0)
    scripted = _run(cli, {**base, "rolls": [stream.random() for _ in range(8)]}, tmp_path)
    assert scripted["ships"] == unseeded["ships"]
    assert len({json.dumps(r["ships"]) for r in results.values()}) > 1  # the seed matters


def test_rejected_turn_shows_the_ships_before_its_heat_step(cli, tmp_path):
    scenario = {"ships": [_ship("P1", heat=8), _ship("P2", ring=1)],
                "turns": [{"ship": "P1", "actions": [{"burn": "light"}]}]}
    answer = _run(cli, scenario, tmp_path)
    assert answer == {"ok": False, "turn": 0, "errors": answer["errors"], "ships": answer["ships"]}
    assert (answer["ships"][0]["heat"], answer["ships"][0]["hull"]) == (8, 10)
    assert answer["errors"] and all(isinstance(e, str) for e in answer["errors"])


def test_the_flying_missiles_option_is_refused_in_one_line(cli, tmp_path):
    path = tmp_path / "flying.json"
    path.write_text(json.dumps({"options": {"missiles": "flying"}, "ships": [_ship("P1"), _ship("P2", ring=1)]}))
    code, out, err = cli("inclinations", "turn", str(path), "--json")
    assert code == 2 and out == "" and "flying" in err and "refused" in err and len(err.strip().splitlines()) == 1
    path.write_text(json.dumps({"options": {"missiles": "instant"}, "ships": [_ship("P1"), _ship("P2", ring=1)]}))
    assert cli("inclinations", "turn", str(path), "--json")[0] == 0


def test_output_ships_can_be_fed_back_as_input(cli, tmp_path):
    scenario = {"ships": [_ship("P1", energy={"engines": 1}), _ship("P2", ring=1)],
                "turns": [{"ship": "P1", "actions": [{"burn": "light"}]}]}
    first = _run(cli, scenario, tmp_path)
    second = _run(cli, {"ships": first["ships"], "turns": [{"ship": "P2", "actions": []}]}, tmp_path)
    assert second["ok"] and second["ships"][0] == first["ships"][0]
    scenario["ships"][0]["destroyed"] = True
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    code, _, err = cli("inclinations", "turn", str(path), "--json")
    assert code == 2 and "ships[0].destroyed" in err


def test_whatif_scenario_every_rule_at_once():
    """Issue 4 what-if: the appended coast, energy anywhere (deallocations first), scripted rolls repeating."""
    answer = run_scenario({
        "options": {"to_hit": "d10"},
        "ships": [{"id": "P1", "ring": 3, "sector": 23, "energy": {"railgun": 4, "laser": 4, "shields": 2}},
                  {"id": "P2", "ring": 4, "sector": 1, "heat": 7}],
        "turns": [{"ship": "P1", "actions": [{"allocate": {"engines": 2}}, {"fire": "laser", "targets": ["P2"]},
                                             {"deallocate": {"railgun": 4}}]},
                  {"ship": "P2", "actions": []}],
        "rolls": [0.95, 0.0],
    })
    assert answer["ok"]
    p1, p2 = answer["ships"]
    # P1: laser heat 4, then coast 4 on ring 3: 23 -> 3. d10 = 10: crit, P2 has nothing powered -> no effect.
    assert (p1["sector"], p1["heat"], p1["energy"]["engines"], p1["energy"]["railgun"]) == (3, 4, 2, 0)
    # P2: hull 8 from the laser, then its start: heat 7 -> 2 damage -> 6, then it coasts 2: 1 -> 3.
    assert (p2["hull"], p2["heat"], p2["sector"]) == (6, 0, 3)


# --- ``turn --example`` and a scenario of the wrong shape -------------------------------------------------------------
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
