"""The Game / State protocol every game implements (after OpenSpiel).

``Game(ruleset, options).new_initial_state(seed)`` gives a ``State``. A state knows whose turn it is
(``current_player``: a seat index, ``CHANCE`` or ``TERMINAL``), lists ``legal_actions()``, and ``apply(action)``
returns the ``Event``s the action caused. An illegal action raises ``RuleViolation`` and leaves the state as it
was. All randomness comes from the state's own seeded ``Rng``, so a seed plus an action list replays a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

CHANCE = -1
TERMINAL = -2


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: a kind and a JSON-friendly payload. ``text`` is for people.

    ``visible_to`` is None for a public event, else the seats that may see it (a drawn card: its owner).
    ``apply()`` returns every event; whatever shows events to a person, an agent or a log filters them
    with ``events_for(events, seat)`` first, so a secret never leaves the engine by accident.
    """

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    text: str = ""
    visible_to: frozenset[int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"event": self.kind, **self.data}

    def visible_for(self, seat: int | None) -> bool:
        """May ``seat`` (None: a spectator) see this event?"""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class DeferredEvent(Event):
    """Base of an engine's cheaper ``Event`` whose fields are filled in when first read (a subclass's properties
    shadow the slots): it compares, prints, pickles and copies as the plain ``Event`` it stands for."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        """Equal to any ``Event`` with the same fields (a plain one included)."""
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.data, self.text, self.visible_to) == (other.kind, other.data, other.text,
                                                                      other.visible_to)

    __hash__ = Event.__hash__

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, data={self.data!r}, text={self.text!r}, visible_to={self.visible_to!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Event, (self.kind, self.data, self.text, self.visible_to)


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (None: a spectator, who sees only public events), in order."""
    return [e for e in events if e.visible_to is None or (seat is not None and seat in e.visible_to)]


class Action(Protocol):
    """Actions are small typed values with a stable text form for logs and command lines."""

    def to_text(self) -> str: ...


@runtime_checkable
class State(Protocol):
    # The optional capabilities (``preview``, ``resample``, ``invariant_violations``, ``public_view``) are
    # declared in ``core.capabilities``; every built-in game's state names the ones it offers among its bases.

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> list[Event]: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...

    def clone(self) -> State: ...

    def to_json(self) -> dict[str, Any]: ...

    def view_for(self, player: int) -> dict[str, Any]: ...


@runtime_checkable
class Game(Protocol):
    name: ClassVar[str]

    @property
    def num_players(self) -> int: ...

    def new_initial_state(self, seed: int = 0) -> State: ...

    def parse_action(self, state: State, text: str) -> Any: ...

    def state_from_json(self, data: dict[str, Any]) -> State: ...


GameFactory = Callable[..., Game]


def registered_games() -> dict[str, GameFactory]:
    """Every registered game's factory by name, in the lobby's order (the games' manifests, ``core.manifest``)."""
    from gamewright.core.manifest import manifests

    return {m.name: m.make_game for m in manifests()}


def load_game(name: str, **kwargs: Any) -> Game:
    """A game by name: ``load_game("penance", ruleset=None, options={...})``."""
    from gamewright.core.manifest import manifest_for

    return manifest_for(name).make_game(**kwargs)  # type: ignore[no-any-return]


def register_game(manifest: Any) -> Any:
    """Register a game's ``GameManifest`` (``core.manifest.register_game``; kept here, where it always was)."""
    from gamewright.core.manifest import register_game as register

    return register(manifest)


def play_random(state: State, rng: Any, max_actions: int = 100_000) -> list[Event]:
    """Random legal actions until the end: the backbone of conformance tests and smoke runs."""
    events: list[Event] = []
    for _ in range(max_actions):
        if state.is_terminal():
            return events
        actions = state.legal_actions()
        events.extend(state.apply(rng.choice(actions)))
    raise RuntimeError(f"game did not end within {max_actions} actions")
