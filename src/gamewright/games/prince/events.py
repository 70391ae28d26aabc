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

    __slots__ = ("_lazy",)
    _lazy: Payload | tuple[dict[str, Any], str]  # the builder until first read, then what it built

    def __init__(self, kind: str, build: Payload, visible_to: frozenset[int] | None = None) -> None:
        # the slots' own setters: ``Event`` is frozen, and ``object.__setattr__`` by name is slower
        _KIND.__set__(self, kind)
        _VISIBLE_TO.__set__(self, visible_to)
        _LAZY.__set__(self, build)

    def _payload(self) -> tuple[dict[str, Any], str]:
        lazy = self._lazy
        if type(lazy) is tuple:
            return lazy
        parts = lazy()  # type: ignore[operator]
        _LAZY.__set__(self, parts)  # and let go of what the payload was built from
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
_LAZY = LazyEvent.__dict__["_lazy"]
