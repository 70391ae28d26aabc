"""The Game object: options, new states, action parsing and JSON restore."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import Action, Step, parse_action
from gamewright.games.inclinations.options import resolve
from gamewright.games.inclinations.ship import Ship
from gamewright.games.inclinations.state import InclinationsState
from gamewright.games.inclinations.turn import TurnRules


class InclinationsGame:
    name: ClassVar[str] = "inclinations"

    def __init__(self, ruleset: str | None = None, options: dict[str, Any] | None = None) -> None:
        self.rules = resolve(options, ruleset)

    @property
    def num_players(self) -> int:
        return int(self.rules.players)

    def new_initial_state(self, seed: int | str = 0) -> InclinationsState:
        return InclinationsState(self.rules, seed)

    def state_from_ships(self, ships: list[Ship], seed: int | str = 0, current: int = 0) -> InclinationsState:
        """A game in progress from fixed start positions (ref Table and players: a scenario may fix them)."""
        state = InclinationsState(self.rules, seed)
        state.ships = [s.clone() for s in ships]
        state.phase = "play"
        state.round = 1
        state.current = current
        return state

    def parse_action(self, state: Any, text: str) -> Action:
        return parse_action(text)

    def state_from_json(self, data: dict[str, Any]) -> InclinationsState:
        rules = resolve(data.get("options"))
        state = InclinationsState.__new__(InclinationsState)
        state.rules = rules
        state.tr = TurnRules.from_rules(rules)
        state.round_limit = int(rules.round_limit)
        state.ships = [Ship.from_json(s) for s in data["ships"]]
        state.phase = data["phase"]
        state.current = data["current"]
        state.round = data["round"]
        state.turns = data.get("turns", 0)
        # a saved plan holds only the steps written by to_json
        state.plan = cast("list[Step]", [parse_action(t) for t in data.get("plan", [])])
        state.winner = data.get("winner")
        state.rng = Rng(0)
        if "rng" in data:
            state.rng.set_state(data["rng"])
        return state


def factory(ruleset: str | None = None, options: dict[str, Any] | None = None) -> InclinationsGame:
    return InclinationsGame(ruleset, options)
