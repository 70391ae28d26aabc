"""Characters: classes, levels 1–10, Hit Dice, proficiency, armour, kits, progression, sheets and Affinity dice."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity.data_files import ClassDef, class_data

MAX_LEVEL = 10  # 003 "Level"
MAX_RESOLVE = 5  # 003 "Resolve": all characters have a maximum of 5
RECORD_KIND = "affinity-character"
# 003 "The Ten Virtues"
VIRTUES: tuple[str, ...] = ("memory", "communion", "guardian", "growth", "decay", "consequence", "flux", "freedom",
                            "obligation", "suffering")


def proficiency(level: int) -> int:
    """003 "Level": Proficiency = half level rounded up."""
    return math.ceil(level / 2)


def class_def(key: str) -> ClassDef:
    classes = class_data().classes
    norm = key.strip().lower()
    if norm not in classes:
        raise ConfigError(f"unknown class {key!r}; choose one of: {', '.join(classes)}")
    return classes[norm]


def max_hd(class_key: str, level: int) -> int:
    """003 "HD Pool by Level" (ref §1: the 5/5/4 … 23/20/17 table)."""
    check_level(level)
    cls = class_def(class_key)
    return class_data().hd_by_level[cls.durability][level - 1]


def check_level(level: int) -> int:
    if not isinstance(level, int) or not 1 <= level <= MAX_LEVEL:
        raise ConfigError(f"a level is a whole number from 1 to {MAX_LEVEL}, not {level!r}")
    return level


def abilities_at(class_key: str, level: int) -> list[str]:
    """The level-1 kit plus every progression ability up to ``level`` (ref §3)."""
    cls = class_def(class_key)
    out = list(cls.kit)
    out += [key for lvl, kind, key in cls.progression if kind == "ability" and lvl <= level]
    return out


def features_at(class_key: str, level: int) -> list[str]:
    cls = class_def(class_key)
    return list(cls.passives) + [key for lvl, kind, key in cls.progression if kind == "feature" and lvl <= level]


def can_wear(class_key: str, level: int, armour: str) -> bool:
    """Heavy armour needs the Combatant's level-2 feature (ref §3); light and medium are open to all."""
    if armour not in class_data().armour:
        return False
    return armour != "heavy" or "heavy_armour" in features_at(class_key, level)


@dataclass
class Sheet:
    """A character sheet (stored as a record of kind ``affinity-character``)."""

    name: str
    class_key: str
    level: int
    virtue: str
    weapon: str
    armour: str
    shield: bool
    hd: int  # current body HD
    resolve: int = MAX_RESOLVE
    armour_dice: int = 0  # current dice of the armour layer
    shield_dice: int = 0
    spell_armour: int = 0  # Magical Armor d12s (Weaver)
    temp_hd: int = 0
    temp_sides: int = 0
    affinity: int = 0  # stored Affinity dice
    affinity_gained_today: int = 0
    rests_today: int = 0
    uses_spent: dict[str, int] = field(default_factory=dict)
    mending: bool = False  # has a class ability that mends armour on a Rest (003 "Rest")

    # --- derived -------------------------------------------------------------------------------------------
    @property
    def cls(self) -> ClassDef:
        return class_def(self.class_key)

    @property
    def proficiency(self) -> int:
        return proficiency(self.level)

    @property
    def hd_max(self) -> int:
        return max_hd(self.class_key, self.level)

    @property
    def hd_die(self) -> int:
        return self.cls.hd_die

    @property
    def armour_max(self) -> int:
        return class_data().armour[self.armour][0]

    @property
    def armour_sides(self) -> int:
        return class_data().armour[self.armour][1]

    @property
    def shield_max(self) -> int:
        return class_data().shield[0] if self.shield else 0

    @property
    def abilities(self) -> list[str]:
        return abilities_at(self.class_key, self.level)

    @property
    def features(self) -> list[str]:
        return features_at(self.class_key, self.level)

    @property
    def affinity_cap(self) -> int:
        """003 "Storing Affinity Dice": up to Level stored."""
        return self.level

    # --- notation (003 "Character Sheet Notation") ----------------------------------------------------------
    def layers_text(self) -> list[tuple[str, str, int, int]]:
        """(label, caption, count, sides) outermost first, only layers with dice."""
        rows = []
        if self.spell_armour:
            rows.append(("Spell armour", "spell", self.spell_armour, 12))
        if self.shield and self.shield_dice:
            rows.append(("Shield", "shield", self.shield_dice, class_data().shield[1]))
        if self.armour_dice and self.armour_sides:
            rows.append(("Armor", "armor layer", self.armour_dice, self.armour_sides))
        if self.temp_hd:
            rows.append(("Temporary HD", "temp", self.temp_hd, self.temp_sides))
        return rows

    def notation(self) -> str:
        def dice(count: int, sides: int) -> str:
            return f"{count}d{sides} (" + ", ".join([f"1d{sides}"] * count) + ")" if count else "0"

        def group(count: int, sides: int) -> str:
            return "[" + ", ".join([f"1d{sides}"] * count) + "]"

        weapon = class_data().weapons[self.weapon]
        reach = "melee" if weapon.range <= 5 else f"{weapon.range} yd"
        lines = [
            f"{self.name} — {self.cls.name} level {self.level} (Proficiency {self.proficiency}), "
            f"Virtue: {self.virtue.title()}",
            f"Hit Dice: {dice(self.hd, self.hd_die)}  [max {self.hd_max}]",
        ]
        if self.spell_armour:
            lines.append(f"Spell armour: {dice(self.spell_armour, 12)}")
        if self.armour_sides:
            lines.append(f"Armor: {dice(self.armour_dice, self.armour_sides)}  [{self.armour}]")
        if self.shield:
            lines.append(f"Shield: {dice(self.shield_dice, class_data().shield[1])}")
        if self.temp_hd:
            lines.append(f"Temporary HD: {dice(self.temp_hd, self.temp_sides)}")
        groups = [(group(c, s), cap) for _, cap, c, s in self.layers_text()]
        groups.append((group(self.hd, self.hd_die), "body layer"))
        top = " → ".join(g for g, _ in groups)
        captions = ""
        pos = 0
        for g, cap in groups:
            text = f"({cap})"
            captions += text.ljust(len(g) + 3)
            pos += len(g) + 3
        lines.append(f"Total Defense Pool: {top}")
        lines.append(" " * len("Total Defense Pool: ") + captions.rstrip())
        lines.append(f"Defense Capacity: {max(1, self.proficiency)}   Resolve: {self.resolve}/{MAX_RESOLVE}   "
                     f"Affinity dice: {self.affinity}/{self.affinity_cap}")
        lines.append(f"Weapon: {weapon.name} ({weapon.base} HD, r{weapon.required}, {reach}, {weapon.damage_type})")
        names = class_data().abilities
        lines.append("Abilities: " + ", ".join(names[a].name for a in self.abilities))
        if self.features:
            lines.append("Features: " + ", ".join(f.replace("_", " ") for f in self.features))
        if self.class_key == "weaver":  # ref §3: knows Proficiency × 5 spells, prepares 3 + level
            lines.append(f"Spells: knows up to {self.proficiency * 5}, prepares up to {3 + self.level}")
        return "\n".join(lines)

    # --- storage -------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sheet:
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"character sheet has unknown field(s): {', '.join(sorted(unknown))}")
        try:
            sheet = cls(**data)
        except TypeError as exc:
            raise ConfigError(f"character sheet is incomplete: {exc}") from exc
        sheet.validate()
        return sheet

    def validate(self) -> None:
        class_def(self.class_key)
        check_level(self.level)
        if self.virtue not in VIRTUES:
            raise ConfigError(f"unknown virtue {self.virtue!r}; choose one of: {', '.join(VIRTUES)}")
        if self.weapon not in class_data().weapons:
            raise ConfigError(f"unknown weapon {self.weapon!r}; choose one of: {', '.join(class_data().weapons)}")
        if not can_wear(self.class_key, self.level, self.armour):
            raise ConfigError(f"a level-{self.level} {self.cls.name} cannot wear {self.armour!r} armour "
                              "(heavy armour: Combatant from level 2; choose none, light or medium)")
        if self.shield and class_data().weapons[self.weapon].hands > 1:
            raise ConfigError(f"the {self.weapon} needs two hands, so no shield can be carried")
        checks = {"hd": (self.hd, self.hd_max), "resolve": (self.resolve, MAX_RESOLVE),
                  "armour_dice": (self.armour_dice, self.armour_max),
                  "shield_dice": (self.shield_dice, self.shield_max),
                  "affinity": (self.affinity, self.affinity_cap), "spell_armour": (self.spell_armour, 2)}
        for name, (value, top) in checks.items():
            if not 0 <= value <= top:
                raise ConfigError(f"{name} is {value}; it must be between 0 and {top}")


def new_sheet(
    name: str,
    class_key: str,
    level: int = 1,
    virtue: str = "guardian",
    weapon: str | None = None,
    armour: str | None = None,
    shield: bool | None = None,
) -> Sheet:
    """A fresh character with its class kit, full HD, Resolve 5 and intact armour."""
    if not name or not name.strip():
        raise ConfigError("a character needs a name")
    cls = class_def(class_key)
    check_level(level)
    if armour is None:
        armour = "heavy" if can_wear(cls.key, level, "heavy") else cls.armour
    weapon = weapon or cls.weapon
    if shield is None:
        shield = cls.shield and class_data().weapons.get(weapon, class_data().weapons[cls.weapon]).hands == 1
    sheet = Sheet(name=name.strip(), class_key=cls.key, level=level, virtue=virtue.lower(), weapon=weapon,
                  armour=armour, shield=shield, hd=max_hd(cls.key, level))
    sheet.armour_dice = sheet.armour_max if armour in class_data().armour else 0
    sheet.shield_dice = sheet.shield_max
    sheet.validate()
    return sheet


def level_up(sheet: Sheet) -> list[str]:
    """Advance one level: the new Hit Dice join the pool; new abilities and features are listed."""
    if sheet.level >= MAX_LEVEL:
        raise RuleViolation("level up", f"{sheet.name} is already level {MAX_LEVEL}", "003 Level: maximum 10")
    before_hd, before_ab, before_ft = sheet.hd_max, set(sheet.abilities), set(sheet.features)
    sheet.level += 1
    sheet.hd = min(sheet.hd_max, sheet.hd + sheet.hd_max - before_hd)
    gained = [f"Hit Dice max {before_hd} → {sheet.hd_max}"]
    names = class_data().abilities
    gained += [f"ability: {names[a].name}" for a in sheet.abilities if a not in before_ab]
    gained += [f"feature: {f.replace('_', ' ')}" for f in sheet.features if f not in before_ft]
    if sheet.proficiency != proficiency(sheet.level - 1):
        gained.append(f"Proficiency {proficiency(sheet.level - 1)} → {sheet.proficiency}")
    return gained


# --- Affinity dice (003 "Affinity Dice Mechanics") -----------------------------------------------------------
def gain_affinity(sheet: Sheet) -> int:
    """Embodying the Virtue: +1 die, at most Proficiency gains per day and Level stored."""
    if sheet.affinity_gained_today >= sheet.proficiency:
        raise RuleViolation("gain Affinity", f"already gained {sheet.affinity_gained_today} today "
                            f"(Proficiency {sheet.proficiency} per day)", "003 Gaining Affinity Dice")
    if sheet.affinity >= sheet.affinity_cap:
        raise RuleViolation("gain Affinity", f"already storing {sheet.affinity} (Level {sheet.level} is the cap)",
                            "003 Storing Affinity Dice")
    sheet.affinity += 1
    sheet.affinity_gained_today += 1
    return sheet.affinity


def spend_affinity(sheet: Sheet, count: int) -> int:
    """Spend stored dice as safe bonus dice on a roll (no burns, outside the exertion cap)."""
    if count < 0 or count > sheet.affinity:
        raise RuleViolation("spend Affinity", f"{sheet.name} stores {sheet.affinity}, cannot spend {count}",
                            "003 Spending Affinity Dice")
    sheet.affinity -= count
    return count


def share_affinity(giver: Sheet, receiver: Sheet, count: int) -> int:
    """A free action: move stored dice to an ally within 30 yards, up to the ally's Level cap."""
    if count < 0 or count > giver.affinity:
        raise RuleViolation("share Affinity", f"{giver.name} stores {giver.affinity}, cannot share {count}",
                            "003 Sharing Affinity Dice")
    room = receiver.affinity_cap - receiver.affinity
    if count > room:
        raise RuleViolation("share Affinity", f"{receiver.name} can store only {room} more",
                            "003 Sharing Affinity Dice: respecting their Level cap")
    giver.affinity -= count
    receiver.affinity += count
    return count


def betray_virtue(sheet: Sheet) -> int:
    """Acting against the Virtue loses every stored die (003 "Losing Affinity")."""
    lost, sheet.affinity = sheet.affinity, 0
    return lost


def new_day(sheet: Sheet) -> None:
    sheet.affinity_gained_today = 0
    sheet.rests_today = 0


def conformance_party(level: int) -> list[Sheet]:
    """ref §1: Combatant, Priest, Ranger, Weaver of the same level."""
    names = {"combatant": "Bram", "priest": "Ilse", "ranger": "Tamsin", "weaver": "Oren"}
    out = []
    for key, name in names.items():
        sheet = new_sheet(name, key, level)
        if key == "weaver":
            sheet.spell_armour = 2  # Magical Armor cast before the fight (RULINGS)
        out.append(sheet)
    return out
