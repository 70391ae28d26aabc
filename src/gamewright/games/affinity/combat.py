"""Combat encounters: initiative, turns of up to two actions, exertion, attacks, layered defence, Resolve.

Two seats: 0 is the party, 1 the creatures. ``current_player`` is the side of the combatant whose turn it is;
the acting combatant is ``state.active``. Dice are rolled inside ``apply`` from the state's own ``Rng``.
Space is a grid of 5-yard squares (ref §1 "Space"): distance counts diagonals as 1, melee reaches adjacent
squares, the sides start 30 yards (6 squares) apart, and every combatant has 10 yards (2 squares) of free
movement per turn, spent automatically when an action needs to close in.
"""

from __future__ import annotations

from typing import Any

from gamewright.core.capabilities import Previewable, PublicView, Resamplable, SelfChecking
from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import TERMINAL, Event
from gamewright.core.rng import Rng
from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import Sheet
from gamewright.games.affinity.combat_actions import ActionsMixin
from gamewright.games.affinity.combat_damage import DamageMixin
from gamewright.games.affinity.combat_fighters import (
    END,
    FREE_MOVE,
    HOLD,
    PC_ACTIONS,
    SQUARE,
    START_GAP,
    Act,
    Fighter,
    dist,
    fighter_from_creature,
    fighter_from_sheet,
    npc_actions,
    parse_act,
    resolve_event,
    slug,
)
from gamewright.games.affinity.combat_legality import LegalityMixin
from gamewright.games.affinity.combat_preview import PreviewMixin
from gamewright.games.affinity.data_files import CreatureDef, creature
from gamewright.games.affinity.limits import MAX_CREATURES
from gamewright.games.affinity.resample import resample_state

__all__ = ["END", "FREE_MOVE", "HOLD", "PC_ACTIONS", "SQUARE", "START_GAP", "Act", "CombatState", "Fighter",
           "budget_count", "build_fight", "dist", "encounter_count", "fighter_from_creature", "fighter_from_sheet",
           "npc_actions", "parse_act", "slug"]


class CombatState(LegalityMixin, ActionsMixin, DamageMixin, PreviewMixin,
                  Previewable, PublicView, Resamplable, SelfChecking):  # core.capabilities
    """A fight in progress. See the module docstring for the model; legality (``combat_legality``), action
    resolution (``combat_actions``) and damage with Resolve triggers (``combat_damage``) come from the mixins."""

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
        for f in self.fighters:
            f.hd_start = f.hd
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
    def _check_end(self, events: list[Event]) -> bool:
        party = foes = False  # is each side still up: one pass, after every action
        for f in self.fighters:
            if f.status == rs.OK:
                if f.side == 0:
                    party = True
                elif f.side == 1:
                    foes = True
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
            f.defend_bonus = 0  # Defend lasts until your next turn, which comes round even if you cannot act
            if f.status != rs.OK:
                continue
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
                    events.append(resolve_event(f, out))
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
