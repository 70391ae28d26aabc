"""Events whose payload is built when it is first read.

A run's turn event carries the whole resolution as JSON and a line of text; a simulation or a search applies
thousands of turns and reads neither. ``LazyEvent`` keeps what the payload needs (values copied at the moment
of the event) and builds ``data`` and ``text`` on first access: what is read is identical to building them at
once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamewright.core.game import Event

Payload = Callable[[], tuple[dict[str, Any], str]]


class LazyEvent(Event):
    """An ``Event`` whose ``data`` and ``text`` come from ``build()`` the first time either is read."""

    __slots__ = ("_build", "_parts")
    _build: Payload | None
    _parts: tuple[dict[str, Any], str] | None

    def __init__(self, kind: str, build: Payload, visible_to: frozenset[int] | None = None) -> None:
        # the slots' own setters: ``Event`` is frozen, and ``object.__setattr__`` by name is slower
        _KIND.__set__(self, kind)
        _VISIBLE_TO.__set__(self, visible_to)
        _BUILD.__set__(self, build)
        _PARTS.__set__(self, None)

    def _payload(self) -> tuple[dict[str, Any], str]:
        parts: tuple[dict[str, Any], str] | None = self._parts
        if parts is None:
            assert self._build is not None  # dropped only once the parts are kept
            parts = self._build()
            _PARTS.__set__(self, parts)
            _BUILD.__set__(self, None)  # let go of what the payload was built from
        return parts

    @property  # type: ignore[override]
    def data(self) -> dict[str, Any]:
        return self._payload()[0]

    @property  # type: ignore[override]
    def text(self) -> str:
        return self._payload()[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.data, self.text, self.visible_to) == (other.kind, other.data, other.text,
                                                                      other.visible_to)

    __hash__ = Event.__hash__

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r}, text={self.text!r}, visible_to={self.visible_to!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as the plain ``Event`` it stands for."""
        return Event, (self.kind, self.data, self.text, self.visible_to)


_KIND, _VISIBLE_TO = Event.__dict__["kind"], Event.__dict__["visible_to"]
_BUILD, _PARTS = LazyEvent.__dict__["_build"], LazyEvent.__dict__["_parts"]
