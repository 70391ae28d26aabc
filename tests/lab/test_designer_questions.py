"""What a designer asks next (issue 22 item 10): game length paired between A and B, a sweep's paired steps,
whether a seat is different, and each Penance card's win rate when played, by deck — in JSON, text and report."""

from __future__ import annotations

import json
import re

import pytest
from scipy.stats import binomtest, chisquare

from gamewright.core.game import load_game
from gamewright.lab.analysis import holm, paired_difference, seat_test
from gamewright.lab.experiments import run
from gamewright.lab.report import render
from gamewright.lab.runner import Batch, play_game, play_out, run_batches, validate


def _text(page: str) -> str:
    return re.sub(r"<svg.*?</svg>", "", page, flags=re.DOTALL)


def test_compare_pairs_the_game_length(cli) -> None:  # type: ignore[no-untyped-def]
    request = {"kind": "compare", "game": "affinity", "games": 20, "seed": 0, "a": {"options": {}},
               "b": {"options": {"count": 5}}}
    result = run(request, workers=1)
    a, b = (run_batches([validate(Batch("affinity", None, options, (), 0, 20))], workers=1)[0]
            for options in ({}, {"count": 5}))
    diffs = [gb["length"] - ga["length"] for ga, gb in zip(a, b, strict=True)]
    length = result["paired_length"]
    assert length["delta"] == pytest.approx(sum(diffs) / 20) and length["n"] == 20
    assert length["low95"] < length["delta"] < length["high95"]
    assert (length["longer"], length["shorter"], length["same"]) == (sum(d > 0 for d in diffs),
                                                                     sum(d < 0 for d in diffs),
                                                                     sum(d == 0 for d in diffs))
    assert "length (rounds)" in _text(render(result))
    code, out, _ = cli("lab", "compare", "affinity", "--b", "count=5", "-n", "20", "--workers", "1")
    assert code == 0 and "length, paired B − A:" in out


def test_a_sweep_pairs_each_step_with_the_next(cli) -> None:  # type: ignore[no-untyped-def]
    request = {"kind": "sweep", "game": "affinity", "games": 16, "seed": 2, "param": "count", "values": [2, 4, 6]}
    result = run(request, workers=1)
    assert [(s["from"], s["to"]) for s in result["steps"]] == [(2, 4), (4, 6)]
    records = run_batches([validate(Batch("affinity", None, {"count": c}, (), 2, 16)) for c in (2, 4, 6)],
                          workers=1)
    for i, step in enumerate(result["steps"]):
        assert step["difference"] == paired_difference(records[i], records[i + 1], 2)
        rows = result["rows"]
        assert step["difference"][0]["delta"] == pytest.approx(rows[i + 1]["win_rates"][0]["rate"]
                                                               - rows[i]["win_rates"][0]["rate"])
        assert step["length"]["delta"] == pytest.approx(rows[i + 1]["length"]["mean"] - rows[i]["length"]["mean"])
        assert step["paired_metrics"] == {}  # Affinity pairs no metric of its own
    assert "Step to step" in _text(render(result))
    code, out, _ = cli("lab", "sweep", "affinity", "--param", "count", "--values", "2,4", "-n", "6", "--workers",
                       "1")
    assert code == 0 and "step to step" in out and "2 → 4" in out


def _won(seats: list[int | None]) -> list[dict]:
    return [{"wins": [] if s is None else [s]} for s in seats]


def test_the_seat_test_is_chi_square_with_exact_holm_adjusted_seats() -> None:
    games = _won([0] * 14 + [1] * 5 + [2] * 5 + [None] * 3)
    test = seat_test(games, 3)
    assert test is not None and test["decided"] == 24 and test["df"] == 2 and test["expected"] == 8
    expected = chisquare([14, 5, 5])
    assert test["chi2"] == pytest.approx(expected.statistic) and test["p"] == pytest.approx(expected.pvalue)
    raw = [binomtest(k, 24, 1 / 3).pvalue for k in (14, 5, 5)]
    assert [s["p"] for s in test["seats"]] == pytest.approx(raw)
    assert [s["p_holm"] for s in test["seats"]] == pytest.approx(holm(raw))
    assert test["seats"][0]["p_holm"] < 0.05 < test["seats"][1]["p_holm"]
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    two = seat_test(_won([0] * 15 + [1] * 5), 2)  # two seats: both tests are one test, nothing to adjust
    assert two is not None and [s["p_holm"] for s in two["seats"]] == [binomtest(15, 20, 0.5).pvalue] * 2
    none = seat_test(_won([None, None]), 2)
    assert none is not None and (none["decided"], none["p"]) == (0, 1.0)


def test_simulate_shows_the_seat_test(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    page = tmp_path / "sim.html"
    code, out, err = cli("lab", "simulate", "affinity", "-n", "8", "--workers", "1", "--json", "--report", str(page))
    assert code == 0, err
    test = json.loads(out)["seat_test"]
    assert test["decided"] == 8 and [s["seat"] for s in test["seats"]] == [0, 1]
    assert "is a seat different?" in _text(page.read_text(encoding="utf-8"))
    code, out, _ = cli("lab", "simulate", "affinity", "-n", "8", "--workers", "1")
    assert "is a seat different? chi-square" in out and "p (Holm)" in out


def test_penance_card_win_rate_when_played_by_deck(cli) -> None:  # type: ignore[no-untyped-def]
    options = {"decks": "confessor:B,ironclad"}
    agents = ("penance.heuristic", "penance.heuristic")
    result = run({"kind": "simulate", "game": "penance", "games": 6, "seed": 0, "options": options,
                  "agents": list(agents)}, workers=1)
    table = result["metrics"]["card_win_rate_when_played"]
    assert set(table) == {"confessor:B", "ironclad"}
    # recount from the games' own events: a seat's deck played the card at least once
    batch = Batch("penance", options=options, agents=agents)
    for deck, cards in table.items():
        for card, row in cards.items():
            played = won = 0
            for index in range(6):
                game = play_game(batch, index)
                seat = game["metrics"]["decks"].index(deck)
                if card in game["metrics"]["played"][seat].get(deck, []):
                    played += 1
                    won += seat in game["wins"]
            assert (row["n"], row["wins"]) == (played, won), (deck, card)
    assert "card win rate when played" in _text(render(result))
    code, out, _ = cli("lab", "simulate", "penance", "-n", "4", "--workers", "1", "--agents",
                       "penance.heuristic,penance.heuristic")
    assert code == 0 and "card win rate when played" in out and "faithful_thrust" in out


def test_a_squad_casket_plays_from_its_own_deck() -> None:
    # in squads an event's ``player`` is the seat; the casket (and so the deck) is ``casket``
    options = {"decks": "confessor/ironclad,ironclad/confessor"}
    agents = ("penance.heuristic", "penance.heuristic")
    game = play_game(Batch("penance", options=options, agents=agents), 2)  # an even game: the decks as given
    state = load_game("penance", options=options).new_initial_state(2)
    events, _ = play_out("penance", state, agents, 2)
    expected: list[dict[str, set[str]]] = [{}, {}]
    for e in events:
        if e.kind == "play":
            casket = e.data["casket"]
            deck = state.sides[casket].deck_spec.split(":")[0]
            expected[state.team[casket]].setdefault(deck, set()).add(e.data["card"])
    assert [{d: set(c) for d, c in side.items()} for side in game["metrics"]["played"]] == expected
    assert all(len(side) == 2 for side in expected)  # both caskets of each side played (seed 2)
