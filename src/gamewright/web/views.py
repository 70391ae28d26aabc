"""What a viewer may receive: a seat's ``view_for``, the spectators' ``public_view``, and the events they may see.

Each game builds both views itself and leaves out what its manifest declares secret (``secret_fields``); nothing
here infers a public view or strips a field by its name (the conformance suite checks the games do it right).
Events go through ``events_for``; an event still tagged ``private`` (an older engine convention) reaches only
that seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gamewright.core.game import Event, events_for


def public_view(state: Any, num_players: int | None = None) -> dict[str, Any]:
    """The spectators' view: the game's own ``public_view()`` (``num_players`` is no longer needed)."""
    return dict(state.public_view())


def view_for_viewer(state: Any, seat: int | None, num_players: int | None = None) -> dict[str, Any]:
    """The view sent to ``seat`` (None: a spectator)."""
    return dict(state.view_for(seat) if seat is not None else state.public_view())


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    out = []
    for e in events_for(events, seat):
        owner = e.data.get("private") if isinstance(e.data, dict) else None
        if owner is not None and owner != seat:
            continue
        out.append(e)
    return out


def event_json(e: Event) -> dict[str, Any]:
    """An event as sent: its kind, payload and text."""
    return {**e.to_json(), "text": e.text}


def events_json(events: Iterable[Event], seat: int | None) -> list[dict[str, Any]]:
    return [event_json(e) for e in visible_events(events, seat)]
