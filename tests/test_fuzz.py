"""Stateful protocol fuzzing of every registered game (the harness is tests/protocol_fuzz.py).

Each game is played in a few configurations with random legal moves, and between them stale, foreign,
wrong-seat, mutated, hand-built and text actions are sent. After every refusal the state (its JSON and its random
streams) is unchanged and only ``RuleViolation`` came out; after every change the invariants hold, the JSON
round-trips and every seat's view is JSON. At least 10,000 actions per game; benchmarks/fuzz_protocol.py sends
150,000 per game.

A bug already filed against a game's engine is listed in ``KNOWN_BUGS``: when the fuzz finds only those, the case
is an expected failure naming them; anything else fails the test.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamewright.core.game import load_game, registered_games
from tests.protocol_fuzz import CONFIGS, Failure, Fuzzer, run_fuzz

PER_CONFIG = 3_400  # × 3 configurations ≥ 10,000 actions per game

Matcher = Callable[[Failure], bool]


# (game, matcher, reason): engine bugs already filed, expected to fail until fixed; none are open now.
KNOWN_BUGS: list[tuple[str, Matcher, str]] = []


def _split(failures: list[Failure]) -> tuple[list[Failure], list[str]]:
    unknown: list[Failure] = []
    reasons: list[str] = []
    for failure in failures:
        reason = next((r for g, match, r in KNOWN_BUGS if g == failure.game and match(failure)), None)
        if reason is None:
            unknown.append(failure)
        elif reason not in reasons:
            reasons.append(reason)
    return unknown, reasons


CASES = [
    pytest.param(name, i, options, id=f"{name}-{i}")
    for name in sorted(registered_games())
    for i, options in enumerate(CONFIGS.get(name, [{}]))
]


@pytest.mark.parametrize(("name", "index", "options"), CASES)
def test_protocol_fuzz(name: str, index: int, options: dict[str, Any]) -> None:
    budget = PER_CONFIG if name in CONFIGS else 10_000
    report = run_fuzz(name, options, budget, seed=index * 101)
    assert report.actions >= budget
    assert report.refused > budget // 10, "the fuzz must actually send refusable actions"
    unknown, reasons = _split(report.failures)
    assert not unknown, "\n".join(f.short() for f in unknown[:10])
    if reasons:
        pytest.xfail("; ".join(reasons))


# --- mutated values, drawn by hypothesis -------------------------------------------------------------------
HOSTILE = st.one_of(
    st.integers(), st.integers(min_value=2**62, max_value=2**70), st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([-0.0, math.nan, 2**63, -(2**63), None, True, False]), st.text(max_size=12), st.none(),
    st.binary(max_size=4), st.tuples(st.text(max_size=3)), st.lists(st.integers(), max_size=2),
)


def _sample_states(name: str, count: int = 12) -> list[Any]:
    """States of a seeded random game: the starting points of mutated actions."""
    import random

    game = load_game(name)
    rng = random.Random(name)
    state = game.new_initial_state(5)
    out = []
    for step in range(400):
        if state.is_terminal():
            break
        if step % 30 == 0:
            out.append(state.clone())
        state.apply(rng.choice(list(state.legal_actions())))
    return out[:count]


SAMPLES = {name: _sample_states(name) for name in sorted(registered_games())}


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_mutated_fields_are_refused_cleanly(name: str) -> None:
    """One field of a legal action replaced by any value hypothesis draws: refused cleanly, or a listed action."""
    fuzzer = Fuzzer(name, {}, 5)

    @settings(derandomize=True, max_examples=300, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        state = data.draw(st.sampled_from(SAMPLES[name])).clone()
        legal = list(state.legal_actions())
        action = data.draw(st.sampled_from(legal))
        fields = dataclasses.fields(action)
        if fields:
            f = data.draw(st.sampled_from(fields))
            fuzzer.send(state, dataclasses.replace(action, **{f.name: data.draw(HOSTILE)}), "mutated", legal)

    check()
    unknown, reasons = _split(fuzzer.report.failures)
    assert not unknown, "\n".join(f.short() for f in unknown[:10])
    if reasons:
        pytest.xfail("; ".join(reasons))
