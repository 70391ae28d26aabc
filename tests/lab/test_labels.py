"""Results say what happened (issue 22 item 9): a lost solo run is a loss, not a draw; seats are P1, P2… in
text and reports while the JSON keeps its integer ``seat``."""

from __future__ import annotations

import json
import re

from gamewright.lab.analysis import side_summary
from gamewright.lab.experiments import run
from gamewright.lab.report import render


def _solo(won: list[bool]) -> list[dict]:
    return [{"seed": i, "returns": [1.0 if w else 0.0], "wins": [0] if w else [], "actions": 20, "length": 20,
             "metrics": {"distance": 100.0, "won": w, "encounter": 3, "sent": {}, "combusted": {}}}
            for i, w in enumerate(won)]


def test_a_lost_solo_run_is_a_loss_not_a_draw() -> None:
    summary = side_summary("prince", _solo([True, False, True, False, False]), {}, None)
    assert summary["draws"] == 0 and summary["losses"] == 3
    assert summary["win_rates"][0]["seat"] == 0
    assert (summary["win_rates"][0]["wins"], summary["win_rates"][0]["losses"]) == (2, 3)
    assert summary["seat_test"] is None  # one seat: nothing to compare it with


def test_space_prince_from_the_cli_counts_its_lost_runs(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("lab", "simulate", "prince", "-n", "10", "--workers", "1", "--json")
    assert code == 0, err
    data = json.loads(out)
    lost = data["games"] - data["win_rates"][0]["wins"]
    assert lost > 0  # seeds 0–9 hold a lost run (it was counted as a draw)
    assert data["draws"] == 0 and data["losses"] == lost == data["win_rates"][0]["losses"]
    code, out, _ = cli("lab", "simulate", "prince", "-n", "10", "--workers", "1")
    assert f"lost {lost}" in out and "draws" not in out


def test_wins_losses_and_draws_add_up_for_every_seat() -> None:
    result = run({"kind": "simulate", "game": "inclinations", "games": 8, "seed": 0, "options": {"players": 3}},
                 workers=1)
    assert result["losses"] == 0  # no solo game here: a game no seat won is a draw
    for row in result["win_rates"]:
        assert row["wins"] + row["losses"] + result["draws"] == 8


def test_seats_are_p1_p2_in_text_and_in_the_report(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli("lab", "simulate", "affinity", "-n", "4", "--workers", "1")
    assert code == 0
    rows = [line for line in out.splitlines() if "random" in line]
    assert [row.split("│")[1].strip() for row in rows] == ["P1", "P2"]
    code, out, _ = cli("lab", "sweep", "affinity", "--param", "count", "--values", "2,3", "-n", "4", "--workers",
                       "1")
    assert "P1 wins" in out and "seat 0" not in out
    result = run({"kind": "compare", "game": "affinity", "games": 6, "seed": 0, "a": {"options": {}},
                  "b": {"options": {"basic_actions": 2}}}, workers=1)
    page = render(result)
    text = re.sub(r"<svg.*?</svg>", "", page, flags=re.DOTALL)
    assert "<tr><td>P1</td>" in text and "<tr><td>P2</td>" in text
    assert "<tr><td>0</td>" not in text and "<tr><td>1</td>" not in text
    assert "<th>P1</th>" in text  # the seat-advantage metric, keyed "0" in the JSON
    assert "P1" in page.split("<svg", 1)[1]  # the win-rate bars' ticks
    assert [row["seat"] for row in result["difference"]] == [0, 1]


def test_a_run_stored_before_these_fields_still_shows_and_reports() -> None:
    from gamewright.cli.lab import show_result

    old = run({"kind": "simulate", "game": "prince", "games": 10, "seed": 0}, workers=1)
    lost = old.pop("losses")
    old["draws"] = lost  # as it was stored: a lost run under draws
    del old["seat_test"]
    for row in old["win_rates"]:
        del row["losses"]
    assert f"lost {lost}" in render(old)
    show_result(old)  # `lab show` of an old run: no KeyError
    sweep = run({"kind": "sweep", "game": "affinity", "games": 3, "seed": 0, "param": "count", "values": [2, 3]},
                workers=1)
    del sweep["steps"]
    assert "Step to step" not in render(sweep)
    show_result(sweep)
