"""Whatever a party goes through — journeys, burns, rests, recovers, days, level-ups — every sheet stays one the
rules allow (``Sheet.validate``), and a refused step changes nothing."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.errors import GamewrightError
from gamewright.games.affinity import party as pt
from gamewright.games.affinity.character import Sheet, gain_affinity, new_sheet

STEPS = st.lists(st.one_of(
    st.tuples(st.just("journey"), st.sampled_from([1, -1, -2])),
    st.tuples(st.just("burn"), st.integers(0, 3), st.integers(0, 12)),
    st.tuples(st.just("rest"), st.sampled_from(["rest", "recover"])),
    st.tuples(st.just("day"), st.integers(1, 3)),
    st.tuples(st.just("level"), st.integers(0, 3)),
    st.tuples(st.just("gain"), st.integers(0, 3)),
), max_size=25)


def _step(sheets: list[Sheet], step: tuple) -> None:
    kind = step[0]
    if kind == "journey":
        pt.journey_resolve(sheets, step[1])
    elif kind == "burn":
        pt.burn(sheets[step[1]], step[2])
    elif kind == "rest":
        pt.party_rest(sheets, step[1])
    elif kind == "day":
        pt.pass_days(sheets, step[1])
    elif kind == "level":
        pt.advance(sheets, [sheets[step[1]].name])
    else:
        gain_affinity(sheets[step[1]])


@settings(max_examples=60, deadline=None)
@given(STEPS)
def test_sheets_stay_legal_and_refusals_change_nothing(steps: list[tuple]) -> None:
    sheets = [new_sheet(n, c, 2) for n, c in (("A", "combatant"), ("B", "priest"), ("C", "ranger"),
                                               ("D", "weaver"))]
    for step in steps:
        before = copy.deepcopy([s.to_json() for s in sheets])
        try:
            _step(sheets, step)
        except GamewrightError:
            if step[0] in ("level", "gain", "rest"):  # refused before anything changed
                assert [s.to_json() for s in sheets] == before
            continue
        for s in sheets:
            Sheet.from_json(s.to_json())  # validates every bound: HD, Resolve, Affinity ≤ Level, choices
