"""Distance tables the heuristic bots plan with: turns before a shot, turns before a well transfer.

They assume the target coasts and that rotation is free, and are cached per (well kind, ring, weapon kind).
"""

from __future__ import annotations

from functools import cache

from gamewright.games.inclinations import bot_tables_data
from gamewright.games.inclinations.board import (
    BLACKHOLE,
    SECTORS,
    adjustment_range,
    ring_count,
    transfer_route,
    velocities,
)

INF = 99
Table = tuple[tuple[int, ...], ...]  # turns by (ring, sector); ring 0 unused


def _reach(kind: int, r: int, rt: int, d: int) -> bool:
    dr = abs(r - rt)
    ds = d if d <= 12 else 24 - d
    if kind == 0:  # missiles (or the laser, which they cover)
        return dr <= 2 and ds <= 3
    return (dr == 1 and ds <= 2) or (dr == 0 and 1 <= ds <= 6)  # laser or railgun


def _moves(well: int, r: int) -> list[tuple[int, int]]:
    """(ring after, sector shift) for a coast and every burn, either facing (rotation assumed free)."""
    v = velocities(well)[r]
    out = [(r, v)]
    low, high = adjustment_range(v)
    for k in (1, 2, 3):
        for direction in (1, -1):
            dest = r + k * direction
            if 1 <= dest <= ring_count(well):
                out.extend((dest, v + adj) for adj in range(low, high + 1))
    return out


@cache
def approach_table(planet: bool, rt: int, kind: int) -> Table:
    """Turns before a shot is possible, by (my ring, my sector - target sector at the start of my turn),
    assuming the target coasts. 0: a shot is possible this turn (before or after moving). Shipped precomputed
    in bot_tables_data (a test checks it against ``computed_approach_table``)."""
    shipped = bot_tables_data.APPROACH.get((planet, rt, kind))
    return shipped if shipped is not None else computed_approach_table(planet, rt, kind)


@cache
def transfer_turns_table(well: int, dest: int) -> Table:
    """Turns before a transfer from ``well`` to ``dest`` can be made, by (ring, sector); shipped precomputed
    like ``approach_table``."""
    shipped = bot_tables_data.TRANSFER.get((well, dest))
    return shipped if shipped is not None else computed_transfer_table(well, dest)


def computed_approach_table(planet: bool, rt: int, kind: int) -> Table:
    """``approach_table`` worked out: a breadth-first walk back from the cells where a shot is possible."""
    well = 1 if planet else BLACKHOLE
    rings = ring_count(well)
    vt = velocities(well)[rt]
    moves = {r: _moves(well, r) for r in range(1, rings + 1)}
    table = [[INF] * SECTORS for _ in range(rings + 1)]
    # a shot from where the ship stands, or after one of its moves (the target has not moved yet)
    reach = [(r, d) for r in range(1, rings + 1) for d in range(SECTORS) if _reach(kind, r, rt, d)]
    into = _incoming(moves, rings, 0)
    for r2, d2 in reach:
        table[r2][d2] = 0
        for r, shift in into[r2]:
            table[r][(d2 - shift) % SECTORS] = 0
    return _relax(table, moves, rings, vt)


def _incoming(moves: dict[int, list[tuple[int, int]]], rings: int, drift: int) -> dict[int, list[tuple[int, int]]]:
    """By ring reached: (ring left, sector shift) of every move that reaches it, the goal drifting ``drift``."""
    into: dict[int, list[tuple[int, int]]] = {r: [] for r in range(1, rings + 1)}
    for r in range(1, rings + 1):
        for r2, sh in moves[r]:
            into[r2].append((r, sh - drift))
    return into


def _relax(table: list[list[int]], moves: dict[int, list[tuple[int, int]]], rings: int,
           target_drift: int) -> tuple[tuple[int, ...], ...]:
    """Fill in turns-to-go (fewer than INF) from the cells at 0: a breadth-first walk back over one turn's moves
    (the goal drifts ``target_drift`` a turn)."""
    into = _incoming(moves, rings, target_drift)
    frontier = [(r, d) for r in range(1, rings + 1) for d in range(SECTORS) if table[r][d] == 0]
    turns = 0
    while frontier and turns + 1 < INF:
        turns += 1
        reached = []
        for r2, d2 in frontier:
            for r, shift in into[r2]:
                d = (d2 - shift) % SECTORS
                if table[r][d] == INF:
                    table[r][d] = turns
                    reached.append((r, d))
        frontier = reached
    return tuple(tuple(row) for row in table)


def computed_transfer_table(well: int, dest: int) -> Table:
    """``transfer_turns_table`` worked out: a breadth-first walk back from the departure sector."""
    rings = ring_count(well)
    route = transfer_route(well, dest)
    table = [[INF] * SECTORS for _ in range(rings + 1)]
    if route is None:
        return tuple(tuple(row) for row in table)
    table[rings][route[0]] = 0
    moves = {r: _moves(well, r) for r in range(1, rings + 1)}
    return _relax(table, moves, rings, 0)


def transfer_row(well: int, ring: int, dest: int) -> tuple[tuple[int, ...], int]:
    """(turns by sector, turns to add) to reach well ``dest`` from ``ring`` of ``well`` (not ``dest`` itself)."""
    if well == BLACKHOLE or dest == BLACKHOLE:
        return transfer_turns_table(well, dest)[ring], 1
    return transfer_turns_table(well, BLACKHOLE)[ring], 12  # then on from the black hole


def transfer_distance(well: int, ring: int, sector: int, dest: int) -> int:
    """Turns to reach well ``dest`` from a position (through the black hole between planets)."""
    if well == dest:
        return 0
    turns, more = transfer_row(well, ring, dest)
    return turns[sector] + more


def shipped_tables_text() -> str:
    """The source of bot_tables_data: every approach table, and the transfer tables of every route."""
    lines = ['"""The heuristic bots\' distance tables, precomputed (written by',
             "``python -m gamewright.games.inclinations.bot_tables``; a test checks them against the computation).",
             '"""', "",
             "from __future__ import annotations", "",
             "APPROACH: dict[tuple[bool, int, int], tuple[tuple[int, ...], ...]] = {"]

    def table_text(key: str, table: Table) -> None:
        lines.append(f"    {key}: (")
        lines.extend(f"        {row!r}," for row in table)
        lines.append("    ),")

    for planet in (False, True):
        for rt in range(1, ring_count(1 if planet else BLACKHOLE) + 1):
            for kind in (0, 1):
                table_text(repr((planet, rt, kind)), computed_approach_table(planet, rt, kind))
    lines += ["}", "TRANSFER: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {"]
    for well, dest in [(BLACKHOLE, p) for p in range(1, 7)] + [(p, BLACKHOLE) for p in range(1, 7)]:
        table_text(repr((well, dest)), computed_transfer_table(well, dest))
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    from pathlib import Path

    Path(bot_tables_data.__file__).write_text(shipped_tables_text(), encoding="utf-8")
