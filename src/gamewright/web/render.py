"""Turning what the engines say into page parts: grouped action buttons, table columns, form values."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.rules import RulesSpec
from gamewright.web import catalogue


def grouped_actions(texts: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Legal actions grouped by their first word, in the engine's order."""
    groups: dict[str, list[str]] = {}
    for text in texts:
        groups.setdefault(text.split(" ", 1)[0], []).append(text)
    return list(groups.items())


def columns(rows: Any) -> list[str] | None:
    """The columns of a list of objects that share one set of keys (shown as one table), else None."""
    if not isinstance(rows, list) or len(rows) < 2 or not all(isinstance(r, dict) for r in rows):
        return None
    keys = list(rows[0])
    if any(list(r) != keys for r in rows[1:]) or len(keys) > 24:
        return None
    return keys


def is_scalar_list(value: Any) -> bool:
    return isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value)


def _option_value(spec: RulesSpec, name: str, raw: str) -> Any:
    option = spec.option(name)
    if isinstance(option.default, bool):
        return raw == "true"
    if isinstance(option.default, int) and not option.choices:
        from gamewright.core.limits import ascii_int

        return ascii_int(raw, f"option {name}")
    if option.choices:
        for choice in option.choices:
            if str(choice) == raw:
                return choice
    return raw


def request_from_form(form: Any) -> dict[str, Any]:
    """The lobby form as a create-game body (the same body the JSON API takes)."""
    game = str(form.get("game", ""))
    spec = catalogue.rules_spec(game)
    options = {}
    for opt in spec.options:
        raw = form.get(f"opt.{opt.name}")
        if raw is None or str(raw).strip() == "":
            continue
        value = _option_value(spec, opt.name, str(raw).strip())
        if value != opt.default:
            options[opt.name] = value
    seats = [str(form.get(f"seat.{i}")) for i in range(6) if form.get(f"seat.{i}") not in (None, "", "none")]
    seed_text = str(form.get("seed", "")).strip()
    timer_text = str(form.get("timer", "")).strip()
    from gamewright.core.limits import ascii_int

    options.pop("players", None)  # the seats decide
    if not seats:
        raise ConfigError("choose at least one seat")
    return {"game": game, "ruleset": str(form.get("ruleset") or "") or None, "options": options,
            "seed": ascii_int(seed_text, "seed") if seed_text else None, "seats": seats,
            "timer": ascii_int(timer_text, "timer") if timer_text else None,
            "listed": form.get("listed") == "on", "prince": str(form.get("prince") or "").strip() or None}


def seat_choices(game: str) -> list[str]:
    return ["human", *(f"bot:{b}" for b in catalogue.bot_names(game))]


def seat_count(game: str) -> tuple[int, int]:
    """How many seats the lobby offers (the engine decides; Inclinations takes 2-6)."""
    spec = catalogue.rules_spec(game)
    for opt in spec.options:
        if opt.name == "players":
            return int(opt.minimum or 1), int(opt.maximum or 6)
    from gamewright.core.game import load_game

    n = load_game(game).num_players
    return n, n
