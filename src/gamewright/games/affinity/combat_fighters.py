"""Combatants and actions of an Affinity fight: the grid constants, ``Act`` and its text form, ``Fighter`` and
its builders from a character sheet or a creature entry. See ``combat`` for the model of a fight."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamewright.core.errors import RuleViolation
from gamewright.core.game import Event
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import Sheet
from gamewright.games.affinity.data_files import CreatureDef, class_data, creature
from gamewright.games.affinity.defence import Layer

if TYPE_CHECKING:
    from gamewright.games.affinity.combat import CombatState

SQUARE = 5  # yards per square (ref §1 "Space")
START_GAP = 6  # 30 yards
FREE_MOVE = 2  # 10 yards per round (003 "Base Movement")
PC_ACTIONS = 2  # 003 "Exertion Budget": up to 2 actions per turn

# ref §1 "NPCs": actions per turn by tier (Basic 1–2 → up to 2; the policy may end early).
def npc_actions(tier: str, party_size: int, basic_actions: int = 2) -> int:
    if tier == "trivial":
        return 1
    if tier == "basic":
        return basic_actions
    if tier in ("advanced", "expert"):
        return 2
    if tier in ("legendary", "ultimate"):
        return 2 + math.ceil(party_size / 2)
    return 2 + party_size  # mythical


@dataclass(frozen=True, slots=True)
class Act:
    """An action: ``use`` an ability (or a creature attack) on a target with exertion and stored Affinity dice,
    ``move`` toward a combatant, ``share`` Affinity dice with an ally, ``hold`` or ``end`` the turn."""

    verb: str
    ability: str = ""
    target: int = -1
    exertion: int = 0
    affinity: int = 0  # Affinity dice spent on the roll, or shared

    def to_text(self) -> str:
        if self.verb in ("end", "hold"):
            return self.verb
        if self.verb == "move":
            return f"move {self.target}"
        if self.verb == "share":
            return f"share {self.affinity} to {self.target}"
        text = f"use {self.ability}"
        if self.target != -1:
            text += f" on {self.target}"
        if self.exertion:
            text += f" exert {self.exertion}"
        if self.affinity:
            text += f" affinity {self.affinity}"
        return text


END = Act("end")
HOLD = Act("hold")  # 003 "Held Actions": keep the remaining actions for later in the round


def _num(word: str) -> int:
    """A number in an action's text: ASCII digits only (``²`` and other Unicode digits are not numbers here)."""
    if not (word.isascii() and word.lstrip("-").isdigit()) or len(word) > 6:
        raise ValueError(word)
    return int(word)


def parse_act(text: str) -> Act:
    if not isinstance(text, str):
        raise RuleViolation("parse action", f"an action's text form is text, not {type(text).__name__}",
                            "actions look like: use weapon_strike on 4 exert 1")
    words = text.strip().lower().split()
    if not words:
        raise RuleViolation("parse action", "empty action text", "actions look like: use weapon_strike on 4 exert 1")
    if words == ["end"]:
        return END
    if words == ["hold"]:
        return HOLD
    try:
        if words[0] == "move" and len(words) == 2:
            return Act("move", target=_num(words[1]))
        if words[0] == "share" and len(words) == 4 and words[2] == "to":
            return Act("share", target=_num(words[3]), affinity=_num(words[1]))
        if words[0] == "use" and len(words) >= 2:
            ability, target, exertion, affinity = words[1], -1, 0, 0
            rest = words[2:]
            while rest:
                if rest[0] == "on" and len(rest) >= 2:
                    target = _num(rest[1])
                elif rest[0] == "exert" and len(rest) >= 2:
                    exertion = _num(rest[1])
                elif rest[0] == "affinity" and len(rest) >= 2:
                    affinity = _num(rest[1])
                else:
                    raise ValueError(rest[0])
                rest = rest[2:]
            return Act("use", ability, target, exertion, affinity)
    except ValueError:
        pass
    raise RuleViolation(f"parse action {text!r}", "not understood",
                        "actions look like: end | move 4 | share 1 to 2 | use weapon_strike on 4 exert 1 affinity 1")


def slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_")


_FIELDS = ("idx", "side", "name", "key", "pc", "level", "prof", "hd_die", "hd", "hd_max", "layers", "resolve",
           "resolve_max", "mindless", "status", "x", "y", "abilities", "weapon", "features", "actions_per_turn",
           "tier", "actions_left", "expert_used", "move_left", "exerted_turn", "checked_round", "pending",
           "hd_lost_round", "parry_debt", "parried_round", "defend_bonus", "ward_bonus", "rally_dice", "help_faces",
           "mark", "analysed", "stabilized", "stunned", "prone", "communing", "htl_rounds", "htl_used_round",
           "purpose_rounds", "uses", "steadfast", "oath_ready", "heal_used", "initiative", "held", "affinity",
           "affinity_cap", "shared_turn", "prone_bonus", "hd_start", "collapses")


# a Fighter's fields that have defaults (the rest are given by every builder)
_DEFAULTS: dict[str, Any] = {
    "pc": True, "level": 1, "layers": [], "status": rs.OK, "x": 0, "y": 0, "abilities": (), "weapon": "",
    "features": (), "actions_per_turn": PC_ACTIONS, "tier": "pc", "actions_left": 0, "expert_used": False,
    "move_left": 0, "exerted_turn": False, "checked_round": 0, "pending": "", "hd_lost_round": 0,
    "parry_debt": 0, "parried_round": 0, "defend_bonus": 0, "ward_bonus": 0, "rally_dice": 0,
    "help_faces": [], "mark": -1, "analysed": -1, "stabilized": False, "stunned": False, "prone": False,
    "communing": False, "htl_rounds": 0, "htl_used_round": 0, "purpose_rounds": 0, "uses": {},
    "steadfast": False, "oath_ready": False, "heal_used": False, "initiative": 0, "mindless": False,
    "held": 0, "affinity": 0, "affinity_cap": 0, "shared_turn": False,
    "prone_bonus": False, "hd_start": 0, "collapses": 0,
}
_MUTABLE = ("layers", "help_faces", "uses")  # defaults never shared between fighters


class Fighter:
    """One combatant, PC or creature. Plain slots, copied field by field for clones."""

    __slots__ = _FIELDS

    # The slots above, typed for the checker (annotations only; values come from ``__init__``).
    idx: int
    side: int
    name: str
    key: str
    pc: bool
    level: int
    prof: int
    hd_die: int
    hd: int
    hd_max: int
    layers: list[Layer]
    resolve: int
    resolve_max: int
    mindless: bool
    status: str
    x: int
    y: int
    abilities: tuple[str, ...]
    weapon: str
    features: tuple[str, ...]
    actions_per_turn: int
    tier: str
    actions_left: int
    expert_used: bool
    move_left: int
    exerted_turn: bool
    checked_round: int
    pending: str
    hd_lost_round: int
    parry_debt: int
    parried_round: int
    defend_bonus: int
    ward_bonus: int
    rally_dice: int
    help_faces: list[int]
    mark: int
    analysed: int
    stabilized: bool
    stunned: bool
    prone: bool
    communing: bool
    htl_rounds: int
    htl_used_round: int
    purpose_rounds: int
    uses: dict[str, int]
    steadfast: bool
    oath_ready: bool
    heal_used: bool
    initiative: int
    held: int
    affinity: int
    affinity_cap: int
    shared_turn: bool
    prone_bonus: bool
    hd_start: int  # body HD when the fight began (after initiative burns): what the summary counts from
    collapses: int  # times Resolve fell to 0 with HD left (003 Collapse)

    def __init__(self, **kw: Any) -> None:
        values = {**_DEFAULTS, **kw}
        for name in _MUTABLE:  # each fighter its own list or dict where none is given
            if name not in kw:
                values[name] = type(_DEFAULTS[name])()
        for name in _FIELDS:
            setattr(self, name, values[name])

    def copy(self) -> Fighter:
        other = Fighter.__new__(Fighter)
        for name in _FIELDS:
            setattr(other, name, getattr(self, name))
        other.layers = [Layer(la.label, la.sides, la.count, la.survive) for la in self.layers]
        other.help_faces = list(self.help_faces)
        other.uses = dict(self.uses)
        return other

    def to_json(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in _FIELDS}
        out["layers"] = [la.to_json() for la in self.layers]
        out["abilities"] = list(self.abilities)
        out["features"] = list(self.features)
        out["help_faces"] = list(self.help_faces)
        out["uses"] = dict(self.uses)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Fighter:
        f = cls(**{k: data[k] for k in _FIELDS if k in data})  # fields added later take their defaults
        f.layers = [Layer(d["label"], d["sides"], d["count"], d["survive"]) for d in data["layers"]]
        f.abilities = tuple(data["abilities"])
        f.features = tuple(data["features"])
        f.help_faces = list(data["help_faces"])
        f.uses = dict(data["uses"])
        return f

    @property
    def conscious(self) -> bool:
        return self.status == rs.OK

    def dice_text(self) -> str:
        parts = [f"{la.count}d{la.sides} {la.label}" for la in self.layers if la.count]
        parts.append(f"{self.hd}d{self.hd_die} body")
        return " + ".join(parts)


def fighter_from_sheet(sheet: Sheet, idx: int, magical_armor: bool = True) -> Fighter:
    data = class_data()
    feats = tuple(sheet.features)
    survive = 4 if "armour_survives_on_4" in feats else 5  # ref §3 Combatant level 8
    layers = []
    spell = sheet.spell_armour or (2 if magical_armor and "magical_armor" in feats else 0)
    if spell:
        layers.append(Layer("spell", 12, spell))
    if sheet.shield:
        layers.append(Layer("shield", data.shield[1], sheet.shield_dice, survive))
    if sheet.armour_sides:
        layers.append(Layer("armor", sheet.armour_sides, sheet.armour_dice, survive))
    if sheet.temp_hd:
        layers.append(Layer("temp", sheet.temp_sides, sheet.temp_hd))
    prof = sheet.proficiency
    uses = {}
    for key in sheet.abilities:
        kind = data.abilities[key].uses
        if kind:
            total = prof if kind == "prof_rest" else 1
            uses[key] = max(0, total - sheet.uses_spent.get(key, 0))
    universal = ("defend", "rush", "steady", "help", "stabilize", "dash", "forced_march", "disengage")
    for key in ("rush", "steady"):
        uses[key] = max(0, 1 - sheet.uses_spent.get(key, 0))
    f = Fighter(idx=idx, side=0, name=sheet.name, key=sheet.class_key, pc=True, level=sheet.level, prof=prof,
                hd_die=sheet.hd_die, hd=sheet.hd, hd_max=sheet.hd_max, layers=layers, resolve=sheet.resolve,
                resolve_max=5, abilities=tuple(sheet.abilities) + universal, weapon=sheet.weapon, features=feats,
                uses=uses, steadfast="steadfast" in feats,
                oath_ready="oath_absolute" in feats and not sheet.uses_spent.get("oath_absolute"),  # once a long rest
                affinity=sheet.affinity, affinity_cap=sheet.affinity_cap)
    rs.update_status(f)  # a stored sheet may be collapsed or dying (003 Death & Dying)
    return f


def sheet_after_fight(sheet: Sheet, f: Fighter) -> None:
    """Write what a fight changed back to the sheet it came from: HD, Resolve, Affinity dice, the armour, shield
    and spell layers, abilities used, and Oath Absolute once spent (ref §3 Combatant 10: once per long rest)."""
    sheet.hd, sheet.resolve, sheet.affinity = f.hd, f.resolve, f.affinity
    for la in f.layers:
        if la.label == "armor":
            sheet.armour_dice = la.count
        elif la.label == "shield":
            sheet.shield_dice = la.count
        elif la.label == "spell":
            sheet.spell_armour = la.count
    fresh = fighter_from_sheet(Sheet.from_json({**sheet.to_json(), "uses_spent": {}}), 0, False)
    sheet.uses_spent = {k: fresh.uses[k] - v for k, v in f.uses.items() if fresh.uses.get(k, 0) > v}
    if fresh.oath_ready and not f.oath_ready:
        sheet.uses_spent["oath_absolute"] = 1


def fighter_from_creature(cdef: CreatureDef, idx: int, number: int, party_size: int, basic_actions: int = 2
                          ) -> Fighter:
    layers = [Layer("armor", cdef.armour[1], cdef.armour[0])] if cdef.armour[0] else []
    return Fighter(idx=idx, side=1, name=f"{cdef.name} {number}", key=cdef.key, pc=False, prof=cdef.proficiency,
                   hd_die=cdef.hd_die, hd=cdef.hd, hd_max=cdef.hd, layers=layers, resolve=cdef.resolve,
                   resolve_max=cdef.resolve, mindless=cdef.mindless,
                   abilities=tuple(slug(a.name) for a in cdef.attacks),
                   actions_per_turn=cdef.actions or npc_actions(cdef.tier, party_size, basic_actions), tier=cdef.tier,
                   status=rs.OK)


def creature_of(st: CombatState, f: Fighter) -> CreatureDef:
    """The creature entry a fighter was built from, kept on the fight (``st._cdefs``) once read."""
    c = st._cdefs.get(f.key)
    if c is None:
        c = st._cdefs[f.key] = creature(f.key)
    return c


def dist(a: Fighter, b: Fighter) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def resolve_event(f: Fighter, out: dict[str, Any]) -> Event:
    return Event("resolve", {"who": f.idx, **out},
                 f"{f.name} Resolve check ({out['reason']}): {out['face']} ({out['how']}) → "
                 f"Resolve {out['before']} → {out['after']}")
