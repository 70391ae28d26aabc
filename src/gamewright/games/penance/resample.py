"""Determinization for agents (issue 15 §1): what a seat cannot know, redrawn from what it has seen.

Hidden from ``seat``: the opponent's hand (bar the cards Sensor Sweep showed, which stay), the order of both
draw decks, both pilots' face-down wound decks, and the random stream. Each is redrawn from the contents the
seat can work out (a side's cards minus its visible piles). Copies of one card are interchangeable, so every
instance number the seat cannot see is reassigned in a fixed order first: twins with equal views and equal
``rng`` give identical states.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from gamewright.core.limits import SEED_MAX
from gamewright.core.rng import Rng
from gamewright.games.penance.values import exposed


def resample_state(state: Any, seat: int, rng: Rng) -> Any:
    """A twin ``view_for(seat)`` cannot tell apart, hidden cards and future dice redrawn from ``rng``."""
    twin = state.clone()
    twin.rng = Rng(rng.randint(0, SEED_MAX))
    for p, side in enumerate(twin.sides):
        if twin.team[p] == seat:  # a seat knows the hands of all its caskets (allies share them)
            _redeal_own(side.piles, rng)
        else:
            _redeal_other(side.piles, p, rng, twin, seat)
        side.wound_deck = sorted(side.wound_deck)  # ref §4: face down; only the face-up wounds are known
        rng.shuffle(side.wound_deck)
    return twin


def _pool(piles: Any, fixed: list[int]) -> dict[str, list[int]]:
    """Instances by card id, lowest first, leaving out those whose identity the seat sees (``fixed``)."""
    keep = set(fixed)
    pool: dict[str, list[int]] = defaultdict(list)
    for inst in range(len(piles.cards)):
        if inst not in keep:
            pool[piles.cards[inst]].append(inst)
    for insts in pool.values():
        insts.reverse()  # pop() hands out the lowest
    return pool


def _relabel(piles: Any, pool: dict[str, list[int]]) -> None:
    """The public piles keep their card ids in order, with instances handed out in a fixed order."""
    for name in ("discard", "grave", "removed"):
        setattr(piles, name, [pool[piles.cards[i]].pop() for i in getattr(piles, name)])


def _rest(pool: dict[str, list[int]]) -> list[int]:
    return sorted(i for insts in pool.values() for i in insts)


def _redeal_own(piles: Any, rng: Rng) -> None:
    """The seat knows its hand exactly and its deck's contents, not the deck's order."""
    pool = _pool(piles, piles.hand)
    _relabel(piles, pool)
    piles.deck = _rest(pool)
    rng.shuffle(piles.deck)


def _redeal_other(piles: Any, c: int, rng: Rng, twin: Any, seat: int) -> None:
    """An enemy casket's hand and deck are one unknown pool, bar the hand cards Sensor Sweep showed."""
    seen = exposed(twin, c) if seat in (0, 1) else []
    pool = _pool(piles, [])
    _relabel(piles, pool)
    shown = [pool[piles.cards[i]].pop() for i in seen if i in piles.hand]
    hidden = len(piles.hand) - len(shown)
    rest = _rest(pool)
    rng.shuffle(rest)
    piles.hand = shown + rest[:hidden]
    piles.deck = rest[hidden:]
    if seat in (0, 1):
        twin.sides[c if twin.squad else seat].revealed = shown
