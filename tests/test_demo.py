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
