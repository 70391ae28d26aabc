"""Hex geometry (ref §4): distances, the six sides, boundaries, the front arc, line of sight."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.games.penance import make_game
from gamewright.games.penance.hexgrid import DIRECTIONS, load_map

M = load_map()


def h(name: str) -> int:
    return M.parse_hex(name)


def test_distance_and_neighbours() -> None:
    assert M.dist[h("B11")][h("K2")] == 14
    assert all(M.dist[h("E7")][n] == 1 for n in M.neighbors[h("E7")])
    assert [M.hex_name(n) for n in M.neighbors[h("E7")]] == ["F7", "E8", "D8", "D7", "D6", "E6"]


@pytest.mark.parametrize(("facing", "sides"), [
    ("E", [1, 2, 3, 4, 5, 6]), ("SE", [6, 1, 2, 3, 4, 5]), ("W", [4, 5, 6, 1, 2, 3]),
])
def test_adjacent_sides(facing: str, sides: list[int]) -> None:
    """An attacker in each neighbouring hex (E, SE, SW, W, NW, NE) is on these sides of a defender."""
    f = DIRECTIONS.index(facing)
    assert [M.side_of(h("E7"), f, n) for n in M.neighbors[h("E7")]] == sides


def test_weapon_side_is_the_right() -> None:
    # facing E (screen right), the weapon side (2) is the SE neighbour: clockwise, to the right
    assert M.side_of(h("E7"), 0, h("E8")) == 2


def test_boundary_goes_to_the_defender() -> None:
    # F8 lies exactly between the E and SE directions of E7: front (1) beats the weapon side (2, +1 damage)
    assert M.side_of(h("E7"), 0, h("F8")) == 1
    # F6 lies exactly between E and NE: the shield side (6, +1 TN) beats the front
    assert M.side_of(h("E7"), 0, h("F6")) == 6
    # facing W, F8 sits between the rear (4) and the shield-side flank (5): the flank is better
    assert M.side_of(h("E7"), 3, h("F8")) == 5


def test_front_arc_and_front_hexes() -> None:
    assert M.in_front_arc(h("E7"), 0, h("H7"))
    assert not M.in_front_arc(h("E7"), 0, h("B7"))
    assert sorted(M.hex_name(x) for x in M.front_hexes(h("E7"), 0)) == ["E6", "E8", "F7"]


def test_line_of_sight() -> None:
    assert not M.line_of_sight(h("H5"), h("J4"))  # the wall at I4-I5
    assert M.line_of_sight(h("B11"), h("E11"))
    assert M.line_of_sight(h("H5"), h("I6"))  # adjacent: always
    assert M.cover(h("F10")) == "light" and M.cover(h("D4")) == "heavy" and M.cover(h("A1")) == "none"


def test_render_marks_the_caskets() -> None:
    rows = M.render({h("B11"): "1NE"})
    assert len(rows) == 13 and "1NE" in rows[11]


def _full_walk(goals: tuple[int, ...], blocked: int) -> dict[int, int]:
    """The whole breadth-first walk, written plainly (the reference for the cached, part-way one)."""
    out = {g: 0 for g in goals}
    queue = list(goals)
    for hx in queue:
        for n in M.neighbors[hx]:
            if n >= 0 and M.passable(n) and n not in out and n != blocked:
                out[n] = out[hx] + 1
                queue.append(n)
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 143), min_size=1, max_size=4, unique=True), st.integers(-1, 143),
       st.lists(st.lists(st.integers(0, 143), max_size=4), min_size=1, max_size=4))
def test_walks_asked_part_way_give_the_full_walks_distances(goals: list[int], blocked: int,
                                                            asks: list[list[int]]) -> None:
    """However a walk is asked for (a few hexes at a time, then the whole map), every hex asked about has the
    distance of the full walk, or none when the full walk has none; the whole walk is the full walk, in order."""
    goals = [g for g in goals if M.passable(g)] or [M.deploy[0][0]]
    M._walks.clear()  # a fresh walk for this example
    full = _full_walk(tuple(goals), blocked)
    for wanted in asks:
        walk = M.walk_distances(tuple(goals), blocked, tuple(wanted))
        assert [walk.get(hx) for hx in wanted] == [full.get(hx) for hx in wanted]
    assert list(M.walk_distances(tuple(goals), blocked).items()) == list(full.items())


def test_ref2_boundary_counts_as_the_side_better_for_the_defender() -> None:
    """ref §2: "an attacker exactly on a boundary between two sides counts as the side better for the defender.\""""
    m = make_game().new_initial_state(0).map
    e7 = m.parse_hex("E7")
    # F8 is on the boundary of E7's sides 1 and 2 (facing E): front (TN +0, no +1 damage) is better
    assert m.side_of(e7, 0, m.parse_hex("F8")) == 1
    # facing NE, F8 is between the weapon side (2) and its flank (3): side 2
    assert m.side_of(e7, 5, m.parse_hex("F8")) == 2
    # facing SW, F8 sits between the shield side (6) and the shield flank (5): side 6 (+1 TN)
    assert m.side_of(e7, 2, m.parse_hex("F8")) == 6


def test_ref4_line_along_a_hex_edge_is_blocked_only_by_both_sides() -> None:
    """ref §4 "Line of sight: hex-centre to hex-centre" (RULINGS: a line exactly along an edge is clear when either
    hex beside it is clear). H5 → I6 is adjacent; D3 → E4 grazes the forest at D4 along an edge."""
    m = make_game().new_initial_state(0).map
    a, b = m.parse_hex("D3"), m.parse_hex("E4")
    assert m._trace(a, b, 1e-6) != m._trace(a, b, -1e-6)  # the two sides of the edge differ
    assert m.line_of_sight(a, b)
