"""Issue 10 §3: ``prince turn --example`` prints a valid scenario, ``--help`` documents the format with a complete
example, and a scenario of the wrong shape says what the right one is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamewright.games.prince.scenario import EXAMPLE, TOP_FIELDS


def test_example_is_a_valid_scenario_that_uses_every_field(cli, tmp_path: Path) -> None:  # noqa: ANN001
    code, out, err = cli("prince", "turn", "--example")
    assert code == 0, err
    scenario = json.loads(out)
    assert scenario == EXAMPLE
    assert set(TOP_FIELDS) - {"seed"} <= set(scenario)  # seed is the alternative to rolls
    path = tmp_path / "example.json"
    path.write_text(out)
    code, out, err = cli("prince", "turn", str(path), "--json")
    assert code == 0, err
    assert json.loads(out)["direct"]["player"]["planet"] == "Mars"


def test_help_documents_the_format_with_the_complete_example(cli) -> None:  # noqa: ANN001
    code, out, _ = cli("prince", "turn", "--help")
    assert code == 0
    flat = " ".join(out.split())
    for words in ("player_planet", "opponent_planet", "exaltation_save_used", "carry", "aspects", "rolls", "seed"):
        assert words in flat
    assert "--example" in out
    for line in ('"player_planet": "Mars"', '"affliction": {"Mars": 4, "Sun": 1}', '"rolls": [0.5, 0.9, 0.3]'):
        assert line in out  # the example itself, line by line


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('["Mars", "Moon"]', ("a scenario is a JSON object", '"player_planet"', "--example", "JSON array")),
        ('{"player_planet": "Mars"}', ("'opponent_planet'", "is required", "--example")),
        ('{"player_planet": "Mars", "opponent_planet": "Moon", "player": ["Aries"]}', ('{"signs": {"Mars": "Aries"}',)),
    ],
)
def test_a_wrong_shape_says_what_the_right_one_is(cli, tmp_path: Path, text: str, words: tuple[str, ...]) -> None:  # noqa: ANN001
    path = tmp_path / "wrong.json"
    path.write_text(text)
    code, _, err = cli("prince", "turn", str(path))
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
    for word in words:
        assert word in err


def test_no_scenario_at_all_points_to_the_example(cli) -> None:  # noqa: ANN001
    code, _, err = cli("prince", "turn")
    assert code == 2 and "--example" in err
