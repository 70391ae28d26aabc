"""The result panel of a finished game: who won in words for the one reading it ("You win", "P2 wins",
"Draw", "You lose"), each seat's result and the game's own summary (its manifest's ``result_summary`` hook,
read from the final public view and the returns)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamewright.core.manifest import manifest_for
from gamewright.core.outcome import Outcome
from gamewright.web.result_words import and_list


@dataclass(frozen=True)
class SeatResult:
    seat: int
    label: str  # "P2", "party"
    who: str  # the seat's name, its bot, or "human"
    result: str  # "Won" | "Lost" | "Draw"
    words: str  # the game's own words for this seat ("still standing", "destroyed")
    you: bool


@dataclass(frozen=True)
class ResultPanel:
    headline: str  # for this viewer: "You win", "You lose — P2 wins", "Draw", "P2 wins"
    said: str  # who won, as a spectator reads it
    tone: str  # "win" | "loss" | "draw" | "over" (a spectator's): the panel's colour
    seats: tuple[SeatResult, ...]
    lines: tuple[str, ...]


def seat_name(seat: Any, game: str | None = None) -> str:
    """How a seat is named beside its label: its player's name, its bot by strength ("Hard bot"), or "human"
    (as the seats' list says)."""
    name = getattr(seat, "name", None)
    if name:
        return str(name)
    bot = getattr(seat, "bot", None)
    if not bot:
        return "human"
    if game is None:
        return f"bot {bot}"
    from gamewright.web.render import bot_label

    return bot_label(game, str(bot))


def said_of(outcome: Outcome, labels: Sequence[str]) -> str:
    """Who won, for a spectator: the game's own words, else built from the seats' labels."""
    if outcome.said:
        return outcome.said
    if outcome.winners:
        names = [labels[w] for w in outcome.winners if 0 <= w < len(labels)]
        return f"{and_list(names)} {'win' if len(names) > 1 else 'wins'}"
    if outcome.draw:
        return "Draw"
    return f"{and_list(list(labels))} {'lose' if len(labels) > 1 else 'loses'}"


def seat_result(outcome: Outcome, returns: Sequence[float], seat: int) -> str:
    if seat in outcome.winners:
        return "Won"
    if outcome.draw and returns and returns[seat] >= max(returns):
        return "Draw"
    return "Lost"


def lowered(text: str) -> str:
    """A sentence continued after a dash: "The creatures win" → "the creatures win" (a seat label stays)."""
    return text[0].lower() + text[1:] if text.startswith(("The ", "Nobody ")) else text


def headline_for(outcome: Outcome, returns: Sequence[float], labels: Sequence[str], seat: int | None) -> str:
    said = said_of(outcome, labels)
    if seat is None:
        return said
    mine = seat_result(outcome, returns, seat)
    if mine == "Won":
        others = [labels[w] for w in outcome.winners if w != seat and 0 <= w < len(labels)]
        return "You win" + (f", with {and_list(others)}" if others else "")
    if mine == "Draw":
        return "Draw" + (f" — {lowered(outcome.said)}" if outcome.said else "")
    return "You lose" + (f" — {lowered(said)}" if outcome.winners else "")


def result_panel(game: str, view: dict[str, Any], returns: Sequence[float], seats: Sequence[Any],
                 viewer_seat: int | None) -> ResultPanel:
    """The panel for one viewer (``viewer_seat`` None: a spectator) of a finished game: ``view`` is the final
    public view, ``seats`` the stored seat rows (for names and bots)."""
    manifest = manifest_for(game)
    outcome = manifest.outcome(view, returns)
    labels = [manifest.seat_label(i) for i in range(len(returns))]
    by_seat = {getattr(s, "seat", i): s for i, s in enumerate(seats)}
    rows = tuple(SeatResult(i, labels[i], seat_name(by_seat.get(i), game), seat_result(outcome, returns, i),
                            outcome.seat_words(i), i == viewer_seat) for i in range(len(returns)))
    if viewer_seat is None:
        tone = "over"
    else:
        tone = {"Won": "win", "Lost": "loss", "Draw": "draw"}[seat_result(outcome, returns, viewer_seat)]
    return ResultPanel(headline_for(outcome, returns, labels, viewer_seat), said_of(outcome, labels), tone, rows,
                       outcome.lines)
