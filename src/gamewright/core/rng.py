"""Seeded, splittable random streams, and a scripted stream for tests.

Every random draw in a game comes from the state's own ``Rng``; a seed plus an action list therefore replays a
game bit for bit. ``split(label)`` derives an independent child stream whose seed depends only on the parent
seed and the label, so adding draws to one stream never shifts another.
"""

from __future__ import annotations

import bisect
import hashlib
import itertools
import random
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def derive_seed(seed: int | str, label: str) -> int:
    """A 64-bit seed that depends only on ``seed`` and ``label`` (stable across Python versions)."""
    digest = hashlib.blake2b(f"{seed}/{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class Rng:
    """A seeded random stream. Uniform draws are in [0, 1); dice are 1..sides."""

    __slots__ = ("seed", "_random")

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._random = random.Random(derive_seed(seed, "root"))

    # --- draws -------------------------------------------------------------------------------------
    def random(self) -> float:
        return self._random.random()

    def draws(self) -> Callable[[], float]:
        """``random`` as a plain function, for a hot loop (the same draws from the same stream)."""
        return self._random.random

    def die(self, sides: int) -> int:
        """One roll of a fair die numbered 1..sides."""
        return int(self.random() * sides) + 1

    def dice(self, count: int, sides: int) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def randint(self, low: int, high: int) -> int:
        """An integer in [low, high], both inclusive."""
        return low + int(self.random() * (high - low + 1))

    def uniform(self, low: float, high: float) -> float:
        return low + (high - low) * self.random()

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[int(self.random() * len(items))]

    def weighted_choice(self, items: Sequence[T], weights: Sequence[float | int]) -> T:
        """Pick one item with probability proportional to its weight (weights >= 0, not all 0)."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("weighted choice needs a positive total weight")
        target = self.random() * total
        running = 0.0
        for item, weight in zip(items, weights, strict=True):
            running += weight
            if target < running and weight > 0:
                return item
        return next(item for item, weight in zip(reversed(items), reversed(weights), strict=True) if weight > 0)

    def weighted_choices(self, items: Sequence[T], weights: Sequence[float | int], count: int) -> list[T]:
        """``count`` draws of ``weighted_choice`` from the same weights: the same draws and the same picks, with
        the running totals summed once (the first item whose running total exceeds the target)."""
        if len(items) != len(weights):
            raise ValueError("weighted choices need one weight per item")
        total = sum(weights)
        if total <= 0:
            raise ValueError("weighted choice needs a positive total weight")
        cumulative = list(itertools.accumulate(weights, initial=0.0))[1:]  # 0.0 + w0, + w1, … as weighted_choice
        last = len(weights) - 1  # weighted_choice's fallback: the last item with a positive weight
        while not weights[last] > 0:
            last -= 1
        draw, n, bisect_right = self.draws(), len(items), bisect.bisect_right
        return [items[i] if i < n else items[last]
                for i in [bisect_right(cumulative, draw() * total) for _ in range(count)]]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates in place, drawing only from this stream."""
        for i in range(len(items) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            items[i], items[j] = items[j], items[i]

    # --- structure ---------------------------------------------------------------------------------
    def split(self, label: str) -> Rng:
        """An independent child stream named ``label``."""
        return Rng(derive_seed(self.seed, label))

    @staticmethod
    def child(seed: int | str, label: str) -> Rng:
        """``Rng(seed).split(label)`` without seeding the parent's own stream (which would go unused)."""
        return Rng(derive_seed(seed, label))

    def get_state(self) -> Any:
        version, internal, gauss = self._random.getstate()
        return {"seed": self.seed, "state": [version, list(internal), gauss]}

    def set_state(self, data: Any) -> None:
        version, internal, gauss = data["state"]
        self.seed = data["seed"]
        self._random.setstate((version, tuple(internal), gauss))

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.seed = self.seed
        other._random = random.Random()
        other._random.setstate(self._random.getstate())
        return other


class ScriptExhausted(RuntimeError):
    """A scripted stream ran out of values (a test asked for more draws than it scripted)."""


class ScriptedRng(Rng):
    """A stream that returns scripted values: "the next d6 rolls are 6, 1".

    ``uniforms`` feed ``random()``; ``dice`` feed ``die()`` (each checked against the die size). When a queue
    is empty, ``die`` falls back to the uniform queue. With ``repeat_last`` the last uniform repeats forever,
    the convention of the what-if scenario files; otherwise running out raises ``ScriptExhausted``.
    """

    __slots__ = ("_uniforms", "_dice", "_repeat_last", "_last", "used")

    def __init__(
        self,
        uniforms: Iterable[float] = (),
        dice: Iterable[int] = (),
        *,
        repeat_last: bool = False,
    ) -> None:
        self.seed = "scripted"
        self._random = random.Random(0)
        self._uniforms = list(uniforms)
        self._dice = list(dice)
        for u in self._uniforms:
            if not 0.0 <= u < 1.0:
                raise ValueError(f"scripted uniform draw {u} is outside [0, 1)")
        self._repeat_last = repeat_last
        self._last: float | None = None
        self.used: list[float | int] = []

    def random(self) -> float:
        if self._uniforms:
            value = self._uniforms.pop(0)
            self._last = value
        elif self._repeat_last and self._last is not None:
            value = self._last
        else:
            raise ScriptExhausted("the scripted random stream has no more uniform draws")
        self.used.append(value)
        return value

    def die(self, sides: int) -> int:
        if self._dice:
            value = self._dice.pop(0)
            if not 1 <= value <= sides:
                raise ValueError(f"scripted roll {value} is not a face of a d{sides}")
            self.used.append(value)
            return value
        return super().die(sides)

    def draws(self) -> Callable[[], float]:
        return self.random  # the script, not the underlying stream

    def push_dice(self, *values: int) -> None:
        self._dice.extend(values)

    def push_uniforms(self, *values: float) -> None:
        self._uniforms.extend(values)

    def split(self, label: str) -> Rng:
        return self

    def clone(self) -> ScriptedRng:
        other = ScriptedRng(self._uniforms, self._dice, repeat_last=self._repeat_last)
        other._last = self._last
        return other
