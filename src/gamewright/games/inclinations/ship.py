"""A ship: reactor and subsystems, heat, reaction mass, hull, ammunition and its place on the board."""

from __future__ import annotations

from typing import Any

from gamewright.games.inclinations.board import BLACKHOLE, DEPLOY_RING, FACING_NAME, PROGRADE

# ref Ship: subsystems in the order crits list them, with (min, max) energy
SUBSYSTEMS = ("engines", "thrusters", "scoop", "laser", "railgun", "missiles", "shields")
SUB_INDEX = {name: i for i, name in enumerate(SUBSYSTEMS)}
ENGINES, THRUSTERS, SCOOP, LASER, RAILGUN, MISSILES, SHIELDS = range(7)
MIN_ENERGY = (1, 1, 3, 2, 4, 2, 1)  # 002 Subsystem Configurations
MAX_ENERGY = (3, 1, 3, 4, 4, 4, 4)
REACTOR = 10  # 002 Reactor Basics
MAX_MASS = 10  # 002 Reaction Mass Management
MAX_HULL = 10  # ref Ship: hull 10
DISSIPATION = 5  # 002 Heat Dissipation
MAX_AMMO = 4  # ref Ship: 4 missiles


class Ship:
    """Mutable ship record. ``used`` is a bitmask of subsystems used this turn; ring 0 means not deployed."""

    __slots__ = ("id", "well", "ring", "sector", "facing", "hull", "heat", "mass", "ammo", "energy", "used")

    def __init__(
        self,
        id: str,
        well: int = 0,
        ring: int = 0,
        sector: int = 0,
        facing: int = PROGRADE,
        hull: int = MAX_HULL,
        heat: int = 0,
        mass: int = MAX_MASS,
        ammo: int = MAX_AMMO,
        energy: list[int] | None = None,
        used: int = 0,
    ) -> None:
        self.id = id
        self.well = well
        self.ring = ring
        self.sector = sector
        self.facing = facing
        self.hull = hull
        self.heat = heat
        self.mass = mass
        self.ammo = ammo
        self.energy = list(energy) if energy is not None else [0] * 7
        self.used = used

    # --- queries -----------------------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return self.hull > 0

    @property
    def allocated(self) -> int:
        return sum(self.energy)

    @property
    def free(self) -> int:
        return REACTOR - sum(self.energy)

    def usable(self, sub: int) -> bool:
        """ref Further rulings: usable when holding at least the subsystem's minimum."""
        return self.energy[sub] >= MIN_ENERGY[sub]

    def powered_list(self) -> list[int]:
        """ref Further rulings: powered = holding any energy (crits pick among these)."""
        return [i for i, e in enumerate(self.energy) if e > 0]

    def is_used(self, sub: int) -> bool:
        return bool(self.used >> sub & 1)

    # --- copying and JSON --------------------------------------------------------------------------
    def clone(self) -> Ship:
        other = Ship.__new__(Ship)
        other.become(self)
        return other

    def become(self, other: Ship) -> None:
        """Take every field of ``other`` (this ship object stays the one the state holds)."""
        self.id = other.id
        self.well = other.well
        self.ring = other.ring
        self.sector = other.sector
        self.facing = other.facing
        self.hull = other.hull
        self.heat = other.heat
        self.mass = other.mass
        self.ammo = other.ammo
        self.energy = other.energy[:]
        self.used = other.used

    def key(self) -> tuple[Any, ...]:
        return (self.id, self.well, self.ring, self.sector, self.facing, self.hull, self.heat, self.mass,
                self.ammo, tuple(self.energy), self.used)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ship) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Ship({self.to_json()!r})"

    def to_json(self) -> dict[str, Any]:
        from gamewright.games.inclinations.board import WELLS

        return {
            "id": self.id,
            "well": WELLS[self.well],
            "ring": self.ring,
            "sector": self.sector,
            "facing": FACING_NAME[self.facing],
            "hull": self.hull,
            "heat": self.heat,
            "mass": self.mass,
            "ammo": self.ammo,
            "energy": dict(zip(SUBSYSTEMS, self.energy, strict=True)),
            "destroyed": self.hull <= 0,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Ship:
        from gamewright.games.inclinations.board import FACINGS, WELL_INDEX

        energy = data.get("energy", {})
        return cls(
            id=data["id"],
            well=WELL_INDEX[data.get("well", "blackhole")],
            ring=data["ring"],
            sector=data["sector"],
            facing=FACINGS[data.get("facing", "prograde")],
            hull=data.get("hull", MAX_HULL),
            heat=data.get("heat", 0),
            mass=data.get("mass", MAX_MASS),
            ammo=data.get("ammo", MAX_AMMO),
            energy=[int(energy.get(name, 0)) for name in SUBSYSTEMS],
            used=data.get("used", 0),
        )


def deployed(ship: Ship, sector: int) -> Ship:
    """``ship`` as a deployment in ``sector`` places it (a copy): ref Table and players, black-hole ring 4,
    facing prograde. Whether the sector is free is the caller's question (the engine's and the board's one
    placing)."""
    placed = ship.clone()
    placed.well, placed.ring, placed.sector, placed.facing = BLACKHOLE, DEPLOY_RING, sector, PROGRADE
    return placed
