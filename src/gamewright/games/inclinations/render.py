"""Text rendering: the wells as strips of 24 sectors per ring, and a table of ships."""

from __future__ import annotations

from collections.abc import Sequence

from gamewright.games.inclinations.board import (
    BLACKHOLE,
    FACING_NAME,
    PLANET_ARRIVAL_SECTOR,
    PLANET_DEPARTURE_SECTOR,
    SECTORS,
    WELLS,
    outbound_sector,
    return_sector,
    ring_count,
    velocity,
)
from gamewright.games.inclinations.ship import DISSIPATION, REACTOR, SUBSYSTEMS, Ship

SHORT = {"engines": "eng", "thrusters": "thr", "scoop": "scp", "laser": "las", "railgun": "rail",
         "missiles": "mis", "shields": "shd"}


def _mark(ship: Ship) -> str:
    """A ship shows as its seat number (or first letter); destroyed ships as x."""
    if ship.hull <= 0:
        return "x"
    tail = ship.id[-1]
    return tail if tail.isalnum() else ship.id[0]


def render_board(ships: Sequence[Ship], all_wells: bool = False) -> str:
    """Every well that holds a ship (the black hole always): one line per ring, one column per sector.

    Ships show as their seat number, and are listed with sector and facing after their ring. On the outermost
    ring ``*`` marks an empty transfer-departure sector.
    """
    lines = ["sector     " + "".join(f"{s // 10}" for s in range(SECTORS)),
             "           " + "".join(f"{s % 10}" for s in range(SECTORS))]
    wells = [BLACKHOLE] + [w for w in range(1, len(WELLS)) if all_wells or any(s.well == w and s.ring for s in ships)]
    for well in wells:
        rings = ring_count(well)
        title = "black hole" if well == BLACKHOLE else f"planet {WELLS[well]}"
        if well == BLACKHOLE:
            outs = ", ".join(f"{WELLS[p]} S{outbound_sector(p)}" for p in range(1, 7))
            backs = ", ".join(f"{WELLS[p]} -> S{return_sector(p)}" for p in range(1, 7))
            lines.append(f"{title}: transfers leave ring 5 at {outs}")
            lines.append(f"  returns from the planets land on ring 5: {backs}")
        else:
            lines.append(f"{title}: transfer to the black hole leaves ring 3 at S{PLANET_DEPARTURE_SECTOR}; "
                         f"arrivals from the black hole at S{PLANET_ARRIVAL_SECTOR}")
        for ring in range(rings, 0, -1):
            row = ["."] * SECTORS
            if ring == rings:
                departures = [outbound_sector(p) for p in range(1, 7)] if well == BLACKHOLE else [
                    PLANET_DEPARTURE_SECTOR]
                for d in departures:
                    row[d] = "*"
            here = [s for s in ships if s.well == well and s.ring == ring]
            for s in here:
                row[s.sector] = _mark(s) if row[s.sector] in ".*" else "+"
            notes = ", ".join(f"{s.id} S{s.sector} {FACING_NAME[s.facing]}" + (" (destroyed)" if s.hull <= 0 else "")
                              for s in here)
            lines.append(f"  R{ring} v{velocity(well, ring)}   " + "".join(row) + (f"   {notes}" if notes else ""))
    lines.append("  (* = transfer departure sector; + = several ships in one sector; x = destroyed; "
                 "drift runs to higher sectors)")
    return "\n".join(lines)


def render_ships(ships: Sequence[Ship], current: str | None = None) -> str:
    head = (f"{'ship':6}{'where':18}{'facing':11}{'hull':>5}{'heat':>5}{'mass':>5}{'ammo':>5}  "
            + " ".join(f"{SHORT[n]:>4}" for n in SUBSYSTEMS) + "  free")
    lines = [head]
    for s in ships:
        where = f"{WELLS[s.well]} R{s.ring} S{s.sector}" if s.ring else "not deployed"
        marker = "*" if s.id == current else " "
        status = " destroyed" if s.hull <= 0 else ""
        lines.append(f"{marker}{s.id:5}{where:18}{FACING_NAME[s.facing]:11}{s.hull:>5}{s.heat:>5}{s.mass:>5}"
                     f"{s.ammo:>5}  " + " ".join(f"{e:>4}" for e in s.energy) + f"  {REACTOR - sum(s.energy):>4}"
                     + status)
    lines.append(f"  (heat above {DISSIPATION} becomes hull damage at the start of that ship's next turn)")
    return "\n".join(lines)
