"""What a viewer may receive: a seat's ``view_for``, the spectators' public view, and the events they may see.

The public view: a game's own ``public_view()`` when it has one; otherwise the part every seat's
``view_for`` agrees on (a key that differs between seats — a hand, a pending plan — is something some seat
holds secret, so a spectator does not get it). Until the end the seed and any random-stream state are removed
from every view, whatever a game puts there. Events go through ``events_for``; an event still tagged
``private`` (an older engine convention) reaches only that seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gamewright.core.capabilities import PublicView
from gamewright.core.game import Event, events_for

_MISSING = object()
SECRET_KEYS = frozenset({"seed", "rng"})


def common_part(values: Sequence[Any]) -> Any:
    """What all ``values`` agree on: equal values as they are, dicts key by key, equal-length lists item by item;
    anything else is ``_MISSING`` (dropped by the caller)."""
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        out = {}
        for key in first:
            if all(key in v for v in values):
                part = common_part([v[key] for v in values])
                if part is not _MISSING:
                    out[key] = part
        return out
    if all(isinstance(v, list) and len(v) == len(first) for v in values):
        items = [common_part([v[i] for v in values]) for i in range(len(first))]
        return [None if item is _MISSING else item for item in items]
    return _MISSING


def without_secrets(value: Any) -> Any:
    """``value`` without the seed or random-stream state at any depth."""
    if isinstance(value, dict):
        return {k: without_secrets(v) for k, v in value.items() if k not in SECRET_KEYS}
    if isinstance(value, list):
        return [without_secrets(v) for v in value]
    return value


def public_view(state: Any, num_players: int) -> dict[str, Any]:
    if isinstance(state, PublicView):
        return dict(state.public_view())
    part = common_part([state.view_for(seat) for seat in range(num_players)])
    return part if isinstance(part, dict) else {}


def view_for_viewer(state: Any, seat: int | None, num_players: int) -> dict[str, Any]:
    """The view sent to ``seat`` (None: a spectator)."""
    view = state.view_for(seat) if seat is not None else public_view(state, num_players)
    return view if state.is_terminal() else without_secrets(view)


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    out = []
    for e in events_for(events, seat):
        owner = e.data.get("private") if isinstance(e.data, dict) else None
        if owner is not None and owner != seat:
            continue
        out.append(e)
    return out


def event_json(e: Event) -> dict[str, Any]:
    """An event as sent: its kind, payload (never a seed or random-stream state) and text."""
    return {**without_secrets(e.to_json()), "text": e.text}


def events_json(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    return [event_json(e) for e in visible_events(events, seat)]
