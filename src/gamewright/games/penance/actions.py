"""A Penance decision: one small frozen value per player choice (004 §2, §8; ref §2, §4)."""

from __future__ import annotations

from dataclasses import dataclass

from gamewright.games.penance.components import COMPONENTS
from gamewright.games.penance.hexgrid import DIRECTIONS


@dataclass(frozen=True, slots=True)
class Act:
    """One decision. ``card`` is a card instance (or -1); ``arg`` a component, direction or facing; ``target``
    a casket (squads: the enemy an attack aims at, the ally a card helps, the casket extracted; -1 none)."""

    kind: str
    card: int = -1
    arg: int = -1
    target: int = -1

    def to_text(self) -> str:
        k = self.kind
        on = f" on {self.target + 1 if type(self.target) is int else self.target}" if self.target != -1 else ""
        if k == "play":
            return f"play {self.card}" + (f" at {_named(COMPONENTS, self.arg)}" if self.arg != -1 else "") + on
        if k == "extract":
            return f"extract{on}"
        if k in ("move", "rotate"):
            return f"{k} {_named(DIRECTIONS, self.arg)}"
        if k == "lose":
            return "lose deck" if self.card == -1 else f"lose {self.card}"
        if k in ("react", "sacrifice", "purge", "scrap", "discard"):
            return f"{k} {self.card}"
        return str(k)  # end, keep, mulligan, rune, pass


def _named(names: tuple[str, ...], i: object) -> object:
    """The name of index ``i``; a bad (hand-built) value prints as itself."""
    return names[i] if type(i) is int and 0 <= i < len(names) else i


_SHARED: dict[tuple[str, int, int, int], Act] = {}


def act(kind: str, card: int = -1, arg: int = -1, target: int = -1) -> Act:
    """The one shared ``Act`` for these values (it is frozen): legal-action lists skip rebuilding dataclasses."""
    key = (kind, card, arg, target)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = Act(kind, card, arg, target)
    return found
