"""Valuations a policy remembers while it scores one decision: the state does not change between the scores of
its legal actions, and the same fighters are valued for many of them."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Protocol, TypeVar, cast


class Remembers(Protocol):
    _memo: dict[tuple[Any, ...], Any] | None  # set for the decision being scored, None between decisions


_Method = TypeVar("_Method", bound=Callable[..., Any])


def per_decision(method: _Method) -> _Method:
    """Remember ``method(self, state, fighter, *args)`` in ``self._memo`` by fighter and arguments, while a
    decision is being scored (outside one, every call computes afresh)."""
    name = method.__name__

    @wraps(method)
    def remembered(self: Remembers, state: Any, f: Any, *args: Any) -> Any:
        memo = self._memo
        if memo is None:
            return method(self, state, f, *args)
        key = (name, f.idx, *args)
        value = memo.get(key, memo)  # the memo itself marks a miss (no valuation returns it)
        if value is memo:
            value = memo[key] = method(self, state, f, *args)
        return value

    return cast(_Method, remembered)
