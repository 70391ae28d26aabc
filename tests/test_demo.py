"""The README's main job: `gamewright demo` mints (once), shows, plays a run and shows the history."""

from __future__ import annotations

import json
from pathlib import Path


def test_demo_runs_twice_on_one_database(cli, tmp_path: Path) -> None:
    svg = tmp_path / "demo.svg"
    code, out, err = cli("demo", "--svg", str(svg), "--seed", "2")
    assert code == 0, err
    assert "Minted Prince Demo" in out
    assert "Runs of Demo" in out
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<")
    code, out, err = cli("demo", "--svg", str(svg), "--seed", "3")
    assert code == 0, err
    assert "already exists; reusing it" in out
    code, out, _ = cli("prince", "history", "Demo", "--json")
    assert code == 0
    assert len(json.loads(out)["runs"]) == 2


def test_the_readme_tour_mints_ada_after_the_demo(cli) -> None:  # noqa: ANN001
    """The demo mints its Prince at its own moment, so the README's `prince mint --name Ada …` still works."""
    assert cli("demo", "--svg", "/dev/null")[0] == 0
    code, out, err = cli(
        "prince", "mint", "--name", "Ada", "--lat", "51.5", "--lon", "-0.13", "--time", "2000-01-01T12:00:00Z"
    )
    assert code == 0, err


def test_the_demo_writes_its_wheel_beside_the_database_and_says_where(
    cli,
    tmp_path: Path,
    monkeypatch,
    isolated_database: str,  # noqa: ANN001
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    code, out, err = cli("demo")
    assert code == 0, err
    assert list(work.iterdir()) == []  # nothing lands in the current folder
    expected = Path(isolated_database.removeprefix("sqlite:///")).parent / "demo-prince.svg"
    assert expected.read_text(encoding="utf-8").lstrip().startswith("<")
    assert f"The chart wheel is in {expected}" in out
