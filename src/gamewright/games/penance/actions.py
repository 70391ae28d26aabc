"""A Penance decision: one small frozen value per player choice (004 §2, §8; ref §2, §4)."""

from __future__ import annotations

from dataclasses import dataclass

from gamewright.games.penance.components import COMPONENTS
from gamewright.games.penance.hexgrid import DIRECTIONS


@dataclass(frozen=True, slots=True)
class Act:
    """One decision. ``card`` is a card instance (or -1); ``arg`` a component, direction or facing."""

    kind: str
    card: int = -1
    arg: int = -1

    def to_text(self) -> str:
        k = self.kind
        if k == "play":
            return f"play {self.card}" + (f" at {_named(COMPONENTS, self.arg)}" if self.arg != -1 else "")
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


_SHARED: dict[tuple[str, int, int], Act] = {}


def act(kind: str, card: int = -1, arg: int = -1) -> Act:
    """The one shared ``Act`` for these values (it is frozen): legal-action lists skip rebuilding dataclasses."""
    key = (kind, card, arg)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = Act(kind, card, arg)
    return found
