"""OpenSpiel interop: importing this module registers every game as a pyspiel Python game.

Needs the ``openspiel`` extra (``pip install gamewright[openspiel]``: the ``open-spiel`` wheel). The names are an
exact interface: ``gamewright_prince``, ``gamewright_inclinations``, ``gamewright_affinity`` and
``gamewright_penance``::

    import pyspiel
    import gamewright.envs.openspiel  # registers the four games
    game = pyspiel.load_game("gamewright_penance", {"seed": 7, "max_steps": 400})

How the games map onto OpenSpiel (``GAME_TYPES`` holds each ``GameType``):

- **Dynamics**: SEQUENTIAL for all four — one seat acts at a time (Dangerous Inclinations' plans are made in private,
  but turn by turn, not simultaneously).
- **Chance**: SAMPLED_STOCHASTIC. Our engines never stop at a chance node: every die and shuffle is drawn inside
  ``apply`` from the state's own seeded stream, so there are no chance outcomes to list (``max_chance_outcomes``
  is 0). The game's ``seed`` parameter seeds a stream of seeds: each fresh initial state takes the next one when it
  is first used (clones copy their source and take none), so a program replays the same games from the same seed.
  A clone copies the stream too, so ``MCTSBot`` (which searches clones of the true state) sees the dice to come;
  ``ISMCTSBot`` searches ``resample_from_infostate`` twins, whose streams are redrawn.
- **Information**: what ``view_for`` hides. Space Prince's prototype ruleset builds the opponent's planet
  sequences at the start of a run and hides them, Dangerous Inclinations hides a seat's plan until it is
  executed, Penance hides hands and deck orders: IMPERFECT. Affinity shows everything but the dice to come:
  PERFECT.
- **Utility**: Affinity and Penance pay +1/−1 (a draw 0/0): ZERO_SUM. Dangerous Inclinations' draw pays the
  survivors 0 and the destroyed −1, and Space Prince has one seat (1 for a won run, else 0): GENERAL_SUM.
- **Reward model**: TERMINAL — the engines pay only at the end (``returns``).
- **Players**: Space Prince is one player; its opponent is the engine's scripted one, whose planets come from the
  seeded stream like any other chance. Dangerous Inclinations takes the ``players`` parameter (2–6); Affinity
  (party and creatures) and Penance have two.
- **Actions**: ids from the game's stable action catalogue (``envs.catalogue``): id ``i`` means the same action in
  every state; ``num_distinct_actions`` is the catalogue's size for the configuration.
- **Length**: ``max_game_length`` is the ``max_steps`` parameter (0: the game's own truncation, as the other
  environments use). A game still running after that many actions is terminal and pays each seat what the engine's
  ``returns()`` gives an unfinished game (0 in all four).
- **Tensors**: ``observation_tensor`` and ``information_state_tensor`` are both the game's encoder's flat vector
  (``obs="flat"`` of the other environments) of ``view_for(player)`` and, on that player's own turn, its previews.
  They are the current view, not a perfect-recall history; the strings are the view as canonical JSON. An
  imperfect-information game refuses any other observation type (public-only, every player's) rather than fake it.

Parameters (all optional): ``seed`` (int), ``ruleset`` (text; "" the default), ``options`` (``NAME=VALUE`` pairs
separated by ``;``, read as ``--option`` reads them), ``max_steps`` (int), ``previews`` (bool, default true; false
leaves the preview fields 0, as the other environments' ``previews=False`` does, for speed) and, for Dangerous
Inclinations, ``players``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from gamewright.core.errors import ConfigError
from gamewright.core.game import TERMINAL, load_game
from gamewright.core.limits import SEED_MAX
from gamewright.core.manifest import manifest_for
from gamewright.core.rng import Rng
from gamewright.envs.catalogue import TextCatalogue
from gamewright.envs.observe import Observer

PREFIX = "gamewright_"
OPTION_SEPARATOR = ";"  # Affinity's party option holds commas, so options are separated by semicolons
_Type = pyspiel.GameType


@dataclass(frozen=True, slots=True)
class Typing:
    """What OpenSpiel is told of one game (see the module docstring for why each is what it is)."""

    game: str
    long_name: str
    information: Any
    utility: Any
    min_utility: float
    max_utility: float


TYPINGS: dict[str, Typing] = {t.game: t for t in (
    Typing("prince", "gamewright Space Prince", _Type.Information.IMPERFECT_INFORMATION,
           _Type.Utility.GENERAL_SUM, 0.0, 1.0),
    Typing("inclinations", "gamewright Dangerous Inclinations", _Type.Information.IMPERFECT_INFORMATION,
           _Type.Utility.GENERAL_SUM, -1.0, 1.0),
    Typing("affinity", "gamewright Affinity", _Type.Information.PERFECT_INFORMATION,
           _Type.Utility.ZERO_SUM, -1.0, 1.0),
    Typing("penance", "gamewright Penance", _Type.Information.IMPERFECT_INFORMATION,
           _Type.Utility.ZERO_SUM, -1.0, 1.0),
)}


def _has_players_option(game: str) -> bool:
    return any(o.name == "players" for o in manifest_for(game).rules_spec().options)


def _parameters(game: str) -> dict[str, Any]:
    """The game's parameters and their defaults (pyspiel fills in any a caller leaves out)."""
    params: dict[str, Any] = {"seed": 0, "ruleset": "", "options": "", "max_steps": 0, "previews": True}
    if _has_players_option(game):
        params["players"] = int(manifest_for(game).rules_spec().option("players").default)
    return params


def game_type(game: str) -> Any:
    """The ``pyspiel.GameType`` registered for ``game``."""
    t = TYPINGS[game]
    low, high = manifest_for(game).seats
    return pyspiel.GameType(
        short_name=PREFIX + game,
        long_name=t.long_name,
        dynamics=_Type.Dynamics.SEQUENTIAL,
        chance_mode=_Type.ChanceMode.SAMPLED_STOCHASTIC,
        information=t.information,
        utility=t.utility,
        reward_model=_Type.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class Setup:
    """One configuration of a game: the engine's game, its observer (catalogue and encoder), its truncation and the
    stream of seeds its initial states take. Shared by every state of the pyspiel game, never copied."""

    def __init__(self, game: str, params: dict[str, Any]) -> None:
        manifest = manifest_for(game)
        pairs = [p for p in str(params.get("options", "")).split(OPTION_SEPARATOR) if p.strip()]
        options = manifest.parse_options(pairs)
        if "players" in params and _has_players_option(game):
            options["players"] = int(params["players"])
        self.name = game
        self.engine = load_game(game, ruleset=str(params.get("ruleset", "")) or None, options=options)
        self.observer = Observer(game, self.engine, obs="flat", previews=bool(params.get("previews", True)))
        if not isinstance(self.observer.catalogue, TextCatalogue):
            raise ConfigError(f"{game} has no stable action catalogue, which OpenSpiel's action ids need")
        self.catalogue: TextCatalogue = self.observer.catalogue
        self.encoder = self.observer.encoder
        max_steps = int(params.get("max_steps", 0))
        if max_steps < 0:
            raise ConfigError(f"max_steps must be 0 (the game's own) or more, not {max_steps}")
        self.max_steps = max_steps or self.observer.max_steps
        self.num_players = int(self.engine.num_players)
        self.seeds = Rng(int(params.get("seed", 0)))

    def next_seed(self) -> int:
        return self.seeds.randint(0, SEED_MAX)


class Engine:
    """The engine state behind a pyspiel state, built when first used. pyspiel clones a Python state by making a
    fresh one and deep-copying its attributes: this holder's deep copy is the engine's own ``clone()`` (fast, and
    it shares the setup), so a clone never builds an initial state nor takes a seed."""

    __slots__ = ("setup", "_state", "_legal", "_seen")

    def __init__(self, setup: Setup, state: Any = None, seen: dict[int, np.ndarray] | None = None) -> None:
        self.setup = setup
        self._state = state
        self._legal: dict[int, Any] | None = None
        self._seen: dict[int, np.ndarray] = dict(seen or {})

    @property
    def state(self) -> Any:
        if self._state is None:
            self._state = self.setup.engine.new_initial_state(self.setup.next_seed())
        return self._state

    def replace(self, state: Any) -> None:
        self._state = state
        self._legal = None
        self._seen = {}

    def legal(self) -> dict[int, Any]:
        """Action id → the engine's action, for the seat on move (cached until the state changes)."""
        if self._legal is None:
            self._legal = self.setup.catalogue.legal_map(self.state)
        return self._legal

    def observation(self, player: int, terminal: bool) -> np.ndarray:
        """The encoder's flat vector for ``player`` (its previews on its own turn), kept until the state changes:
        previews are costly, and OpenSpiel asks for both tensors of every player at every state."""
        seen = self._seen.get(player)
        if seen is None:
            state = self.state
            on_move = not terminal and player == state.current_player
            seen = self.setup.observer.observe(state, player, self.legal() if on_move else None)["observation"]
            self._seen[player] = seen
        return seen

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        if self._state is None:
            return Engine(self.setup)
        return Engine(self.setup, self._state.clone(), self._seen)  # equal states: the observations stay


class GamewrightGame(pyspiel.Game):  # type: ignore[misc]
    """A gamewright game as a pyspiel game; a subclass per game names it (``GAME``)."""

    GAME = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_parameters(self.GAME), **(params or {})}
        setup = Setup(self.GAME, merged)
        t = TYPINGS[self.GAME]
        zero_sum = t.utility == _Type.Utility.ZERO_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.catalogue.size,
            max_chance_outcomes=0,  # sampled stochastic: no chance node is ever exposed
            num_players=setup.num_players,
            min_utility=t.min_utility,
            max_utility=t.max_utility,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=setup.max_steps,
        )
        super().__init__(game_type(self.GAME), info, merged)
        self.setup = setup

    def new_initial_state(self) -> GamewrightState:
        return GamewrightState(self, Engine(self.setup))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """The seat's own view (OpenSpiel's default observation and information state). An imperfect-information
        game offers no other kind (a public-only or every-player observation), rather than a wrong one."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        own = iig_obs_type is None or (iig_obs_type.public_info
                                       and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if not own and self.get_type().information != _Type.Information.PERFECT_INFORMATION:
            raise ValueError(f"{self.setup.name} observes only a seat's own view (public information and that "
                             f"seat's private information), not {iig_obs_type}")
        return ViewObserver(self.setup)


class GamewrightState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over an engine state. Legal actions are catalogue ids (sorted); an id that is not legal is
    refused with ``ValueError`` and leaves the state as it was."""

    def __init__(self, game: GamewrightGame, engine: Engine) -> None:
        super().__init__(game)
        self.engine = engine
        self.steps = 0

    # --- the engine state, for callers that want it -------------------------------------------------------
    @property
    def inner(self) -> Any:
        """The engine's state (``view_for``, ``preview``, ``to_json`` …)."""
        return self.engine.state

    # --- pyspiel's Python-game API ------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.engine.state.current_player)

    def is_terminal(self) -> bool:
        state = self.engine.state
        over = state.is_terminal() or state.current_player == TERMINAL
        return bool(over or self.steps >= self.engine.setup.max_steps)

    def returns(self) -> list[float]:
        return [float(r) for r in self.engine.state.returns()]

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.engine.state.current_player:
            return []
        return sorted(self.engine.legal())

    def _apply_action(self, action: int) -> None:
        legal = {} if self.is_terminal() else self.engine.legal()
        chosen = legal.get(int(action))
        if chosen is None:  # refused before anything changes (pyspiel records no history either)
            raise ValueError(f"action {action} ({self._text(int(action))}) is not legal here")
        self.engine.state.apply(chosen)  # the engine refuses an illegal action without changing the state
        self.engine.replace(self.engine.state)
        self.steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        del player
        return self._text(int(action))

    def _text(self, action: int) -> str:
        texts = self.engine.setup.catalogue.texts
        return texts[action] if 0 <= action < len(texts) else f"<no action {action}>"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GamewrightState:
        """A twin ``player_id`` cannot tell from this state (its view is equal): the engine's ``resample``, the
        determinization our own ``ismcts`` uses, with a stream seeded from ``probability_sampler``'s draw."""
        rng = Rng(int(float(probability_sampler()) * 2**53))
        twin: GamewrightState = self.clone()
        twin.engine.replace(self.engine.state.resample(int(player_id), rng))
        return twin

    def __str__(self) -> str:
        state = self.engine.state
        public = state.public_view() if hasattr(state, "public_view") else {}
        head = f"{self.engine.setup.name} after {self.steps} actions; player {self.current_player()} to act"
        return head + "\n" + canonical(public)


def canonical(view: Any) -> str:
    """A view as canonical JSON (sorted keys; anything JSON lacks written as text)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


class ViewObserver:
    """pyspiel's Python observer: ``tensor`` is the encoder's flat vector and ``dict`` its named fields (views into
    that vector, in the encoder's order); the string is ``view_for(player)`` as canonical JSON."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        fields = setup.encoder.flat_space.shape[0]
        self.tensor = np.zeros(fields, np.float32)
        table = getattr(setup.encoder, "table", None)
        if table is not None and table.size == fields:
            self.dict = {f.name: self.tensor[table.offsets[f.name]:table.offsets[f.name] + f.size].reshape(f.shape)
                         for f in table.fields}
        else:
            self.dict = {"observation": self.tensor}

    def set_from(self, state: GamewrightState, player: int) -> None:
        self.tensor[:] = state.engine.observation(int(player), state.is_terminal())

    def string_from(self, state: GamewrightState, player: int) -> str:
        return canonical(state.engine.state.view_for(int(player)))


class ISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's Python ``ISMCTSBot`` as it is, plus the ``restart_at`` that ``evaluate_bots`` calls first. The
    Python class lacks it (pyspiel's base ``Bot`` raises "not implemented"); the bot searches afresh at every step
    and keeps nothing between moves, so there is nothing to restart."""

    def restart_at(self, state: Any) -> None:
        del state


def _game_class(game: str) -> type[GamewrightGame]:
    return type(f"{game.capitalize()}SpielGame", (GamewrightGame,), {"GAME": game,
                                                                   "__doc__": f"{game} as a pyspiel game."})


GAME_CLASSES: dict[str, type[GamewrightGame]] = {game: _game_class(game) for game in TYPINGS}
GAME_NAMES: tuple[str, ...] = tuple(PREFIX + game for game in TYPINGS)


def register() -> None:
    """Register the four games with pyspiel (again importing this module registers nothing twice)."""
    known = set(pyspiel.registered_names())
    for game, cls in GAME_CLASSES.items():
        if PREFIX + game not in known:
            pyspiel.register_game(game_type(game), cls)


register()

__all__ = ["GAME_NAMES", "GamewrightGame", "ISMCTSBot", "GamewrightState", "ViewObserver", "game_type", "register"]
