"""What the lobby and the API offer per game: its options, its bots and how its seats are named.

Only configuration lives here (names and presets the engines already declare); no rule of any game.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.rules import RulesSpec

GAMES = ("penance", "inclinations", "prince", "affinity")
TITLES = {"penance": "Penance", "inclinations": "Dangerous Inclinations", "prince": "Space Prince",
          "affinity": "Affinity"}
# The bot that plays a timed-out seat until its person returns (issue: "hard-bot / heuristic / greedy").
BEST_BOT = {"inclinations": "hard-bot", "penance": "heuristic", "prince": "greedy", "affinity": "greedy"}
SEAT_LABELS = {"affinity": ("party", "creatures")}
# Games whose turn is planned in private step by step and executed by one closing action (the plan is a
# seat's secret until then): the page keeps the draft and posts ``step; step; end`` as one move.
PLAN_END = {"inclinations": "end"}
CHARACTER_SEATS = {"affinity": 0}  # a seat several characters share: each gets its own link


def characters(game: str, state: Any) -> list[tuple[int, str]]:
    """(index, name) of each character of the game's shared seat (none for other games)."""
    seat = CHARACTER_SEATS.get(game)
    if seat is None:
        return []
    return [(f.idx, f.name) for f in state.fighters if f.side == seat]


def acting_character(game: str, state: Any) -> int | None:
    return int(state.active) if game in CHARACTER_SEATS else None
# Small games that end fast, offered as the lobby's defaults.
DEFAULT_SEATS = {"penance": ("human", "bot:heuristic"), "inclinations": ("human", "bot:easy-bot", "bot:easy-bot"),
                 "prince": ("human",), "affinity": ("human", "bot:greedy")}


def rules_spec(game: str) -> RulesSpec:
    """The game's declared options (the same names as the CLI's ``--option NAME=VALUE``)."""
    if game == "penance":
        from gamewright.games.penance.game import RULES

        return RULES
    if game == "inclinations":
        from gamewright.games.inclinations.options import SPEC as INCLINATIONS

        return INCLINATIONS
    if game == "prince":
        from gamewright.games.prince.options import SPEC as PRINCE

        return PRINCE
    if game == "affinity":
        from gamewright.games.affinity import SPEC as AFFINITY

        return AFFINITY
    raise ConfigError(f"unknown game {game!r}; choose one of: {', '.join(GAMES)}")


def bot_names(game: str) -> list[str]:
    from gamewright.agents.registry import game_bot_names

    return game_bot_names(game)


def seat_label(game: str, seat: int) -> str:
    labels = SEAT_LABELS.get(game)
    return labels[seat] if labels and seat < len(labels) else f"P{seat + 1}"


def option_fields(game: str) -> list[dict[str, Any]]:
    """The lobby form's fields for a game's options."""
    out = []
    for opt in rules_spec(game).options:
        kind = "bool" if isinstance(opt.default, bool) else "int" if isinstance(opt.default, int) else "text"
        out.append({"name": opt.name, "default": opt.default, "choices": opt.choices, "doc": opt.doc,
                    "kind": "choice" if opt.choices else kind})
    return out
