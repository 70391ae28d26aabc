"""The optional capabilities a game's state may offer beside the ``State`` protocol of ``core.game``.

Each is a ``typing.Protocol``: a state declares one by naming it among its bases (so mypy checks the signature)
and callers ask ``isinstance(state, Previewable)`` instead of ``hasattr``. The conformance suite
(``gamewright.testing.conformance``) checks every capability a game declares.

- ``Previewable``: ``preview(action) -> dict`` — what the action will do, from what the acting seat may know
  (an exact interface). Keys ``action`` (text form), ``legal``, ``errors``, plus the game's own; every
  probability is ``{"p": "a/b", "float": x}`` (``dice.fraction_text``). It never raises and never changes the
  state or its random stream.
- ``Resamplable``: ``resample(seat, rng)`` — a twin of the state that ``seat`` cannot tell apart from it (its
  view is equal), with hidden cards and the random stream redrawn from ``rng`` alone: the determinization
  behind the fair search agents (issue 15 §1).
- ``SelfChecking``: ``invariant_violations() -> list[str]`` — what is wrong with the state (empty: nothing).
- ``PublicView``: ``public_view() -> dict`` — what a spectator may see, built by the game on purpose. Every game
  defines it (the web sends it to spectators as it is); the conformance suite checks it is part of what every
  seat's ``view_for`` shows alike and holds no field the manifest declares secret.
- ``SearchHooks``: a module ``gamewright.games.<game>.search_hooks`` lending the search agents the game's
  candidate moves (``agents/macro``).
"""

from __future__ import annotations

from typing import Any, Protocol, Self, runtime_checkable

from gamewright.core.rng import Rng


@runtime_checkable
class Previewable(Protocol):
    __slots__ = ()  # the games' states keep __slots__: a declared capability must not give them a __dict__

    def preview(self, action: Any) -> dict[str, Any]: ...


@runtime_checkable
class Resamplable(Protocol):
    __slots__ = ()

    def resample(self, seat: int, rng: Rng) -> Self: ...


@runtime_checkable
class SelfChecking(Protocol):
    __slots__ = ()

    def invariant_violations(self) -> list[str]: ...


@runtime_checkable
class PublicView(Protocol):
    __slots__ = ()

    def public_view(self) -> dict[str, Any]: ...


@runtime_checkable
class SearchHooks(Protocol):
    """What a game lends the search (game logic stays in ``games/``); a module satisfies it."""

    DEFAULTS: dict[str, Any]  # the game's ismcts settings where a spec leaves them out

    def guide(self, seed: int) -> Any:
        """The game bot whose choice comes first; the agent keeps it for the whole game (bots remember)."""
        ...

    def macro_actions(self, state: Any, seat: int, rng: Rng, guide: Any) -> list[list[Any]] | None:
        """Candidates for ``seat`` on move, ``guide``'s own choice first, drawn from ``resample`` twins only;
        None where the plain tree search should decide."""
        ...

    def turn_key(self, state: Any) -> Any:
        """Equal while one macro is being played out (a plan's remaining steps stay valid)."""
        ...

    # Optional, where the game's bots remember from decision to decision (Penance):
    # ``primer(guide, seat) -> Prime`` sets a fresh rollout bot to what that seat's bot would recall after the
    # candidate; ``chosen(guide, macro)`` tells the guide which candidate the search played.


def load_search_hooks(game: str) -> SearchHooks | None:
    """The game's search hooks module (its manifest's ``search_hooks``), if it has one; a module named there
    that fails to import, or lacks a hook, is an error rather than a game without hooks."""
    from gamewright.core.errors import NotFound
    from gamewright.core.manifest import manifest_for

    try:
        module = manifest_for(game).load("search_hooks")
    except NotFound:
        return None
    if module is None:
        return None
    if not isinstance(module, SearchHooks):
        raise TypeError(f"{game}'s search hooks lack a SearchHooks member (DEFAULTS, guide, macro_actions, turn_key)")
    return module


CAPABILITIES: dict[str, type] = {
    "preview": Previewable,
    "resample": Resamplable,
    "invariant_violations": SelfChecking,
    "public_view": PublicView,
}


def capabilities_of(state: Any) -> set[str]:
    """The names (keys of ``CAPABILITIES``) of the optional capabilities ``state`` offers."""
    return {name for name, proto in CAPABILITIES.items() if isinstance(state, proto)}
