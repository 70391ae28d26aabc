"""The Penance engine: a two-casket battle as a Game/State (004 whole; ref §1-§5).

The flow is a stack of steps (``todo``): automatic steps (round start, turn start, defense roll, attack end,
turn end, round end) run inside ``apply``; decision steps wait for a player (mulligan, the main action phase,
the defender's reactive window, choosing where lost cards come from, a Dual Wield discard). Every step is a
small JSON list, so a state serialises whole and a seed plus the action list replays bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamewright.core.errors import RuleViolation
from gamewright.core.game import TERMINAL, Event
from gamewright.core.rng import Rng
from gamewright.core.rules import Rules
from gamewright.games.penance import attack as atk
from gamewright.games.penance import cards as cards_mod
from gamewright.games.penance import heat as heat_mod
from gamewright.games.penance import pilot as pilot_mod
from gamewright.games.penance.cards import CardDef, card_table, set_table
from gamewright.games.penance.components import (
    AP,
    CHASSIS,
    COMPONENTS,
    DESTROYED,
    HEAD,
    LEFT_ARM,
    LEGS,
    RIGHT_ARM,
    CasketClass,
    apply_component_damage,
    casket_class,
)
from gamewright.games.penance.decks import DeckSpec, build_cards
from gamewright.games.penance.dice import ATTACK_FACES, DEFENSE_LABELS, attack_tier, roll_attack, roll_defense
from gamewright.games.penance.events import ev
from gamewright.games.penance.hexgrid import DIFFICULT, DIRECTIONS, SIDE_NAMES, WATER, HexMap, load_map
from gamewright.games.penance.piles import DAMAGED, Piles
from gamewright.games.penance.pilot import PILOT_DEATH, new_wound_deck

DECISIONS = frozenset(("mulligan", "main", "react", "loss", "cost"))
NEURAL_FEEDBACK_AT = 15  # 004 §5 item 4
HAND_SIZE = 6
UNPLAYABLE_1V1 = frozenset(("last_rites",))  # its window ("when an ally is defeated") never opens one-on-one


@dataclass(frozen=True, slots=True)
class Act:
    """One decision. ``card`` is a card instance (or -1); ``arg`` a component, direction or facing."""

    kind: str
    card: int = -1
    arg: int = -1

    def to_text(self) -> str:
        k = self.kind
        if k == "play":
            at = COMPONENTS[self.arg] if 0 <= self.arg < len(COMPONENTS) else self.arg  # a bad target still prints
            return f"play {self.card}" + (f" at {at}" if self.arg != -1 else "")
        if k in ("move", "rotate"):
            return f"{k} {DIRECTIONS[self.arg] if 0 <= self.arg < len(DIRECTIONS) else self.arg}"
        if k == "lose":
            return "lose deck" if self.card < 0 else f"lose {self.card}"
        if k in ("react", "sacrifice", "purge", "scrap", "discard"):
            return f"{k} {self.card}"
        return k  # end, keep, mulligan, rune, pass


class Casket:
    """One side: piles, position, resources, components, pilot and the short-lived modifiers."""

    __slots__ = (
        "deck_spec", "cls_name", "piles", "pos", "facing", "sp", "heat", "comp", "destroyed", "wound_deck",
        "wounds", "neural", "moved", "moved_last", "free_moves", "free_rot", "no_move", "no_attack", "acted",
        "next_dmg", "next_bypass", "feint", "turn_dmg", "cat_penalty", "def_turn", "shield_wall", "scrap_armor",
        "struct_weak", "sp_loss_next", "discard_next", "runes", "taint", "banned", "revealed", "zeal_used",
    )
    _LISTS = ("comp", "destroyed", "wound_deck", "wounds", "revealed")

    def __init__(self) -> None:
        self.deck_spec = ""
        self.cls_name = "scout"
        self.piles = Piles([])
        self.pos = self.facing = 0
        self.sp = self.heat = 0
        self.comp = [0] * 5
        self.destroyed = [False] * 5
        self.wound_deck: list[str] = []
        self.wounds: list[str] = []
        self.neural = False
        self.moved = self.moved_last = self.free_moves = 0
        self.free_rot = self.no_move = self.no_attack = self.acted = False
        self.next_dmg = self.next_bypass = self.feint = self.turn_dmg = self.cat_penalty = 0
        self.def_turn = self.shield_wall = self.scrap_armor = self.struct_weak = 0
        self.sp_loss_next = self.discard_next = self.runes = self.taint = 0
        self.banned = ""
        self.revealed: list[int] = []
        self.zeal_used = False

    @property
    def cls(self) -> CasketClass:
        return casket_class(self.cls_name)

    def clone(self) -> Casket:
        c = Casket.__new__(Casket)
        for k in Casket.__slots__:
            setattr(c, k, getattr(self, k))
        c.piles = self.piles.clone()
        for k in Casket._LISTS:
            setattr(c, k, list(getattr(self, k)))
        return c

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in Casket.__slots__ if k != "piles"}
        for k in Casket._LISTS:
            out[k] = list(out[k])
        out["piles"] = self.piles.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Casket:
        c = cls.__new__(cls)
        for k in cls.__slots__:
            if k != "piles":
                setattr(c, k, data[k])
        for k in cls._LISTS:
            setattr(c, k, list(data[k]))
        c.piles = Piles.from_json(data["piles"])
        return c


class PenanceState:
    """The whole battle. Decisions are ``Act`` values; everything random comes from ``self.rng``."""

    __slots__ = ("rules", "map", "rng", "sides", "todo", "attack", "round", "turn_player", "winner", "over",
                 "temp_difficult", "zones", "end_reason", "turns")

    def __init__(self, rules: Rules, seed: int, specs: tuple[DeckSpec, DeckSpec]) -> None:
        self.rules = rules
        self.map: HexMap = load_map(rules.map)
        self.rng = Rng(seed)
        self.sides = [Casket(), Casket()]
        self.todo: list[list[Any]] = []
        self.attack: dict[str, Any] | None = None
        self.round = 0
        self.turn_player = -1
        self.winner = -1
        self.over = False
        self.end_reason = ""
        self.temp_difficult: list[int] = []
        self.zones: list[list[int]] = []  # Consecrated Ground: [owner, centre hex]
        self.turns = 0
        for p, spec in enumerate(specs):
            s = self.sides[p]
            s.deck_spec = spec.spec_text()
            s.cls_name = spec.casket
            s.piles = Piles(build_cards(spec))
            self.rng.shuffle(s.piles.deck)  # ref §4 setup: shuffle, draw 6
            s.pos, s.facing = self.map.deploy[p]
            s.sp = s.cls.sp
            s.wound_deck = new_wound_deck(self.rng)
            if "runic_armor" in spec.tactics:
                s.runes = 3  # ref §5 Runic Armor: start with 3 Rune counters
            for _ in range(HAND_SIZE):
                s.piles.draw(self.rng)
        self.todo = [["round_start"], ["mulligan", 1], ["mulligan", 0]]

    # ================================================================================================
    # protocol
    # ================================================================================================
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return int(self.todo[-1][1])

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        if not self.over or self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def clone(self) -> PenanceState:
        st = PenanceState.__new__(PenanceState)
        st.rules, st.map = self.rules, self.map
        st.rng = self.rng.clone()
        st.sides = [s.clone() for s in self.sides]
        st.todo = [list(t) for t in self.todo]
        st.attack = dict(self.attack) if self.attack is not None else None
        if st.attack is not None and "faces" in st.attack:
            st.attack["faces"] = list(st.attack["faces"])
        st.round, st.turn_player, st.winner, st.over = self.round, self.turn_player, self.winner, self.over
        st.end_reason, st.turns = self.end_reason, self.turns
        st.temp_difficult = list(self.temp_difficult)
        st.zones = [list(z) for z in self.zones]
        return st

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "penance",
            "rules": self.rules.to_json(),
            "rng": self.rng.get_state(),
            "sides": [s.to_json() for s in self.sides],
            "todo": [list(t) for t in self.todo],
            "attack": None if self.attack is None else {**self.attack, "faces": list(self.attack.get("faces", []))},
            "round": self.round,
            "turn_player": self.turn_player,
            "winner": self.winner,
            "over": self.over,
            "end_reason": self.end_reason,
            "temp_difficult": list(self.temp_difficult),
            "zones": [list(z) for z in self.zones],
            "turns": self.turns,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], rules: Rules) -> PenanceState:
        st = cls.__new__(cls)
        st.rules = rules
        st.map = load_map(rules.map)
        st.rng = Rng(0)
        st.rng.set_state(data["rng"])
        st.sides = [Casket.from_json(s) for s in data["sides"]]
        st.todo = [list(t) for t in data["todo"]]
        st.attack = None if data["attack"] is None else dict(data["attack"])
        st.round, st.turn_player = data["round"], data["turn_player"]
        st.winner, st.over, st.end_reason = data["winner"], data["over"], data["end_reason"]
        st.temp_difficult = list(data["temp_difficult"])
        st.zones = [list(z) for z in data["zones"]]
        st.turns = data["turns"]
        return st

    def view_for(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: own hand, the opponent's hand size (and cards revealed by Sensor Sweep),
        every pile count but no deck order, the public discard and graveyard, face-up wounds only."""
        table = card_table()
        sides = []
        for p, s in enumerate(self.sides):
            pl = s.piles
            d: dict[str, Any] = {
                "deck_spec": s.deck_spec, "class": s.cls_name, "hex": self.map.hex_name(s.pos),
                "facing": DIRECTIONS[s.facing], "sp": s.sp, "sp_max": self.sp_max(p), "heat": s.heat,
                "deck": len(pl.deck), "hand_size": len(pl.hand), "discard": [pl.cards[i] for i in pl.discard],
                "graveyard": [pl.cards[i] for i in pl.grave], "removed": [pl.cards[i] for i in pl.removed],
                "components": {
                    COMPONENTS[c]: {"damage": s.comp[c], "hp": s.cls.zones[c].hp, "zone": self.zone(p, c)}
                    for c in range(5)
                },
                "wounds": list(s.wounds), "wound_deck": len(s.wound_deck), "runes": s.runes, "taint": s.taint,
                "moved": s.moved, "moved_last_turn": s.moved_last, "free_hexes": s.free_moves,
            }
            if p == player:
                d["hand"] = [{"id": i, "card": pl.cards[i], "name": table[pl.cards[i]].name,
                              "cost": self.card_cost(p, pl.cards[i])} for i in pl.hand]
            else:
                other = self.sides[player] if player in (0, 1) else None
                seen = [] if other is None else [i for i in other.revealed if i in pl.hand]
                d["revealed"] = [pl.cards[i] for i in seen]
            sides.append(d)
        return {
            "player": player, "round": self.round, "turn_player": self.turn_player,
            "current_player": self.current_player, "over": self.over, "winner": self.winner,
            "end_reason": self.end_reason, "sides": sides, "pending": self.todo[-1][0] if self.todo else None,
            "attack": self.public_attack(),
        }

    def public_attack(self) -> dict[str, Any] | None:
        a = self.attack
        if a is None:
            return None
        return {k: a[k] for k in ("attacker", "card", "component", "side", "tn", "dice", "tier", "damage") if k in a}

    def invariant_violations(self) -> list[str]:
        out: list[str] = []
        for p, s in enumerate(self.sides):
            out += s.piles.conservation_errors(f"player {p + 1}")
            if s.heat < 0 or s.sp < 0:
                out.append(f"player {p + 1}: negative heat or SP")
            if len(s.wounds) + len(s.wound_deck) != PILOT_DEATH:
                out.append(f"player {p + 1}: wound cards are not 10")
            for c in range(5):
                if not 0 <= s.comp[c] <= s.cls.zones[c].hp:
                    out.append(f"player {p + 1}: {COMPONENTS[c]} damage {s.comp[c]} out of range")
        if self.sides[0].pos == self.sides[1].pos:
            out.append("both caskets on one hex")
        if not self.over and not self.todo:
            out.append("no pending step in a running game")
        return out

    # ================================================================================================
    # derived values
    # ================================================================================================
    def zone(self, p: int, c: int) -> str:
        s = self.sides[p]
        if s.destroyed[c]:
            return DESTROYED
        return s.cls.zones[c].zone(s.comp[c])

    def damaged_zone(self, p: int, c: int) -> int:
        """0 in AP, 1 in Structure or Pilot Exposure (penalties carry on), 2 destroyed."""
        z = self.zone(p, c)
        return 2 if z == DESTROYED else (0 if z == AP else 1)

    def sp_max(self, p: int) -> int:
        s = self.sides[p]
        m = s.cls.sp
        m -= 1 if "concussion" in s.wounds else 0  # ref §2: Concussion is -1 SP maximum
        m -= 2 if "shattered_hand" in s.wounds else 0
        m -= 1 if self.damaged_zone(p, CHASSIS) == 1 else 0  # ref §3 chassis structure: -1 SP max
        return max(0, m)

    def slot(self, cid: str) -> str:
        c = card_table()[cid]
        return "status" if c.set == "status" else set_table()[c.set].slot

    def is_scrap(self, p: int, cid: str) -> bool:
        """ref §2: a destroyed component's equipment cards are SCRAP (primary = right arm, secondary = left)."""
        s = self.sides[p]
        sl = self.slot(cid)
        return (sl == "primary" and s.destroyed[RIGHT_ARM]) or (sl == "secondary" and s.destroyed[LEFT_ARM])

    def card_cost(self, p: int, cid: str) -> int:
        c = card_table()[cid]
        cost = c.cost
        if c.is_attack and self.has_tactic(p, "crusaders_vow") and len(self.sides[p].piles.deck) > 20:
            cost = max(0, cost - 1)  # Crusader's Vow (passive, ref §2)
        return cost

    def has_tactic(self, p: int, cid: str) -> bool:
        return cid in self.sides[p].deck_spec.split(":")[2].split("+")

    def hex_cost(self, p: int, dest: int) -> int:
        """SP surcharges for entering ``dest`` (on top of 1 SP, or of a movement card's free hex)."""
        s = self.sides[p]
        extra = 1 if (self.map.terrain[dest] in DIFFICULT or dest in self.temp_difficult) else 0
        legs = self.damaged_zone(p, LEGS)
        extra += 3 if legs == 2 else legs  # ref §2 destroyed legs +3; ref §3 structure +1
        extra += 1 if "spinal_trauma" in s.wounds else 0
        return extra

    def attack_arm(self, cid: str) -> int:
        sl = self.slot(cid)
        return RIGHT_ARM if sl == "primary" else LEFT_ARM if sl == "secondary" else -1

    # ================================================================================================
    # legal actions
    # ================================================================================================
    def legal_actions(self) -> list[Act]:
        if self.over:
            return []
        top = self.todo[-1]
        kind, p = top[0], top[1]
        s = self.sides[p]
        if kind == "mulligan":
            return [Act("keep"), Act("mulligan")]
        if kind == "react":
            out = [Act("pass")]
            out += [Act("react", i) for i in self._unique_hand(p) if self._reactive_ok(p, s.piles.cards[i])]
            if s.runes > 0:
                out.append(Act("rune"))
            return out
        if kind == "loss":
            out = [Act("lose", i) for i in self._unique_hand(p)] if top[3] != "forced" else []
            if s.piles.deck or s.piles.discard or not out:
                out.append(Act("lose"))
            return out
        if kind == "cost":
            return [Act("discard", i) for i in self._unique_hand(p)]
        return self._main_actions(p)

    def _unique_hand(self, p: int) -> list[int]:
        pl = self.sides[p].piles
        seen: set[str] = set()
        out = []
        for i in pl.hand:
            cid = pl.cards[i]
            if cid not in seen:
                seen.add(cid)
                out.append(i)
        return out

    def _reactive_ok(self, p: int, cid: str) -> bool:
        c = card_table()[cid]
        return c.reactive and cid not in UNPLAYABLE_1V1 and cid != self.sides[p].banned and not self.is_scrap(p, cid)

    def _main_actions(self, p: int) -> list[Act]:
        s = self.sides[p]
        out = [Act("end")]
        for d in range(6):
            if self._move_problem(p, d) is None:
                out.append(Act("move", arg=d))
        if not s.free_rot or s.sp >= 1:
            out += [Act("rotate", arg=f) for f in range(6) if f != s.facing]
        pl = s.piles
        for i in self._unique_hand(p):
            cid = pl.cards[i]
            if cid == DAMAGED:
                out += [Act("sacrifice", i), Act("purge", i)]
                continue
            if self.is_scrap(p, cid):
                out.append(Act("scrap", i))
                continue
            if self._play_problem(p, i) is not None:
                continue
            if card_table()[cid].is_attack:
                enemy = self.sides[1 - p]
                out += [Act("play", i, c) for c in range(5) if not enemy.destroyed[c]]
            else:
                out.append(Act("play", i))
        return out

    # --- why an action is illegal (None = legal) ------------------------------------------------------
    def _move_problem(self, p: int, d: int) -> str | None:
        s = self.sides[p]
        dest = self.map.neighbors[s.pos][d]
        if dest < 0:
            return "that hex is off the map"
        if not self.map.passable(dest):
            return "walls are impassable"
        if dest == self.sides[1 - p].pos:
            return "the hex is occupied by the enemy casket"
        if s.no_move:
            return "Anvil Breaker: you cannot move for the rest of the turn"
        if s.destroyed[LEGS] and s.moved >= 2:
            return "destroyed legs allow at most 2 hexes per turn (ref §2)"
        cost = self.hex_cost(p, dest) + (0 if s.free_moves > 0 else 1)
        if cost > s.sp:
            return f"moving there costs {cost} SP and you have {s.sp}"
        return None

    def attack_geometry(self, p: int, c: CardDef) -> str | None:
        """Range, arc and line of sight of an attack card against the enemy (None = the enemy is a target)."""
        s, e = self.sides[p], self.sides[1 - p]
        dist = self.map.dist[s.pos][e.pos]
        if c.area == "front3":
            if e.pos not in self.map.front_hexes(s.pos, s.facing):
                return "the enemy is not in the 3 hexes in front of you"
            return None
        reach = c.radius if c.area == "radius" else c.range
        if dist > reach:
            return f"the enemy is {dist} hexes away and {c.name} reaches {reach}"
        if not self.map.line_of_sight(s.pos, e.pos):
            return "no line of sight to the enemy"
        if c.area == "single" and c.ranged and dist > 1 and not self.map.in_front_arc(s.pos, s.facing, e.pos):
            return "ranged attacks need the target in your front 180° (ref §4)"
        return None

    def _play_problem(self, p: int, inst: int) -> str | None:
        s = self.sides[p]
        pl = s.piles
        if inst not in pl.hand:
            return "that card is not in your hand"
        cid = pl.cards[inst]
        c = card_table()[cid]
        if cid == DAMAGED:
            return "a DAMAGED card is removed with 'sacrifice' or 'purge', not played"
        if self.is_scrap(p, cid):
            return "a SCRAP card can only be cannibalised with 'scrap' (its component is destroyed)"
        if c.passive:
            return f"{c.name} is a passive tactic, in force all battle; the card itself cannot be played"
        if c.reactive:
            return f"{c.name} is a reactive card: play it on the enemy's turn after a hit, before defense dice"
        if cid == s.banned:
            return f"Broken Finger: {c.name} cannot be played this mission"
        cost = self.card_cost(p, cid)
        if cost > s.sp:
            return f"{c.name} costs {cost} SP and you have {s.sp}"
        if c.move and s.no_move:
            return "Anvil Breaker: you cannot move for the rest of the turn"
        if c.is_attack:
            if s.no_attack:
                return "you played Retreat: you cannot attack this turn"
            problem = self.attack_geometry(p, c)
            if problem:
                return problem
            e = self.sides[1 - p]
            if "ptsd" in s.wounds and self.map.side_of(e.pos, e.facing, s.pos) == 4:
                return "PTSD: your pilot cannot attack an enemy from behind"
        return None

    # ================================================================================================
    # apply
    # ================================================================================================
    def apply(self, action: Act) -> list[Event]:
        if not isinstance(action, Act):
            raise RuleViolation(str(action), "not a Penance action")
        if self.over:
            raise RuleViolation(action.to_text(), "the battle is over", "004 §9")
        top = self.todo[-1]
        kind, p = top[0], top[1]
        self._validate(action, kind, p, top)
        events: list[Event] = []
        if kind == "mulligan":
            self.todo.pop()
            self._do_mulligan(p, action.kind == "mulligan", events)
        elif kind == "react":
            self.todo.pop()
            self._do_react(p, action, events)
        elif kind == "loss":
            self._do_lose(p, action, top, events)
        elif kind == "cost":
            self.todo.pop()
            self._move_card(p, action.card, "discard")
            events.append(ev("discard", f"P{p + 1} discards {self._name(p, action.card)} (Dual Wield)",
                             player=p, card=self.sides[p].piles.cards[action.card]))
        else:
            self._do_main(p, action, events)
        self._advance(events)
        if not self.over:
            self._check_decks(events)
        for q in (0, 1):  # revealed cards are only known while they stay in the enemy's hand
            hand = self.sides[1 - q].piles.hand
            if self.sides[q].revealed:
                self.sides[q].revealed = [i for i in self.sides[q].revealed if i in hand]
        return events

    def _validate(self, a: Act, kind: str, p: int, top: list[Any]) -> None:
        text = a.to_text()
        who = f"player {p + 1}"
        allowed = {
            "mulligan": ("keep", "mulligan"), "react": ("react", "rune", "pass"), "loss": ("lose",),
            "cost": ("discard",), "main": ("end", "move", "rotate", "play", "sacrifice", "purge", "scrap"),
        }[kind]
        if a.kind not in allowed:
            if a.kind in ("react", "rune"):
                raise RuleViolation(text, "a reactive card can only be played on the enemy's turn after a hit is "
                                    "confirmed and before defense dice (now: " + kind + ")", "ref §4")
            raise RuleViolation(text, f"{who} must now choose one of: {', '.join(allowed)}")
        s = self.sides[p]
        pl = s.piles
        if a.card < -1 or a.arg < -1:
            raise RuleViolation(text, "card numbers and targets are never negative")
        if a.card >= 0 and a.card not in pl.hand:
            raise RuleViolation(text, f"card {a.card} is not in {who}'s hand", "004 §8")
        if a.kind == "move":
            if not 0 <= a.arg < 6:
                raise RuleViolation(text, "a direction is one of " + ", ".join(DIRECTIONS))
            problem = self._move_problem(p, a.arg)
            if problem:
                raise RuleViolation(text, problem, "ref §2 Movement")
        elif a.kind == "rotate":
            if not 0 <= a.arg < 6 or a.arg == s.facing:
                raise RuleViolation(text, "rotate to one of the five other facings")
            if s.free_rot and s.sp < 1:
                raise RuleViolation(text, "the free rotation is used; another costs 1 SP and you have 0", "ref §2")
        elif a.kind == "play":
            if a.card < 0:
                raise RuleViolation(text, "name a card from your hand")
            problem = self._play_problem(p, a.card)
            if problem:
                raise RuleViolation(text, problem, "004 §2" if "attack" in problem else "004 §7")
            c = card_table()[pl.cards[a.card]]
            if c.is_attack:
                if not 0 <= a.arg < 5:
                    raise RuleViolation(text, "an attack names a target component: " + ", ".join(COMPONENTS))
                if self.sides[1 - p].destroyed[a.arg]:
                    raise RuleViolation(text, f"the enemy's {COMPONENTS[a.arg]} is already destroyed")
            elif a.arg != -1:
                raise RuleViolation(text, f"{c.name} is not an attack and takes no target")
        elif a.kind in ("sacrifice", "purge"):
            if a.card < 0 or pl.cards[a.card] != DAMAGED:
                raise RuleViolation(text, "only a DAMAGED card can be sacrificed or purged", "004 §1")
        elif a.kind == "scrap":
            if a.card < 0 or not self.is_scrap(p, pl.cards[a.card]):
                raise RuleViolation(text, "only a SCRAP card (its component destroyed) can be cannibalised", "004 §3")
        elif a.kind == "react":
            if a.card < 0 or not self._reactive_ok(p, pl.cards[a.card]):
                raise RuleViolation(text, "that card is not a reactive card you can play against this attack", "ref §4")
        elif a.kind == "rune":
            if s.runes <= 0:
                raise RuleViolation(text, "no Rune counters left", "ref §5 Runic Armor")
        elif a.kind == "lose":
            if top[3] == "forced" and a.card >= 0:
                raise RuleViolation(text, "an EXECUTION forces the cards to come from the deck", "ref §2")
            if a.card < 0 and not (pl.deck or pl.discard) and pl.hand:
                raise RuleViolation(text, "the deck and discard are empty; lose a card from your hand")
        elif a.kind == "discard" and a.card < 0:
            raise RuleViolation(text, "name a card from your hand to discard")

    # --- the step machine -------------------------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        while not self.over and self.todo:
            top = self.todo[-1]
            kind = top[0]
            if kind in DECISIONS:
                if not self._auto_decide(top, events):
                    return
                continue
            self.todo.pop()
            getattr(self, "_step_" + kind)(top, events)
            if not self.over:
                self._check_decks(events)

    def _auto_decide(self, top: list[Any], events: list[Event]) -> bool:
        """Resolve a decision with a single possible answer without asking (True if resolved)."""
        kind, p = top[0], top[1]
        pl = self.sides[p].piles
        if kind == "loss" and (top[3] == "forced" or not pl.hand):
            self._do_lose(p, Act("lose"), top, events)
            return True
        if kind == "cost" and not pl.hand:
            self.todo.pop()
            return True
        return False

    def _check_decks(self, events: list[Event]) -> None:
        """ref §4 Victory: a casket whose deck and discard are both empty is defeated."""
        for p, s in enumerate(self.sides):
            if not s.piles.deck and not s.piles.discard:
                self._defeat(p, "its deck and discard pile are both empty", events)
                return

    def _defeat(self, p: int, reason: str, events: list[Event]) -> None:
        if self.over:
            return
        self.over = True
        self.winner = 1 - p
        self.end_reason = f"P{p + 1} defeated: {reason}"
        self.todo = []
        self.attack = None
        events.append(ev("victory", f"P{2 - p} wins — P{p + 1} {reason}", winner=1 - p, loser=p, reason=reason))

    # --- round and turn steps --------------------------------------------------------------------------
    def _step_round_start(self, _: list[Any], events: list[Event]) -> None:
        self.round += 1
        self.temp_difficult = []
        rolls: list[int] = [0, 0]
        while True:  # ref §4: 1d6 + class initiative, ties re-rolled
            rolls = [self.rng.die(6) + s.cls.initiative for s in self.sides]
            if rolls[0] != rolls[1]:
                break
        first = 0 if rolls[0] > rolls[1] else 1
        events.append(ev("round", f"Round {self.round}: initiative P1 {rolls[0]}, P2 {rolls[1]} — P{first + 1} first",
                         round=self.round, initiative=rolls, first=first))
        self.todo += [["round_end"], ["turn", 1 - first], ["turn", first]]
        for p, s in enumerate(self.sides):
            if "internal_bleeding" in s.wounds:  # wound: at start of each round discard 1 card
                events.append(ev("effect", f"P{p + 1} Internal Bleeding: discard 1 card", player=p))
                self._harm(p, 1)

    def _step_turn(self, item: list[Any], events: list[Event]) -> None:
        p = item[1]
        s = self.sides[p]
        self.turn_player = p
        self.turns += 1
        s.moved = s.free_moves = 0
        s.free_rot = s.no_move = s.no_attack = s.acted = False
        s.feint = s.turn_dmg = 0
        s.def_turn = s.shield_wall = 0  # ref §2 Durations: "this turn/round" bonuses end now
        s.sp = self.sp_max(p)
        events.append(ev("turn", f"P{p + 1} turn (round {self.round}): SP {s.sp}, Heat {s.heat}", player=p,
                         sp=s.sp, heat=s.heat))
        self.todo += [["turn_end", p], ["main", p]]
        if self.map.terrain[s.pos] == WATER and s.heat:
            s.heat = max(0, s.heat - 2)  # 004 §7: water removes 2 Heat per turn
            events.append(ev("heat", f"P{p + 1} stands in water: Heat {s.heat}", player=p, heat=s.heat))
        for owner, centre in self.zones:
            if owner == p and self.map.dist[centre][s.pos] <= 3:
                self._recover_grave(p, 2, events, "Consecrated Ground")
        if s.heat >= 5:
            self._strain(p, events)
            if self.over:
                return
        # ref §4: Refresh (SP, Strain) comes before start-of-turn effects, so a damaged head's Heat is gained
        # after the Strain check (RULINGS)
        head = self.damaged_zone(p, HEAD)
        if head:  # ref §2/§3: head structure +1 Heat per turn, destroyed +2
            self._gain_heat(p, head, events, "damaged head")
        if s.sp_loss_next:
            s.sp = max(0, s.sp - s.sp_loss_next)
            events.append(ev("effect", f"P{p + 1} System Glitch: -{s.sp_loss_next} SP", player=p))
            s.sp_loss_next = 0
        if s.discard_next:
            events.append(ev("effect", f"P{p + 1} Internal Bleeding (Damage Die): discard {s.discard_next}", player=p))
            self._harm(p, s.discard_next)
            s.discard_next = 0
        if "dissociation" in s.wounds:
            r = self.rng.die(6)
            if r <= 2:
                s.sp = max(0, s.sp - 1)
            events.append(ev("roll", f"P{p + 1} Dissociation roll {r}" + (": -1 SP" if r <= 2 else ""), player=p,
                             roll=r))

    def _strain(self, p: int, events: list[Event]) -> None:
        heat_mod.strain(self, p, events)

    def _step_turn_end(self, item: list[Any], events: list[Event]) -> None:
        p = item[1]
        s = self.sides[p]
        if not s.acted and s.heat > 0:  # 004 §7: passing your turn removes 1 Heat
            s.heat -= 1
            events.append(ev("heat", f"P{p + 1} passes: Heat {s.heat}", player=p, heat=s.heat))
        s.moved_last = s.moved
        self._refill(p, events)

    def _step_round_end(self, _: list[Any], events: list[Event]) -> None:
        for p, s in enumerate(self.sides):  # ref §4: hands discarded except DAMAGED, then refill
            pl = s.piles
            keep = [i for i in pl.hand if pl.cards[i] == DAMAGED]
            gone = [i for i in pl.hand if pl.cards[i] != DAMAGED]
            pl.discard += gone
            pl.hand = keep
            events.append(ev("discard", f"P{p + 1} discards {len(gone)} cards at the end of the round", player=p,
                             count=len(gone)))
        for p in (0, 1):
            self._refill(p, events)
            if self.over:
                return
        self.temp_difficult = []
        self.todo.append(["round_start"])

    def _refill(self, p: int, events: list[Event]) -> None:
        s = self.sides[p]
        n = HAND_SIZE - len(s.piles.hand)
        if n > 0:
            self._draw(p, n, events)

    def _draw(self, p: int, n: int, events: list[Event]) -> None:
        pl = self.sides[p].piles
        got = []
        for _ in range(n):
            if not pl.deck and pl.discard:
                events.append(ev("reshuffle", f"P{p + 1} reshuffles {len(pl.discard)} discards into a new deck",
                                 player=p, count=len(pl.discard)))
                if self.rules.reshuffle_damage_card:  # 004 §8's older rule (option)
                    pl.add_damaged()
            inst = pl.draw(self.rng)
            if inst is None:
                self._defeat(p, "must draw with deck and discard both empty", events)
                return
            seen = self.sides[1 - p].revealed
            if inst in seen:  # a fresh draw: what Sensor Sweep showed of it is out of date
                seen.remove(inst)
            got.append(pl.cards[inst])
        if got:
            events.append(ev("draw", f"P{p + 1} draws {len(got)} card(s)", player=p, count=len(got), cards=got,
                             private=p))

    # --- mulligan --------------------------------------------------------------------------------------
    def _do_mulligan(self, p: int, redo: bool, events: list[Event]) -> None:
        pl = self.sides[p].piles
        if redo:  # 004 §8: shuffle the hand back and draw 6 new (once)
            pl.deck += pl.hand
            pl.hand = []
            self.rng.shuffle(pl.deck)
            for _ in range(HAND_SIZE):
                pl.draw(self.rng)
        events.append(ev("mulligan", f"P{p + 1} {'mulligans' if redo else 'keeps'}", player=p, mulligan=redo))

    # --- the main phase --------------------------------------------------------------------------------
    def _do_main(self, p: int, a: Act, events: list[Event]) -> None:
        s = self.sides[p]
        if a.kind == "end":
            self.todo.pop()
            events.append(ev("end", f"P{p + 1} ends the turn", player=p))
            return
        s.acted = True
        if a.kind == "move":
            dest = self.map.neighbors[s.pos][a.arg]
            cost = self.hex_cost(p, dest)
            if s.free_moves > 0:
                s.free_moves -= 1
            else:
                cost += 1
            s.sp -= cost
            s.pos = dest
            s.moved += 1
            events.append(ev("move", f"P{p + 1} moves {DIRECTIONS[a.arg]} to {self.map.hex_name(dest)} ({cost} SP)",
                             player=p, to=dest, cost=cost))
        elif a.kind == "rotate":
            cost = 1 if s.free_rot else 0
            s.free_rot = True
            s.sp -= cost
            s.facing = a.arg
            events.append(ev("rotate", f"P{p + 1} turns to face {DIRECTIONS[a.arg]} ({cost} SP)", player=p,
                             facing=a.arg, cost=cost))
        elif a.kind in ("sacrifice", "purge"):
            self._move_card(p, a.card, "discard" if a.kind == "sacrifice" else "grave")
            events.append(ev("damaged", f"P{p + 1} {a.kind}s a DAMAGED card", player=p, mode=a.kind))
            self._damage_die(p, events)
        elif a.kind == "scrap":
            name = self._name(p, a.card)
            self._move_card(p, a.card, "discard")
            events.append(ev("scrap", f"P{p + 1} cannibalises SCRAP {name}: discard it, draw 1", player=p))
            self._draw(p, 1, events)
        else:
            self._play(p, a, events)

    def _play(self, p: int, a: Act, events: list[Event]) -> None:
        s = self.sides[p]
        pl = s.piles
        cid = pl.cards[a.card]
        c = card_table()[cid]
        cost = self.card_cost(p, cid)
        s.sp -= cost
        pl.hand.remove(a.card)
        events.append(ev("play", f"P{p + 1} plays {c.name} ({cost} SP)", player=p, card=cid, cost=cost))
        if c.is_attack:
            pl.discard.append(a.card)
            self._attack(p, c, a.arg, events)
            return
        self._effect(p, c, events)
        (pl.removed if c.once else pl.discard).append(a.card)

    def _effect(self, p: int, c: CardDef, events: list[Event]) -> None:
        cards_mod.play_effect(self, p, c, events)

    # --- attacks ------------------------------------------------------------------------------------------
    def _attack(self, p: int, c: CardDef, comp: int, events: list[Event]) -> None:
        s, e = self.sides[p], self.sides[1 - p]
        d = 1 - p
        dist = self.map.dist[s.pos][e.pos]
        side = self.map.side_of(e.pos, e.facing, s.pos)
        # ref §2/§3: a damaged head is TN +1 for ranged attacks, a destroyed head TN +2
        extra = self.damaged_zone(p, HEAD) if c.ranged and dist > 1 else 0
        tn, parts = atk.target_number(dist, s.moved, e.moved_last, side, self.map.cover(e.pos), extra=extra)
        a, b = roll_attack(self.rng)
        tier = attack_tier(a, b, tn)
        # next-attack modifiers are spent by this attack, hit or miss
        bonus = s.next_dmg + s.feint + s.turn_dmg - s.cat_penalty
        bypass = s.next_bypass + (1 if c.id == "hammer_strike" else 0)
        s.next_dmg = s.next_bypass = s.feint = s.cat_penalty = 0
        arm = self.attack_arm(c.id)
        if arm >= 0 and self.damaged_zone(p, arm) == 1:
            bonus -= 1  # ref §3: arm structure -1 damage
        if "dislocated_shoulder" in s.wounds:
            bonus -= 2
        base = c.damage
        if c.id == "divine_judgment" and len(e.piles.deck) > 10:
            base = 0  # deals its 8 only if the target has 10 or fewer cards in deck
        dmg = atk.attack_damage(base, tier, side, rear_bonus=2 if c.id == "faithful_thrust" else 0, bonus=bonus)
        if base == 0:
            dmg = 0  # Divine Judgment's condition failed: it deals nothing at all
        if tier == "critical":
            bypass += 1
        events.append(ev(
            "attack",
            f"P{p + 1} {c.name} at {COMPONENTS[comp]} from the {SIDE_NAMES[side - 1]} side, range {dist}: "
            f"needs {tn}+, rolls {ATTACK_FACES[a]} ({a}) + {ATTACK_FACES[b]} ({b}) = {a + b} → {tier.upper()}"
            + (f", {dmg} damage" if tier not in ("miss", "catastrophic") else ""),
            player=p, card=c.id, component=comp, side=side, range=dist, tn=tn, tn_parts=parts, dice=[a, b],
            sum=a + b, tier=tier, damage=dmg if tier not in ("miss", "catastrophic") else 0,
        ))
        self.attack = {"attacker": p, "card": c.id, "component": comp, "side": side, "tn": tn, "dice": [a, b],
                       "tier": tier, "damage": dmg, "bypass": bypass, "reduce": 0, "react_heat": 0, "rune": False,
                       "taken": 0, "crit": 0, "primary_lost": 0, "faces": [], "pierce": False}
        self._after_play(p, c, events)
        if tier == "catastrophic":  # ref §1
            pl = s.piles
            jammed = [i for i in pl.hand if self.slot(pl.cards[i]) == "primary"]
            for i in jammed:
                pl.hand.remove(i)
                pl.discard.append(i)
            s.cat_penalty = 2
            events.append(ev("catastrophe", f"P{p + 1} weapon jams: discards {len(jammed)} primary card(s), "
                             "+2 Heat, next attack -2 damage", player=p, discarded=len(jammed)))
            self._gain_heat(p, 2, events, "weapon overload")
            self.attack = None
            return
        if tier == "miss":
            self.attack = None
            return
        if tier == "execution":  # ref §1: no defense, no reactive; destroy; damage forced from the deck
            self.todo.append(["attack_end", p])
            if dmg > 0:
                self.todo.append(["loss", d, dmg, "forced"])
            self.attack["taken"] = dmg
            return
        self.todo += [["attack_end", p], ["defense", p]]
        if side in atk.REACTIVE_SIDES and dmg > 0 and self._can_react(d):
            self.todo.append(["react", d])

    def _after_play(self, p: int, c: CardDef, events: list[Event]) -> None:
        cards_mod.attack_riders(self, p, c, events)

    def _can_react(self, d: int) -> bool:
        s = self.sides[d]
        if s.runes > 0:
            return True
        return any(self._reactive_ok(d, s.piles.cards[i]) for i in s.piles.hand)

    def _do_react(self, d: int, a: Act, events: list[Event]) -> None:
        s = self.sides[d]
        at = self.attack
        assert at is not None
        if a.kind == "pass":
            events.append(ev("react", f"P{d + 1} plays no reactive card", player=d, card=None))
            return
        if a.kind == "rune":
            s.runes -= 1
            at["rune"] = True
            events.append(ev("react", f"P{d + 1} spends a Rune: +2 Defense against this attack ({s.runes} left)",
                             player=d, card="runic_armor"))
            return
        cid = s.piles.cards[a.card]
        c = card_table()[cid]
        self._move_card(d, a.card, "discard")
        at["reduce"] = c.reduce
        events.append(ev("react", f"P{d + 1} reacts with {c.name}: damage -{c.reduce}", player=d, card=cid))
        if c.heat:
            self._gain_heat(d, c.heat, events, c.name)

    def _step_defense(self, item: list[Any], events: list[Event]) -> None:
        at = self.attack
        assert at is not None
        d = 1 - item[1]
        s = self.sides[d]
        dice_n = max(0, at["damage"] - at["reduce"])
        faces = roll_defense(self.rng, dice_n)
        flat = s.def_turn + s.scrap_armor + (s.shield_wall if at["side"] in (6, 1, 2) else 0)
        pierce = "pierce" in faces
        if at["rune"] and not pierce:
            flat += 2
        res = atk.resolve_defense(faces, flat, at["bypass"], at["reduce"])
        at.update(faces=faces, taken=res.taken, crit=res.component_damage, pierce=pierce)
        events.append(ev(
            "defense",
            f"P{d + 1} rolls {dice_n} defense: {', '.join(DEFENSE_LABELS[f] for f in faces) or 'none'} → blocks "
            f"{res.blocked}, takes {res.taken}" + (" (PIERCE: the reactive is cancelled)" if pierce and
                                                  (at['reduce'] or at['rune']) else ""),
            player=d, faces=faces, blocked=res.blocked, taken=res.taken, component_damage=res.component_damage,
            heat=res.heat, pierce=pierce,
        ))
        if res.heat:
            self._gain_heat(d, res.heat, events, "HEAT faces")
        if res.taken > 0:
            self.todo.append(["loss", d, res.taken, "attack"])

    def _step_attack_end(self, item: list[Any], events: list[Event]) -> None:
        at = self.attack
        assert at is not None
        p = item[1]
        d = 1 - p
        s = self.sides[d]
        comp = at["component"]
        tier = at["tier"]
        taken = at["taken"]
        if tier == "execution":
            s.struct_weak = 0  # Damage Die 4 is spent by the next attack that hits, this one (RULINGS)
            if not s.destroyed[comp]:
                events.append(ev("execution", f"EXECUTION: P{d + 1}'s {COMPONENTS[comp]} is destroyed outright",
                                 player=d, component=comp))
                self._destroy(d, comp, events)
        else:
            points = at["crit"] + at["primary_lost"] + s.struct_weak
            s.struct_weak = 0
            if points:
                self._component_damage(d, comp, points, events)
            if at["card"] == "crushing_blow" and tier == "critical" and not s.destroyed[comp] and not self.over:
                events.append(ev("effect", f"Crushing Blow: P{d + 1}'s {COMPONENTS[comp]} is destroyed", player=d))
                self._destroy(d, comp, events)
        if self.over:
            return
        if taken > 0 and s.scrap_armor:
            s.scrap_armor = 0  # ref §2: Scrap Armor lasts until you are next damaged
        if taken >= s.cls.major_wound:  # ref §2 Major Wound by class
            s.piles.add_damaged()
            events.append(ev("major_wound", f"P{d + 1} Major Wound ({taken} damage): a DAMAGED card joins the "
                             "discard pile", player=d, taken=taken))
        if at["card"] == "bash":  # push 1 hex on a hit
            self._push(p, d, events)
        self.attack = None

    def _push(self, p: int, d: int, events: list[Event]) -> None:
        """Bash: push the target 1 hex straight away from the attacker, if that hex is free (not a move)."""
        s, e = self.sides[p], self.sides[d]
        for direction in range(6):
            if self.map.neighbors[s.pos][direction] == e.pos:
                dest = self.map.neighbors[e.pos][direction]
                if dest >= 0 and self.map.passable(dest):
                    e.pos = dest
                    events.append(ev("push", f"P{d + 1} is pushed to {self.map.hex_name(dest)}", player=d, to=dest))
                return

    # --- losses, harm and cards moving ---------------------------------------------------------------------
    def _harm(self, p: int, n: int) -> None:
        """ref §2: "discard N" as harm — the owner chooses hand or deck top; cards go to the graveyard."""
        if n > 0:
            self.todo.append(["loss", p, n, "harm"])

    def _do_lose(self, p: int, a: Act, top: list[Any], events: list[Event]) -> None:
        s = self.sides[p]
        pl = s.piles
        mode = top[3]
        if a.card >= 0:
            pl.hand.remove(a.card)
            inst, where = a.card, "hand"
        else:
            got = pl.take_for_loss()
            if got is None:
                if mode == "forced" and pl.hand:
                    inst, where = pl.hand.pop(0), "hand"
                else:
                    self._defeat(p, "must lose a card to damage and has none left", events)
                    return
            else:
                inst, where = got
        pl.grave.append(inst)
        cid = pl.cards[inst]
        top[2] -= 1
        if top[2] <= 0 and self.todo and self.todo[-1] is top:
            self.todo.pop()
        events.append(ev("lose", f"P{p + 1} loses {card_table()[cid].name} from {where} to the graveyard", player=p,
                         card=cid, source=where))
        if mode in ("attack", "forced") and self.attack is not None and self.slot(cid) == "primary" \
                and not self.is_scrap(p, cid):
            self.attack["primary_lost"] += 1  # 004 §2 step 6
        if cid == DAMAGED:  # 004 §1: a DAMAGED card discarded by damage rolls the Damage Die
            self._damage_die(p, events)

    def _move_card(self, p: int, inst: int, to: str) -> None:
        pl = self.sides[p].piles
        pl.hand.remove(inst)
        (pl.discard if to == "discard" else pl.grave).append(inst)

    def _recover_grave(self, p: int, n: int, events: list[Event], why: str) -> None:
        """ref §2 "Recover N cards" with no source: graveyard → discard pile."""
        pl = self.sides[p].piles
        back = pl.grave[-n:] if n else []
        if back:
            del pl.grave[len(pl.grave) - len(back):]
            pl.discard += back
        events.append(ev("recover", f"P{p + 1} {why}: recovers {len(back)} card(s) from the graveyard", player=p,
                         count=len(back)))

    def _gain_heat(self, p: int, n: int, events: list[Event], why: str) -> None:
        heat_mod.gain_heat(self, p, n, events, why)

    def _damage_die(self, p: int, events: list[Event]) -> None:
        heat_mod.damage_die(self, p, events)

    def _suffer(self, p: int, events: list[Event]) -> None:
        heat_mod.suffer(self, p, events)

    # --- components and the pilot ------------------------------------------------------------------------
    def _component_damage(self, p: int, c: int, points: int, events: list[Event]) -> None:
        s = self.sides[p]
        if s.destroyed[c]:
            return
        zones = s.cls.zones[c]
        before = s.comp[c]
        after, wounds, destroyed = apply_component_damage(zones, before, points)
        s.comp[c] = after
        events.append(ev("component", f"P{p + 1} {COMPONENTS[c]} +{points} Component Damage: {before} → {after} "
                         f"({zones.zone(after)})", player=p, component=c, before=before, after=after))
        if wounds:
            events.append(ev("exposure", f"P{p + 1} pilot exposed: +{wounds} Wound(s)", player=p, wounds=wounds))
            self._wound(p, wounds, events)
        if destroyed and not self.over:
            self._destroy(p, c, events)
        if not self.over and not s.neural and sum(s.comp) >= NEURAL_FEEDBACK_AT:
            s.neural = True  # 004 §5 item 4, once (ref §2)
            events.append(ev("neural", f"P{p + 1} neural feedback: +1 Wound", player=p))
            self._wound(p, 1, events)

    def _destroy(self, p: int, c: int, events: list[Event]) -> None:
        """004 §3 "Component Destroyed"; chassis: +3 Wounds, ejection save, the casket is inert (ref §3)."""
        s = self.sides[p]
        s.destroyed[c] = True
        events.append(ev("destroyed", f"P{p + 1}'s {COMPONENTS[c]} is DESTROYED", player=p, component=c))
        if c == CHASSIS:
            self._wound(p, 3, events)
            if self.over:
                return
            r = self.rng.die(6)
            events.append(ev("roll", f"P{p + 1} ejection save {r}" + (": +2 Wounds" if r <= 2 else ": survives"),
                             player=p, roll=r))
            if r <= 2:
                self._wound(p, 2, events)
            self._defeat(p, "its chassis is destroyed", events)
        elif c != LEGS:
            self._wound(p, 1, events)

    def _wound(self, p: int, n: int, events: list[Event]) -> None:
        pilot_mod.flip_wounds(self, p, n, events)

    def _name(self, p: int, inst: int) -> str:
        return card_table()[self.sides[p].piles.cards[inst]].name
