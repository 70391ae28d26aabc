"""Casket classes and component damage zones (004 §3, §7; ref §3)."""

from __future__ import annotations

from dataclasses import dataclass

HEAD, LEFT_ARM, RIGHT_ARM, CHASSIS, LEGS = range(5)
COMPONENTS = ("head", "left_arm", "right_arm", "chassis", "legs")
# 004 §2 "Random Hit Location": 1 head, 2 left arm, 3 right arm, 4-5 chassis, 6 legs.
HIT_LOCATION = {1: HEAD, 2: LEFT_ARM, 3: RIGHT_ARM, 4: CHASSIS, 5: CHASSIS, 6: LEGS}
AP, STRUCTURE, EXPOSURE, DESTROYED = "AP", "Structure", "Pilot Exposure", "Destroyed"


@dataclass(frozen=True, slots=True)
class Zones:
    """Accumulated Component Damage: AP 0..ap_max, Structure ..structure_max, Exposure ..hp (ref §3)."""

    hp: int
    ap_max: int
    structure_max: int  # == hp for legs: no exposure zone

    def zone(self, damage: int) -> str:
        if damage >= self.hp:
            return DESTROYED
        if damage <= self.ap_max:
            return AP
        if damage <= self.structure_max:
            return STRUCTURE
        return EXPOSURE

    def exposed(self, value: int) -> bool:
        """Does a point of damage landing on ``value`` fall inside the exposure range?"""
        return self.structure_max < value <= self.hp


@dataclass(frozen=True, slots=True)
class CasketClass:
    name: str
    label: str
    sp: int
    initiative: int
    major_wound: int
    hand_size: int
    zones: tuple[Zones, Zones, Zones, Zones, Zones]  # head, left arm, right arm, chassis, legs


def _z(hp: int, ap: int, st: int) -> Zones:
    return Zones(hp, ap, st)


# ref §3 (Warden = 004 §3 table; the others the designer's class table).
CLASSES: dict[str, CasketClass] = {
    "scout": CasketClass(
        "scout", "Scout (Light)", 6, 3, 3, 6,
        (_z(6, 1, 4), _z(6, 2, 4), _z(6, 2, 4), _z(8, 2, 5), _z(10, 2, 10)),
    ),
    "warden": CasketClass(
        "warden", "Warden (Assault)", 5, 0, 5, 6,
        (_z(8, 3, 5), _z(8, 3, 5), _z(8, 3, 5), _z(10, 4, 6), _z(10, 4, 10)),
    ),
    "vanguard": CasketClass(
        "vanguard", "Vanguard (Heavy)", 4, -1, 7, 6,
        (_z(10, 3, 7), _z(10, 4, 7), _z(10, 4, 7), _z(12, 4, 9), _z(10, 4, 10)),
    ),
    "colossus": CasketClass(
        "colossus", "Colossus (Fortress)", 3, -2, 9, 6,
        (_z(12, 4, 9), _z(12, 5, 9), _z(12, 5, 9), _z(14, 5, 11), _z(10, 4, 10)),
    ),
}


def casket_class(name: str) -> CasketClass:
    from gamewright.core.errors import ConfigError

    try:
        return CLASSES[name.lower()]
    except KeyError as exc:
        raise ConfigError(f"unknown casket class {name!r}; choose one of: {', '.join(CLASSES)}") from exc


def component_index(name: str) -> int:
    from gamewright.core.errors import ConfigError

    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    aliases = {"larm": "left_arm", "rarm": "right_arm", "leg": "legs", "body": "chassis"}
    key = aliases.get(key, key)
    if key not in COMPONENTS:
        raise ConfigError(f"unknown component {name!r}; choose one of: {', '.join(COMPONENTS)}")
    return COMPONENTS.index(key)


def apply_component_damage(zones: Zones, current: int, points: int) -> tuple[int, int, bool]:
    """Add ``points`` to a component at ``current``: (new damage, exposure wounds, destroyed now).

    Each point landing inside the exposure range is +1 Pilot Wound; overage past the HP adds nothing (ref §3).
    """
    wounds = 0
    value = current
    for _ in range(points):
        if value >= zones.hp:
            break
        value += 1
        if zones.exposed(value):
            wounds += 1
    return value, wounds, current < zones.hp <= value
