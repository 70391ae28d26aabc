"""The Space Prince Game: a run as a single-player game over the Game/State protocol."""

from __future__ import annotations

from typing import Any, ClassVar

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.game import Event
from gamewright.core.rng import Rng
from gamewright.games.prince.encounter import profile_of_moment, random_moment
from gamewright.games.prince.options import Config, config_for
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resolve import Profile
from gamewright.games.prince.state import DEPLOY, Deploy, PrinceState, parse_planet


class PrinceGame:
    """``PrinceGame(ruleset, options, player=, progress=)``.

    Without ``player`` each seed gets a Prince born at a seeded moment (drawn like an opponent's, from its own
    stream); without ``progress`` the Prince is a veteran (every planet unlocked, every aspect active), so the
    generic tools see the whole game. The CLI passes the minted Prince and its stored progress.
    """

    name: ClassVar[str] = "prince"

    def __init__(
        self,
        ruleset: str | None = None,
        options: dict[str, Any] | None = None,
        *,
        player: Profile | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.rules, self.cfg = config_for(ruleset, options)
        self.player = player
        self.progress = progress if progress is not None else Progress.veteran()

    @property
    def num_players(self) -> int:
        return 1

    @property
    def config(self) -> Config:
        return self.cfg

    def player_for_seed(self, seed: int) -> Profile:
        if self.player is not None:
            return self.player
        return profile_of_moment(random_moment(Rng.child(seed, "player")))

    def new_initial_state(self, seed: int = 0) -> PrinceState:
        return self.start(seed)[0]

    def start(self, seed: int = 0) -> tuple[PrinceState, list[Event]]:
        """A new run and the events of its start (the first encounter and opponent planet)."""
        return PrinceState.start(self.cfg, self.rules.to_json(), seed, self.player_for_seed(seed), self.progress)

    def parse_action(self, state: Any, text: str) -> Deploy:
        if not isinstance(text, str):
            raise RuleViolation(repr(text), "an action is a planet name", "000 §13")
        return DEPLOY[parse_planet(text)]

    def state_from_json(self, data: dict[str, Any]) -> PrinceState:
        if not isinstance(data, dict) or data.get("game") != "prince":
            raise ConfigError("not a Space Prince state")
        rules = data["rules"]
        _, cfg = config_for(rules.get("ruleset"), rules.get("options"))
        return PrinceState.from_json(cfg, data)
