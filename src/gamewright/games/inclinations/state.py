"""The game state: deployment, then turns planned step by step and executed by ``end``.

Seats act in fixed order. During a seat's turn each step (energy, rotation, movement, weapon) is validated
against the whole plan so far and added to the pending plan; ``end`` executes the plan (all or nothing),
clears it, and passes to the next live seat after that seat's start-of-turn heat step.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from gamewright.core.capabilities import Previewable, PublicView, Resamplable, SelfChecking
from gamewright.core.errors import RuleViolation
from gamewright.core.game import TERMINAL, Event
from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import (
    ACTION_TYPES,
    DEPLOYS,
    END,
    STEP_TYPES,
    Action,
    Allocate,
    Burn,
    Coast,
    Deallocate,
    Deploy,
    EndTurn,
    Fire,
    Rotate,
    Step,
    Transfer,
    action_text,
    parse_action,
    step_text,
    well_typed,
)
from gamewright.games.inclinations.board import (
    DEPLOY_RING,
    SECTORS,
    WELLS,
    ring_count,
)
from gamewright.games.inclinations.events import LazyTextEvent
from gamewright.games.inclinations.legal import Pending, legal_steps
from gamewright.games.inclinations.resample import resample_state
from gamewright.games.inclinations.ship import (
    MAX_AMMO,
    MAX_ENERGY,
    MAX_HULL,
    MAX_MASS,
    REACTOR,
    SUBSYSTEMS,
    Ship,
    deployed,
)
from gamewright.games.inclinations.turn import (
    Preview,
    TurnRules,
    execute,
    play_unlogged,
    preview,
    start_of_turn,
    validate,
)

DEPLOY, PLAY, OVER = "deploy", "play", "over"


def _turn_text(ship: str, texts: tuple[str, ...]) -> str:
    return f"{ship} executes: {'; '.join(texts) or 'coast'}"


def seat_id(seat: int) -> str:
    return f"P{seat + 1}"


@cache
def _read_rules(rules: Any) -> tuple[TurnRules, int, int]:
    """What a state reads from its rules (the turn's options, the round limit, the seats), once per rules value
    (rules are frozen)."""
    return TurnRules.from_rules(rules), int(rules.round_limit), int(rules.players)


class InclinationsState(Previewable, PublicView, Resamplable, SelfChecking):  # core.capabilities
    __slots__ = ("rules", "tr", "ships", "phase", "current", "plan", "round", "rng", "winner", "turns",
                 "round_limit", "_legal", "_pending", "_checked")
    # kept between legal_actions and apply (unset in a new or copied state): the steps last listed for the
    # pending plan, and the plan replayed
    _legal: tuple[list[Step], int, set[int], list[Step]] | None
    _pending: Pending | None
    # kept between check_turn and the steps' apply / play_turn (unset in a new or copied state): the pending plan
    # (the list itself) and its length when the steps were checked, and the steps that passed after it
    _checked: tuple[list[Step], int, tuple[Step, ...]] | None

    def __init__(self, rules: Any, seed: int | str = 0) -> None:
        self.rules = rules
        self.tr, self.round_limit, players = _read_rules(rules)
        self.ships = [Ship(seat_id(i)) for i in range(players)]
        self.phase = DEPLOY
        self.current = 0
        self.plan: list[Step] = []
        self.round = 0
        self.rng = Rng(seed)
        self.winner: int | None = None
        self.turns = 0

    # --- protocol ----------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.ships)

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.current

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * len(self.ships)
        if self.winner is not None:
            return [1.0 if i == self.winner else -1.0 for i in range(len(self.ships))]
        return [0.0 if s.hull > 0 else -1.0 for s in self.ships]  # a draw: survivors 0

    def result(self) -> dict[str, Any]:
        return {"winner": None if self.winner is None else seat_id(self.winner),
                "draw": self.phase == OVER and self.winner is None, "rounds": self.round, "turns": self.turns}

    def legal_actions(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == DEPLOY:
            taken = {s.sector for s in self.ships if s.ring}
            return [DEPLOYS[s] for s in range(SECTORS) if s not in taken]
        pending = self._pending_plan()
        if pending is None:
            pending = self._pending = Pending(self)
        if not pending.ok:  # a restored plan that does not pass: list the steps, but validate what comes
            return [*legal_steps(self, pending), END]
        steps = legal_steps(self, pending)
        # kept for ``apply``: a step listed here for this very plan was validated with it
        self._legal = (self.plan, len(self.plan), set(map(id, steps)), steps)
        return [*steps, END]

    def apply(self, action: Action) -> list[Event]:
        checked = getattr(self, "_checked", None)
        if checked is not None and checked[0] is self.plan:  # a turn check_turn passed (in the playing phase)
            at, steps = len(self.plan) - checked[1], checked[2]
            if 0 <= at < len(steps) and steps[at] is action:  # its next step: well-formed and validated with it
                return self._append(action)
            if at == len(steps) and type(action) is EndTurn:  # the whole turn, as it was checked
                return self._end_turn(validated=True)
        if self.phase == OVER:
            raise RuleViolation(action_text(action), "the game is over", "ref Win")
        if not well_typed(action):
            raise RuleViolation(action_text(action), "malformed action (a field has the wrong type)", "")
        if self.phase == DEPLOY:
            if not isinstance(action, Deploy):
                raise RuleViolation(action_text(action), "the deployment phase needs a deploy action", "ref Deployment")
            return self._deploy(action)
        if isinstance(action, Deploy):
            raise RuleViolation(action.to_text(), "deployment is over", "ref Deployment")
        if isinstance(action, EndTurn):  # a plan followed step by step since it last replayed passes validation
            pending = self._pending_plan()
            return self._end_turn(validated=pending is not None and pending.ok)
        if not isinstance(action, (Allocate, Deallocate, Rotate, Coast, Burn, Transfer, Fire)):
            raise RuleViolation(action_text(action), "not an action of this game", "")
        if not self._listed(action):  # else validated with this plan when it was listed
            errors = validate(self.ships, self.current, [*self.plan, action], self.tr)
            if errors:
                raise RuleViolation(action.to_text(), "; ".join(errors), "")
        self._checked = None  # a step of another plan: the checked turn is no longer the one being written
        return self._append(action)

    def _append(self, action: Step) -> list[Event]:
        """Add a validated step to the pending plan."""
        pending = self._pending_plan()
        self.plan.append(action)
        self._legal = None
        if pending is not None:
            pending.take(action, self.tr)
        return []

    def _pending_plan(self) -> Pending | None:
        """The replayed pending plan, if it is still this state's."""
        pending = getattr(self, "_pending", None)
        return pending if pending is not None and pending.matches(self) else None

    def check_turn(self, steps: Sequence[Step]) -> list[str]:
        """Every rule the pending plan plus ``steps`` (then ``end``) breaks, as ``validate`` lists them ([]: it
        passes). A turn that passes is remembered: its very step values, applied in order next (one ``apply``
        each, then ``end``; or ``play_turn(steps)``), are not validated again. The engine's bots check their
        turn here, so a bot's turn is validated once; any other action is still checked in full."""
        errors = validate(self.ships, self.current, [*self.plan, *steps], self.tr)
        # sound while the state changes only through its own methods (as for ``_legal``): apply of another
        # step, undo_step and the end of the turn forget it; the plan list and its length pin the prefix. Only
        # well-formed steps are remembered (apply and play_turn check that too).
        self._checked = None
        if not errors and self.phase == PLAY:
            for step in steps:
                if type(step) not in STEP_TYPES or not well_typed(step):
                    return errors
            self._checked = (self.plan, len(self.plan), tuple(steps))
        return errors

    def _checked_whole(self, steps: Sequence[Step]) -> bool:
        """Is the pending plan plus ``steps`` exactly the turn ``check_turn`` passed?"""
        checked = getattr(self, "_checked", None)
        if checked is None or checked[0] is not self.plan:
            return False
        done = len(self.plan) - checked[1]
        if done < 0 or len(checked[2]) - done != len(steps):
            return False
        return all(a is b for a, b in zip(checked[2][done:], steps, strict=True))

    def _listed(self, action: Any) -> bool:
        """Is ``action`` one of the very step values ``legal_actions`` last listed for the pending plan as it is?"""
        legal = getattr(self, "_legal", None)
        return legal is not None and legal[0] is self.plan and legal[1] == len(self.plan) and id(action) in legal[2]

    def play_turn(self, plan: Sequence[Step], *, log: bool = True) -> list[Event]:
        """Apply a whole plan and end the turn (the fast path bots use; same result as step by step). ``log``
        false: the turn's own events are not built (the state comes out the same)."""
        if self.phase != PLAY:
            raise RuleViolation("the planned turn", "it is not the playing phase", "")
        checked = self._checked_whole(plan)  # check_turn passed this very turn: well-formed and valid
        if not checked:
            for step in plan:
                if type(step) not in STEP_TYPES or not well_typed(step):
                    raise RuleViolation(action_text(step), "not a well-formed planning step", "")
        if log:
            errors = [] if checked else validate(self.ships, self.current, [*self.plan, *plan], self.tr)
        else:
            errors = play_unlogged(self.ships, self.current, [*self.plan, *plan], self.tr, self.rng)
        if errors:
            raise RuleViolation("the planned turn", "; ".join(errors), "")
        if not log:  # played: pass the turn on
            return self._played_unlogged()
        self.plan.extend(plan)
        return self._end_turn(validated=True)

    def play_bot_turn(self, plan: Sequence[Step]) -> bool:
        """The trusted internal path of the engine's own bot games (``bots.play_bot_game``): a turn a bot built
        from the shared step values (well-formed by construction), validated once and played as
        ``play_turn(plan, log=False)`` plays it; False, nothing changed, if validation refuses it. A plan from a
        player or a request goes through ``apply`` or ``play_turn``, which check its form too."""
        if play_unlogged(self.ships, self.current, [*self.plan, *plan], self.tr, self.rng):
            return False
        self._played_unlogged()
        return True

    def _played_unlogged(self) -> list[Event]:
        """The turn was played without events: clear the plan and pass the turn on."""
        self.plan = []
        self._legal = self._pending = self._checked = None
        self.turns += 1
        return self._advance(log=False)

    def preview_plan(self, plan: Sequence[Step] | None = None) -> Preview:
        """ref Planning phase: the result of the pending plan (plus ``plan``) or its errors; commits nothing."""
        return preview(self.ships, self.current, [*self.plan, *(plan or [])], self.tr)

    def preview(self, action: Any) -> dict[str, Any]:
        """What ``action`` will do (issue 10 §1): the pending plan with it added, projected, and the exact odds
        of every shot; for ``end`` the pending plan's. Never raises, never changes the state or its stream."""
        from gamewright.games.inclinations.preview import preview_action

        if type(action) not in ACTION_TYPES:
            problem: str | None = "not an action of this game (parse its text form first)"
        else:
            problem = None if well_typed(action) else "malformed action (a field has the wrong type)"
        return preview_action(self, action, action_text(action), problem)

    def preview_steps(self, steps: Sequence[Any]) -> dict[str, Any]:
        """``preview`` of a whole planned turn at once: the pending plan plus ``steps`` (then ``end``), in the
        same shape as ``preview(EndTurn())``. Never raises, never changes anything."""
        from gamewright.games.inclinations.preview import preview_action

        bad = next((s for s in steps if type(s) not in ACTION_TYPES[1:-1] or not well_typed(s)), None)
        if self.phase != PLAY or bad is not None:
            problem = None if bad is None else f"{action_text(bad)}: not a well-formed planning step"
            return preview_action(self, EndTurn(), "end", problem)
        probe = self.clone()
        probe.rng = Rng(0)  # the copy never draws; the real stream is not even copied into the answer
        probe.plan = [*self.plan, *steps]
        answer = preview_action(probe, EndTurn(), "end", None)
        answer["action"] = "; ".join([*(s.to_text() for s in steps), "end"])
        return answer

    def pass_turn(self, ships: list[Ship]) -> list[Ship]:
        """``ships``, as the acting seat's executed turn leaves them, once the turn passes on exactly as ``end``
        passes it (``_advance``: the next live seats' start-of-turn heat steps, the round limit, the game's end).
        For the preview: changes nothing of this state (the ships given are changed in place and returned)."""
        probe = InclinationsState.__new__(InclinationsState)
        probe.rules, probe.tr, probe.round_limit = self.rules, self.tr, self.round_limit
        probe.ships, probe.phase, probe.current, probe.round = ships, PLAY, self.current, self.round
        probe.plan, probe.winner, probe.turns = [], None, self.turns
        probe._advance(log=False)  # draws nothing: the probe needs no random stream
        return probe.ships

    def reach(self, other: int) -> dict[str, Any]:
        """Where the acting ship can get this turn, and where seat ``other`` can hit it from on its coming turn
        (the acting ship ending where its pending plan, with the drift, leaves it). See ``reach.reach``."""
        from gamewright.games.inclinations.forecast import reach_after_plan

        if type(other) is not int or not 0 <= other < len(self.ships) or other == self.current:
            raise RuleViolation(f"reach {other!r}", "name another seat's index", "")
        if self.phase != PLAY or not self.ships[other].ring or self.ships[other].hull <= 0:
            raise RuleViolation(f"reach {seat_id(other)}", "both ships must be on the board, in play", "")
        return reach_after_plan(self.ships, self.current, other, self.plan, self.tr)  # the board's very function

    def undo_step(self) -> Step | None:
        """Take back the last step of the pending plan (every prefix of a plan was valid when it was built)."""
        self._legal = self._pending = self._checked = None
        return self.plan.pop() if self.phase == PLAY and self.plan else None

    def clone(self) -> InclinationsState:
        other = InclinationsState.__new__(InclinationsState)
        other.rules = self.rules
        other.tr = self.tr
        other.round_limit = self.round_limit
        other.ships = [s.clone() for s in self.ships]
        other.phase = self.phase
        other.current = self.current
        other.plan = list(self.plan)
        other.round = self.round
        other.rng = self.rng.clone()
        other.winner = self.winner
        other.turns = self.turns
        return other

    def to_json(self) -> dict[str, Any]:
        ships = []
        for s in self.ships:
            data = s.to_json()
            data["used"] = s.used
            ships.append(data)
        return {
            "game": "inclinations",
            "options": self.rules.as_dict(),
            "phase": self.phase,
            "current": self.current,
            "round": self.round,
            "turns": self.turns,
            "plan": [a.to_text() for a in self.plan],
            "ships": ships,
            "winner": self.winner,
            "rng": self.rng.get_state(),
        }

    def resample(self, seat: int, rng: Rng) -> InclinationsState:  # issue 15 §1: a twin for determinized search
        return resample_state(self, seat, rng)  # type: ignore[no-any-return]

    def view_for(self, player: int) -> dict[str, Any]:
        """Everything on the board is public; the random stream and another seat's pending plan are not."""
        data = self.to_json()
        del data["rng"]
        if player != self.current_player:  # a plan is private until it is executed
            data["plan"] = []
        data["viewer"] = player
        return data

    def public_view(self) -> dict[str, Any]:
        """The board as every seat sees it. A turn's plan is private until executed: a spectator is shown none,
        and while one is being drafted not even an empty list (which would tell the draft apart from no draft
        differently than the seats' views do)."""
        data = self.to_json()
        del data["rng"]
        if self.plan and self.current_player >= 0:
            del data["plan"]
        else:
            data["plan"] = []
        return data

    def invariant_violations(self) -> list[str]:
        out: list[str] = []
        for s in self.ships:
            if sum(s.energy) > REACTOR or min(s.energy) < 0:
                out.append(f"{s.id}: allocated energy {sum(s.energy)} outside 0..{REACTOR}")
            for i, e in enumerate(s.energy):
                if e > MAX_ENERGY[i]:
                    out.append(f"{s.id}: {SUBSYSTEMS[i]} holds {e} > max {MAX_ENERGY[i]}")
            if not 0 <= s.mass <= MAX_MASS:
                out.append(f"{s.id}: mass {s.mass} outside 0..{MAX_MASS}")
            if not 0 <= s.hull <= MAX_HULL:
                out.append(f"{s.id}: hull {s.hull} outside 0..{MAX_HULL}")
            if s.heat < 0:
                out.append(f"{s.id}: negative heat")
            if not 0 <= s.ammo <= MAX_AMMO:
                out.append(f"{s.id}: ammunition {s.ammo} outside 0..{MAX_AMMO}")
            if self.phase != DEPLOY and not 1 <= s.ring <= ring_count(s.well):
                out.append(f"{s.id}: ring {s.ring} does not exist in {WELLS[s.well]}")
            if not 0 <= s.sector < SECTORS:
                out.append(f"{s.id}: sector {s.sector} outside 0..23")
        alive = sum(s.hull > 0 for s in self.ships)
        if self.phase == PLAY and alive < 2:
            out.append("the game goes on with fewer than two ships")
        if self.phase == PLAY and self.ships[self.current].hull <= 0:
            out.append("a destroyed ship holds the turn")
        return out

    # --- helpers -----------------------------------------------------------------------------------
    def deployed_ship(self, action: Deploy) -> Ship:
        """The acting ship as ``action`` would place it (a copy); RuleViolation if the sector is not free."""
        # ref Table and players: in seat order, a free sector of black-hole ring 4, facing prograde
        if not 0 <= action.sector < SECTORS:
            raise RuleViolation(action.to_text(), "sectors are numbered 0-23", "ref Deployment")
        if any(s.ring and s.sector == action.sector for s in self.ships):
            raise RuleViolation(action.to_text(), f"sector {action.sector} of ring 4 is taken", "ref Deployment")
        return deployed(self.ships[self.current], action.sector)  # the same placing as the board's (ship.py)

    def _deploy(self, action: Deploy) -> list[Event]:
        placed = self.deployed_ship(action)
        me = self.ships[self.current]
        me.well, me.ring, me.sector, me.facing = placed.well, placed.ring, placed.sector, placed.facing
        events: list[Event] = [LazyTextEvent("deploy", {"ship": me.id, "ring": DEPLOY_RING, "sector": action.sector},
                                             "{} deploys at black-hole ring {} sector {}, facing prograde", me.id,
                                             DEPLOY_RING, action.sector)]
        if self.current + 1 < len(self.ships):
            self.current += 1
        else:
            self.phase = PLAY
            self.current = 0
            self.round = 1
            events.append(LazyTextEvent("round", {"round": 1}, "round 1 begins"))
            events.extend(start_of_turn(self.ships[0]))
        return events

    def _end_turn(self, validated: bool = False) -> list[Event]:
        """Execute the pending plan (validated again unless the caller just did: a plan restored from JSON was
        never checked step by step) and pass the turn on."""
        plan, self.plan = self.plan, []
        self._legal = self._pending = self._checked = None
        texts = list(map(step_text, plan))  # to_text, kept for the shared step values
        ship = self.ships[self.current].id
        events: list[Event] = [LazyTextEvent("turn", {"ship": ship, "round": self.round, "plan": texts}, _turn_text,
                                             ship, tuple(texts))]
        try:
            events.extend(execute(self.ships, self.current, plan, self.tr, self.rng, validated=validated))
        except RuleViolation:
            self.plan = plan
            raise
        self.turns += 1
        events.extend(self._advance())
        return events

    def _finished(self, events: list[Event]) -> bool:
        ships = self.ships
        if len(ships) == 2 and ships[0].hull > 0 and ships[1].hull > 0:  # the common case, without the list
            return False
        alive = [i for i, s in enumerate(ships) if s.hull > 0]
        if len(alive) <= 1:  # ref Win: last ship with hull > 0
            self.phase = OVER
            self.winner = alive[0] if alive else None
            text = f"{seat_id(alive[0])} wins" if alive else "no ship survives: a draw"
            events.append(Event("game_over", {"winner": seat_id(alive[0]) if alive else None}, text))
            return True
        return False

    def _advance(self, log: bool = True) -> list[Event]:
        """Pass the turn to the next live seat (its start-of-turn heat step; a new round after the last seat).
        ``log`` false: no round or heat events are built (the game's end is still reported)."""
        events: list[Event] = []
        if self._finished(events):
            return events
        seat = self.current
        n = len(self.ships)
        while True:
            seat = (seat + 1) % n
            if seat == 0:
                if self.round_limit and self.round >= self.round_limit:  # ref: optional round limit, a draw
                    self.phase = OVER
                    self.winner = None
                    events.append(Event("game_over", {"winner": None, "round_limit": self.round_limit},
                                        f"round limit {self.round_limit} reached: a draw"))
                    return events
                self.round += 1
                if log:
                    events.append(LazyTextEvent("round", {"round": self.round}, "round {} begins", self.round))
            ship = self.ships[seat]
            if ship.hull <= 0:
                continue  # ref Destruction: a destroyed ship's turn is skipped
            events.extend(start_of_turn(ship, log))
            if ship.hull <= 0:
                if self._finished(events):
                    return events
                continue
            self.current = seat
            return events

__all__ = ["InclinationsState", "parse_action", "seat_id"]
