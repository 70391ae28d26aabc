"""The rules goldens (``gamewright.testing.playthrough``): each playthrough in tests/golden/playthroughs, replayed
by seeded random play and diffed. A missing golden is a failure; the message gives the command that writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamewright.core.game import registered_games
from gamewright.testing import playthrough

DIRECTORY = Path(__file__).resolve().parent / "golden" / "playthroughs"


@pytest.mark.parametrize("name", sorted(playthrough.CASES))
def test_playthrough_matches_its_golden(name: str) -> None:
    problem = playthrough.diff(name, DIRECTORY)
    if problem is not None:
        pytest.fail(problem, pytrace=False)


def test_every_built_in_game_has_a_playthrough() -> None:
    built_in = {name for name, factory in registered_games().items()
                if factory.__module__.startswith("gamewright.games.")}
    assert built_in <= {case.game for case in playthrough.CASES.values()}


def test_no_golden_lies_there_without_its_case() -> None:
    assert {p.stem for p in DIRECTORY.glob("*.txt")} == set(playthrough.CASES)


def test_a_missing_golden_fails_and_names_the_command(tmp_path: Path) -> None:
    problem = playthrough.diff("prince_design", tmp_path)
    assert problem is not None and "python -m gamewright.testing.playthrough --write prince_design" in problem
