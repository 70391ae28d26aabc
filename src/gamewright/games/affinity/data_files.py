"""Load and validate the class, gear, ability and creature data shipped in ``data/`` (TOML).

Every problem is reported as one ``ConfigError`` naming the file, the entry and the field.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from gamewright.core.errors import ConfigError

TIER_NAMES = ("none", "trivial", "basic", "advanced", "expert", "legendary", "ultimate", "mythical")
ACTION_TIERS = ("none", "basic", "advanced", "expert", "legendary", "ultimate")
EFFECTS = ("attack", "rally", "hold_line", "devastate", "purpose", "endure", "mark", "analyze", "ward", "commune",
           "recover", "defend", "rush", "steady", "help", "stabilize", "dash", "disengage")
TARGETS = ("enemy", "ally", "self", "dying", "none")
USES = ("", "rest", "prof_rest", "combat", "long_rest")
DURABILITIES = ("tough", "balanced", "fragile")
# ref §1 NPCs: Resolve by tier when a stat block lists none
DEFAULT_RESOLVE = {"trivial": 2, "basic": 2, "advanced": 3, "expert": 4, "legendary": 5, "ultimate": 8,
                   "mythical": 11}


@dataclass(frozen=True, slots=True)
class Weapon:
    key: str
    name: str
    kind: str
    base: int
    required: int
    range: int
    damage_type: str
    hands: int


@dataclass(frozen=True, slots=True)
class Ability:
    key: str
    name: str
    tier: str
    effect: str
    target: str
    required: int = 0
    range: int = 0
    base: int = -1  # -1: the weapon's base damage
    base_prof: int = 0
    damage_type: str = ""
    uses: str = ""
    resolve_cost: int = 0
    hd_cost: int = 0
    move: int = 0
    knockdown: bool = False
    stun: bool = False
    divine_die: bool = False
    bonus_vs_mark: int = 0
    bonus_vs_analysed: int = 0
    bonus_communing: int = 0
    centered: bool = False
    source: str = ""

    @property
    def uses_weapon(self) -> bool:
        return self.base < 0


@dataclass(frozen=True, slots=True)
class ClassDef:
    key: str
    name: str
    durability: str
    hd_die: int
    weapon: str
    armour: str
    shield: bool
    kit: tuple[str, ...]
    passives: tuple[str, ...]
    progression: tuple[tuple[int, str, str], ...]  # (level, "ability"|"feature", key)
    ways: tuple[str, ...] = ()  # the Ways the documents name (003 Ways); empty: none named, any name recorded


@dataclass(frozen=True, slots=True)
class Attack:
    name: str
    tier: str
    pool: int = 0
    required: int = 1
    damage: int = 0
    range: int = 5
    damage_type: str = "slashing"
    area: int = 0
    push: int = 0
    drain: bool = False
    resolve_check: bool = False
    heal: tuple[int, int] | None = None  # (count, sides)


@dataclass(frozen=True, slots=True)
class Traits:
    ally_bonus: int = 0
    below_half_bonus: int = 0
    defence_bonus: int = 0
    defence_vs: tuple[tuple[str, int], ...] = ()
    damage_taken: tuple[tuple[str, int], ...] = ()
    halved: tuple[str, ...] = ()
    swarm: bool = False
    parry: bool = False


@dataclass(frozen=True, slots=True)
class CreatureDef:
    key: str
    name: str
    tier: str
    hd: int
    hd_die: int
    proficiency: int
    resolve: int
    armour: tuple[int, int]
    traits: Traits
    attacks: tuple[Attack, ...]
    actions: int = 0  # 0: by tier (ref §1 NPCs)

    @property
    def mindless(self) -> bool:
        return self.resolve == 0


@dataclass(frozen=True)
class ClassData:
    hd_by_level: dict[str, tuple[int, ...]]
    armour: dict[str, tuple[int, int]]
    shield: tuple[int, int]
    weapons: dict[str, Weapon]
    abilities: dict[str, Ability]
    classes: dict[str, ClassDef]
    passives: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class CreatureData:
    creatures: dict[str, CreatureDef]
    budgets: dict[str, tuple[int, int]]


class _Checker:
    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, message: str) -> ConfigError:
        return ConfigError(f"{self.file}: {where}: {message}")

    def table(self, data: Any, where: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(where, "must be a table")
        return data

    def get(self, data: dict[str, Any], key: str, kind: type, where: str, default: Any = ...) -> Any:
        if key not in data:
            if default is ...:
                raise self.fail(where, f"is missing {key!r}")
            return default
        value = data[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail(where, f"{key!r} must be a whole number, not {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise self.fail(where, f"{key!r} must be a {kind.__name__}, not {value!r}")
        return value

    def count(self, data: dict[str, Any], key: str, where: str, default: Any = ..., minimum: int = 0) -> int:
        value = self.get(data, key, int, where, default)
        if value < minimum:
            raise self.fail(where, f"{key!r} must be at least {minimum}, not {value}")
        return value

    def choice(self, data: dict[str, Any], key: str, choices: tuple[str, ...], where: str, default: Any = ...) -> str:
        value = self.get(data, key, str, where, default)
        if value not in choices:
            names = ", ".join(ch or "(empty)" for ch in choices)
            raise self.fail(where, f"{key!r} is {value!r}; choose one of: {names}")
        return value

    def unknown(self, data: dict[str, Any], allowed: set[str], where: str) -> None:
        extra = sorted(set(data) - allowed)
        if extra:
            raise self.fail(where, f"unknown field(s) {', '.join(extra)}; allowed: {', '.join(sorted(allowed))}")


def _read(name: str) -> dict[str, Any]:
    text = resources.files("gamewright.games.affinity").joinpath("data", name).read_text(encoding="utf-8")
    return parse_toml(text, name)


def parse_toml(text: str, name: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{name}: not valid TOML: {exc}") from exc


_ABILITY_FIELDS = {f for f in Ability.__dataclass_fields__ if f != "key"}


def validate_classes(raw: dict[str, Any], file: str = "classes.toml") -> ClassData:
    c = _Checker(file)
    hd = c.table(raw.get("hd_by_level"), "[hd_by_level]")
    hd_by_level: dict[str, tuple[int, ...]] = {}
    for dur in DURABILITIES:
        values = hd.get(dur)
        if not isinstance(values, list) or len(values) != 10 or not all(isinstance(v, int) and v > 0 for v in values):
            raise c.fail("[hd_by_level]", f"{dur!r} must list 10 positive whole numbers (levels 1–10)")
        if any(b < a for a, b in zip(values, values[1:], strict=False)):
            raise c.fail("[hd_by_level]", f"{dur!r} must never decrease from one level to the next")
        hd_by_level[dur] = tuple(values)
    armour: dict[str, tuple[int, int]] = {}
    for key, entry in c.table(raw.get("armour"), "[armour]").items():
        entry = c.table(entry, f"armour {key!r}")
        armour[key] = (c.count(entry, "count", f"armour {key!r}"), c.count(entry, "sides", f"armour {key!r}"))
    sh = c.table(raw.get("shield"), "[shield]")
    shield = (c.count(sh, "count", "[shield]", minimum=1), c.count(sh, "sides", "[shield]", minimum=2))
    weapons: dict[str, Weapon] = {}
    for key, entry in c.table(raw.get("weapons"), "[weapons]").items():
        w = f"weapon {key!r}"
        entry = c.table(entry, w)
        c.unknown(entry, {"name", "kind", "base", "required", "range", "damage_type", "hands"}, w)
        kind = c.choice(entry, "kind", ("light", "heavy", "ranged"), w)
        weapons[key] = Weapon(key, c.get(entry, "name", str, w), kind,
                              c.count(entry, "base", w, minimum=1), c.count(entry, "required", w, minimum=1),
                              c.count(entry, "range", w, minimum=5), c.get(entry, "damage_type", str, w),
                              c.count(entry, "hands", w, minimum=1))
    abilities: dict[str, Ability] = {}
    for key, entry in c.table(raw.get("abilities"), "[abilities]").items():
        w = f"ability {key!r}"
        entry = c.table(entry, w)
        c.unknown(entry, _ABILITY_FIELDS, w)
        kwargs: dict[str, Any] = {"name": c.get(entry, "name", str, w),
                                  "tier": c.choice(entry, "tier", ACTION_TIERS, w),
                                  "effect": c.choice(entry, "effect", EFFECTS, w),
                                  "target": c.choice(entry, "target", TARGETS, w),
                                  "uses": c.choice(entry, "uses", USES, w, "")}
        for name in ("required", "range", "base_prof", "resolve_cost", "hd_cost", "move", "bonus_vs_mark",
                     "bonus_vs_analysed", "bonus_communing"):
            kwargs[name] = c.count(entry, name, w, 0)
        kwargs["base"] = c.get(entry, "base", int, w, -1)
        for name in ("knockdown", "stun", "divine_die", "centered"):
            kwargs[name] = c.get(entry, name, bool, w, False)
        kwargs["damage_type"] = c.get(entry, "damage_type", str, w, "")
        kwargs["source"] = c.get(entry, "source", str, w, "")
        abilities[key] = Ability(key, **kwargs)
    passives = {k: str(v) for k, v in c.table(raw.get("passives", {}), "[passives]").items()}
    classes: dict[str, ClassDef] = {}
    for key, entry in c.table(raw.get("classes"), "[classes]").items():
        w = f"class {key!r}"
        entry = c.table(entry, w)
        c.unknown(entry, {"name", "durability", "hd_die", "weapon", "armour", "shield", "kit", "passives",
                          "progression", "ways"}, w)
        weapon = c.get(entry, "weapon", str, w)
        if weapon not in weapons:
            raise c.fail(w, f"weapon {weapon!r} is not in [weapons]")
        arm = c.get(entry, "armour", str, w)
        if arm not in armour:
            raise c.fail(w, f"armour {arm!r} is not in [armour]")
        kit = c.get(entry, "kit", list, w)
        for ab in kit:
            if ab not in abilities:
                raise c.fail(w, f"kit ability {ab!r} is not in [abilities]")
        pas = c.get(entry, "passives", list, w, [])
        for p in pas:
            if p not in passives:
                raise c.fail(w, f"passive {p!r} is not in [passives]")
        prog: list[tuple[int, str, str]] = []
        for i, step in enumerate(c.get(entry, "progression", list, w, []), 1):
            sw = f"{w} progression step {i}"
            step = c.table(step, sw)
            level = c.count(step, "level", sw, minimum=2)
            if level > 10:
                raise c.fail(sw, f"level {level} is above the maximum level 10")
            if "ability" in step:
                if step["ability"] not in abilities:
                    raise c.fail(sw, f"ability {step['ability']!r} is not in [abilities]")
                prog.append((level, "ability", step["ability"]))
            elif "feature" in step:
                if step["feature"] not in passives:
                    raise c.fail(sw, f"feature {step['feature']!r} is not in [passives]")
                prog.append((level, "feature", step["feature"]))
            else:
                raise c.fail(sw, "needs an 'ability' or a 'feature'")
        hd_die = c.count(entry, "hd_die", w, minimum=4)
        classes[key] = ClassDef(key, c.get(entry, "name", str, w), c.choice(entry, "durability", DURABILITIES, w),
                                hd_die, weapon, arm, c.get(entry, "shield", bool, w, False), tuple(kit),
                                tuple(pas), tuple(prog), tuple(str(x) for x in c.get(entry, "ways", list, w, [])))
    if len(classes) != 7:
        raise c.fail("[classes]", f"must define the seven classes, found {len(classes)}")
    return ClassData(hd_by_level, armour, shield, weapons, abilities, classes, passives)


_ATTACK_FIELDS = {"name", "tier", "pool", "required", "damage", "range", "damage_type", "area", "push", "drain",
                  "resolve_check", "heal"}
_TRAIT_FIELDS = {"ally_bonus", "below_half_bonus", "defence_bonus", "defence_vs", "damage_taken", "halved", "swarm",
                 "parry"}


def _dice_text(text: str, c: _Checker, where: str) -> tuple[int, int]:
    parts = text.lower().split("d")
    if len(parts) != 2 or not parts[0].isdigit() or not parts[1].isdigit() or int(parts[1]) < 2:
        raise c.fail(where, f"{text!r} is not dice notation like 2d8")
    return int(parts[0]), int(parts[1])


def validate_creatures(raw: dict[str, Any], file: str = "creatures.toml") -> CreatureData:
    c = _Checker(file)
    creatures: dict[str, CreatureDef] = {}
    for key, entry in c.table(raw.get("creatures"), "[creatures]").items():
        w = f"creature {key!r}"
        entry = c.table(entry, w)
        c.unknown(entry, {"name", "tier", "hd", "hd_die", "proficiency", "resolve", "armour", "traits", "attacks",
                          "actions"}, w)
        arm = c.table(entry.get("armour", {"count": 0, "sides": 0}), f"{w} armour")
        armour = (c.count(arm, "count", f"{w} armour"), c.count(arm, "sides", f"{w} armour"))
        if armour[0] and armour[1] < 2:
            raise c.fail(f"{w} armour", "armour dice need at least 2 sides")
        tr = c.table(entry.get("traits", {}), f"{w} traits")
        c.unknown(tr, _TRAIT_FIELDS, f"{w} traits")
        tw = f"{w} traits"
        dvs = c.table(tr.get("defence_vs", {}), tw)
        dtk = c.table(tr.get("damage_taken", {}), tw)
        for table in (dvs, dtk):
            for k, v in table.items():
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise c.fail(tw, f"{k!r} must be a whole number ≥ 0, not {v!r}")
        halved = c.get(tr, "halved", list, tw, [])
        traits = Traits(c.count(tr, "ally_bonus", tw, 0), c.count(tr, "below_half_bonus", tw, 0),
                        c.count(tr, "defence_bonus", tw, 0), tuple(sorted(dvs.items())), tuple(sorted(dtk.items())),
                        tuple(str(h) for h in halved), c.get(tr, "swarm", bool, tw, False),
                        c.get(tr, "parry", bool, tw, False))
        attacks: list[Attack] = []
        for i, at in enumerate(c.get(entry, "attacks", list, w), 1):
            aw = f"{w} attack {i}"
            at = c.table(at, aw)
            c.unknown(at, _ATTACK_FIELDS, aw)
            heal = _dice_text(c.get(at, "heal", str, aw), c, aw) if "heal" in at else None
            tier = c.choice(at, "tier", ACTION_TIERS, aw)
            if heal is None:
                if tier == "none":
                    raise c.fail(aw, "an attack needs a tier (basic … ultimate)")
                pool = c.count(at, "pool", aw, minimum=1)
                required = c.count(at, "required", aw, minimum=1)
                damage = c.count(at, "damage", aw, minimum=1)
            else:
                pool, required, damage = 0, 0, 0
            attacks.append(Attack(c.get(at, "name", str, aw), tier, pool, required, damage,
                                  c.count(at, "range", aw, 5, minimum=5), c.get(at, "damage_type", str, aw, "slashing"),
                                  c.count(at, "area", aw, 0), c.count(at, "push", aw, 0),
                                  c.get(at, "drain", bool, aw, False), c.get(at, "resolve_check", bool, aw, False),
                                  heal))
        if not any(a.heal is None for a in attacks):
            raise c.fail(w, "needs at least one attack")
        tier = c.choice(entry, "tier", TIER_NAMES[1:], w)
        resolve = c.count(entry, "resolve", w, DEFAULT_RESOLVE[tier], minimum=0)
        creatures[key] = CreatureDef(key, c.get(entry, "name", str, w), tier, c.count(entry, "hd", w, minimum=1),
                                     c.count(entry, "hd_die", w, minimum=2),
                                     c.count(entry, "proficiency", w, minimum=1),
                                     resolve, armour, traits, tuple(attacks), c.count(entry, "actions", w, 0))
    budgets = {}
    for key, pair in c.table(raw.get("budgets", {}), "[budgets]").items():
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, int) for v in pair)):
            raise c.fail("[budgets]", f"{key!r} must be [low, high]")
        budgets[key] = (pair[0], pair[1])
    return CreatureData(creatures, budgets)


@lru_cache(maxsize=1)
def class_data() -> ClassData:
    return validate_classes(_read("classes.toml"))


@lru_cache(maxsize=1)
def creature_data() -> CreatureData:
    return validate_creatures(_read("creatures.toml"))


def creature(key: str) -> CreatureDef:
    data = creature_data().creatures
    norm = key.strip().lower().replace("-", "_").replace(" ", "_")
    if norm not in data:
        raise ConfigError(f"unknown creature {key!r}; choose one of: {', '.join(data)}")
    return data[norm]
