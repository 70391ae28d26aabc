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
            at = COMPONENTS[self.arg] if 0 <= self.arg < len(COMPONENTS) else self.arg  # a bad target still prints
            return f"play {self.card}" + (f" at {at}" if self.arg != -1 else "")
        if k in ("move", "rotate"):
            return f"{k} {DIRECTIONS[self.arg] if 0 <= self.arg < len(DIRECTIONS) else self.arg}"
        if k == "lose":
            return "lose deck" if self.card < 0 else f"lose {self.card}"
        if k in ("react", "sacrifice", "purge", "scrap", "discard"):
            return f"{k} {self.card}"
        return k  # end, keep, mulligan, rune, pass
