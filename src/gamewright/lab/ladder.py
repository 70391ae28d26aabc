"""A ladder: every pair of agents plays the same seeded games with seats alternated, and the results become
ratings (openskill's Plackett–Luce model) and a pairwise win matrix with 95% intervals.

Common random numbers: game ``i`` of every pair starts from seed ``seed + i``; on odd games the agents change
seats, and the game's own alternation (Penance's decks) turns every second game, so in every four games each
agent plays each deck from each seat, and each pair's games differ only by who plays them. The ratings are
updated game by game in a fixed order (game 0 of every pair in pair order, then game 1, …), so a
ladder's result depends only on its request, never on the worker count.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.stats import wilson_interval
from gamewright.lab.hooks import Record
from gamewright.lab.runner import Batch, validate

RATING_DIGITS = 4


def pairs_of(agents: Sequence[str]) -> list[tuple[str, str]]:
    """Every unordered pair, in the order the agents were named."""
    if len(agents) < 2:
        raise ConfigError("a ladder needs at least two agents (--agents a,b,…)")
    if len(set(agents)) != len(agents):
        raise ConfigError("--agents names an agent twice; a ladder ranks each agent once")
    return list(combinations(agents, 2))


def ladder_batches(request: dict[str, Any]) -> list[Batch]:
    """One batch per pair: the pair's agents, seats swapped on odd games."""
    agents = list(request.get("agents") or ())
    from gamewright.core.game import load_game

    seats = load_game(request["game"], ruleset=request.get("ruleset"),
                      options=dict(request.get("options") or {})).num_players
    if seats != 2:
        raise ConfigError(f"a ladder plays agents two at a time; {request['game']} has {seats} seat(s) here "
                          "(use lab compare or simulate with --agents)")
    return [validate(Batch(request["game"], request.get("ruleset"), dict(request.get("options") or {}), (a, b),
                           int(request["seed"]), int(request["games"]), alternate=True, swap_agents=True,
                           cross_alternation=True))
            for a, b in pairs_of(agents)]


def winner_of(game: Record, a: str, b: str) -> str | None:
    """The agent that won one game of the pair (a sat in seat 0 unless the game swapped them); None: a draw."""
    wins = list(game["wins"])
    if len(wins) != 1:
        return None
    seat_of_a = 1 if game["swapped"] else 0
    return a if wins[0] == seat_of_a else b


def ladder_result(request: dict[str, Any], records: Sequence[Sequence[Record]]) -> dict[str, Any]:
    """The ratings and the pairwise matrix (the ``lab ladder --json`` shape: an exact interface)."""
    from openskill.models import PlackettLuce

    agents = list(request["agents"])
    pairs = pairs_of(agents)
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in agents}
    for i in range(int(request["games"])):  # a fixed order: game i of every pair, pair by pair
        for (a, b), games in zip(pairs, records, strict=True):
            won = winner_of(games[i], a, b)
            ranks: list[float] = [0.0, 0.0] if won is None else ([0.0, 1.0] if won == a else [1.0, 0.0])
            new_a, new_b = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
            ratings[a], ratings[b] = new_a[0], new_b[0]
    order = sorted(agents, key=lambda n: (-ratings[n].ordinal(), agents.index(n)))
    table = []
    for name in agents:
        mu, sigma = round(ratings[name].mu, RATING_DIGITS), round(ratings[name].sigma, RATING_DIGITS)
        table.append({"agent": name, "mu": mu, "sigma": sigma, "rank": order.index(name) + 1,
                      "low95": round(mu - 1.96 * sigma, RATING_DIGITS),
                      "high95": round(mu + 1.96 * sigma, RATING_DIGITS)})
    table.sort(key=lambda r: r["rank"])
    rows = []
    for (a, b), games in zip(pairs, records, strict=True):
        winners = [winner_of(g, a, b) for g in games]
        a_wins, b_wins = winners.count(a), winners.count(b)
        decided = a_wins + b_wins
        low, high = wilson_interval(a_wins, decided) if decided else (0.0, 1.0)
        rows.append({"a": a, "b": b, "a_wins": a_wins, "b_wins": b_wins, "draws": len(games) - decided,
                     "interval": [low, high], "a_share": a_wins / decided if decided else None,
                     "a_first": sum(1 for g in games if not g["swapped"])})
    return {"ratings": table, "pairs": rows}
