"""Hex geometry (ref §4): distances, the six sides, boundaries, the front arc, line of sight."""

from __future__ import annotations

import pytest

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
