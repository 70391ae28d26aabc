"""Event construction shared by the engine modules."""

from __future__ import annotations

from typing import Any

from gamewright.core.game import Event


def ev(kind: str, text: str, visible_to: frozenset[int] | None = None, **data: Any) -> Event:
    """An event: a kind, a JSON-friendly payload and a line of text for people; ``visible_to`` names the seats
    that may see it (None: public), and every front end filters with ``events_for``."""
    return Event(kind, data, text, visible_to)


BOTH_SEATS = frozenset((0, 1))  # known to both players, not to spectators (a card revealed from a hand)
