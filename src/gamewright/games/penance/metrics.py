"""Penance's metrics for the lab: seat and first-mover advantage, win rate by deck, faction, secondary
equipment and tactic, card play and card loss frequencies, each card's win rate when played (by deck), and what
defeated the loser; for squads (issue 16) the win rate by line-up and seat, the winners' caskets lost, and pilot
extractions.

Initiative is rolled every round (reference penance.md §4), so who moves first is measured apart from the
seat; the decks change seats every other game, so a seat's advantage is not its deck's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from gamewright.core.metrics import (
    MetricsHook,
    Record,
    headline_rate,
    per_game,
    rate,
    seat_advantage,
    total_counts,
    win_rate_by,
)


def game_options(options: dict[str, Any], index: int) -> dict[str, Any]:
    """Every other game the two decks change seats."""
    if index % 2 == 0:
        return options
    from gamewright.games.penance.game import RULES

    decks = str(RULES.resolve(None, options).decks).split(",")
    return {**options, "decks": ",".join(d.strip() for d in reversed(decks))}


def record(state: Any, events: Sequence[Any]) -> Record:
    """A finished battle's record, read from the state's fields (not its JSON: that copies every deck)."""
    first = next((e.data.get("first") for e in events if e.kind == "round"), None)
    if first is not None:
        first = state.team[first]  # squads: the seat of the casket that moved first
    plays: Counter[str] = Counter(str(e.data["card"]) for e in events if e.kind == "play" and e.data.get("card"))
    losses: Counter[str] = Counter(str(e.data["card"]) for e in events if e.kind == "lose" and e.data.get("card"))
    reason = str(state.end_reason or "")
    decks = [d.strip() for d in str(state.rules.decks).split(",")]
    return {
        "length": int(state.round or 0),
        "decks": decks,
        "first": first,
        "plays": dict(sorted(plays.items())),
        "losses": dict(sorted(losses.items())),
        "cause": reason.split("'s ", 1)[-1] if reason else "no winner",  # "P2 wins: P1's chassis …" → "chassis …"
        # squads (issue 16): caskets a side, and how many of each side's caskets ended out of the battle
        "lineup": "v".join(str(state.team.count(t)) for t in (0, 1)),
        "caskets_out": [sum(1 for c, side in enumerate(state.sides) if state.team[c] == t and side.out)
                        for t in (0, 1)],
        "extractions": sum(1 for e in events if e.kind == "extract"),
        "played": _played(state, events, decks),
    }


def _played(state: Any, events: Sequence[Any], decks: Sequence[str]) -> list[dict[str, list[str]]]:
    """Per seat: each of its decks → the cards a casket with that deck played at least once."""
    played: list[dict[str, set[str]]] = [{}, {}]
    for e in events:
        if e.kind == "play" and e.data.get("card"):
            casket = int(e.data.get("casket", e.data["player"]))  # squads: ``player`` is the seat
            seat = state.team[casket]
            place = state.team[:casket].count(seat)  # the casket's place in its side: its deck in "a/b"
            deck = decks[seat].split("/")[place].strip()
            played[seat].setdefault(deck, set()).add(str(e.data["card"]))
    return [{deck: sorted(cards) for deck, cards in sorted(side.items())} for side in played]


def card_win_rates(games: Sequence[Record]) -> dict[str, dict[str, Any]]:
    """Deck → card → the win rate of the seat that played it (in the games where a casket with that deck
    played the card at least once; a game counts once per seat)."""
    played: Counter[tuple[str, str]] = Counter()
    won: Counter[tuple[str, str]] = Counter()
    for game in games:
        for seat, side in enumerate(game["metrics"].get("played", ())):
            for deck, cards in side.items():
                for card in cards:
                    played[deck, card] += 1
                    won[deck, card] += seat in game["wins"]
    out: dict[str, dict[str, Any]] = {}
    for deck, card in sorted(played):
        out.setdefault(deck, {})[card] = rate(won[deck, card], played[deck, card])
    return out


def _deck_labels(game: Record, label: str) -> Iterable[tuple[str, int]]:
    from gamewright.games.penance.decks import parse_deck

    for seat, side in enumerate(game["metrics"]["decks"]):
        for text in side.split("/"):  # squads: every deck of the seat's side
            yield from _labels(parse_deck(text), text, seat, label)


def _labels(spec: Any, text: str, seat: int, label: str) -> Iterable[tuple[str, int]]:
    if label == "deck":
        yield text, seat
    elif label == "faction":
        yield spec.faction, seat
    elif label == "secondary":
        yield f"{spec.id}:{spec.secondary}", seat
    else:
        for tactic in spec.tactics:
            yield tactic, seat


def summarise(games: Sequence[Record]) -> dict[str, Any]:
    n = len(games)
    rolled = [g for g in games if g["metrics"]["first"] is not None]
    first_wins = sum(1 for g in rolled if g["metrics"]["first"] in g["wins"])
    causes = Counter(g["metrics"]["cause"] for g in games)
    return {
        "seat_advantage": seat_advantage(games),
        "first_mover": rate(first_wins, len(rolled)),
        "by_deck": win_rate_by(games, lambda g: _deck_labels(g, "deck")),
        "by_faction": win_rate_by(games, lambda g: _deck_labels(g, "faction")),
        "by_secondary": win_rate_by(games, lambda g: _deck_labels(g, "secondary")),
        "by_tactic": win_rate_by(games, lambda g: _deck_labels(g, "tactic")),
        "card_plays_per_game": per_game(total_counts(games, "plays"), n),
        "card_losses_per_game": per_game(total_counts(games, "losses"), n),
        "card_win_rate_when_played": card_win_rates(games),
        "cause_of_defeat": dict(sorted(causes.items())),
        "by_lineup": win_rate_by(games, lambda g: ((f"{g['metrics'].get('lineup', '1v1')} seat {s + 1}", s)
                                                   for s in (0, 1))),
        "winner_caskets_lost_per_game": per_game(Counter(
            {"lost": sum(g["metrics"].get("caskets_out", [0, 0])[w] for g in games for w in g["wins"])}), n),
        "extractions_per_game": per_game(Counter({"extractions": sum(g["metrics"].get("extractions", 0)
                                                                     for g in games)}), n),
        "headline": {
            "first mover wins": headline_rate(first_wins, len(rolled)),
            "draws": headline_rate(sum(1 for g in games if not g["wins"]), n),
        },
    }


HOOK = MetricsHook(record=record, summarise=summarise, game_options=game_options, length_unit="rounds",
                   text_tables=("card_win_rate_when_played",))
