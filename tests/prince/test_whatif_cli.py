"""``gamewright prince turn SCENARIO.json --json``: the exact what-if interface."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest

from gamewright.core.errors import ConfigError
from gamewright.games.prince.scenario import run_scenario

ISSUE_SCENARIO = {
    "ruleset": "prototype",
    "player": {
        "signs": {"Sun": "Taurus", "Moon": "Cancer", "Mars": "Aries"},
        "sect": "night",
        "affliction": {"Moon": 6},
        "combust": ["Venus"],
        "exaltation_save_used": [],
        "carry": {"Moon": 0.25},
    },
    "opponent": {"signs": {"Moon": "Cancer"}},
    "player_planet": "Mars",
    "opponent_planet": "Moon",
    "rolls": [0.99],
}


def _run(cli, tmp_path: Path, scenario: object) -> tuple[int, str, str]:  # noqa: ANN001
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    return cli("prince", "turn", str(path), "--json")


def test_output_has_the_exact_shape(cli, tmp_path: Path) -> None:  # noqa: ANN001
    """The issue's sample scenario, completed naturally (the player's Mars in Aries, the opponent's Moon in Cancer,
    every other planet in Taurus). It reproduces the sample output's polarity, crits, both direct deltas, the
    opponent's Moon→Sun sextile (+3) and its affliction score 26 exactly. The sample's testimony 0 omits the
    player's own propagation, which ref §3 runs first: Mars (2 affliction) squares the Moon, 1 testimony (6 → 5).
    The sample's combustion and save are illustrations (see RULINGS): no scenario with its explicit fields gives them.
    """
    code, out, err = _run(cli, tmp_path, ISSUE_SCENARIO)
    assert code == 0, err
    r = json.loads(out)
    assert set(r) >= {"polarity", "crits", "direct", "propagation", "combusted", "exaltation_saves", "after", "score"}
    assert r["polarity"] == "affliction"
    assert r["crits"] == {"player": False, "opponent": False}
    assert {k: r["direct"]["player"][k] for k in ("planet", "delta")} == {"planet": "Mars", "delta": 2}
    assert {k: r["direct"]["opponent"][k] for k in ("planet", "delta")} == {"planet": "Moon", "delta": 6}
    first_opponent = next(s for s in r["propagation"] if s["side"] == "opponent")
    assert {k: first_opponent[k] for k in ("side", "from", "to", "aspect", "polarity", "delta")} == {
        "side": "opponent",
        "from": "Moon",
        "to": "Sun",
        "aspect": "sextile",
        "polarity": "affliction",
        "delta": 3,
    }
    assert all(s["polarity"] in ("affliction", "testimony") for s in r["propagation"])
    assert set(r["after"]["player"]["affliction"]) == {"Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn"}
    assert r["after"]["player"]["combust"] == ["Venus"]  # every combust planet, not only new ones
    assert r["combusted"] == [] and r["exaltation_saves"] == []
    assert r["score"] == {"affliction": 26, "testimony": 1, "turn": 27}
    assert r["after"]["player"]["affliction"]["Moon"] == 5  # 1 testimony through the square, carry 1/4 kept


def test_stdin_dash_reads_the_scenario(cli) -> None:  # noqa: ANN001
    code, out, err = cli("prince", "turn", "-", "--json", stdin=json.dumps(ISSUE_SCENARIO))
    assert code == 0, err
    assert json.loads(out)["score"]["affliction"] == 26


def test_rolls_are_consumed_in_order_and_the_last_repeats(cli, tmp_path: Path) -> None:  # noqa: ANN001
    scenario = {**ISSUE_SCENARIO, "rolls": [0.05, 0.15, 0.5]}
    code, out, _ = _run(cli, tmp_path, scenario)
    r = json.loads(out)
    assert r["crits"] == {"player": True, "opponent": True}  # 0.05 < 10%, 0.15 < 20%
    assert [c["roll"] for c in r["combustion_checks"]] == [0.5] * len(r["combustion_checks"])


def test_without_rolls_the_seed_decides_and_repeats(cli, tmp_path: Path) -> None:  # noqa: ANN001
    scenario = {k: v for k, v in ISSUE_SCENARIO.items() if k != "rolls"}
    scenario["seed"] = 12
    first = _run(cli, tmp_path, scenario)[1]
    assert first == _run(cli, tmp_path, scenario)[1]


def test_design_scenario_with_defaults(cli, tmp_path: Path) -> None:  # noqa: ANN001
    code, out, err = _run(cli, tmp_path, {"player_planet": "Moon", "opponent_planet": "Sun"})
    assert code == 0, err
    r = json.loads(out)
    assert r["polarity"] == "testimony"  # everything in Taurus: earth–earth
    assert r["rules"]["ruleset"] == "design"


def test_options_mix_rulesets(cli, tmp_path: Path) -> None:  # noqa: ANN001
    scenario = {
        "ruleset": "design",
        "options": {"crit": "prototype"},
        "player": {"signs": {"Mercury": "Libra"}},
        "opponent": {"signs": {"Mars": "Capricorn"}},
        "player_planet": "Mercury",
        "opponent_planet": "Mars",
        "rolls": [0.45],
    }
    r = json.loads(_run(cli, tmp_path, scenario)[1])
    assert r["crit_chances"]["player"] == 0.5 and r["crits"]["player"] is True


@pytest.mark.parametrize(
    ("patch", "field"),
    [
        ({"player_planet": "Pluto"}, "player_planet"),
        ({"ruleset": "final"}, "ruleset"),
        ({"player": {"signs": {"Sun": "Tauros"}}}, "player.signs.Sun"),
        ({"player": {"signs": {"Vulcan": "Aries"}}}, "player.signs.Vulcan"),
        ({"player": {"affliction": {"Moon": -1}}}, "player.affliction.Moon"),
        ({"player": {"affliction": {"Moon": 1.5}}}, "player.affliction.Moon"),
        ({"opponent": {"sect": "dusk"}}, "opponent.sect"),
        ({"opponent": {"combust": "Venus"}}, "opponent.combust"),
        ({"opponent": {"carry": {"Moon": "lots"}}}, "opponent.carry.Moon"),
        ({"opponent": {"afliction": {}}}, "opponent.afliction"),
        ({"rolls": [1.0]}, "rolls[0]"),
        ({"rolls": []}, "rolls"),
        ({"options": {"crit": "sometimes"}}, "options"),
        ({"opponent_planet": None}, "opponent_planet"),
    ],
)
def test_a_malformed_scenario_names_the_bad_field(cli, tmp_path: Path, patch: dict, field: str) -> None:  # noqa: ANN001
    scenario = {**ISSUE_SCENARIO, **patch}
    code, out, err = _run(cli, tmp_path, scenario)
    assert code == 2
    assert out == ""
    assert field in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_missing_planet_and_bad_json_are_clear(cli, tmp_path: Path) -> None:  # noqa: ANN001
    scenario = {k: v for k, v in ISSUE_SCENARIO.items() if k != "player_planet"}
    code, _, err = _run(cli, tmp_path, scenario)
    assert code == 2 and "player_planet" in err
    code, _, err = cli("prince", "turn", "-", "--json", stdin="{not json")
    assert code == 2 and "not valid JSON" in err
    code, _, err = cli("prince", "turn", str(tmp_path / "missing.json"), "--json")
    assert code == 2 and "does not exist" in err


def test_rich_output_without_json(cli, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "s.json"
    path.write_text(json.dumps(ISSUE_SCENARIO))
    code, out, err = cli("prince", "turn", str(path))
    assert code == 0, err
    assert "Mars meets Moon: affliction" in out and "Score: affliction 26 + testimony 1 = 27" in out
    assert "direct from Moon" in out and "square from Mars (testimony)" in out and "Affliction after the turn" in out


@pytest.mark.parametrize(
    "scenario",
    [
        [],
        {"player_planet": "Mars"},
        {"player_planet": "Mars", "opponent_planet": "Moon", "rolls": [1.0]},
        {"player_planet": "Mars", "opponent_planet": "Moon", "rolls": [float("nan")]},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"affliction": {"Moon": -1}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"affliction": {"Moon": 1.5}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"carry": {"Moon": "x"}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"carry": {"Moon": [1]}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"signs": {"Moon": 3}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"signs": ["Aries"]}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"sect": None}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"aspects": [["Mars"]]}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"combust": "Mars"}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "options": {"crit": "x"}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "options": [1]},
        {"player_planet": "Mars", "opponent_planet": "Moon", "seed": "x"},
        {"player_planet": "Mars", "opponent_planet": "Moon", "ruleset": 3},
        {"player_planet": ["Mars"], "opponent_planet": "Moon"},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"affliction": {"Moon": 10**400}}},
    ],
)
def test_whatif_malformed_scenarios_are_config_errors(scenario: object) -> None:
    """Issue 3: "A malformed scenario gets a clear message naming the bad field" — never another exception."""
    with contextlib.suppress(ConfigError):
        run_scenario(scenario)
