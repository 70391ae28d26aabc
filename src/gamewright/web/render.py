"""Turning what the engines say into page parts: grouped action buttons, table columns, form values.

What the lobby offers per game (its options, bots, seats and their names) is read from the game's manifest
(``core.manifest``); no table of games lives here."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.manifest import GameManifest, manifest_for, manifests


def game_manifest(game: Any) -> GameManifest:
    """The manifest of a game a request names; an unknown name is bad input (400), naming the games there are."""
    names = [m.name for m in manifests()]
    if not isinstance(game, str) or game not in names:
        raise ConfigError(f"unknown game {str(game)[:40]!r}; choose one of: {', '.join(names)}")
    return manifest_for(game)


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


def request_from_form(form: Any) -> dict[str, Any]:
    """The lobby form as a create-game body (the same body the JSON API takes)."""
    game = str(form.get("game", ""))
    options = {}
    for opt in game_manifest(game).options:
        raw = form.get(f"opt.{opt.name}")
        if raw is None or str(raw).strip() == "":
            continue
        value = opt.parse(str(raw))
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
            "listed": form.get("listed") == "on", "prince": str(form.get("prince") or "").strip() or None,
            "spectator_chat": form.get("spectator_chat") == "on"}


def seat_choices(game: str) -> list[str]:
    return ["human", *(f"bot:{b}" for b in manifest_for(game).bot_names())]


def seat_options(game: str) -> list[tuple[str, str]]:
    """(value, words) of what may sit in a seat: a person, then the bots by strength; the value stays
    ``human`` / ``bot:NAME`` (the API's seat names)."""
    return [("human", "Human"), *((f"bot:{name}", label) for name, label in manifest_for(game).bot_choices())]


def bot_label(game: str, name: str) -> str:
    """A bot of a game as a player knows it ("Hard bot"); an unknown game or bot: its name."""
    try:
        return manifest_for(game).bot_label(name)
    except Exception:  # a game no longer registered (a test's fixture game): the stored name
        return f"bot {name}"


_DICE = re.compile(r"\d*d\d+")


def choice_words(value: Any) -> str:
    """A choice's value in words: ``half_up`` → "Half up", ``True`` → "Yes" (dice such as ``d10`` stay as they are)."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    text = str(value).replace("_", " ")
    return text if _DICE.fullmatch(text) else text[:1].upper() + text[1:]


def seat_count(game: str) -> tuple[int, int]:
    """How many seats the lobby offers (Inclinations takes 2-6)."""
    low, high = manifest_for(game).seats
    return low, high


def seat_label(game: str, seat: int) -> str:
    return manifest_for(game).seat_label(seat)


def option_fields(game: str) -> list[dict[str, Any]]:
    """The lobby form's fields for a game's options (``label``, ``description`` and ``group`` in a player's
    words; ``doc`` the engine's own note; ``offered``: (value, words) of each choice)."""
    return [{"name": o.name, "default": o.default, "choices": o.choices, "doc": o.option.doc, "kind": o.kind,
             "label": o.label, "description": o.description, "group": o.group,
             "offered": [(c, choice_words(c)) for c in o.choices or ()]} for o in manifest_for(game).options]


class Titles(Mapping[str, str]):
    """Each registered game's title by name, read from the registry whenever a page asks (the templates'
    ``titles[game]``)."""

    def __getitem__(self, game: str) -> str:
        return manifest_for(game).title

    def __iter__(self) -> Iterator[str]:
        return iter([m.name for m in manifests()])

    def __len__(self) -> int:
        return len(manifests())
