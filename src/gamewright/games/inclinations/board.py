"""The board: the black hole and six planets, their rings, velocities and the well-transfer table."""

from __future__ import annotations

from typing import TypedDict

SECTORS = 24  # 002 Black Hole / Planet Rings: 24 sectors on every ring
WELLS = ("blackhole", "alpha", "beta", "gamma", "delta", "epsilon", "zeta")
WELL_INDEX = {name: i for i, name in enumerate(WELLS)}
BLACKHOLE = 0

# 002 Black Hole Rings / Planet Rings: velocity by ring (index 0 unused, rings are numbered from 1)
BH_VELOCITY = (0, 8, 6, 4, 2, 1)
PLANET_VELOCITY = (0, 4, 2, 1)
PLANET_ANGLE = {"alpha": 0, "beta": 60, "gamma": 120, "delta": 180, "epsilon": 240, "zeta": 300}  # 002 Planets

PROGRADE = 1
RETROGRADE = -1
FACINGS = {"prograde": PROGRADE, "retrograde": RETROGRADE}
FACING_NAME = {PROGRADE: "prograde", RETROGRADE: "retrograde"}

DEPLOY_RING = 4  # ref Table and players: deployment on black-hole ring 4
PLANET_ARRIVAL_SECTOR = 5  # 002 Transfer Sectors: every outbound transfer arrives at planet R3 S5
PLANET_DEPARTURE_SECTOR = 18  # 002 Transfer Sectors: every return leaves planet R3 S18


def velocities(well: int) -> tuple[int, ...]:
    return BH_VELOCITY if well == BLACKHOLE else PLANET_VELOCITY


def ring_count(well: int) -> int:
    """5 rings in the black hole, 3 around each planet (002 Orbital System Overview)."""
    return 5 if well == BLACKHOLE else 3


def velocity(well: int, ring: int) -> int:
    return (BH_VELOCITY if well == BLACKHOLE else PLANET_VELOCITY)[ring]


WELL_VELOCITIES = tuple(velocities(well) for well in range(len(WELLS)))  # by well: velocity by ring (hot loops)


def facing_sector(planet: int) -> int:
    """ref Movement: p, the black-hole sector facing the planet (0, 4, 8, 12, 16, 20)."""
    return 4 * (planet - 1)


def outbound_sector(planet: int) -> int:
    """002 Transfer Sectors: the black-hole ring-5 sector that leaves for ``planet`` (p - 4)."""
    return (facing_sector(planet) - 4) % SECTORS


def return_sector(planet: int) -> int:
    """002 Transfer Sectors: the black-hole ring-5 sector a return from ``planet`` arrives at (p + 3)."""
    return (facing_sector(planet) + 3) % SECTORS


def transfer_route(well: int, destination: int) -> tuple[int, int, int] | None:
    """(departure sector, arrival ring, arrival sector) of a transfer, or None when no route exists.

    Transfers run only between the black hole and a planet (002 Transfer Sectors).
    """
    if well == BLACKHOLE and destination != BLACKHOLE:
        return outbound_sector(destination), 3, PLANET_ARRIVAL_SECTOR
    if well != BLACKHOLE and destination == BLACKHOLE:
        return PLANET_DEPARTURE_SECTOR, 5, return_sector(well)
    return None


# (ring, sector, ring, sector): where a transfer leaves and where it arrives
TransferLeg = tuple[int, int, int, int]
TransferRow = TypedDict("TransferRow", {"planet": str, "outbound": TransferLeg, "return": TransferLeg})


def transfer_table() -> list[TransferRow]:
    """The document's table, rebuilt from the pattern (tests compare it with the document)."""
    rows: list[TransferRow] = []
    for planet in range(1, 7):
        rows.append(
            {
                "planet": WELLS[planet],
                "outbound": (5, outbound_sector(planet), 3, PLANET_ARRIVAL_SECTOR),
                "return": (3, PLANET_DEPARTURE_SECTOR, 5, return_sector(planet)),
            }
        )
    return rows


def sector_distance(a: int, b: int) -> int:
    """Shortest way round between two sectors (ref Weapons)."""
    d = (a - b) % SECTORS
    return d if d <= SECTORS // 2 else SECTORS - d


def adjustment_range(ring_velocity: int) -> tuple[int, int]:
    """002 Sector Adjustment: -(velocity - 1) to +3."""
    return -(ring_velocity - 1), 3
