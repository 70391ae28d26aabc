"""The turn's shared tables (per planet and sign, per matchup) serve only the charts they describe, and what a
turn reports is the same however it is read: a chart whose stats are not its signs' resolves on its own stats, a
run keeps the tables of the opponent it is facing, and a turn's combustions read off its check records equal
those of its ``Check`` objects."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.rng import Rng
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.options import config_for
from gamewright.games.prince.resolve import SideState, profile_for, resolve_turn
from gamewright.games.prince.tables import Stats

from .reference_turn import reference_turn

signs = st.lists(st.integers(0, 11), min_size=7, max_size=7)
stats = st.builds(Stats, st.integers(0, 6), st.integers(0, 6), st.integers(1, 6), st.integers(0, 6))


def _side(affliction: list[int]) -> SideState:
    return SideState(list(affliction), [False] * 7, [False] * 7)


@settings(max_examples=150, deadline=None)
@given(signs, signs, st.lists(stats, min_size=7, max_size=7), st.integers(0, 6), st.integers(0, 6),
       st.lists(st.integers(0, 12), min_size=7, max_size=7), st.sampled_from(["design", "prototype"]),
       st.integers(0, 2**32))
def test_a_chart_with_stats_of_its_own_resolves_on_them(mine, theirs, own_stats, pi, oi, affliction, ruleset,
                                                         seed) -> None:
    """The same signs as a standard chart (whose tables are made first), other stats: the turn reads the others."""
    _, cfg = config_for(ruleset)
    standard = profile_for(tuple(mine), "day", 0)
    opponent = profile_for(tuple(theirs), "night", 5)
    resolve_turn(cfg, (standard, opponent), (_side(affliction), _side(affliction)), (pi, oi), Rng(seed))
    unusual = dataclasses.replace(standard, stats=tuple(own_stats))
    fast = resolve_turn(cfg, (unusual, opponent), (_side(affliction), _side(affliction)), (pi, oi), Rng(seed))
    slow = reference_turn(cfg, (unusual, opponent), (_side(affliction), _side(affliction)), (pi, oi), Rng(seed))
    assert fast.to_json() == slow.to_json()


def test_combustions_read_off_the_records_equal_those_of_the_checks() -> None:
    game = PrinceGame("prototype")
    seen = 0
    for seed in range(20):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
            result = state.last
            assert result is not None
            before = result.combusted  # from the records
            expected = [(c.side, c.planet) for c in result.checks if c.combusted]  # makes the Check objects
            assert before == expected == result.combusted
            seen += len(before)
    assert seen > 0


def test_a_run_resolves_against_each_new_opponent_with_its_tables() -> None:
    """A clone carried into a new encounter resolves as a state rebuilt from its JSON (which keeps no tables)."""
    game = PrinceGame("design")
    for seed in range(6):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            twin = game.state_from_json(state.to_json())
            assert [e.data for e in state.clone().apply(action)] == [e.data for e in twin.apply(action)]
            state.apply(action)
