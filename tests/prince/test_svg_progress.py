"""Issue 10 §3: the wheel of ``prince show --svg`` reflects progress — locked planets dim, active aspects bright,
latent ones faint, illuminated houses marked."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

MINT = ("prince", "mint", "--name", "Ada", "--lat", "51.5", "--lon", "-0.12", "--time", "1990-05-01T12:00:00Z")


def _by_class(root: ElementTree.Element, cls: str) -> list[ElementTree.Element]:
    return [el for el in root.iter() if el.get("class") == cls]


def test_the_wheel_shows_locks_aspect_states_and_illumination(cli, tmp_path: Path) -> None:  # noqa: ANN001
    assert cli(*MINT)[0] == 0
    for seed in (11, 12):
        assert cli("prince", "play", "Ada", "--auto", "greedy", "--seed", str(seed))[0] == 0
    svg = tmp_path / "ada.svg"
    code, out, err = cli("prince", "show", "Ada", "--svg", str(svg), "--json")
    assert code == 0, err
    progress = json.loads(out)["progress"]
    root = ElementTree.fromstring(svg.read_bytes())

    locked = {p.get("data-planet") for p in _by_class(root, "planet") if p.get("data-state") == "locked"}
    assert locked == {"Sun", "Moon", "Mercury", "Venus", "Mars", "Jupiter", "Saturn"} - set(
        progress["unlocked_planets"]
    )
    assert locked and all(p.get("opacity") == "0.3" for p in _by_class(root, "planet") if p.get("data-state"))

    active = {frozenset(a["planets"]) for a in progress["active_aspects"]}
    lines = _by_class(root, "aspect")
    assert (
        active
        and {frozenset(a.get("data-planets", "").split()) for a in lines if a.get("data-state") == "active"} == active
    )
    assert all(
        a.get("data-state") == "latent" for a in lines if frozenset(a.get("data-planets", "").split()) not in active
    )
    bright = {float(a.get("opacity", "0")) for a in lines if a.get("data-state") == "active"}
    faint = {float(a.get("opacity", "1")) for a in lines if a.get("data-state") == "latent"}
    assert min(bright) > max(faint)

    lit = {h.get("data-house"): int(h.get("data-illuminated", "0")) for h in _by_class(root, "house")}
    assert lit == {h: n for h, n in progress["illumination"].items()}
    assert any(n for n in lit.values())
    assert any("✦" in (t.text or "") for t in _by_class(root, "house-number"))
