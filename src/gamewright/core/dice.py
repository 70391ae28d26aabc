"""Exact probability distributions over dice, in Fractions. No game knowledge lives here.

A ``Dist`` maps outcomes (ints, or tuples for joint distributions) to exact probabilities. Pools of dice with
arbitrary faces combine by convolution; counts, keep-highest/lowest and joint tallies are built on top.

>>> d6 = die(6)
>>> (d6 + d6).prob_at_least(11)
Fraction(1, 12)
>>> count(d6, 2, lambda face: face >= 4).prob_at_least(2)
Fraction(1, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, ItemsView, Iterable, Iterator, KeysView, Mapping, Sequence, ValuesView
from fractions import Fraction
from functools import reduce
from typing import Any

Outcome = Hashable


class Dist(Mapping[Any, Fraction]):
    """An exact finite distribution. Immutable; outcomes with probability 0 are dropped."""

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[Any, int | Fraction] | Iterable[tuple[Any, int | Fraction]]) -> None:
        items = weights.items() if isinstance(weights, Mapping) else weights
        raw: dict[Any, Fraction] = {}
        for outcome, weight in items:
            if weight < 0:
                raise ValueError("a probability weight cannot be negative")
            raw[outcome] = raw.get(outcome, Fraction(0)) + Fraction(weight)
        total = sum(raw.values(), Fraction(0))
        if total <= 0:
            raise ValueError("a distribution needs a positive total weight")
        self._p = {k: v / total for k, v in sorted(raw.items(), key=_sort_key) if v}

    @classmethod
    def from_ways(cls, ways: Iterable[tuple[Any, int]], total: int, *, ordered: bool = False) -> Dist:
        """Integer counts of ways out of ``total`` (e.g. 6ⁿ): each probability becomes one exact Fraction.

        The same distribution as ``Dist(dict(ways))``, without Fraction arithmetic on the way (counting in
        integers and dividing once is many times faster); ``ordered`` says the outcomes already come in the
        sorted order every Dist keeps. The counts must be non-negative, distinct outcomes summing to ``total``."""
        pairs = list(ways) if ordered else sorted(ways, key=_sort_key)
        counts = [w for _, w in pairs]
        if total <= 0 or sum(counts) != total or min(counts) < 0:
            raise ValueError("counts of ways must be non-negative and sum to a positive total")
        self = cls.__new__(cls)
        self._p = {k: Fraction(w, total) for k, w in pairs if w}
        return self

    # --- Mapping -----------------------------------------------------------------------------------
    def __getitem__(self, outcome: Any) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Any]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    # the dict's own views: the same items as Mapping's, without a lookup per outcome
    def keys(self) -> KeysView[Any]:
        return self._p.keys()

    def values(self) -> ValuesView[Fraction]:
        return self._p.values()

    def items(self) -> ItemsView[Any, Fraction]:
        return self._p.items()

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Dist({{{body}}})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        return hash(tuple(self._p.items()))

    # --- combination -------------------------------------------------------------------------------
    def combine(self, other: Dist, op: Callable[[Any, Any], Any]) -> Dist:
        """The distribution of ``op(a, b)`` for independent ``a`` from self and ``b`` from other."""
        out: dict[Any, Fraction] = {}
        for a, pa in self._p.items():
            for b, pb in other._p.items():
                key = op(a, b)
                out[key] = out.get(key, Fraction(0)) + pa * pb
        return Dist(out)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.map(lambda x: x + other)
        return self.combine(other, _add)

    __radd__ = __add__

    def map(self, fn: Callable[[Any], Any]) -> Dist:
        out: dict[Any, Fraction] = {}
        for k, p in self._p.items():
            key = fn(k)
            out[key] = out.get(key, Fraction(0)) + p
        return Dist(out)

    def repeat_sum(self, n: int) -> Dist:
        """The sum of ``n`` independent copies (``n`` = 0 gives the constant 0)."""
        if n < 0:
            raise ValueError("cannot sum a negative number of dice")
        result = constant(0)
        base = self
        while n:  # binary exponentiation keeps large pools fast
            if n & 1:
                result = result + base
            base = base + base
            n >>= 1
        return result

    # --- queries -----------------------------------------------------------------------------------
    def prob(self, predicate: Callable[[Any], bool]) -> Fraction:
        return sum((p for k, p in self._p.items() if predicate(k)), Fraction(0))

    def prob_at_least(self, x: Any) -> Fraction:
        return self.prob(lambda k: k >= x)

    def prob_at_most(self, x: Any) -> Fraction:
        return self.prob(lambda k: k <= x)

    def mean(self) -> Fraction:
        return sum((k * p for k, p in self._p.items()), Fraction(0))

    def variance(self) -> Fraction:
        mu = self.mean()
        return sum(((k - mu) ** 2 * p for k, p in self._p.items()), Fraction(0))

    def at_least_table(self) -> dict[Any, Fraction]:
        """P(X >= x) for every x from the smallest outcome to the largest."""
        keys = list(self._p)
        return {x: self.prob_at_least(x) for x in range(min(keys), max(keys) + 1)}

    def marginal(self, index: int) -> Dist:
        """For a joint distribution over tuples, the distribution of one coordinate."""
        return self.map(lambda k: k[index])

    def sample(self, rng: Any) -> Any:
        """One outcome drawn from ``rng`` (anything with ``random()``)."""
        u = Fraction(rng.random())
        running = Fraction(0)
        last = None
        for k, p in self._p.items():
            running += p
            last = k
            if u < running:
                return k
        return last


def _sort_key(item: tuple[Any, Any]) -> tuple[int, Any]:
    key = item[0]
    return (0, key) if isinstance(key, (int, tuple)) else (1, repr(key))


def _add(a: Any, b: Any) -> Any:
    if isinstance(a, tuple):
        return tuple(x + y for x, y in zip(a, b, strict=True))
    return a + b


def constant(value: Any) -> Dist:
    return Dist({value: 1})


def die(sides: int) -> Dist:
    """A fair die numbered 1..sides."""
    if sides < 1:
        raise ValueError("a die needs at least one side")
    return Dist({face: 1 for face in range(1, sides + 1)})


def faces(values: Sequence[Any]) -> Dist:
    """A fair die with the given faces (repeats weigh more): ``faces([0, 0, 1, 1, 2, 3])``."""
    out: dict[Any, int] = {}
    for v in values:
        out[v] = out.get(v, 0) + 1
    return Dist(out)


def pool_sum(dice: Iterable[Dist]) -> Dist:
    """The sum of independent dice, possibly different (an empty pool sums to 0)."""
    items = list(dice)
    return reduce(lambda acc, d: acc + d, items) if items else constant(0)


def count(single: Dist, n: int, predicate: Callable[[Any], bool]) -> Dist:
    """How many of ``n`` copies of ``single`` satisfy ``predicate`` (a binomial, exactly)."""
    p = single.prob(predicate)
    return Dist({1: p, 0: 1 - p}).repeat_sum(n) if n else constant(0)


def tally(dice: Iterable[Dist], score: Callable[[Any], Any]) -> Dist:
    """Sum of ``score(face)`` over a pool; ``score`` may return tuples for joint tallies."""
    return pool_sum(d.map(score) for d in dice)


def keep(dice: Sequence[Dist], k: int, *, highest: bool = True) -> Dist:
    """The distribution of the sorted tuple of the ``k`` highest (or lowest) faces of a pool.

    Exact dynamic programming over the multiset of kept faces, so pools of mixed dice work.
    """
    if k < 0 or k > len(dice):
        raise ValueError(f"cannot keep {k} of {len(dice)} dice")
    states: dict[tuple[Any, ...], Fraction] = {(): Fraction(1)}
    for d in dice:
        nxt: dict[tuple[Any, ...], Fraction] = {}
        for kept, p in states.items():
            for face, q in d.items():
                merged = sorted((*kept, face), reverse=highest)[:k]
                key = tuple(merged)
                nxt[key] = nxt.get(key, Fraction(0)) + p * q
        states = nxt
    return Dist(states)


def keep_highest_sum(dice: Sequence[Dist], k: int) -> Dist:
    return keep(dice, k, highest=True).map(sum)


def keep_lowest_sum(dice: Sequence[Dist], k: int) -> Dist:
    return keep(dice, k, highest=False).map(sum)


def fraction_text(value: Fraction) -> str:
    """An exact probability as ``"a/b"`` (always with a denominator, ``"1/1"`` included)."""
    return f"{value.numerator}/{value.denominator}"
