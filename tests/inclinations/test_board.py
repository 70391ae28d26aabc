"""002 Orbital System Overview, Transfer Sectors, Sector Adjustment table, Sector Mapping."""

from gamewright.games.inclinations import board

# 002 Transfer Sectors, copied from the document's table: planet -> (outbound BH R5 sector, return BH R5 sector)
DOCUMENT_TABLE = {
    "alpha": (20, 3), "beta": (0, 7), "gamma": (4, 11), "delta": (8, 15), "epsilon": (12, 19), "zeta": (16, 23),
}


def test_black_hole_rings_velocities():
    assert board.ring_count(board.BLACKHOLE) == 5
    assert [board.velocity(0, r) for r in range(1, 6)] == [8, 6, 4, 2, 1]


def test_planet_rings_velocities():
    for planet in range(1, 7):
        assert board.ring_count(planet) == 3
        assert [board.velocity(planet, r) for r in range(1, 4)] == [4, 2, 1]


def test_six_planets_sixty_degrees_apart():
    assert list(board.PLANET_ANGLE) == list(board.WELLS[1:])
    assert list(board.PLANET_ANGLE.values()) == [0, 60, 120, 180, 240, 300]


def test_transfer_sectors_table_matches_the_document():
    for row in board.transfer_table():
        out_sector, ret_sector = DOCUMENT_TABLE[row["planet"]]
        assert row["outbound"] == (5, out_sector, 3, 5)  # BH R5 S? -> planet R3 S5
        assert row["return"] == (3, 18, 5, ret_sector)  # planet R3 S18 -> BH R5 S?


def test_transfer_routes_only_between_black_hole_and_planets():
    alpha, beta = board.WELL_INDEX["alpha"], board.WELL_INDEX["beta"]
    assert board.transfer_route(0, alpha) == (20, 3, 5)
    assert board.transfer_route(alpha, 0) == (18, 5, 3)
    assert board.transfer_route(alpha, beta) is None
    assert board.transfer_route(0, 0) is None


def test_sector_adjustment_range_table():
    # 002 Sector Adjustment: velocity -> (min, max)
    table = {8: (-7, 3), 6: (-5, 3), 4: (-3, 3), 2: (-1, 3), 1: (0, 3)}
    for v, expected in table.items():
        assert board.adjustment_range(v) == expected


def test_sector_distance_shortest_way_round():
    assert board.sector_distance(23, 1) == 2
    assert board.sector_distance(0, 12) == 12
    assert board.sector_distance(5, 5) == 0
