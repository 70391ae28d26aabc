"""Combat encounters: initiative, turns of up to two actions, exertion, attacks, layered defence, Resolve.

Two seats: 0 is the party, 1 the creatures. ``current_player`` is the side of the combatant whose turn it is;
the acting combatant is ``state.active``. Dice are rolled inside ``apply`` from the state's own ``Rng``.
Space is a grid of 5-yard squares (ref §1 "Space"): distance counts diagonals as 1, melee reaches adjacent
squares, the sides start 30 yards (6 squares) apart, and every combatant has 10 yards (2 squares) of free
movement per turn, spent automatically when an action needs to close in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from gamewright.core.errors import RuleViolation
from gamewright.core.game import TERMINAL, Event
from gamewright.core.rng import Rng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import Sheet
from gamewright.games.affinity.data_files import Ability, Attack, CreatureDef, class_data, creature
from gamewright.games.affinity.defence import Layer, resolve_defence
from gamewright.games.affinity.pools import MIN_EXERTION, TIERS, count_successes, damage, is_expert_or_higher

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
        if self.target >= 0:
            text += f" on {self.target}"
        if self.exertion:
            text += f" exert {self.exertion}"
        if self.affinity:
            text += f" affinity {self.affinity}"
        return text


END = Act("end")
HOLD = Act("hold")  # 003 "Held Actions": keep the remaining actions for later in the round


def parse_act(text: str) -> Act:
    words = text.strip().lower().split()
    if not words:
        raise RuleViolation("parse action", "empty action text", "actions look like: use weapon_strike on 4 exert 1")
    if words == ["end"]:
        return END
    if words == ["hold"]:
        return HOLD
    try:
        if words[0] == "move" and len(words) == 2:
            return Act("move", target=int(words[1]))
        if words[0] == "share" and len(words) == 4 and words[2] == "to":
            return Act("share", target=int(words[3]), affinity=int(words[1]))
        if words[0] == "use" and len(words) >= 2:
            ability, target, exertion, affinity = words[1], -1, 0, 0
            rest = words[2:]
            while rest:
                if rest[0] == "on" and len(rest) >= 2:
                    target = int(rest[1])
                elif rest[0] == "exert" and len(rest) >= 2:
                    exertion = int(rest[1])
                elif rest[0] == "affinity" and len(rest) >= 2:
                    affinity = int(rest[1])
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
           "affinity_cap", "shared_turn", "prone_bonus")


class Fighter:
    """One combatant, PC or creature. Plain slots, copied field by field for clones."""

    __slots__ = _FIELDS

    def __init__(self, **kw: Any) -> None:
        defaults: dict[str, Any] = {
            "pc": True, "level": 1, "layers": [], "status": rs.OK, "x": 0, "y": 0, "abilities": (), "weapon": "",
            "features": (), "actions_per_turn": PC_ACTIONS, "tier": "pc", "actions_left": 0, "expert_used": False,
            "move_left": 0, "exerted_turn": False, "checked_round": 0, "pending": "", "hd_lost_round": 0,
            "parry_debt": 0, "parried_round": 0, "defend_bonus": 0, "ward_bonus": 0, "rally_dice": 0,
            "help_faces": [], "mark": -1, "analysed": -1, "stabilized": False, "stunned": False, "prone": False,
            "communing": False, "htl_rounds": 0, "htl_used_round": 0, "purpose_rounds": 0, "uses": {},
            "steadfast": False, "oath_ready": False, "heal_used": False, "initiative": 0, "mindless": False,
            "held": 0, "affinity": 0, "affinity_cap": 0, "shared_turn": False,
            "prone_bonus": False,
        }
        defaults.update(kw)
        for name in _FIELDS:
            setattr(self, name, defaults[name])

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
                uses=uses, steadfast="steadfast" in feats, oath_ready="oath_absolute" in feats,
                affinity=sheet.affinity, affinity_cap=sheet.affinity_cap)
    rs.update_status(f)  # a stored sheet may be collapsed or dying (003 Death & Dying)
    return f


def fighter_from_creature(cdef: CreatureDef, idx: int, number: int, party_size: int, basic_actions: int = 2
                          ) -> Fighter:
    layers = [Layer("armor", cdef.armour[1], cdef.armour[0])] if cdef.armour[0] else []
    return Fighter(idx=idx, side=1, name=f"{cdef.name} {number}", key=cdef.key, pc=False, prof=cdef.proficiency,
                   hd_die=cdef.hd_die, hd=cdef.hd, hd_max=cdef.hd, layers=layers, resolve=cdef.resolve,
                   resolve_max=cdef.resolve, mindless=cdef.mindless,
                   abilities=tuple(slug(a.name) for a in cdef.attacks),
                   actions_per_turn=cdef.actions or npc_actions(cdef.tier, party_size, basic_actions), tier=cdef.tier,
                   status=rs.OK)


_CREATURE_SPECS: dict[str, dict[str, Attack]] = {}


def _ABILITIES() -> dict[str, Ability]:  # noqa: N802 - a cached table, read like a constant
    return class_data().abilities


def dist(a: Fighter, b: Fighter) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


class CombatState:
    """A fight in progress. See the module docstring for the model."""

    __slots__ = ("fighters", "order", "turn_pos", "active", "round", "rng", "winner", "options", "log_actions",
                 "_cdefs", "held_phase")

    def __init__(self, fighters: list[Fighter], rng: Rng, options: dict[str, Any]) -> None:
        self.fighters = fighters
        self.rng = rng
        self.options = dict(options)
        self.order: list[int] = []
        self.turn_pos = -1
        self.active = -1
        self.round = 1
        self.winner: int | None = None
        self.log_actions = 0
        self._cdefs: dict[str, CreatureDef] = {}
        self.held_phase = False

    # --- protocol ----------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return self.fighters[self.active].side

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        if self.winner is None or self.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def clone(self) -> CombatState:
        other = CombatState.__new__(CombatState)
        other.fighters = [f.copy() for f in self.fighters]
        other.order = list(self.order)
        other.turn_pos = self.turn_pos
        other.active = self.active
        other.round = self.round
        other.rng = self.rng.clone()
        other.winner = self.winner
        other.options = dict(self.options)
        other.log_actions = self.log_actions
        other._cdefs = self._cdefs
        other.held_phase = self.held_phase
        return other

    def to_json(self) -> dict[str, Any]:
        return {"game": "affinity", "round": self.round, "order": list(self.order), "turn_pos": self.turn_pos,
                "active": self.active, "winner": self.winner, "options": dict(self.options),
                "actions": self.log_actions, "held_phase": self.held_phase,
                "fighters": [f.to_json() for f in self.fighters],
                "rng": self.rng.get_state()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CombatState:
        rng = Rng(0)
        rng.set_state(data["rng"])
        state = cls([Fighter.from_json(f) for f in data["fighters"]], rng, data["options"])
        state.order = list(data["order"])
        state.turn_pos = data["turn_pos"]
        state.active = data["active"]
        state.round = data["round"]
        state.winner = data["winner"]
        state.log_actions = data["actions"]
        state.held_phase = data["held_phase"]
        return state

    def view_for(self, player: int) -> dict[str, Any]:
        """Everything on the table is public; only the random stream is hidden."""
        data = self.to_json()
        data.pop("rng")
        data["viewer"] = player
        return data

    def invariant_violations(self) -> list[str]:
        out = []
        for f in self.fighters:
            if f.hd < 0 or f.hd > f.hd_max:
                out.append(f"{f.name}: body HD {f.hd} outside 0..{f.hd_max}")
            if any(la.count < 0 for la in f.layers):
                out.append(f"{f.name}: a layer has a negative dice count")
            if not 0 <= f.resolve <= f.resolve_max:
                out.append(f"{f.name}: Resolve {f.resolve} outside 0..{f.resolve_max}")
            if f.actions_left < 0 or f.move_left < 0 or f.rally_dice < 0:
                out.append(f"{f.name}: a negative count")
            expected = {rs.OK: f.hd > 0 and (f.resolve > 0 or f.mindless),
                        rs.COLLAPSED: f.hd > 0 and f.resolve == 0 and not f.mindless,
                        rs.DYING: f.hd == 0 and f.resolve > 0 and not f.mindless,
                        rs.DEAD: f.hd == 0}
            if not expected.get(f.status, False):
                out.append(f"{f.name}: status {f.status} does not fit HD {f.hd} and Resolve {f.resolve}")
        if self.winner is None and not self.fighters[self.active].conscious:
            out.append("the acting combatant is not conscious")
        return out

    # --- setup -------------------------------------------------------------------------------------------
    def cdef(self, f: Fighter) -> CreatureDef:
        c = self._cdefs.get(f.key)
        if c is None:
            c = self._cdefs[f.key] = creature(f.key)
        return c

    def start(self) -> list[Event]:
        """Place the sides, roll initiative (ref §1 "Initiative") and begin round 1."""
        events: list[Event] = []
        party = [f for f in self.fighters if f.side == 0]
        foes = [f for f in self.fighters if f.side == 1]
        for i, f in enumerate(party):
            f.x, f.y = 0, i
        for i, f in enumerate(foes):
            f.x, f.y = START_GAP, i
        init_ex = int(self.options.get("initiative_exertion", 0))
        keys: dict[int, tuple[int, ...]] = {}
        for f in self.fighters:
            # initiative exertion (ref §1) only for the conscious: an unconscious sheet pushes nothing, and the
            # "never below 1 HD" clamp must not lift a dying character off 0 HD
            ex = min(init_ex, f.prof) if f.pc and f.status == rs.OK else 0
            faces = self.rng.dice(3 + ex, 6)
            burned = sum(1 for v in faces[3:] if v == 1)
            if burned:
                f.hd = max(1, f.hd - burned)  # initiative burns (never fatal before the fight begins)
            f.initiative = sum(faces)
            keys[f.idx] = (sum(faces), max(faces))
        # ties: highest single die, then re-roll among the still tied
        groups: dict[tuple[int, ...], list[int]] = {}
        for idx, key in keys.items():
            groups.setdefault(key, []).append(idx)
        for key, idxs in groups.items():
            if len(idxs) > 1:
                extra = self._reroll_ties(idxs)
                for idx in idxs:
                    keys[idx] = key + extra[idx]
        self.order = sorted(keys, key=lambda i: keys[i], reverse=True)
        surprised = set(self.options.get("surprised", ()))
        for f in self.fighters:
            # ref §1 Initiative: a non-surprised roll grants +1 Resolve; the unconscious (collapsed or dying on a
            # stored sheet) roll nothing, so a collapsed character is not woken by it (003 "Collapse")
            if f.side not in surprised and not f.mindless and f.status == rs.OK:
                f.resolve = min(f.resolve_max, f.resolve + 1)
                rs.update_status(f)
        text = ", ".join(f"{self.fighters[i].name} {self.fighters[i].initiative}" for i in self.order)
        events.append(Event("initiative", {"order": list(self.order)}, f"Initiative: {text}"))
        self._next_turn(events)
        return events

    def _reroll_ties(self, idxs: list[int]) -> dict[int, tuple[int, ...]]:
        extra: dict[int, tuple[int, ...]] = {}
        pending = list(idxs)
        while pending:
            rolls = {i: sum(self.rng.dice(3, 6)) for i in pending}
            for i in pending:
                extra[i] = extra.get(i, ()) + (rolls[i],)
            counts: dict[int, int] = {}
            for v in rolls.values():
                counts[v] = counts.get(v, 0) + 1
            pending = [i for i in pending if counts[rolls[i]] > 1]
        length = max(len(v) for v in extra.values())
        return {i: v + (0,) * (length - len(v)) for i, v in extra.items()}

    # --- turns -------------------------------------------------------------------------------------------
    def _side_up(self, side: int) -> bool:
        return any(f.status == rs.OK for f in self.fighters if f.side == side)

    def _check_end(self, events: list[Event]) -> bool:
        party, foes = self._side_up(0), self._side_up(1)
        if party and foes:
            return False
        self.winner = 0 if party else (1 if foes else -1)
        label = {0: "the party wins", 1: "the creatures win", -1: "nobody is left standing"}[self.winner]
        events.append(Event("end", {"winner": self.winner, "round": self.round}, f"Fight over: {label}"))
        return True

    def _next_turn(self, events: list[Event]) -> None:
        if self._check_end(events):
            return
        while True:
            self.turn_pos += 1
            if self.turn_pos >= len(self.order):
                if self._held_turn(events):
                    return
                self.held_phase = False
                self._end_round(events)
                if self._check_end(events):
                    return
                self.turn_pos = 0
            f = self.fighters[self.order[self.turn_pos]]
            if f.status != rs.OK:
                continue
            f.defend_bonus = 0  # Defend lasts until your next turn
            f.shared_turn = False
            f.move_left = FREE_MOVE
            f.expert_used = False
            f.exerted_turn = False
            actions = max(0, f.actions_per_turn - f.parry_debt)
            f.parry_debt = 0
            if f.stunned:  # ref §1 "Conditions": stunned loses its next turn's actions
                f.stunned = False
                events.append(Event("stunned", {"who": f.idx}, f"{f.name} is stunned and loses the turn"))
                continue
            if f.prone:  # standing costs half the movement
                f.prone = f.prone_bonus = False
                f.move_left = FREE_MOVE // 2
            f.actions_left = actions
            if actions <= 0:
                continue
            self.active = f.idx
            events.append(Event("turn", {"who": f.idx, "round": self.round},
                                f"Round {self.round}: {f.name}'s turn ({f.dice_text()}, Resolve {f.resolve})"))
            return

    def _held_turn(self, events: list[Event]) -> bool:
        """003 "Held Actions": with no trigger by the round's end, held actions serve Basic actions at count 0."""
        for idx in self.order:
            f = self.fighters[idx]
            if f.held > 0:
                actions, f.held = f.held, 0
                if f.status != rs.OK:
                    continue
                self.held_phase = True
                self.turn_pos = len(self.order)
                f.actions_left = actions
                f.expert_used = False
                self.active = f.idx
                events.append(Event("turn", {"who": f.idx, "round": self.round, "held": True},
                                    f"Round {self.round}, count 0: {f.name} uses {actions} held action(s), "
                                    "Basic only"))
                return True
        return False

    def _end_round(self, events: list[Event]) -> None:
        for idx in self.order:
            f = self.fighters[idx]
            if f.status == rs.DYING:  # ref §1: the dying end-of-round check counts as the round's one check
                out = rs.resolve_check(f, self.rng, self.round, rs.DYING_ROUND)
                if out:
                    events.append(_resolve_event(f, out))
        for f in self.fighters:
            f.hd_lost_round = 0
            f.parry_debt = 0  # a reaction spends an action of this round's turn only
            f.stabilized = False  # Stabilize lasts "this round"
            if f.htl_rounds:
                f.htl_rounds -= 1
            if f.purpose_rounds:
                f.purpose_rounds -= 1
        self.round += 1
        events.append(Event("round", {"round": self.round}, f"--- Round {self.round} ---"))

    # --- legality ----------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Act]:
        if self.winner is not None:
            return []
        f = self.fighters[self.active]
        fx, fy = f.x, f.y
        others = [(e, max(abs(e.x - fx), abs(e.y - fy))) for e in self.fighters if e.status != rs.DEAD]
        acts = [END] if self.held_phase else [END, HOLD]
        if f.move_left > 0:
            side = f.side
            acts += [Act("move", "", e.idx, 0) for e, d in others if e.side != side and d > 1]
        for key in f.abilities:
            spec = self._spec(f, key)
            if spec is None or self._unusable(f, key, spec):
                continue
            lo, hi = self._exertion_range(f, spec)
            targets = self._targets(f, key, spec, others)
            if lo == hi:
                uses = [Act("use", key, t, lo) for t in targets]
            else:
                uses = [Act("use", key, t, e) for t in targets for e in range(lo, hi + 1)]
            acts += uses
            if f.affinity and spec.tier != "none":  # 003 Spending Affinity Dice: on any roll
                acts += [Act("use", key, a.target, a.exertion, n) for a in uses for n in range(1, f.affinity + 1)]
        if f.affinity and not f.shared_turn:  # 003 Sharing Affinity Dice: a free action, to an ally within 30 yd
            for e, d in others:
                room = e.affinity_cap - e.affinity
                if e.pc and e is not f and e.side == f.side and d <= 30 // SQUARE and room > 0:
                    acts += [Act("share", "", e.idx, 0, n) for n in range(1, min(f.affinity, room) + 1)]
        return acts

    def _spec(self, f: Fighter, key: str) -> Ability | Attack | None:
        if f.pc:
            return _ABILITIES().get(key)
        specs = _CREATURE_SPECS.get(f.key)
        if specs is None:
            specs = _CREATURE_SPECS[f.key] = {slug(a.name): a for a in self.cdef(f).attacks}
        return specs.get(key)

    def _unusable(self, f: Fighter, key: str, spec: Ability | Attack) -> str:
        tier = spec.tier
        if self.held_phase and tier != "basic":
            return "held actions used at initiative count 0 are Basic only (003 Held Actions)"
        if is_expert_or_higher(tier):
            if f.expert_used:
                return "only one Expert-or-higher action per turn (003 Exertion Budget)"
            if not rs.can_initiate_expert(f):
                return f"Resolve {f.resolve} is too low to initiate Expert+ actions (003 Resolve Stages)"
        if f.pc:
            assert isinstance(spec, Ability)
            if MIN_EXERTION.get(tier, 0) > f.prof:
                return f"{tier} needs {MIN_EXERTION[tier]} exertion dice but Proficiency is {f.prof} (003)"
            if key in f.uses and f.uses[key] <= 0:
                return f"{spec.name} is used up until the next rest"
            if spec.effect == "steady" and f.hd <= 3:
                return "Steady costs 3 HD and would leave you at 0 HD (RULINGS)"
            if spec.effect == "recover" and f.resolve <= 1:
                return "Efficient Recovery costs 1 Resolve and would collapse you (RULINGS)"
            if spec.resolve_cost and f.resolve <= spec.resolve_cost and spec.effect == "purpose":
                return "Undeniable Purpose costs 2 Resolve and would collapse you (RULINGS)"
        else:
            assert isinstance(spec, Attack)
            if spec.heal is not None and (f.heal_used or f.hd >= f.hd_max):
                return "the heal is used once per combat and only when hurt"
        return ""

    def _exertion_range(self, f: Fighter, spec: Ability | Attack) -> tuple[int, int]:
        if not f.pc or spec.tier == "none":
            return 0, 0
        return MIN_EXERTION[spec.tier], f.prof  # each action's own pool ≤ Proficiency (003 Exertion Budget)

    def _reach(self, f: Fighter, spec: Ability | Attack) -> tuple[int, int]:
        """(squares reached normally, squares reached at long range with −1d6)."""
        if isinstance(spec, Attack):
            return spec.range // SQUARE, spec.range // SQUARE
        if spec.effect in ("attack", "devastate") and spec.range == 0:
            w = class_data().weapons[f.weapon]
            sq = w.range // SQUARE
            return sq, (3 * sq if w.kind == "ranged" else sq)  # ref §3: long range up to 3×, −1d6
        if spec.range:
            return spec.range // SQUARE, spec.range // SQUARE
        return 1, 1

    def _targets(self, f: Fighter, key: str, spec: Ability | Attack,
                 others: list[tuple[Fighter, int]] | None = None) -> list[int]:
        if others is None:
            others = [(e, dist(f, e)) for e in self.fighters if e.status != rs.DEAD]
        side, mv = f.side, f.move_left
        if isinstance(spec, Attack):
            if spec.heal is not None:
                return [-1]
            far = spec.range // SQUARE + mv
            return [e.idx for e, d in others if e.side != side and d <= far]
        kind = spec.target
        if kind in ("self", "none"):
            return [-1]
        far = self._reach(f, spec)[1] + mv
        if kind == "enemy":
            if spec.effect == "dash":
                return [e.idx for e, d in others if e.side != side and d > 1]
            return [e.idx for e, d in others if e.side != side and d <= far]
        if kind == "ally":
            # Endure may heal anyone of the side, even the fallen; other ally effects need a conscious ally
            if spec.effect == "endure":
                return [e.idx for e, d in others if e.side == side and d <= far]
            return [e.idx for e, d in others if e.side == side and e is not f and e.status == rs.OK and d <= far]
        return [e.idx for e, d in others
                if e.side == side and e.status == rs.DYING and not e.stabilized and d <= far]

    def validate(self, act: Any) -> str:
        """Why ``act`` is illegal now, or "" if it is legal."""
        if not isinstance(act, Act):
            return "not an Affinity combat action"
        if self.winner is not None:
            return "the fight is over"
        f = self.fighters[self.active]
        if act.verb == "end":
            return "" if act == END else "end takes no arguments"
        if act.verb == "hold":
            if act != HOLD:
                return "hold takes no arguments"
            return "held actions cannot be held again" if self.held_phase else ""
        if act.verb == "move":
            if not 0 <= act.target < len(self.fighters):
                return f"no combatant {act.target}"
            e = self.fighters[act.target]
            if f.move_left <= 0:
                return "no free movement left this turn (10 yards per round)"
            if e.side == f.side or e.status == rs.DEAD or dist(f, e) <= 1:
                return "move toward a living enemy that is not adjacent"
            return ""
        if act.verb == "share":
            return self._share_problem(f, act)
        if act.verb != "use":
            return f"unknown verb {act.verb!r}"
        if not 0 <= act.affinity <= f.affinity:
            return f"{f.name} stores {f.affinity} Affinity dice, cannot spend {act.affinity} (003 Spending)"
        if act.ability not in f.abilities:
            return f"{f.name} has no ability {act.ability!r}; known: {', '.join(f.abilities)}"
        spec = self._spec(f, act.ability)
        if spec is None:
            return f"unknown ability {act.ability!r}"
        why = self._unusable(f, act.ability, spec)
        if why:
            return why
        lo, hi = self._exertion_range(f, spec)
        if not lo <= act.exertion <= hi:
            return f"exertion must be {lo}..{hi} for this action (003 Exertion Budget, Exertion Minimums)"
        if act.target not in self._targets(f, act.ability, spec):
            return f"combatant {act.target} is not a valid target in reach"
        if act.affinity and spec.tier == "none":
            return f"{spec.name} has no roll to add Affinity dice to"
        return ""

    def _share_problem(self, f: Fighter, act: Act) -> str:
        """003 "Sharing Affinity Dice": a free action on your turn (once), to an ally within 30 yards."""
        if act.ability or act.exertion:
            return "share takes a count and an ally: share 1 to 2"
        if f.shared_turn:
            return "Affinity dice are shared once per turn (a free action)"
        if not 0 <= act.target < len(self.fighters):
            return f"no combatant {act.target}"
        e = self.fighters[act.target]
        if not (e.pc and e.side == f.side and e is not f and e.status != rs.DEAD):
            return "share with a living ally"
        if dist(f, e) > 30 // SQUARE:
            return f"{e.name} is more than 30 yards away"
        if not 1 <= act.affinity <= f.affinity:
            return f"{f.name} stores {f.affinity} Affinity dice, cannot share {act.affinity}"
        if act.affinity > e.affinity_cap - e.affinity:
            return f"{e.name} can store only {e.affinity_cap - e.affinity} more (its Level cap)"
        return ""

    # --- applying ----------------------------------------------------------------------------------------
    def apply(self, act: Any) -> list[Event]:
        why = self.validate(act)
        if why:
            what = act.to_text() if hasattr(act, "to_text") else repr(act)
            raise RuleViolation(what, why, "affinity combat")
        f = self.fighters[self.active]
        events: list[Event] = []
        self.log_actions += 1
        if act.verb == "end":
            f.actions_left = 0
            events.append(Event("end_turn", {"who": f.idx}, f"{f.name} ends the turn"))
        elif act.verb == "hold":
            f.held, f.actions_left = f.actions_left, 0
            events.append(Event("hold", {"who": f.idx, "actions": f.held},
                                f"{f.name} holds {f.held} action(s)"))
        elif act.verb == "move":
            self._approach(f, self.fighters[act.target], 1, events)
        elif act.verb == "share":
            e = self.fighters[act.target]
            f.affinity -= act.affinity
            e.affinity += act.affinity
            f.shared_turn = True
            events.append(Event("share", {"who": f.idx, "target": e.idx, "dice": act.affinity},
                                f"{f.name} shares {act.affinity} Affinity dice with {e.name}"))
        elif f.pc:
            self._pc_use(f, act, events)
        else:
            self._npc_use(f, act, events)
        self._after_action(events)
        if self.winner is None and (f.status != rs.OK or f.actions_left <= 0):
            self._next_turn(events)
        return events

    def _approach(self, f: Fighter, t: Fighter, reach: int, events: list[Event]) -> None:
        if dist(f, t) <= reach or f.move_left <= 0:
            return
        before = [e for e in self.fighters if e.side != f.side and e.status == rs.OK and dist(f, e) <= 1]
        moved = 0
        while dist(f, t) > reach and f.move_left > 0:
            f.x += (t.x > f.x) - (t.x < f.x)
            f.y += (t.y > f.y) - (t.y < f.y)
            f.move_left -= 1
            moved += 1
        events.append(Event("move", {"who": f.idx, "to": [f.x, f.y], "yards": moved * SQUARE},
                            f"{f.name} moves {moved * SQUARE} yd toward {t.name}"))
        self._free_strikes(f, before, events)

    def _free_strikes(self, f: Fighter, before: list[Fighter], events: list[Event]) -> None:
        """Option ``free_strikes`` (ref §1 "Space"): leaving melee draws one Basic attack from each enemy left."""
        if not self.options.get("free_strikes"):
            return
        for e in before:
            if e.status == rs.OK and f.status != rs.DEAD and dist(f, e) > 1:
                events.append(Event("free_strike", {"who": e.idx, "target": f.idx},
                                    f"{e.name} strikes at {f.name} as it leaves"))
                if e.pc:
                    w = class_data().weapons[e.weapon]
                    succ, _, faces = self._roll(e.prof, 0, [], TIERS["basic"])
                    if succ >= w.required:
                        self._hit(e, f, w.base + min(succ - w.required, e.prof), w.damage_type, False, events)
                else:
                    basic = next((a for a in self.cdef(e).attacks if a.tier == "basic" and a.heal is None), None)
                    if basic is None:
                        continue
                    succ, _, faces = self._roll(basic.pool, 0, [], TIERS["basic"])
                    if succ >= basic.required:
                        self._hit(e, f, basic.damage + min(succ - basic.required, e.prof), basic.damage_type,
                                  False, events)

    def _roll(self, safe: int, exertion: int, help_faces: list[int], threshold: int) -> tuple[int, int, list[int]]:
        """Roll safe then exertion dice; a Help's faces join the count (ref §1 Help); only exertion 1s burn."""
        rng = self.rng
        faces = [rng.die(6) for _ in range(safe + exertion)]
        burned = sum(1 for v in faces[safe:] if v == 1)
        faces_all = faces + help_faces
        return count_successes(faces_all, threshold), burned, faces_all

    def _pool_mods(self, f: Fighter, t: Fighter | None, attack: bool = True) -> int:
        """Bonus (+) and penalty (−) dice from marks, analysis and prone targets (ref §3, §1 Conditions)."""
        mod = 0
        if f.analysed >= 0:
            mod -= 1  # Analyze: the target rolls −1d6
        if t is not None and t.side != f.side:
            if f.mark == t.idx:
                mod += 1  # Mark Prey: +1d6 vs the mark
            if t.analysed == f.side:
                mod += 1  # Analyze: allies +1d6
            if attack and t.prone_bonus:
                mod += 1  # ref §1 Conditions: the next attack against a prone target +1d6
        return mod

    def _pc_use(self, f: Fighter, act: Act, events: list[Event]) -> None:
        spec = class_data().abilities[act.ability]
        t = self.fighters[act.target] if act.target >= 0 else None
        near, far = self._reach(f, spec)
        if t is not None and t is not f and spec.effect != "dash":
            self._approach(f, t, near, events)
        f.actions_left -= 1
        if is_expert_or_higher(spec.tier):
            f.expert_used = True
        if act.ability in f.uses:
            f.uses[act.ability] -= 1
        tname = f" on {t.name}" if t is not None and t is not f else ""
        effect = spec.effect
        if spec.tier == "none":
            self._simple(f, spec, events)
        else:
            threshold = TIERS[spec.tier]
            attack = effect in ("attack", "devastate")
            mod = self._pool_mods(f, t, attack)
            if attack and t is not None:
                t.prone_bonus = False
            if t is not None and dist(f, t) > near:
                mod -= 1  # ref §3 Weapons: long range −1d6
            safe = f.prof + f.rally_dice + act.affinity  # Affinity dice are safe, outside the exertion cap
            f.rally_dice = 0
            f.affinity -= act.affinity
            exertion = act.exertion + (1 if spec.divine_die else 0)
            if mod > 0:
                safe += mod
            elif mod < 0:  # ref §1: "−1d6" removes a safe die first, never below 0 dice
                cut = min(-mod, safe)
                safe -= cut
                exertion -= min(-mod - cut, exertion)
            help_faces, f.help_faces = f.help_faces, []
            if spec.hd_cost:
                f.hd = max(0, f.hd - spec.hd_cost)  # Devastating Assault: lose 1 HD
            succ, burned, faces = self._roll(safe, exertion, help_faces, threshold)
            base_req = spec.required or (class_data().weapons[f.weapon].required if effect == "attack" else 0)
            required = base_req + rs.extra_required(f, spec.tier)
            ok = succ >= required
            events.append(Event("roll", {"who": f.idx, "ability": act.ability, "faces": faces, "successes": succ,
                                         "required": required, "burned": burned, "success": ok},
                                f"{f.name} uses {spec.name}{tname}: {faces} → {succ} success(es) "
                                f"vs {required} needed, {'success' if ok else 'failure'}"
                                + (f", {burned} HD burned" if burned else "")))
            if burned:
                lost = min(burned, f.hd)
                f.hd -= lost
                self._body_loss(f, lost)
            if act.exertion and act.exertion >= f.prof:  # ref §1: one action with exertion = Proficiency
                self._trigger(f, rs.MAX_EXERTION)
            centered = spec.centered and not f.exerted_turn and act.exertion == 0
            if act.exertion:
                f.exerted_turn = True
            if not ok:
                if is_expert_or_higher(spec.tier):
                    self._trigger(f, rs.FAILED_EXPERT)
            else:
                self._effect(f, spec, t, succ, required, centered, events)
        if f.hd <= 0 and f.status == rs.OK:  # reduced to 0 mid-action: finishes the action, then falls
            self._drop_to_zero(f, events)

    def _simple(self, f: Fighter, spec: Ability, events: list[Event]) -> None:
        e = spec.effect
        if e == "defend":
            f.defend_bonus = 2
            events.append(Event("defend", {"who": f.idx}, f"{f.name} defends: +2d6 defence dice until next turn"))
        elif e == "rush":  # lose 1 Resolve without a check, regain Proficiency HD
            rs.lose_resolve(f, 1)
            gain = self._heal(f, f.prof)
            events.append(Event("rush", {"who": f.idx, "healed": gain, "resolve": f.resolve},
                                f"{f.name} rushes: +{gain} HD, Resolve {f.resolve}"))
        elif e == "steady":  # lose 3 HD (not a trigger), gain 1 Resolve
            f.hd -= 3
            rs.restore_resolve(f, 1)
            events.append(Event("steady", {"who": f.idx, "resolve": f.resolve},
                                f"{f.name} steadies: −3 HD, Resolve {f.resolve}"))

    def _effect(self, f: Fighter, spec: Ability, t: Fighter | None, succ: int, required: int, centered: bool,
                events: list[Event]) -> None:
        e = spec.effect
        prof = f.prof
        if e == "attack":
            assert t is not None
            w = class_data().weapons[f.weapon]
            base = w.base if spec.base < 0 else spec.base
            dmg = damage(base + spec.base_prof * prof, succ, required, prof)  # 003 Damage: bonus capped
            if spec.bonus_vs_mark and f.mark == t.idx:
                dmg += spec.bonus_vs_mark
            if spec.bonus_vs_analysed and t.analysed == f.side:
                dmg += spec.bonus_vs_analysed
            if f.communing:
                dmg += 1 + spec.bonus_communing  # Spirit Communion (Elemental): strikes +1 HD
            if f.purpose_rounds:
                dmg += prof
            if centered:
                dmg += prof
            dtype = spec.damage_type or w.damage_type
            self._hit(f, t, dmg, dtype, False, events)
            if spec.stun and t.status != rs.DEAD and not t.purpose_rounds:
                t.stunned = True
                events.append(Event("stun", {"who": t.idx}, f"{t.name} is stunned"))
            if spec.knockdown and t.status == rs.OK:
                mine, _, _ = self._roll(prof, 0, [], TIERS["basic"])
                theirs, _, _ = self._roll(t.prof, 0, [], TIERS["basic"])
                if theirs <= mine and not t.purpose_rounds:
                    t.prone = t.prone_bonus = True
                    events.append(Event("prone", {"who": t.idx}, f"{t.name} is knocked prone ({mine} vs {theirs})"))
        elif e == "devastate":
            assert t is not None
            w = class_data().weapons[f.weapon]
            n = min(prof, succ // w.required)
            extra = succ - n * w.required
            for _ in range(n):
                if t.status == rs.DEAD:
                    break
                bonus = min(extra, prof)
                extra -= bonus
                self._hit(f, t, w.base + bonus, w.damage_type, False, events)
        elif e == "rally":
            t_list = [t] if t is not None else []
            if "rally_many" in f.features:  # level 4: Proficiency allies
                others = sorted((a for a in self.fighters if a.side == f.side and a.status == rs.OK
                                 and a is not f and a is not t and dist(f, a) <= 6), key=lambda a: dist(f, a))
                t_list += others[: prof - 1]
            for a in t_list:
                a.rally_dice += 1
            names = ", ".join(a.name for a in t_list)
            events.append(Event("rally", {"who": f.idx, "targets": [a.idx for a in t_list]},
                                f"{names} +1d6 on the next action"))
        elif e == "hold_line":
            f.htl_rounds = prof
            events.append(Event("hold_line", {"who": f.idx}, f"{f.name} holds the line for {prof} round(s)"))
        elif e == "purpose":
            rs.lose_resolve(f, spec.resolve_cost)
            f.purpose_rounds = prof
            events.append(Event("purpose", {"who": f.idx}, f"{f.name}: Undeniable Purpose for {prof} round(s)"))
        elif e == "endure":
            assert t is not None
            gain = self._heal(t, prof)
            if t.resolve < t.resolve_max:
                rs.restore_resolve(t, 1)
            events.append(Event("heal", {"who": t.idx, "amount": gain, "resolve": t.resolve},
                                f"{t.name} regains {gain} HD (Resolve {t.resolve})"))
        elif e == "mark":
            assert t is not None
            f.mark = t.idx
            events.append(Event("mark", {"who": f.idx, "target": t.idx}, f"{f.name} marks {t.name}"))
        elif e == "analyze":
            assert t is not None
            t.analysed = f.side
            events.append(Event("analyze", {"who": f.idx, "target": t.idx}, f"{f.name} analyses {t.name}"))
        elif e == "ward":
            f.ward_bonus += 1
            events.append(Event("ward", {"who": f.idx}, f"{f.name}: +1d6 on the next defence"))
        elif e == "commune":
            f.communing = True
            events.append(Event("commune", {"who": f.idx}, f"{f.name} communes with the elements"))
        elif e == "recover":
            gain = self._heal(f, prof)
            rs.lose_resolve(f, spec.resolve_cost)
            events.append(Event("heal", {"who": f.idx, "amount": gain, "resolve": f.resolve},
                                f"{f.name} recovers {gain} HD for 1 Resolve"))
        elif e == "help":
            assert t is not None
            t.help_faces = t.help_faces + self._last_faces(events)
            events.append(Event("help", {"who": f.idx, "target": t.idx}, f"{f.name}'s dice join {t.name}'s next roll"))
        elif e == "stabilize":
            assert t is not None
            t.stabilized = True
            events.append(Event("stabilize", {"who": t.idx}, f"{t.name} is stabilized this round"))
        elif e == "dash":
            assert t is not None
            f.move_left += spec.move // SQUARE
            self._approach(f, t, 1, events)
        elif e == "disengage":
            step = -1 if f.side == 0 else 1
            f.x += step * (spec.move // SQUARE)
            events.append(Event("move", {"who": f.idx, "to": [f.x, f.y]}, f"{f.name} disengages"))
        if spec.resolve_cost and e not in ("purpose", "recover"):
            rs.lose_resolve(f, spec.resolve_cost)  # Smite costs the Priest 1 Resolve

    @staticmethod
    def _last_faces(events: list[Event]) -> list[int]:
        for ev in reversed(events):
            if ev.kind == "roll":
                return list(ev.data["faces"])
        return []

    def _npc_use(self, f: Fighter, act: Act, events: list[Event]) -> None:
        spec = self._spec(f, act.ability)
        assert isinstance(spec, Attack)
        cdef = self.cdef(f)
        f.actions_left -= 1
        if spec.heal is not None:
            f.heal_used = True
            n, sides = spec.heal
            rolls = self.rng.dice(n, sides)
            amount = sum(rolls) if self.options.get("healing", "sum") == "sum" else n
            gain = self._heal(f, amount)
            events.append(Event("heal", {"who": f.idx, "rolls": rolls, "amount": gain},
                                f"{f.name} uses {spec.name}: {rolls} → +{gain} HD"))
            return
        t = self.fighters[act.target]
        near = spec.range // SQUARE
        self._approach(f, t, near, events)
        if is_expert_or_higher(spec.tier):
            f.expert_used = True
        pool = spec.pool + self._pool_mods(f, t)
        t.prone_bonus = False
        tr = cdef.traits
        if tr.ally_bonus and any(a.side == f.side and a is not f and a.status == rs.OK and dist(a, t) <= 1
                                 for a in self.fighters):
            pool += tr.ally_bonus
        if tr.below_half_bonus and 2 * f.hd < f.hd_max:
            pool += tr.below_half_bonus
        pool = max(0, pool)
        required = spec.required + rs.extra_required(f, spec.tier)
        succ, _, faces = self._roll(pool, 0, [], TIERS[spec.tier])  # NPC 1s never burn (ref §1 NPCs)
        ok = succ >= required
        events.append(Event("roll", {"who": f.idx, "ability": act.ability, "faces": faces, "successes": succ,
                                     "required": required, "burned": 0, "success": ok},
                            f"{f.name} uses {spec.name} on {t.name}: {faces} → {succ} success(es) vs {required} "
                            f"needed, {'success' if ok else 'failure'}"))
        if not ok:
            if is_expert_or_higher(spec.tier):
                self._trigger(f, rs.FAILED_EXPERT)
            return
        dmg = damage(spec.damage, succ, required, f.prof)
        if spec.area:
            radius = spec.area // SQUARE
            targets = [e for e in self.fighters if e.side != f.side and e.status != rs.DEAD and dist(f, e) <= radius]
        else:
            targets = [t]
        for e in targets:
            lost = self._hit(f, e, dmg, spec.damage_type, bool(spec.area), events)
            if spec.drain and lost:
                gain = self._heal(f, max(1, lost // 2))  # "halves" rounds down, minimum 1
                events.append(Event("heal", {"who": f.idx, "amount": gain}, f"{f.name} drains {gain} HD"))
            if spec.push and e.status != rs.DEAD:
                e.x += (e.x > f.x) - (e.x < f.x)
                e.y += (e.y > f.y) - (e.y < f.y)
                events.append(Event("push", {"who": e.idx, "to": [e.x, e.y]}, f"{e.name} is pushed 5 yd"))
            if spec.resolve_check and e.status != rs.DEAD and not e.purpose_rounds:
                self._trigger(e, rs.ENEMY_EFFECT)

    def yet_to_act(self, f: Fighter) -> bool:
        """Its turn this round is still to come: only then may it react (003 Triggered Actions)."""
        return not self.held_phase and f.idx in self.order and self.order.index(f.idx) > self.turn_pos

    def incoming(self, t: Fighter, dmg: int, dtype: str, area: bool) -> tuple[int, int, int, list[str]]:
        """What an attack of ``dmg`` meets, without side effects: (damage after traits, parry and Communion,
        defence rolls, extra defence d6, notes). Parry is assumed available if it has not been used this round."""
        cdef = None if t.pc else self.cdef(t)
        notes = []
        if cdef is not None:
            tr = cdef.traits
            extra = dict(tr.damage_taken).get(dtype, 0)
            if extra:  # ref §4 Skeletal Warrior: takes +1 from bludgeoning
                dmg += extra
                notes.append(f"+{extra} {dtype}")
            if dtype in tr.halved:  # ref §4 Ice Wraith; ref §1 "halves" rounds down, minimum 1
                dmg = max(1, dmg // 2)
                notes.append(f"{dtype} halved")
            if tr.parry and t.status == rs.OK and t.parried_round != self.round and self.yet_to_act(t):
                dmg = max(1, dmg // 2)  # ref §4 Bandit Captain: Parry halves damage, before its own turn
                notes.append("parried")
        if t.communing:  # ref §3 Shaman, Spirit Communion (Elemental): incoming damage −Proficiency HD
            dmg = max(0, dmg - t.prof)
            notes.append("Communion")
        # ref §1 Defence: DC = Proficiency (at least 1); Resolve stages and Analyze take rolls away, never below 1
        capacity = max(1, t.prof) - rs.defence_penalty(t) - (1 if t.analysed >= 0 else 0)
        bonus = t.defend_bonus + t.ward_bonus
        if t.htl_used_round != self.round and any(
            h.side == t.side and h.htl_rounds > 0 and h.status == rs.OK and dist(h, t) <= 2 for h in self.fighters
        ):
            bonus += 1  # ref §3 Hold the Line: +1d6 on the first defence each round
        if cdef is not None:
            bonus += cdef.traits.defence_bonus + dict(cdef.traits.defence_vs).get(dtype, 0)
            if cdef.traits.swarm:  # ref §4 Wolf Pack: +2d6 defence vs single targets, −2 defence dice vs area
                if area:
                    capacity -= 2
                else:
                    bonus += 2
        return dmg, max(1, capacity), bonus, notes

    def _hit(self, a: Fighter, t: Fighter, dmg: int, dtype: str, area: bool, events: list[Event]) -> int:
        """Damage ``t``: traits, parry, Communion, then layered defence. Returns dice destroyed."""
        if t.status == rs.DEAD:
            return 0
        dmg, capacity, bonus, notes = self.incoming(t, dmg, dtype, area)
        if "parried" in notes:
            t.parried_round = self.round
            t.parry_debt += 1  # a reaction uses one of its actions (ref §1 Conditions)
        t.ward_bonus = 0
        if t.htl_used_round != self.round and any(
            h.side == t.side and h.htl_rounds > 0 and h.status == rs.OK and dist(h, t) <= 2 for h in self.fighters
        ):
            t.htl_used_round = self.round
        at_zero = t.hd == 0
        body = Layer("body", t.hd_die, t.hd)
        layers = t.layers + [body]
        before = t.hd
        res = resolve_defence(layers, capacity, dmg, self.rng.die, bonus)
        t.hd = body.count
        lost_body = before - t.hd
        extra_dice = f"extra d6 {res.bonus_rolls}, " if res.bonus_rolls else ""
        text = (f"{t.name} takes {dmg} ({dtype}{', ' + ', '.join(notes) if notes else ''}): "
                f"{extra_dice}rolls {res.rolls}, {res.cancelled} cancelled, {res.lost} dice lost → "
                f"{t.dice_text()}")
        events.append(Event("damage", {"who": t.idx, "by": a.idx, "damage": dmg, "type": dtype,
                                       "cancelled": res.cancelled, "lost": res.lost, "overflow": res.overflow,
                                       "rolls": res.rolls, "bonus_rolls": res.bonus_rolls}, text))
        if lost_body:
            self._body_loss(t, lost_body)
        if at_zero:
            self._trigger(t, rs.HIT_AT_ZERO)
        if before > 0 and t.hd == 0:
            self._drop_to_zero(t, events)
        return res.lost

    def _body_loss(self, f: Fighter, lost: int) -> None:
        f.hd_lost_round += lost
        if f.hd_lost_round >= f.prof + 1:  # ref §1: body HD lost to damage and burns
            self._trigger(f, rs.HEAVY_LOSS)

    def _trigger(self, f: Fighter, reason: str) -> None:
        if not f.pending and not f.mindless and f.status != rs.DEAD:
            f.pending = reason

    def _drop_to_zero(self, f: Fighter, events: list[Event]) -> None:
        if f.oath_ready:  # ref §3 Combatant level 10: Oath Absolute
            f.oath_ready = False
            f.hd = f.prof
            f.resolve = f.resolve_max
            rs.update_status(f)
            events.append(Event("oath", {"who": f.idx}, f"{f.name} stands again (Oath Absolute)"))
            return
        status = rs.update_status(f)
        if status == rs.DYING:
            self._trigger(f, rs.ZERO_HD)
        events.append(Event("status", {"who": f.idx, "status": status}, f"{f.name} is {status}"))

    def _heal(self, f: Fighter, amount: int) -> int:
        if f.status == rs.DEAD:
            return 0
        gain = max(0, min(amount, f.hd_max - f.hd))
        f.hd += gain
        was = f.status
        rs.update_status(f)
        if was == rs.DYING and f.status == rs.OK:
            f.pending = ""
        return gain

    def _after_action(self, events: list[Event]) -> None:
        """Resolve checks are rolled after the action that triggered them, one per round (ref §1)."""
        for idx in self.order:
            f = self.fighters[idx]
            if f.pending:
                reason, f.pending = f.pending, ""
                was = f.status
                out = rs.resolve_check(f, self.rng, self.round, reason)
                if out:
                    events.append(_resolve_event(f, out))
                    if f.status != was:
                        events.append(Event("status", {"who": f.idx, "status": f.status}, f"{f.name} is {f.status}"))
        self._check_end(events)


def _resolve_event(f: Fighter, out: dict[str, Any]) -> Event:
    return Event("resolve", {"who": f.idx, **out},
                 f"{f.name} Resolve check ({out['reason']}): {out['face']} ({out['how']}) → "
                 f"Resolve {out['before']} → {out['after']}")


def build_fight(party: list[Sheet], creature_key: str, count: int, seed: int, options: dict[str, Any] | None = None
                ) -> tuple[CombatState, list[Event]]:
    options = dict(options or {})
    cdef = creature(creature_key)
    fighters = [fighter_from_sheet(s, i, options.get("magical_armor", True)) for i, s in enumerate(party)]
    for n in range(count):
        fighters.append(fighter_from_creature(cdef, len(fighters), n + 1, len(party),
                                              int(options.get("basic_actions", 1))))
    state = CombatState(fighters, Rng(seed), options)
    events = state.start()
    return state, events


def budget_count(cdef: CreatureDef, party: list[Sheet], budget: tuple[int, int]) -> int:
    """Copies of a creature up to the top of the encounter budget (ref §4), scaled by the party's Hit Dice.

    The budget is written for a level-1 party; for stronger parties it scales with their total maximum HD
    relative to a level-1 party of the same classes (RULINGS).
    """
    from gamewright.games.affinity.character import max_hd

    scale_num = sum(s.hd_max for s in party)
    scale_den = sum(max_hd(s.class_key, 1) for s in party)
    top = budget[1] * scale_num // scale_den
    return max(1, top // cdef.hd)
