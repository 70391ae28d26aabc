"""Event construction shared by the engine modules."""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any

from gamewright.core.game import Event

if TYPE_CHECKING:
    from gamewright.games.penance.state import PenanceState


# ``Event`` is a frozen dataclass: its generated ``__init__`` sets each field through ``object.__setattr__`` by
# name. A battle builds some 250 events and reads few, so they are filled through the slots' own setters (the
# same object; the plain constructor serves if ``Event`` ever has other fields).
_FIELDS = ("kind", "data", "text", "visible_to")
_SETTERS = tuple(vars(Event)[name].__set__ for name in _FIELDS) if (
    tuple(f.name for f in fields(Event)) == _FIELDS and all(name in vars(Event) for name in _FIELDS)) else None


def ev(kind: str, text: str, visible_to: frozenset[int] | None = None, **data: Any) -> Event:
    """An event: a kind, a JSON-friendly payload and a line of text for people; ``visible_to`` names the seats
    that may see it (None: public), and every front end filters with ``events_for``."""
    if _SETTERS is None:
        return Event(kind, data, text, visible_to)
    e = _NEW(Event)
    set_kind, set_data, set_text, set_visible = _SETTERS
    set_kind(e, kind)
    set_data(e, data)
    set_text(e, text)
    set_visible(e, visible_to)
    return e


_NEW = object.__new__


BOTH_SEATS = frozenset((0, 1))  # known to both players, not to spectators (a card revealed from a hand)


def squad_events(st: PenanceState, events: list[Event]) -> None:
    """In squads the engine names caskets; an event's ``player`` becomes the casket's seat (side), and the
    casket itself is kept as ``casket``."""
    for e in events:
        c = e.data.get("player")
        if type(c) is int and "casket" not in e.data:
            e.data["casket"] = c
            e.data["player"] = st.team[c]
