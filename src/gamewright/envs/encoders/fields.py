"""The encoders' common parts: a table of named, bounded fields, its ``Dict`` and flat ``Box`` spaces, and the
scalings every encoder uses to bring a number from a view into [0, 1] or [−1, 1].

A ``FieldTable`` fixes each field's name, shape and range once. ``blank()`` gives a fresh observation of zeros (each
field a view into one float32 buffer); ``flatten(obs)`` concatenates the fields in table order — the same vector
``gymnasium.spaces.flatten(table.space, obs)`` gives, since the ``Dict`` space keeps the table's order.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces

Obs = dict[str, np.ndarray]


@dataclass(frozen=True, slots=True)
class Field:
    """One named part of an observation: its shape, its range (``low`` 0 or −1, up to 1) and what it holds."""

    name: str
    shape: tuple[int, ...]
    doc: str
    low: float = 0.0

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class FieldTable:
    """The fields of one game configuration's observation, in order, and the spaces they make."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields = tuple(fields)
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError(f"field names repeat: {names}")
        self.offsets: dict[str, int] = {}
        at = 0
        for f in self.fields:
            self.offsets[f.name] = at
            at += f.size
        self.size = at
        self._slices = tuple((f.name, self.offsets[f.name], self.offsets[f.name] + f.size, f.shape)
                             for f in self.fields)
        self.space: spaces.Dict = spaces.Dict(OrderedDict(
            (f.name, spaces.Box(np.float32(f.low), np.float32(1.0), f.shape, np.float32)) for f in self.fields))
        low = np.concatenate([np.full(f.size, f.low, np.float32) for f in self.fields]) if self.fields else \
            np.zeros(0, np.float32)
        self.flat_space: spaces.Box = spaces.Box(low, np.ones(self.size, np.float32), (self.size,), np.float32)

    def blank(self) -> Obs:
        """An observation of zeros: every field a view into one fresh buffer."""
        buffer = np.zeros(self.size, np.float32)
        return {name: buffer[start:stop].reshape(shape) for name, start, stop, shape in self._slices}

    def flatten(self, obs: Mapping[str, np.ndarray]) -> np.ndarray:
        """The fields one after another (table order), as one float32 vector of ``size``."""
        first = obs[self.fields[0].name] if self.fields else None
        base = getattr(first, "base", None)
        if isinstance(base, np.ndarray) and base.shape == (self.size,) and all(
                getattr(obs[name], "base", None) is base for name, _, _, _ in self._slices):
            return base.copy()  # the fields are still the views ``blank`` made, so their buffer is the vector
        return np.concatenate([np.asarray(obs[f.name], np.float32).reshape(-1) for f in self.fields])

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


# --- scalings ------------------------------------------------------------------------------------------------
def unit(value: float, scale: float) -> float:
    """``value / scale`` clipped into [0, 1]: a count with a rules bound (``scale``) or a documented soft one
    (a bound of 0: 1 for a positive value, else 0)."""
    if scale <= 0:
        return 1.0 if value > 0 else 0.0
    x = value / scale
    return 0.0 if x <= 0.0 else 1.0 if x >= 1.0 else x


def signed(value: float, scale: float) -> float:
    """``value / scale`` clipped into [−1, 1]."""
    x = value / scale
    return -1.0 if x <= -1.0 else 1.0 if x >= 1.0 else x


def saturate(value: float, half: float) -> float:
    """``v / (v + half)`` for ``v ≥ 0``: an unbounded count squeezed into [0, 1), ½ at ``half``, order kept."""
    return 0.0 if value <= 0 else value / (value + half)


def one_hot(row: np.ndarray, index: int | None) -> None:
    """Set ``row[index] = 1`` where ``index`` is a valid position; leave the row 0 otherwise (unknown, absent)."""
    if index is not None and 0 <= index < row.shape[-1]:
        row[index] = 1.0


def index_of(values: Sequence[Any], value: Any) -> int | None:
    try:
        return values.index(value)
    except ValueError:
        return None


def probability(entry: Any) -> float:
    """A preview's probability (``{"p": "a/b", "float": x}``) or plain number, clipped into [0, 1]."""
    x = entry.get("float", 0.0) if isinstance(entry, dict) else entry
    return unit(float(x or 0.0), 1.0)
