"""Layered defence: one die per point of damage from the outermost layer while capacity lasts (ref §1 "Defence").

Layers are listed outermost first (spell armour → shield → armour → temporary HD → body). For each point of
incoming damage: while defence rolls remain, roll one die of the outermost non-empty layer at its own size —
5+ cancels the point and the die survives, 4 or less destroys that die. Once the rolls are used up each point
destroys one die of the outermost layer with no roll. Damage left when every layer is empty is *overflow*.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.games.affinity import limits
from gamewright.games.affinity.pools import DEFENCE_TARGET

# 003 "Armor, Spells, and Temporary HD" with ref §1: the order of layers, outermost first.
LAYER_ORDER: tuple[str, ...] = ("spell", "shield", "armor", "temp", "body")


@dataclass(slots=True)
class Layer:
    """A layer of identical dice: ``count`` dice of ``sides``, each surviving a roll of ``survive`` or more."""

    label: str
    sides: int
    count: int
    survive: int = DEFENCE_TARGET

    def notation(self) -> str:
        return f"{self.count}d{self.sides}"

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "sides": self.sides, "count": self.count, "survive": self.survive}


@dataclass(slots=True)
class DefenceResult:
    layers: dict[str, int]
    cancelled: int
    lost: int
    overflow: int
    rolls: list[int]
    bonus_rolls: list[int] = field(default_factory=list)
    lost_by_layer: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"layers": dict(self.layers), "cancelled": self.cancelled, "lost": self.lost,
                "overflow": self.overflow, "rolls": list(self.rolls), "bonus_rolls": list(self.bonus_rolls),
                "lost_by_layer": dict(self.lost_by_layer)}


_LAYER_RE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_-]*)\s*:\s*([0-9]{1,30})\s*d\s*([0-9]{1,30})\s*$")


def parse_layers(text: str) -> list[Layer]:
    """``"armor:2d8,body:5d10"`` → layers, outermost first; the labels are the user's own."""
    layers: list[Layer] = []
    if not text or not text.strip():
        raise ConfigError("--layers needs at least one layer, e.g. armor:2d8,body:5d10")
    for part in text.split(","):
        m = _LAYER_RE.match(part)
        if not m:
            raise ConfigError(f"layer {part.strip()!r} is not LABEL:NdS, e.g. armor:2d8")
        label, count, sides = m.group(1), int(m.group(2)), int(m.group(3))
        limits.check("layer_dice", count, f"layer {label!r}: its number of dice")
        limits.check("sides", sides, f"layer {label!r}: its die size")
        if any(layer.label == label for layer in layers):
            raise ConfigError(f"layer label {label!r} is used twice; give each layer its own label")
        layers.append(Layer(label, sides, count))
    limits.check("layers", len(layers), "--layers: the number of layers (spell, shield, armour, temp, body)")
    return layers


def resolve_defence(
    layers: list[Layer],
    capacity: int,
    damage: int,
    roll: Callable[[int], int],
    bonus_dice: int = 0,
) -> DefenceResult:
    """Apply ``damage`` to ``layers`` (mutated in place). ``roll(sides)`` gives each defence roll in use order.

    ``bonus_dice`` extra d6 (Defend, Hold the Line, shields, swarms; ref §1 "Defence dice from effects") are
    rolled first: each 5+ cancels a point and a failure costs nothing.
    """
    if capacity < 0 or damage < 0 or bonus_dice < 0:
        raise ConfigError("capacity, damage and bonus defence dice cannot be negative")
    cancelled = 0
    bonus_rolls: list[int] = []
    for _ in range(bonus_dice):
        if damage - cancelled <= 0:
            break
        face = roll(6)
        bonus_rolls.append(face)
        if face >= DEFENCE_TARGET:
            cancelled += 1
    left = damage - cancelled
    rolls_left = capacity
    rolls: list[int] = []
    lost = 0
    lost_by: dict[str, int] = {}
    outer = 0
    while left > 0:
        while outer < len(layers) and layers[outer].count <= 0:
            outer += 1
        if outer >= len(layers):
            break  # every layer is gone: the rest is overflow
        layer = layers[outer]
        if rolls_left <= 0:  # no rolls left: each point destroys a die outright, a whole layer at a time
            gone = min(left, layer.count)
            layer.count -= gone
            left -= gone
            lost += gone
            lost_by[layer.label] = lost_by.get(layer.label, 0) + gone
            continue
        left -= 1
        rolls_left -= 1
        face = roll(layer.sides)
        rolls.append(face)
        if face >= layer.survive:
            cancelled += 1
            continue
        layer.count -= 1
        lost += 1
        lost_by[layer.label] = lost_by.get(layer.label, 0) + 1
    return DefenceResult({layer.label: layer.count for layer in layers}, cancelled, lost, left,
                         rolls, bonus_rolls, lost_by)


def scripted_roller(values: list[int]) -> Callable[[int], int]:
    """A roller that hands out the given rolls in order, checking each is a face of the die it stands for."""
    queue = list(values)
    used = [0]

    def roll(sides: int) -> int:
        if not queue:
            raise ConfigError(f"--rolls ran out: {used[0]} roll(s) given but more are needed")
        value = queue.pop(0)
        used[0] += 1
        if not 1 <= value <= sides:
            raise ConfigError(f"roll {used[0]} is {value}, which is not a face of the d{sides} it stands for")
        return value

    return roll
