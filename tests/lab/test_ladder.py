"""The ladder: round-robin with seats alternated and common random numbers, openskill ratings, pairwise wins
with Wilson intervals; its JSON is an exact interface, stored in history, the same for any worker count."""

from __future__ import annotations

import json

from gamewright.lab.experiments import run
from gamewright.lab.ladder import winner_of
from gamewright.lab.report import render

AGENTS = ["random", "penance.heuristic", "penance.random"]
REQUEST = {"kind": "ladder", "game": "penance", "games": 8, "seed": 3, "agents": AGENTS}


def test_the_json_shape_and_what_it_counts() -> None:
    result = run(REQUEST, workers=1)
    assert {"game", "games_per_pair", "ratings", "pairs"} <= set(result)
    assert result["game"] == "penance" and result["games_per_pair"] == 8
    assert sorted(r["agent"] for r in result["ratings"]) == sorted(AGENTS)
    assert sorted(r["rank"] for r in result["ratings"]) == [1, 2, 3]
    for r in result["ratings"]:
        assert {"agent", "mu", "sigma", "rank"} <= set(r) and r["sigma"] > 0
    assert [(p["a"], p["b"]) for p in result["pairs"]] == [(AGENTS[0], AGENTS[1]), (AGENTS[0], AGENTS[2]),
                                                           (AGENTS[1], AGENTS[2])]
    for p in result["pairs"]:
        assert {"a", "b", "a_wins", "b_wins", "draws", "interval"} <= set(p)
        assert p["a_wins"] + p["b_wins"] + p["draws"] == 8
        low, high = p["interval"]
        assert 0 <= low <= high <= 1
        assert p["a_first"] == 4  # seats alternated: each agent sits first in half the games
    best = result["ratings"][0]
    assert best["agent"] == "penance.heuristic"  # it beats both random players in every game here
    heuristic_vs_random = result["pairs"][0]
    assert heuristic_vs_random["b_wins"] == 8


def test_the_same_for_any_worker_count_and_stored_runs_rerun_identically(cli) -> None:  # type: ignore[no-untyped-def]
    assert run(REQUEST, workers=1) == run(REQUEST, workers=2)
    code, out, _ = cli("lab", "ladder", "penance", "--agents", ",".join(AGENTS), "-n", "4", "--json", "--workers", "1")
    assert code == 0
    data = json.loads(out)
    assert data["games_per_pair"] == 4 and len(data["pairs"]) == 3
    code, out, _ = cli("lab", "runs", "--json")
    latest = json.loads(out)["runs"][0]
    assert latest["kind"] == "ladder"
    code, out, _ = cli("lab", "rerun", str(latest["id"]), "--json")
    assert code == 0 and json.loads(out)["identical"] is True


def test_a_ladder_needs_two_seats_and_distinct_agents(cli) -> None:  # type: ignore[no-untyped-def]
    code, _, err = cli("lab", "ladder", "prince", "--agents", "random,prince.greedy", "-n", "2")
    assert code == 2 and err.startswith("error: a ladder plays agents two at a time") and err.count("\n") == 1
    code, _, err = cli("lab", "ladder", "penance", "--agents", "random,random", "-n", "2")
    assert code == 2 and "twice" in err and err.count("\n") == 1
    code, _, err = cli("lab", "ladder", "penance", "--agents", "random", "-n", "2")
    assert code == 2 and "at least two agents" in err


def test_the_winner_follows_the_seats() -> None:
    assert winner_of({"wins": [0], "swapped": False}, "a", "b") == "a"
    assert winner_of({"wins": [0], "swapped": True}, "a", "b") == "b"
    assert winner_of({"wins": [], "swapped": True}, "a", "b") is None


def test_the_report_shows_ratings_and_pairs() -> None:
    page = render(run({**REQUEST, "games": 2}, workers=1))
    assert "<h2>Ratings</h2>" in page and "<h2>Pairs</h2>" in page and "penance.heuristic" in page


def test_every_agent_plays_each_deck_from_each_seat() -> None:
    # Penance's decks change seats every other game of the alternation; were the agents swapped in step with them,
    # each agent would keep one deck and a ladder would measure the deck's edge as the agent's
    from gamewright.lab.ladder import ladder_batches
    from gamewright.lab.runner import play_game

    request = {"kind": "ladder", "game": "penance", "games": 4, "seed": 0, "agents": ["random", "first"],
               "options": {"decks": "confessor,ironclad"}}
    batch = ladder_batches(request)[0]
    seen = set()
    for index in range(4):
        record = play_game(batch, index)
        seat_of_random = 1 if record["swapped"] else 0
        seen.add((seat_of_random, record["metrics"]["decks"][seat_of_random]))
    assert seen == {(0, "confessor"), (1, "confessor"), (0, "ironclad"), (1, "ironclad")}
