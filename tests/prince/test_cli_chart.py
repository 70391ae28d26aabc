"""``gamewright prince chart | mint | list | show``: the exact chart interface and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from rich.text import Text

CHART_ARGS = ("--lat", "51.5", "--lon", "-0.13", "--time", "2000-01-01T12:00:00Z")


def test_chart_json_issue_example(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("prince", "chart", *CHART_ARGS, "--json")
    assert code == 0, err
    data = json.loads(out)
    assert out.count("\n") == 1  # exactly one JSON document
    assert data["moment"] == {"time": "2000-01-01T12:00:00Z", "lat": 51.5, "lon": -0.13}
    assert data["ascendant"]["sign"] == "Aries" and data["ascendant"]["longitude"] == pytest.approx(24.0, abs=0.1)
    assert data["sect"] == "day"
    sun = data["planets"]["Sun"]
    assert sun["sign"] == "Capricorn" and sun["house"] == 10
    assert sun["stats"] == {"damage": 4, "healing": 2, "durability": 4, "luck": 2}
    assert data["planets"]["Mercury"]["sign"] == "Capricorn" and data["planets"]["Mercury"]["house"] == 10
    assert {"planets": ["Sun", "Mercury"], "aspect": "conjunction"} in data["aspects"]


def test_chart_text_and_svg(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    svg = tmp_path / "wheel.svg"
    code, out, err = cli("prince", "chart", *CHART_ARGS, "--svg", str(svg))
    assert code == 0, err
    for fragment in ("Ascendant 24°00′ Aries", "diurnal", "Capricorn", "Planets", "Major aspects", "conjunction"):
        assert fragment in out
    root = ElementTree.parse(svg).getroot()
    assert root.tag.endswith("svg")


def test_mint_list_show(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("prince", "mint", "--name", "Ada", *CHART_ARGS, "--json")
    assert code == 0, err
    minted = json.loads(out)
    assert minted["name"] == "Ada" and isinstance(minted["id"], int)
    code, out, _ = cli("prince", "list", "--json")
    listed = json.loads(out)
    assert [p["name"] for p in listed] == ["Ada"]
    assert listed[0]["moment"] == {"time": "2000-01-01T12:00:00Z", "lat": 51.5, "lon": -0.13}
    code, out, _ = cli("prince", "list")
    assert code == 0 and "Ada" in out
    svg = tmp_path / "ada.svg"
    code, out, err = cli("prince", "show", "Ada", "--json", "--svg", str(svg))
    assert code == 0, err
    shown = json.loads(out)
    chart = json.loads(cli("prince", "chart", *CHART_ARGS, "--json")[1])
    assert shown["name"] == "Ada" and shown["id"] == minted["id"]
    assert {k: shown[k] for k in chart} == chart  # the chart object plus name and id
    assert "Ada" in svg.read_text(encoding="utf-8")
    code, out, _ = cli("prince", "show", "Ada")
    assert code == 0 and "Prince Ada" in out and "Capricorn" in out


def test_show_includes_progress_when_available(cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from gamewright.app import princes
    from gamewright.cli import prince_progress

    monkeypatch.setattr(princes, "progress_report", lambda prince_id: {"prince_id": prince_id, "encounters": 5})
    monkeypatch.setattr(prince_progress, "render_progress",
                        lambda report: Text(f"Encounters so far: {report['encounters']}"))
    cli("prince", "mint", "--name", "Ada", *CHART_ARGS)
    data = json.loads(cli("prince", "show", "Ada", "--json")[1])
    assert data["progress"] == {"prince_id": data["id"], "encounters": 5}
    assert "Encounters so far: 5" in cli("prince", "show", "Ada")[1]


def test_duplicate_mint_refused(cli) -> None:  # type: ignore[no-untyped-def]
    assert cli("prince", "mint", "--name", "Ada", *CHART_ARGS)[0] == 0
    code, out, err = cli(
        "prince", "mint", "--name", "Eve", "--lat", "51.501", "--lon", "-0.13", "--time", "2000-01-01T12:03Z"
    )
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "'Ada'" in err
    code, _, err = cli("prince", "mint", "--name", "Ada", "--lat", "0", "--lon", "0", "--time", "1999-01-01")
    assert code == 2 and "taken" in err
    assert [p["name"] for p in json.loads(cli("prince", "list", "--json")[1])] == ["Ada"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("prince", "chart", "--lat", "91", "--lon", "0", "--time", "2000-01-01T00:00Z"), "latitude"),
        (("prince", "chart", "--lat", "10", "--lon", "0", "--time", "not a time"), "cannot read time"),
        (("prince", "chart", "--lat", "10", "--lon", "0", "--time", "2300-01-01T00:00Z"), "out of range"),
        (("prince", "show", "Nobody"), "no Prince named 'Nobody'"),
        (("prince", "mint", "--name", "X", "--lat", "10", "--lon", "999", "--time", "2000-01-01"), "longitude"),
        (("prince", "chart", "--lat", "north", "--lon", "0", "--time", "2000-01-01"), "--lat"),
    ],
)
def test_bad_inputs_one_line_exit_2(cli_process, args: tuple[str, ...], fragment: str) -> None:  # type: ignore[no-untyped-def]
    """Issue 2: latitude 91, an unparseable time, a time in 2300, an unknown Prince — one clear line, exit 2."""
    result = cli_process(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error:") and fragment in result.stderr
    assert "Traceback" not in result.stderr


def test_svg_to_unwritable_path_is_one_line(cli, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("prince", "chart", *CHART_ARGS, "--svg", str(tmp_path / "missing" / "x.svg"))
    assert code == 2 and "cannot write SVG" in err and err.count("\n") == 1


def test_help_reads_well(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("prince", "chart", "--help")
    assert code == 0
    for option in ("--lat", "--lon", "--time", "--json", "--svg"):
        assert option in out
