"""Event construction shared by the engine modules."""

from __future__ import annotations

from typing import Any

from gamewright.core.game import Event


def ev(kind: str, text: str, **data: Any) -> Event:
    """An event: a kind, a JSON-friendly payload and a line of text for people."""
    return Event(kind, data, text)
