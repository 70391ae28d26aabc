"""Valuations a policy remembers while it scores one decision: the state does not change between the scores of
its legal actions, and the same fighters are valued for many of them."""

from __future__ import annotations

import inspect
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

    @wraps(method)
    def remembered_by_fighter(self: Remembers, state: Any, f: Any) -> Any:
        # the same for valuations of the fighter alone, without gathering arguments: the most asked
        memo = self._memo
        if memo is None:
            return method(self, state, f)
        key = (name, f.idx)
        value = memo.get(key, memo)
        if value is memo:
            value = memo[key] = method(self, state, f)
        return value

    by_fighter = method.__code__.co_argcount == 3 and not method.__code__.co_flags & inspect.CO_VARARGS
    return cast(_Method, remembered_by_fighter if by_fighter else remembered)
