"""Events whose payload is built when it is first read.

A run's turn event carries the whole resolution as JSON and a line of text; a simulation or a search applies
thousands of turns and reads neither. ``LazyEvent`` keeps what the payload needs (values copied at the moment
of the event) and builds ``data`` and ``text`` on first access: what is read is identical to building them at
once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamewright.core.game import DeferredEvent, Event


class LazyEvent(DeferredEvent):
    """An ``Event`` whose ``data`` and ``text`` come from ``build(*args)`` the first time either is read."""

    __slots__ = ("_lazy",)
    _lazy: tuple[Any, ...]  # (build, *args) until first read, then what it built: (data, text)

    def __init__(self, kind: str, build: Callable[..., tuple[dict[str, Any], str]], *args: Any,
                 visible_to: frozenset[int] | None = None) -> None:
        # the slots' own setters: ``Event`` is frozen, and ``object.__setattr__`` by name is slower
        _KIND.__set__(self, kind)
        _VISIBLE_TO.__set__(self, visible_to)
        _LAZY.__set__(self, (build, *args))

    def _payload(self) -> tuple[dict[str, Any], str]:
        lazy = self._lazy
        if type(lazy[0]) is dict:
            return lazy  # type: ignore[return-value]
        parts: tuple[dict[str, Any], str] = lazy[0](*lazy[1:])
        _LAZY.__set__(self, parts)  # and let go of what the payload was built from
        return parts

    @property  # type: ignore[override]
    def data(self) -> dict[str, Any]:
        return self._payload()[0]

    @property  # type: ignore[override]
    def text(self) -> str:
        return self._payload()[1]


class PublicLazyEvent(LazyEvent):
    """A public ``LazyEvent`` of one kind per subclass: the kind and the visibility are the class's (its
    attributes shadow ``Event``'s slots, as ``LazyEvent``'s properties shadow ``data`` and ``text``), so making
    one sets a single slot: a run makes two every turn."""

    __slots__ = ()

    def __init__(self, build: Callable[..., tuple[dict[str, Any], str]], *args: Any) -> None:
        _LAZY.__set__(self, (build, *args))


class TurnEvent(PublicLazyEvent):
    __slots__ = ()
    kind = "turn"
    visible_to = None

    def player_facts(self) -> tuple[str, list[str]]:
        """The planet the Prince sent and the Prince's planets that combusted, read without building the
        payload when it has not been built yet (the lab's metrics read only these)."""
        lazy = self._lazy
        if type(lazy[0]) is dict:
            data = lazy[0]
            return str(data["player_planet"]), [str(c["planet"]) for c in data.get("combusted") or ()
                                                 if c.get("side") == "player"]
        result, planet = lazy[1], lazy[2]  # ``run_events.turn_event``'s arguments: (build, result, planet, …)
        return str(planet), [p for side, p in result.combusted if side == "player"]


class OpponentPlanetEvent(PublicLazyEvent):
    __slots__ = ()
    kind = "opponent_planet"
    visible_to = None


_KIND, _VISIBLE_TO = Event.__dict__["kind"], Event.__dict__["visible_to"]
_LAZY = LazyEvent.__dict__["_lazy"]
