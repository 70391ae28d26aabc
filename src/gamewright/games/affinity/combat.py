"""Combat encounters: initiative, turns of up to two actions, exertion, attacks, layered defence, Resolve.

Two seats: 0 is the party, 1 the creatures. ``current_player`` is the side of the combatant whose turn it is;
the acting combatant is ``state.active``. Dice are rolled inside ``apply`` from the state's own ``Rng``.
Space is a grid of 5-yard squares (ref §1 "Space"): distance counts diagonals as 1, melee reaches adjacent
squares, the sides start 30 yards (6 squares) apart, and every combatant has 10 yards (2 squares) of free
movement per turn, spent automatically when an action needs to close in.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gamewright.core.capabilities import Previewable, PublicView, Resamplable, SelfChecking
from gamewright.core.errors import ConfigError
from gamewright.core.game import TERMINAL, Event
from gamewright.core.rng import Rng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import Sheet
from gamewright.games.affinity.combat_damage import (
    DamageTerms,
    damage_met,
    damage_terms,
    defence_dice,
    heal,
    incoming,
    yet_to_act,
)
from gamewright.games.affinity.combat_fighters import (
    END,
    FREE_MOVE,
    HOLD,
    PC_ACTIONS,
    SQUARE,
    START_GAP,
    Act,
    Fighter,
    creature_of,
    dist,
    fighter_from_creature,
    fighter_from_sheet,
    npc_actions,
    parse_act,
    slug,
)
from gamewright.games.affinity.combat_legality import legal_actions, legal_moves, legal_uses, others, spec_of, validate
from gamewright.games.affinity.combat_preview import preview_action
from gamewright.games.affinity.combat_turns import apply_action, end_round, next_turn, start
from gamewright.games.affinity.data_files import Ability, Attack, CreatureDef, creature
from gamewright.games.affinity.limits import MAX_CREATURES
from gamewright.games.affinity.resample import resample_state

__all__ = ["END", "FREE_MOVE", "HOLD", "PC_ACTIONS", "SQUARE", "START_GAP", "Act", "CombatState", "Fighter",
           "budget_count", "build_fight", "dist", "encounter_count", "fighter_from_creature", "fighter_from_sheet",
           "npc_actions", "parse_act", "slug"]


class CombatState(Previewable, PublicView, Resamplable, SelfChecking):  # core.capabilities
    """A fight in progress: its data, and the protocol as thin methods. See the module docstring for the model;
    the rules are functions of the state: legality (``combat_legality``), what a roll is made of
    (``combat_pools``), action resolution (``combat_actions``), damage with Resolve triggers (``combat_damage``),
    the turns and ``apply_action`` (``combat_turns``), previews (``combat_preview``)."""

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

    def legal_actions(self) -> list[Act]:
        return legal_actions(self)

    def apply(self, act: Any) -> list[Event]:
        return apply_action(self, act)

    def validate(self, act: Any) -> str:
        """Why ``act`` is illegal now, or "" if it is legal."""
        return validate(self, act)

    def preview(self, act: Any) -> dict[str, Any]:
        return preview_action(self, act)

    def start(self) -> list[Event]:
        """Place the sides, roll initiative (ref §1 "Initiative") and begin round 1."""
        return start(self)

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

    def resample(self, seat: int, rng: Rng) -> CombatState:  # issue 15 §1: a twin for determinized search
        return resample_state(self, seat, rng)  # type: ignore[no-any-return]

    def view_for(self, player: int) -> dict[str, Any]:
        """Everything on the table is public: a seat sees the spectators' view, told which seat it is."""
        data = self.public_view()
        summary = data.pop("summary")
        data["viewer"], data["summary"] = player, summary  # the keys in the order seats have always had them
        return data

    def public_view(self) -> dict[str, Any]:
        """The fighters, the order, the round and what the fight has cost; only the random stream is hidden."""
        data = self.to_json()
        data.pop("rng")
        data["summary"] = self.summary()
        return data

    def summary(self) -> dict[str, Any]:
        """What the fight has cost so far (all of it once over): rounds, body HD lost per fighter and per party
        class or creature, deaths and Resolve collapses per side (HD lost counts healing against it, RULINGS)."""
        fighters: list[dict[str, Any]] = [
            {"idx": f.idx, "name": f.name, "side": f.side, "key": f.key, "hd_start": f.hd_start, "hd": f.hd,
             "hd_lost": f.hd_start - f.hd, "status": f.status, "dead": f.status == rs.DEAD, "collapses": f.collapses}
            for f in self.fighters]
        by_key: dict[str, int] = {}
        for row in fighters:
            by_key[str(row["key"])] = by_key.get(str(row["key"]), 0) + int(row["hd_lost"])
        sides = {side: [r for r in fighters if r["side"] == side] for side in (0, 1)}
        return {"over": self.winner is not None, "winner": self.winner, "rounds": self.round,
                "actions": self.log_actions, "fighters": fighters, "hd_lost_by_key": by_key,
                "deaths": {str(s): sum(1 for r in rows if r["dead"]) for s, rows in sides.items()},
                "collapses": {str(s): sum(int(r["collapses"]) for r in rows) for s, rows in sides.items()}}

    def invariant_violations(self) -> list[str]:
        out = []
        for f in self.fighters:
            if f.hd < 0 or f.hd > f.hd_max:
                out.append(f"{f.name}: body HD {f.hd} outside 0..{f.hd_max}")
            for la in f.layers:  # a plain loop: this runs after every action of every checked fight
                if la.count < 0:
                    out.append(f"{f.name}: a layer has a negative dice count")
                    break
            if not 0 <= f.resolve <= f.resolve_max:
                out.append(f"{f.name}: Resolve {f.resolve} outside 0..{f.resolve_max}")
            if f.actions_left < 0 or f.move_left < 0 or f.rally_dice < 0:
                out.append(f"{f.name}: a negative count")
            if not rs.status_fits(f):
                out.append(f"{f.name}: status {f.status} does not fit HD {f.hd} and Resolve {f.resolve}")
        if self.winner is None and not self.fighters[self.active].conscious:
            out.append("the acting combatant is not conscious")
        return out

    # --- what policies, tools and tests ask of a fight (the rules' own functions) ------------------------------
    def cdef(self, f: Fighter) -> CreatureDef:
        return creature_of(self, f)

    def others(self, f: Fighter) -> list[tuple[Fighter, int]]:
        return others(self, f)

    def legal_moves(self, f: Fighter, living: list[tuple[Fighter, int]]) -> list[Act]:
        return legal_moves(f, living)

    def legal_uses(self, f: Fighter, living: list[tuple[Fighter, int]], skip: frozenset[str] = frozenset()
                   ) -> Iterator[tuple[str, Ability | Attack, tuple[int, ...], int, int]]:
        return legal_uses(self, f, living, skip)

    def yet_to_act(self, f: Fighter) -> bool:
        return yet_to_act(self, f)

    def incoming(self, t: Fighter, dmg: int, dtype: str, area: bool) -> tuple[int, int, int, list[str]]:
        return incoming(self, t, dmg, dtype, area)

    def damage_met(self, t: Fighter, dmg: int, dtype: str) -> tuple[int, list[str]]:
        return damage_met(self, t, dmg, dtype)

    def damage_terms(self, t: Fighter, dtype: str) -> DamageTerms:
        return damage_terms(self, t, dtype)

    def defence_dice(self, t: Fighter, dtype: str, area: bool) -> tuple[int, int]:
        return defence_dice(self, t, dtype, area)

    # --- for tests that arrange a fight by hand and run one rule on it -----------------------------------------
    def _spec(self, f: Fighter, key: str) -> Ability | Attack | None:
        return spec_of(self, f, key)

    def _heal(self, f: Fighter, amount: int) -> int:
        return heal(f, amount)

    def _next_turn(self, events: list[Event]) -> None:
        next_turn(self, events)

    def _end_round(self, events: list[Event]) -> None:
        end_round(self, events)


def build_fight(party: list[Sheet], creature_key: str, count: int, seed: int, options: dict[str, Any] | None = None
                ) -> tuple[CombatState, list[Event]]:
    options = dict(options or {})
    return start_fight(fighters_for(party, creature_key, count, options), seed, options)


def fighters_for(party: list[Sheet], creature_key: str, count: int, options: dict[str, Any]) -> list[Fighter]:
    """The combatants of a fight before it starts: the party's sheets, then ``count`` copies of the creature."""
    cdef = creature(creature_key)
    fighters = [fighter_from_sheet(s, i, options.get("magical_armor", True)) for i, s in enumerate(party)]
    for n in range(count):
        fighters.append(fighter_from_creature(cdef, len(fighters), n + 1, len(party),
                                              int(options.get("basic_actions", 1))))
    return fighters


def start_fight(fighters: list[Fighter], seed: int, options: dict[str, Any]) -> tuple[CombatState, list[Event]]:
    """A fight of ``fighters`` (its own, changed as it goes) begun: placed, initiative rolled, round 1."""
    state = CombatState(fighters, Rng(seed), options)
    events = state.start()
    return state, events


def encounter_count(cdef: CreatureDef, party: list[Sheet], budget: str) -> int:
    """Copies for a named encounter budget (ref §4: easy 8–12, medium 12–18, hard 18–25, deadly 25+ HD).

    Deadly has no top, so it is the smallest encounter past the top of hard (RULINGS); at most 30 copies."""
    from gamewright.games.affinity.data_files import creature_data

    budgets = creature_data().budgets
    if budget not in budgets:
        raise ConfigError(f"budget {budget!r}: choose one of {', '.join(budgets)}")
    if budget == "deadly":
        return min(MAX_CREATURES, budget_count(cdef, party, budgets["hard"], past_top=True))
    return min(MAX_CREATURES, budget_count(cdef, party, budgets[budget]))


def budget_count(cdef: CreatureDef, party: list[Sheet], budget: tuple[int, int], past_top: bool = False) -> int:
    """Copies of a creature up to the top of the encounter budget (ref §4), scaled by the party's Hit Dice.

    The budget is written for a level-1 party; for stronger parties it scales with their total maximum HD
    relative to a level-1 party of the same classes (RULINGS).
    """
    from gamewright.games.affinity.character import max_hd

    scale_num = sum(s.hd_max for s in party)
    scale_den = sum(max_hd(s.class_key, 1) for s in party)
    top = budget[1] * scale_num // scale_den
    if past_top:
        return top // cdef.hd + 1
    return max(1, top // cdef.hd)
