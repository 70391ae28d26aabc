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
# 003 "Character Advancement Systems": class abilities at odd levels, a Way node every level (the Way is chosen
# at level 1), a Path feat at levels 1, 3, 6, 9 and 10. The Ways' grids and the Path Board live in documents
# outside the specification, so the sheet records the names chosen and the engine keeps the schedule.
CLASS_ABILITY_LEVELS: tuple[int, ...] = (1, 3, 5, 7, 9)
PATH_LEVELS: tuple[int, ...] = (1, 3, 6, 9, 10)


def way_nodes_allowed(level: int) -> int:
    """003: one node of your Way each level."""
    return level


def path_feats_allowed(level: int) -> int:
    """003: Path feats at levels 1, 3, 6, 9, 10."""
    return sum(1 for lvl in PATH_LEVELS if lvl <= level)


def advancement(level: int) -> list[str]:
    """What reaching ``level`` grants in each of the three progressions (003)."""
    out = []
    if level in CLASS_ABILITY_LEVELS:
        out.append("class ability")
    out.append("Way node")
    if level in PATH_LEVELS:
        out.append("Path feat")
    return out


def proficiency(level: int) -> int:
    """003 "Level": Proficiency = half level rounded up."""
    return math.ceil(level / 2)


def class_def(key: str) -> ClassDef:
    classes = class_data().classes
    norm = key.strip().lower()
    if norm not in classes:
        raise ConfigError(f"unknown class {key!r}; choose one of: {', '.join(classes)}")
    return classes[norm]


def _way_key(name: str) -> str:
    return " ".join(name.casefold().split())


def check_way(class_key: str, way: str) -> str:
    """A Way the class may follow, spelled as the documents spell it (003 Ways: "see your Class document").

    Where the documents name a class's Ways, only those are accepted; a name that belongs to another class is
    refused; for a class whose Ways are not named, the sheet records the name given (RULINGS)."""
    cls = class_def(class_key)
    wanted = _way_key(way)
    for known in cls.ways:
        if _way_key(known) == wanted:
            return known
    if cls.ways:
        raise ConfigError(f"unknown Way {way.strip()[:60]!r} for a {cls.name}; the Ways: {', '.join(cls.ways)}")
    for other in class_data().classes.values():
        if any(_way_key(known) == wanted for known in other.ways):
            raise ConfigError(f"{way.strip()[:60]!r} is a {other.name}'s Way, not a {cls.name}'s")
    return way.strip()


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
    way: str = ""  # 003 "Ways": chosen at level 1
    way_nodes: list[str] = field(default_factory=list)  # one per level
    path_feats: list[str] = field(default_factory=list)  # at levels 1, 3, 6, 9, 10

    def pending_choices(self) -> list[str]:
        """Way nodes and Path feats the level has earned but the sheet does not name yet."""
        out = []
        if not self.way:
            out.append("a Way")
        nodes = way_nodes_allowed(self.level) - len(self.way_nodes)
        if nodes:
            out.append(f"{nodes} Way node(s)")
        feats = path_feats_allowed(self.level) - len(self.path_feats)
        if feats:
            out.append(f"{feats} Path feat(s)")
        return out

    def take(self, way: str | None = None, nodes: list[str] | None = None, feats: list[str] | None = None) -> None:
        """Record a Way, Way nodes and Path feats by name (checked against what the level allows)."""
        if way:
            way = check_way(self.class_key, way)
            if self.way and way != self.way:
                raise RuleViolation("choose a Way", f"{self.name} already follows the {self.way}",
                                    "003 Ways: choose one Way at level 1")
            self.way = way
        for node in nodes or []:
            if not self.way:
                raise RuleViolation("take a Way node", "choose a Way first (--way)", "003 Ways")
            if len(self.way_nodes) >= way_nodes_allowed(self.level):
                raise RuleViolation("take a Way node", f"level {self.level} allows {self.level} node(s)",
                                    "003 Ways: one node each level")
            self.way_nodes.append(node.strip())
        for feat in feats or []:
            if len(self.path_feats) >= path_feats_allowed(self.level):
                raise RuleViolation("take a Path feat", f"level {self.level} allows "
                                    f"{path_feats_allowed(self.level)} feat(s)", "003 Paths: levels 1, 3, 6, 9, 10")
            self.path_feats.append(feat.strip())

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
    def status(self) -> str:
        """003 "Death & Dying": ok, collapsed (0 Resolve, HD > 0), dying (0 HD, Resolve > 0) or dead (both 0)."""
        if self.hd <= 0:
            return "dead" if self.resolve <= 0 else "dying"
        return "collapsed" if self.resolve <= 0 else "ok"

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
        if self.status != "ok":
            lines[0] += f" — {self.status.upper()}"
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
        start = 0
        for g, cap in groups:  # each caption under its group, at least one space after the previous one
            captions = captions.ljust(start if not captions else max(start, len(captions) + 1)) + f"({cap})"
            start += len(g) + 3
        lines.append(f"Total Defense Pool: {top}")
        lines.append(" " * len("Total Defense Pool: ") + captions.rstrip())
        lines.append(f"Defense Capacity: {max(1, self.proficiency)}   Resolve: {self.resolve}/{MAX_RESOLVE}   "
                     f"Affinity dice: {self.affinity}/{self.affinity_cap}")
        lines.append(f"Weapon: {weapon.name} ({weapon.base} HD, r{weapon.required}, {reach}, {weapon.damage_type})")
        names = class_data().abilities
        lines.append("Abilities: " + ", ".join(names[a].name for a in self.abilities))
        if self.features:
            lines.append("Features: " + ", ".join(f.replace("_", " ") for f in self.features))
        if self.way or self.path_feats:
            nodes = f" — nodes: {', '.join(self.way_nodes)}" if self.way_nodes else ""
            lines.append(f"Way: {self.way or '(none yet)'}{nodes}")
            if self.path_feats:
                lines.append("Paths: " + ", ".join(self.path_feats))
        if self.pending_choices():
            lines.append("To choose: " + ", ".join(self.pending_choices()) + " (class and Path Board documents)")
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
        sheet.check_types()
        sheet.validate()
        return sheet

    def check_types(self) -> None:
        """A stored sheet may have been written by anything: every field must have its own type."""
        for name, kind in _FIELD_TYPES.items():
            value = getattr(self, name)
            ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
            if ok and kind is list:
                ok = all(isinstance(v, str) for v in value)
            if ok and kind is dict:
                ok = all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
                         for k, v in value.items())
            if not ok:
                raise ConfigError(f"character sheet field {name!r} has the wrong type ({value!r})")

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
        if min(self.temp_hd, self.affinity_gained_today, self.rests_today) < 0:
            raise ConfigError("temp_hd, affinity_gained_today and rests_today cannot be negative")
        if self.temp_hd and not 2 <= self.temp_sides <= 100:
            raise ConfigError(f"temporary HD need a die size (temp_sides 2–100), not d{self.temp_sides}")
        if len(self.way_nodes) > way_nodes_allowed(self.level) or (self.way_nodes and not self.way):
            raise ConfigError(f"{len(self.way_nodes)} Way node(s) need a Way and level {len(self.way_nodes)}")
        if len(self.path_feats) > path_feats_allowed(self.level):
            raise ConfigError(f"{len(self.path_feats)} Path feat(s) exceed level {self.level}'s "
                              f"{path_feats_allowed(self.level)}")


_FIELD_TYPES: dict[str, type] = {
    "name": str, "class_key": str, "level": int, "virtue": str, "weapon": str, "armour": str, "shield": bool,
    "hd": int, "resolve": int, "armour_dice": int, "shield_dice": int, "spell_armour": int, "temp_hd": int,
    "temp_sides": int, "affinity": int, "affinity_gained_today": int, "rests_today": int, "uses_spent": dict,
    "mending": bool, "way": str, "way_nodes": list, "path_feats": list,
}


def new_sheet(
    name: str,
    class_key: str,
    level: int = 1,
    virtue: str = "guardian",
    weapon: str | None = None,
    armour: str | None = None,
    shield: bool | None = None,
    way: str = "",
    nodes: list[str] | None = None,
    feats: list[str] | None = None,
) -> Sheet:
    """A fresh character with its class kit, full HD, Resolve 5 and intact armour; optionally its Way, Way nodes
    and Path feats by name (003 "Character Advancement Systems")."""
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
    sheet.take(way, nodes, feats)
    return sheet


def level_up(sheet: Sheet, nodes: list[str] | None = None, feats: list[str] | None = None) -> list[str]:
    """Advance one level: the new Hit Dice join the pool; new abilities and features are listed, with the Way
    node and Path feat the level grants (003 "Character Advancement Systems"). Checked before anything changes."""
    if sheet.level >= MAX_LEVEL:
        raise RuleViolation("level up", f"{sheet.name} is already level {MAX_LEVEL}", "003 Level: maximum 10")
    trial = Sheet.from_json({**sheet.to_json(), "level": sheet.level + 1})
    trial.take(None, nodes, feats)
    before_hd, before_ab, before_ft = sheet.hd_max, set(sheet.abilities), set(sheet.features)
    trial.hd = min(trial.hd_max, sheet.hd + trial.hd_max - before_hd)
    for name in Sheet.__dataclass_fields__:
        setattr(sheet, name, getattr(trial, name))
    gained = [f"Hit Dice max {before_hd} → {sheet.hd_max}"]
    names = class_data().abilities
    gained += [f"ability: {names[a].name}" for a in sheet.abilities if a not in before_ab]
    gained += [f"feature: {f.replace('_', ' ')}" for f in sheet.features if f not in before_ft]
    if sheet.proficiency != proficiency(sheet.level - 1):
        gained.append(f"Proficiency {proficiency(sheet.level - 1)} → {sheet.proficiency}")
    new_abilities = [a for a in sheet.abilities if a not in before_ab]
    for kind in advancement(sheet.level):
        if kind != "class ability":
            gained.append(f"{kind} (level {sheet.level})")
        elif not new_abilities:  # ref §3 gives only the Combatant's later abilities
            gained.append(f"class ability (level {sheet.level}): in the {sheet.cls.name} document, not modelled")
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
    if giver is receiver or giver.name == receiver.name:
        raise RuleViolation("share Affinity", "share with an ally, not yourself", "003 Sharing Affinity Dice")
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


def conformance_party(level: int, magical_armor: bool = True) -> list[Sheet]:
    """ref §1: Combatant, Priest, Ranger, Weaver of the same level; the Weaver's Magical Armor is cast before the
    fight unless the ``magical_armor`` option is off."""
    names = {"combatant": "Bram", "priest": "Ilse", "ranger": "Tamsin", "weaver": "Oren"}
    out = []
    for key, name in names.items():
        sheet = new_sheet(name, key, level)
        if key == "weaver" and magical_armor:
            sheet.spell_armour = 2  # Magical Armor cast before the fight (RULINGS)
        out.append(sheet)
    return out
