"""The Penance engine: a battle of caskets as a Game/State (004 whole; ref §1-§5).

``PenanceState`` holds the battle's data and answers the protocol; its methods are thin. The rules are
functions of the state in modules named for what they decide: ``values`` (what the data says: sides, zones,
SP, costs), ``legality`` (legal actions, validation), ``losses`` (lost cards, harm, component damage, wounds,
defeat), ``combat`` (attack resolution), ``flow`` (``apply_action`` and the step machine), ``preview`` (what
an action will do), with ``heat``, ``pilot``, ``cards`` and ``squad`` beside them. Every pending step is a
small JSON list, so a state serialises whole and a seed plus the action list replays bit for bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamewright.core.capabilities import Previewable, PublicView, Resamplable, SelfChecking
from gamewright.core.game import TERMINAL, Event
from gamewright.core.rng import Rng
from gamewright.core.rules import Rules
from gamewright.games.penance import values
from gamewright.games.penance.actions import Act
from gamewright.games.penance.attack import AttackSetup
from gamewright.games.penance.cards import CardDef, card_table
from gamewright.games.penance.carry import RUPTURED_ORGAN_LOSS, deploy_carried, parse_taint, parse_wounds
from gamewright.games.penance.casket import Casket
from gamewright.games.penance.combat import attack_setup, defense_flat, geometry
from gamewright.games.penance.components import COMPONENTS
from gamewright.games.penance.decks import DeckSpec, build_cards, parse_sides
from gamewright.games.penance.flow import advance, apply_action, check_action, draw, step_round_start, step_turn
from gamewright.games.penance.heat import gain_heat, heat_zone
from gamewright.games.penance.hexgrid import DIRECTIONS, HexMap, load_map
from gamewright.games.penance.legality import attack_geometry, check_shape, legal_actions, listed_copy, reactive_ok
from gamewright.games.penance.losses import component_damage, harm
from gamewright.games.penance.piles import Piles
from gamewright.games.penance.pilot import PILOT_DEATH, flip_wounds, new_wound_deck
from gamewright.games.penance.preview import attack_preview, preview_action, standing
from gamewright.games.penance.resample import resample_state
from gamewright.games.penance.values import HAND_SIZE, card_slot, casket_labels

__all__ = ["Act", "Casket", "PenanceState"]

# options added for squads are written to a state's JSON only when set, so one-on-one states and their digests
# read as before (a missing option takes its default when the state is read back)
SQUAD_OPTIONS = {"activation": "casket", "martyrdom": "plain"}
CAMPAIGN_OPTIONS = {"withdraw": False, "wounds": "", "taint": "", "deck_out_save": False,  # likewise (carry.py)
                    "last_rites": "defeat"}


def rules_json(rules: Rules) -> dict[str, Any]:
    data = rules.to_json()
    unset = {**SQUAD_OPTIONS, **CAMPAIGN_OPTIONS}
    data["options"] = {k: v for k, v in data["options"].items() if unset.get(k, object()) != v}
    return data


class PenanceState(Previewable, PublicView, Resamplable, SelfChecking):  # core.capabilities
    """The whole battle. Decisions are ``Act`` values; everything random comes from ``self.rng``."""

    __slots__ = ("_rules", "map", "rng", "sides", "todo", "attack", "round", "turn_player", "winner", "over",
                 "temp_difficult", "zones", "end_reason", "turns", "team", "labels", "squad", "listed",
                 "die_aims", "may_withdraw")

    map: HexMap
    rng: Rng
    sides: list[Casket]
    todo: list[list[Any]]
    attack: dict[str, Any] | None
    round: int
    turn_player: int
    winner: int
    over: bool
    temp_difficult: list[int]
    zones: list[list[int]]  # Consecrated Ground: [owner, centre hex]
    end_reason: str
    turns: int
    team: list[int]  # the seat (side) of each casket: [0, 1] one-on-one, e.g. [0, 0, 1, 1] in a 2v2 squad battle
    labels: list[str]  # each casket's name in events: P1, P2 one-on-one; P1a, P1b, P2 … in squads
    squad: bool  # more than one casket on a side (a plain value: legal-action lists read it per card)
    # the legal actions last listed for this very position (None once ``apply`` changes it): ``apply`` takes one
    # of them without validating it again (``flow.apply_action``). Constructors and ``clone`` set it to None, and
    # so must code that arranges a position by writing attributes after listing its actions (tests)
    listed: tuple[object, ...] | None

    die_aims: bool  # option hit_location=random: the hit-location die, not the attacker, picks the component
    may_withdraw: bool  # option withdraw (campaign missions)

    def __init__(self, rules: Rules, seed: int, specs: Sequence[DeckSpec], teams: Sequence[int] = (0, 1)) -> None:
        self.rules = rules
        self.map = load_map(rules.map)
        self.rng = Rng(seed)
        self.set_teams(list(teams))
        self.sides = [Casket() for _ in specs]
        self.todo = []
        self.attack = None
        self.round = 0
        self.turn_player = -1
        self.winner = -1
        self.over = False
        self.end_reason = ""
        self.temp_difficult = []
        self.zones = []
        self.turns = 0
        self.listed = None
        per_side = [self.team.count(t) for t in (0, 1)]
        carried, taint = parse_wounds(rules.wounds, 2, per_side), parse_taint(rules.taint, 2, per_side)
        ruptured: list[list[Any]] = []
        for p, spec in enumerate(specs):
            k = self.team[:p].count(self.team[p])  # the casket's place in its side
            s = self.sides[p]
            s.deck_spec = spec.spec_text()
            s.cls_name = spec.casket
            s.piles = Piles(build_cards(spec))
            self.rng.shuffle(s.piles.deck)  # ref §4 setup: shuffle, draw 6
            s.pos, s.facing = self._deployment(p)
            s.sp = s.cls.sp
            s.wound_deck = new_wound_deck(self.rng)
            # a campaign's persistent wounds (carry.py)
            if deploy_carried(s, carried[self.team[p]][k], taint[self.team[p]][k]):
                ruptured.append(["loss", p, RUPTURED_ORGAN_LOSS, "harm"])
            if "runic_armor" in spec.tactics:
                s.runes = 3  # ref §5 Runic Armor: start with 3 Rune counters
            for _ in range(HAND_SIZE):
                s.piles.draw(self.rng)
        # 004 §5 Ruptured Organ: discard 5 at deployment, after the mulligans and before round 1
        self.todo = [["round_start"], *ruptured[::-1]] + [["mulligan", c] for c in reversed(range(len(self.sides)))]

    def _deployment(self, c: int) -> tuple[int, int]:
        """ref §4: each side deploys in its corner; a squad's further caskets take the nearest free hexes
        around the corner's spot (RULINGS Penance squads)."""
        spot, facing = self.map.deploy[self.team[c]]
        taken = {self.sides[k].pos for k in range(c) if self.team[k] == self.team[c]}
        if not taken:
            return spot, facing
        free = [h for h in range(len(self.map.terrain)) if self.map.passable(h) and h not in taken]
        return min(free, key=lambda h: (self.map.dist[spot][h], h)), facing

    @property
    def rules(self) -> Rules:
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        """The rules, and the two options every legal-action list reads kept as plain values."""
        self._rules = rules
        self.die_aims = rules.hit_location == "random"
        self.may_withdraw = bool(rules.withdraw)

    def set_teams(self, team: list[int]) -> None:
        """The seat of each casket (squads: issue 16 §1), and what follows from it: labels, squad or not."""
        self.team = list(team)
        self.labels = casket_labels(team)
        self.squad = len(self.team) > 2

    # ================================================================================================
    # protocol
    # ================================================================================================
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return self.team[int(self.todo[-1][1])]  # the seat commanding the casket that decides

    @property
    def acting_casket(self) -> int:
        """The casket whose decision is pending (-1 when the battle is over); one-on-one, the seat."""
        return -1 if self.over else int(self.todo[-1][1])

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Act]:
        return legal_actions(self)

    def apply(self, action: Act) -> list[Event]:
        return apply_action(self, action)

    def check_action(self, action: Act) -> None:
        """Raise ``RuleViolation`` unless ``action`` is legal now; reads only."""
        check_action(self, action)

    def preview(self, action: Act) -> dict[str, Any]:
        return preview_action(self, action)

    def returns(self) -> list[float]:
        if not self.over or self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def clone(self) -> PenanceState:
        st = PenanceState.__new__(PenanceState)
        st._rules, st.map = self._rules, self.map  # the slot itself: the options read from it are copied below
        st.die_aims, st.may_withdraw = self.die_aims, self.may_withdraw
        st.team, st.labels, st.squad = self.team, self.labels, self.squad  # never changed after setup
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
        st.listed = None
        return st

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "penance",
            "rules": rules_json(self.rules),
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
        st.set_teams([t for t, side in enumerate(parse_sides(rules.decks)) for _ in side])
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
        st.listed = None
        return st

    def resample(self, seat: int, rng: Rng) -> PenanceState:  # issue 15 §1: a twin for determinized search
        return resample_state(self, seat, rng)  # type: ignore[no-any-return]

    def view_for(self, player: int) -> dict[str, Any]:
        """What seat ``player`` may see: its caskets' hands, the enemy's hand sizes (and cards revealed by Sensor
        Sweep), every pile count but no deck order, the public discard and graveyard, face-up wounds only."""
        return self._view(player)

    def public_view(self) -> dict[str, Any]:
        """What a spectator may see: what a seat sees of the enemy's caskets, for every casket, but no hand and no
        card revealed to one seat only (Sensor Sweep shows the sweeping seat, not the room)."""
        return self._view(None)

    def _view(self, player: int | None) -> dict[str, Any]:
        """The table seen by seat ``player``, or by a spectator (None)."""
        table = card_table()
        sides = []
        for p, s in enumerate(self.sides):
            pl = s.piles
            d: dict[str, Any] = {
                "deck_spec": s.deck_spec, "class": s.cls_name, "hex": self.map.hex_name(s.pos),
                "facing": DIRECTIONS[s.facing], "sp": s.sp, "sp_max": values.sp_max(self, p), "heat": s.heat,
                "heat_zone": heat_zone(s.heat),
                "deck": len(pl.deck), "hand_size": len(pl.hand), "discard": [pl.cards[i] for i in pl.discard],
                "graveyard": [pl.cards[i] for i in pl.grave], "removed": [pl.cards[i] for i in pl.removed],
                "components": {
                    COMPONENTS[c]: {"damage": s.comp[c], "hp": s.cls.zones[c].hp, "zone": values.zone(self, p, c)}
                    for c in range(5)
                },
                "wounds": list(s.wounds), "wound_deck": len(s.wound_deck), "runes": s.runes, "taint": s.taint,
                "moved": s.moved, "moved_last_turn": s.moved_last, "free_hexes": s.free_moves,
            }
            if player is None:  # a spectator: hand sizes only, like the enemy's
                pass
            elif self.team[p] == player:  # a seat sees the hands of all its caskets (allies share them)
                d["hand"] = [{"id": i, "card": pl.cards[i], "name": table[pl.cards[i]].name,
                              "cost": values.card_cost(self, p, pl.cards[i])} for i in pl.hand]
            else:
                seen = [i for i in values.exposed(self, p) if i in pl.hand] if player in (0, 1) else []
                d["revealed"] = [pl.cards[i] for i in seen]
            if self.squad:
                d.update(label=self.labels[p], team=self.team[p], out=s.out, extracted=s.extracted, kills=s.kills,
                         martyr=s.martyr, guard=s.guard)
            sides.append(d)
        squad = {"teams": list(self.team), "labels": list(self.labels)} if self.squad else {}
        seat = {} if player is None else {"player": player}  # a spectator is no seat
        return {
            **squad, **seat, "round": self.round, "turn_player": self.turn_player,
            "current_player": self.current_player, "over": self.over, "winner": self.winner,
            "end_reason": self.end_reason, "sides": sides, "pending": self.todo[-1][0] if self.todo else None,
            "attack": self.public_attack(),
        }

    def public_attack(self) -> dict[str, Any] | None:
        a = self.attack
        if a is None:
            return None
        keys = ("attacker", "card", "component", "side", "tn", "dice", "tier", "damage") + (
            ("target",) if self.squad else ())
        return {k: a[k] for k in keys if k in a}

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
        if len({s.pos for s in self.sides}) != len(self.sides):
            out.append("two caskets on one hex")
        if not self.over and not self.todo:
            out.append("no pending step in a running game")
        return out

    # --- what the board, the CLI, the bots and the assistants ask of a battle (the rules' own functions) ----
    def label(self, c: int) -> str:
        return self.labels[c]

    def stopped(self, c: int) -> bool:
        return values.stopped(self, c)

    def foes(self, c: int) -> list[int]:
        return values.foes(self, c)

    def allies(self, c: int) -> list[int]:
        return values.allies(self, c)

    def foe(self, c: int) -> int:
        return values.foe(self, c)

    def exposed(self, c: int) -> list[int]:
        return values.exposed(self, c)

    def prune_exposed(self) -> None:
        values.prune_exposed(self)

    def zone(self, p: int, c: int) -> str:
        return values.zone(self, p, c)

    def damaged_zone(self, p: int, c: int) -> int:
        return values.damaged_zone(self, p, c)

    def sp_max(self, p: int) -> int:
        return values.sp_max(self, p)

    def slot(self, cid: str) -> str:
        return card_slot(cid)

    def is_scrap(self, p: int, cid: str) -> bool:
        return values.is_scrap(self, p, cid)

    def card_cost(self, p: int, cid: str) -> int:
        return values.card_cost(self, p, cid)

    def has_tactic(self, p: int, cid: str) -> bool:
        return values.has_tactic(self, p, cid)

    def hex_cost(self, p: int, dest: int, casket: int | None = None) -> int:
        return values.hex_cost(self, p, dest, casket)

    def casket_surcharge(self, p: int) -> int:
        return values.casket_surcharge(self, p)

    def move_cost(self, p: int, dest: int, casket: int | None = None) -> int:
        return values.move_cost(self, p, dest, casket)

    def rotate_cost(self, p: int) -> int:
        return values.rotate_cost(self, p)

    def attack_arm(self, cid: str) -> int:
        return values.attack_arm(cid)

    def attack_geometry(self, p: int, c: CardDef, t: int | None = None, why: bool = True) -> str | None:
        return attack_geometry(self, p, c, t, why)

    @staticmethod
    def check_shape(a: Act) -> None:
        check_shape(a)

    def listed_copy(self, a: Act) -> Act:
        return listed_copy(self, a)

    def geometry(self, p: int, t: int | None = None) -> tuple[int, int, int]:
        return geometry(self, p, t)

    def attack_setup(self, p: int, c: CardDef, t: int | None = None, base: int | None = None) -> AttackSetup:
        return attack_setup(self, p, c, t, base)

    def defense_flat(self, d: int, side: int) -> int:
        return defense_flat(self, d, side)

    def standing(self, p: int, t: int | None = None) -> dict[str, Any]:
        return standing(self, p, t)

    def attack_preview(self, p: int, c: CardDef, comp: int, target: int = -1) -> dict[str, Any]:
        return attack_preview(self, p, c, comp, target)

    # --- for tests that arrange a position by hand and run one rule on it -----------------------------------
    def _reactive_ok(self, p: int, cid: str) -> bool:
        return reactive_ok(self, p, cid)

    def _harm(self, p: int, n: int) -> None:
        harm(self, p, n)

    def _gain_heat(self, p: int, n: int, events: list[Event], why: str) -> None:
        gain_heat(self, p, n, events, why)

    def _wound(self, p: int, n: int, events: list[Event]) -> None:
        flip_wounds(self, p, n, events)

    def _component_damage(self, p: int, c: int, points: int, events: list[Event]) -> None:
        component_damage(self, p, c, points, events)

    def _draw(self, p: int, n: int, events: list[Event]) -> None:
        draw(self, p, n, events)

    def _advance(self, events: list[Event]) -> None:
        advance(self, events)

    def _step_round_start(self, item: list[Any], events: list[Event]) -> None:
        step_round_start(self, item, events)

    def _step_turn(self, item: list[Any], events: list[Event]) -> None:
        step_turn(self, item, events)
