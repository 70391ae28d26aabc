"""Event construction shared by the engine modules."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamewright.core.game import Event

if TYPE_CHECKING:
    from gamewright.games.penance.base import StateBase


def ev(kind: str, text: str, visible_to: frozenset[int] | None = None, **data: Any) -> Event:
    """An event: a kind, a JSON-friendly payload and a line of text for people; ``visible_to`` names the seats
    that may see it (None: public), and every front end filters with ``events_for``."""
    return Event(kind, data, text, visible_to)


BOTH_SEATS = frozenset((0, 1))  # known to both players, not to spectators (a card revealed from a hand)


def squad_events(st: StateBase, events: list[Event]) -> None:
    """In squads the engine names caskets; an event's ``player`` becomes the casket's seat (side), and the
    casket itself is kept as ``casket``."""
    for e in events:
        c = e.data.get("player")
        if type(c) is int and "casket" not in e.data:
            e.data["casket"] = c
            e.data["player"] = st.team[c]
