"""Each game's metrics hook: found by the game's name, read from the finished state and its events."""

from __future__ import annotations

import pytest

from gamewright.core.game import registered_games
from gamewright.lab.experiments import run
from gamewright.lab.hooks import GENERIC, metrics_hook
from gamewright.lab.runner import Batch, play_game

EXPECTED = {
    "penance": {"seat_advantage", "first_mover", "by_deck", "by_faction", "by_secondary", "by_tactic",
                "card_plays_per_game", "card_losses_per_game", "cause_of_defeat"},
    "inclinations": {"seat_advantage", "by_players_and_seat", "weapon_fired_per_game", "weapon_hits_per_game",
                     "deaths_by_cause", "heat_deaths_per_game", "transfers_per_game"},
    "prince": {"distance", "runs_won", "combustions_per_run", "planet_choice", "encounter_reached"},
    "affinity": {"seat_advantage", "party_win_by_budget", "rounds", "hd_lost_per_class", "deaths_per_class",
                 "deaths_per_fight", "resolve_collapses_per_fight"},
}


@pytest.mark.parametrize("game", sorted(registered_games()))
def test_every_game_declares_its_metrics(game: str) -> None:
    assert metrics_hook(game) is not GENERIC
    result = run({"kind": "simulate", "game": game, "games": 4, "seed": 2}, workers=1)
    assert EXPECTED[game] <= result["metrics"].keys()
    for point in result["metrics"]["headline"].values():
        assert point["low95"] <= point["value"] <= point["high95"]


def test_penance_swaps_the_decks_every_other_game_and_measures_the_first_mover() -> None:
    batch = Batch("penance", options={"decks": "confessor:B,ironclad"}, agents=("random", "random"))
    even, odd = play_game(batch, 0), play_game(batch, 1)
    assert even["metrics"]["decks"] == ["confessor:B", "ironclad"]
    assert odd["metrics"]["decks"] == ["ironclad", "confessor:B"]
    assert even["metrics"]["first"] in (0, 1) and even["length"] >= 1
    result = run({"kind": "simulate", "game": "penance", "games": 6, "seed": 0,
                  "options": {"decks": "confessor:B,ironclad"}}, workers=1)
    metrics = result["metrics"]
    assert metrics["by_deck"]["confessor:B"]["n"] == 6 and metrics["by_faction"]["dwarf"]["n"] == 6
    assert metrics["by_secondary"]["confessor:B"]["n"] == 6
    assert sum(metrics["cause_of_defeat"].values()) == 6
    assert metrics["first_mover"]["n"] == 6


def test_penance_squad_metrics() -> None:
    """issue 16: decks of every side's caskets, the line-up, caskets lost and extractions."""
    result = run({"kind": "simulate", "game": "penance", "games": 4, "seed": 1,
                  "options": {"decks": "confessor/confessor,ironclad/ironclad"},
                  "agents": ["penance.heuristic", "penance.heuristic"]}, workers=1)
    metrics = result["metrics"]
    assert metrics["by_deck"]["confessor"]["n"] == 8 and metrics["by_faction"]["dwarf"]["n"] == 8
    assert set(metrics["by_lineup"]) == {"2v2 seat 1", "2v2 seat 2"}
    assert metrics["first_mover"]["n"] == 4 and sum(metrics["cause_of_defeat"].values()) == 4
    assert 0 <= metrics["winner_caskets_lost_per_game"]["lost"] <= 1


def test_inclinations_metrics_by_seat_count() -> None:
    result = run({"kind": "simulate", "game": "inclinations", "games": 3, "seed": 1,
                  "options": {"players": 3}, "agents": ["inclinations.hard-bot"] * 3}, workers=1)
    assert set(result["metrics"]["by_players_and_seat"]) == {"3 players, P1", "3 players, P2", "3 players, P3"}
    assert sum(result["metrics"]["weapon_fired_per_game"].values()) > 0


def test_prince_distance_and_planets() -> None:
    result = run({"kind": "simulate", "game": "prince", "games": 5, "seed": 0, "agents": ["prince.greedy"]},
                 workers=1)
    metrics = result["metrics"]
    assert metrics["distance"]["min"] <= metrics["distance"]["median"] <= metrics["distance"]["max"]
    assert abs(sum(metrics["planet_choice"].values()) - 1) < 1e-9
    assert sum(metrics["encounter_reached"].values()) == 5


def test_affinity_budget_bands_follow_the_creature_count() -> None:
    rows = {}
    for count, band in ((2, "easy"), (4, "medium"), (6, "hard"), (9, "deadly")):
        batch = Batch("affinity", options={"creature": "pall_wolf", "count": count}, agents=("random", "random"))
        rows[count] = play_game(batch, 0)["metrics"]["budget"]
        assert rows[count] == band, (count, rows[count])


def test_swapped_seats_keep_each_bot_with_its_deck() -> None:
    # `penance simulate --swap`: on odd games the decks and the bots both change seats
    batch = Batch("penance", options={"decks": "confessor,ironclad"}, agents=("penance.heuristic", "random"),
                  alternate=True, swap_agents=True, games=2)
    odd = play_game(batch, 1)
    assert odd["swapped"] is True and odd["metrics"]["decks"] == ["ironclad", "confessor"]
    assert play_game(batch, 0)["swapped"] is False
