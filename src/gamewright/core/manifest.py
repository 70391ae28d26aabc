"""A manifest per game, and the registry of games (after ``pyspiel.register_game``).

A game's package declares ``MANIFEST = GameManifest(...)`` in ``games/<game>/manifest.py``: its name and title,
how many seats it takes and what they are called, its options in words a player reads, its bots, and the hooks
the platform's parts call — the web board and assistant pages, the RL environments' action catalogue, the lab's
metrics, the search agents' leaf value and macro-actions. The lobby, the API, the CLI, the lab, the agents and the
environments read the manifest; none of them keeps a table of games of its own.

A manifest is cheap to import. Everything heavy (the engine, the bots, a board) is named by an import path —
``"package.module:attribute"``, or ``"package.module"`` for a whole module — or given as a callable, and is loaded
on first use: listing the games loads no engine.

The built-in games are found under ``gamewright.games`` (each sub-package with a ``manifest`` module); another
game registers with ``register_game(manifest)`` (and ``unregister_game(name)`` undoes it). A built-in game whose
manifest fails to import is an error that names the game, never a silent absence.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from gamewright.core.errors import NotFound
from gamewright.core.rules import Option, RulesSpec

if TYPE_CHECKING:
    from gamewright.core.outcome import Outcome

# common: what most tables set; advanced: rule variants (the lobby folds them away); outside: an option that does not
# change the game a table plays (the lobby leaves it out; the CLI and the API still take it)
Group = Literal["common", "advanced", "outside"]
# An import path ("package.module:attribute", or "package.module" for the module itself) or the object itself.
Hook = Any
AgentFactory = Callable[[int], Any]
DEFAULT_SLOTS = 96  # legal actions an environment offers by index where a game lists no action catalogue


class GameImportError(ImportError):
    """A registered or built-in game that cannot be loaded (a bug or a broken install, not bad input)."""


def load_hook(hook: Hook) -> Any:
    """The object a hook names: ``"a.b:c"`` is attribute ``c`` of module ``a.b``, ``"a.b"`` the module; anything
    that is not a string is the object itself."""
    if not isinstance(hook, str):
        return hook
    module_name, _, attribute = hook.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


@dataclass(frozen=True, slots=True)
class OptionText:
    """An option in a player's words: a short label, one sentence saying what it changes, and its group
    (``common``: what most tables set; ``advanced``: rule variants; ``outside``: not a table's option)."""

    label: str
    description: str
    group: Group = "advanced"


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option as the front ends show and read it: the engine's ``Option`` (its type, default, choices and
    bounds) with its words for a player. ``parse`` reads a value written as text, for the CLI, the lab and the
    lobby form alike."""

    name: str
    label: str
    description: str
    type: str  # "bool", "int" or "text"
    default: Any
    choices: tuple[Any, ...] | None
    group: Group
    minimum: int | None
    maximum: int | None
    source: str  # the rule the option comes from, e.g. "000 §13a"
    option: Option

    @property
    def kind(self) -> str:
        """How a form offers it: ``choice`` where there are choices, else its type."""
        return "choice" if self.choices else self.type

    def parse(self, text: str) -> Any:
        return self.option.parse(text)


@dataclass(frozen=True, slots=True)
class SharedSeat:
    """A seat several characters share (Affinity's party): each character gets its own link, which acts only on
    that character's turns. ``characters(state)`` gives ``(index, name)`` of each; ``acting(state)`` the index of
    the one acting now."""

    seat: int
    characters: Callable[[Any], list[tuple[int, str]]]
    acting: Callable[[Any], int]


@dataclass(frozen=True)
class GameManifest:
    """Everything the platform knows of a game. Hooks are import paths or the objects themselves (see the module
    docstring); every hook but ``factory`` and ``rules`` is optional."""

    name: str
    title: str
    factory: Hook  # (ruleset=None, options=None) -> a Game (core.game's protocol)
    rules: Hook  # the game's RulesSpec: its options, their defaults and its named rulesets
    seats: tuple[int, int]  # the fewest and the most seats the game takes
    option_text: Mapping[str, OptionText] = field(default_factory=dict)
    seat_labels: tuple[str, ...] = ()  # a seat's name where P1, P2 … would mislead
    default_seats: tuple[str, ...] = ()  # the lobby's preset ("human", "bot:NAME"); empty: human, then best bot
    bots: Hook = None  # () -> {name: (seed) -> agent}: the game's own bots by their CLI names
    best_bot: str | None = None  # plays a person's seat whose timer ran out, until they return
    # a bot's name for a player, by strength ("Easy bot" … "Hard bot", "Random"), in the order the lobby offers them
    bot_labels: Mapping[str, str] = field(default_factory=dict)
    plan_end: str | None = None  # a turn planned in private step by step and closed by this action
    shared_seat: SharedSeat | None = None
    board: Hook = None  # a web board module: TEMPLATE and board_context(seen) (web.boards.Seen)
    assistants: tuple[Hook, ...] = ()  # web routers of the game's own pages (what-ifs, sheets, campaigns)
    action_texts: Hook = None  # (players) -> the text of every action, for a fixed-index action catalogue
    action_slots: int = DEFAULT_SLOTS  # without action_texts: index i is the i-th legal action in text order
    single_agent_env: Hook = None  # a one-seat game's own Gymnasium environment class (default: the generic one)
    # the RL environments' observation encoder: a class (game, action texts) -> envs.encoders.Encoder, which also
    # sets the truncation and may build the action catalogue (action_texts(game)); default: the hashed view
    env_encoder: Hook = None
    metrics: Hook = None  # the lab's MetricsHook (default: seat results only)
    standing: Hook = None  # (state, seat) -> how far ahead the seat is, in [-1, 1], for search cut short
    # (final public view, returns) -> core.outcome.Outcome: how the game ended in words (the web's result panel);
    # default: read from the returns alone
    result_summary: Hook = None
    search_hooks: Hook = None  # a module of macro-actions the search agents try at the root
    order: int = 100  # the lobby lists games by (order, name)
    # What no view may hold before the end (the seed, the random streams, deck orders …): a key name matches that
    # key at any depth, a dotted path (``sides.*.deck_order``, ``*`` any key or item) that place only. The game's
    # ``view_for`` and ``public_view`` leave them out; the conformance suite checks they do (nothing strips them).
    secret_fields: tuple[str, ...] = ()

    # --- the engine -------------------------------------------------------------------------------------
    def make_game(self, **kwargs: Any) -> Any:
        """A ``Game``: ``make_game(ruleset=…, options=…)``, the same as ``core.game.load_game(name, …)``."""
        return load_hook(self.factory)(**kwargs)

    def rules_spec(self) -> RulesSpec:
        spec = load_hook(self.rules)
        if not isinstance(spec, RulesSpec):
            raise GameImportError(f"game {self.name!r}: its rules hook {self.rules!r} is not a RulesSpec")
        return spec

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """Every option, in the engine's order, with its words for a player (an option the manifest has no words
        for shows its name and the engine's note, in the advanced group)."""
        out = []
        for opt in self.rules_spec().options:
            text = self.option_text.get(opt.name) or OptionText(opt.name, opt.doc)
            out.append(OptionSpec(opt.name, text.label, text.description, opt.kind, opt.default, opt.choices,
                                  text.group, opt.minimum, opt.maximum, opt.source, opt))
        return tuple(out)

    def option(self, name: str) -> OptionSpec:
        self.rules_spec().option(name)  # an unknown name: the engine's error, which lists the known ones
        return next(o for o in self.options if o.name == name)

    @property
    def rulesets(self) -> tuple[str, ...]:
        return tuple(self.rules_spec().rulesets)

    def parse_options(self, pairs: Any) -> dict[str, Any]:
        """``--option NAME=VALUE`` pairs, each read by its option's type and validated."""
        return self.rules_spec().parse_assignments(pairs)

    # --- seats and bots ---------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        return self.seat_labels[seat] if 0 <= seat < len(self.seat_labels) else f"P{seat + 1}"

    def bot_factories(self) -> dict[str, AgentFactory]:
        """The game's own bots, then the ones the operator registered at start (``register_bot``)."""
        own = dict(load_hook(self.bots)()) if self.bots is not None else {}
        extra = _OPERATOR_BOTS.get(self.name, {})
        return {**own, **{name: factory for name, (factory, _) in extra.items() if name not in own}}

    def bot_names(self) -> list[str]:
        return list(self.bot_factories())

    def bot_label(self, name: str) -> str:
        """A bot as a player knows it: its label, else its name."""
        registered = _OPERATOR_BOTS.get(self.name, {}).get(name)
        return self.bot_labels.get(name) or (registered[1] if registered else f"Bot {name}")

    def bot_choices(self) -> list[tuple[str, str]]:
        """(name, label) of every bot: the labelled ones in their labels' order (easiest first), then the rest."""
        names = self.bot_names()
        ordered = [n for n in self.bot_labels if n in names] + [n for n in names if n not in self.bot_labels]
        return [(n, self.bot_label(n)) for n in ordered]

    def lobby_seats(self) -> tuple[str, ...]:
        """The seats the lobby's form starts with."""
        if self.default_seats:
            return self.default_seats
        other = f"bot:{self.best_bot}" if self.best_bot else "human"
        return ("human", *(other for _ in range(self.seats[0] - 1)))

    def characters(self, state: Any) -> list[tuple[int, str]]:
        """(index, name) of each character of the shared seat (none for most games)."""
        return self.shared_seat.characters(state) if self.shared_seat is not None else []

    def acting_character(self, state: Any) -> int | None:
        return int(self.shared_seat.acting(state)) if self.shared_seat is not None else None

    def outcome(self, view: Mapping[str, Any], returns: Any) -> Outcome:
        """How a finished game ended, in words (a ``core.outcome.Outcome``), from its final public view and its
        returns: the game's ``result_summary`` hook, else the plain reading of the returns."""
        from gamewright.core.outcome import outcome_from_returns

        hook = self.load("result_summary") or outcome_from_returns
        return hook(view, [float(r) for r in returns])  # type: ignore[no-any-return]

    # --- the other parts' hooks -------------------------------------------------------------------------
    def load(self, hook_name: str) -> Any:
        """The object of the hook field ``hook_name`` (``board``, ``metrics`` …), or None where it is not set."""
        hook = getattr(self, hook_name)
        return None if hook is None else load_hook(hook)


# --- bots an operator adds at start ------------------------------------------------------------------------
# game -> {name: (factory, label)}: trained policies ``serve --policy NAME=DIR`` loads once at start, so that a web
# request can seat ``bot:NAME`` by name and never names a file to load
_OPERATOR_BOTS: dict[str, dict[str, tuple[AgentFactory, str]]] = {}


def register_bot(game: str, name: str, factory: AgentFactory, label: str) -> None:
    """Add a bot to ``game``'s bots (after its own) for this process: its name, ``factory(seed)`` and label."""
    _OPERATOR_BOTS.setdefault(game, {})[name] = (factory, label)


def unregister_bot(game: str, name: str) -> None:
    """Undo ``register_bot`` (nothing happens for a name not registered)."""
    _OPERATOR_BOTS.get(game, {}).pop(name, None)


# --- the registry -----------------------------------------------------------------------------------------
_REGISTRY: dict[str, GameManifest] = {}
_builtins_loaded = False
BUILTIN_PACKAGE = "gamewright.games"


def register_game(manifest: GameManifest) -> GameManifest:
    """Make a game known to the lobby, the API, the CLI, the lab, the agents and the environments.

    Registering the same manifest again does nothing; another game under a taken name is refused."""
    if not isinstance(manifest, GameManifest):
        raise TypeError(f"register_game takes a GameManifest, not {type(manifest).__name__}")
    low, high = manifest.seats
    if not 1 <= low <= high:
        raise ValueError(f"game {manifest.name!r}: seats must be (fewest, most) with 1 <= fewest <= most")
    if manifest.best_bot is not None and manifest.bots is None:
        raise ValueError(f"game {manifest.name!r}: a best bot is named but the game has no bots")
    known = _REGISTRY.get(manifest.name)
    if known is not None and known is not manifest:
        raise ValueError(f"a game named {manifest.name!r} is already registered")
    _REGISTRY[manifest.name] = manifest
    return manifest


def unregister_game(name: str) -> None:
    """Forget a registered game (a test's fixture game, once the test is done)."""
    _REGISTRY.pop(name, None)


def manifests() -> tuple[GameManifest, ...]:
    """Every registered game, in the lobby's order."""
    _load_builtin_games()
    return tuple(sorted(_REGISTRY.values(), key=lambda m: (m.order, m.name)))


def game_names() -> list[str]:
    return [m.name for m in manifests()]


def manifest_for(name: str) -> GameManifest:
    _load_builtin_games()
    manifest = _REGISTRY.get(name) if isinstance(name, str) else None
    if manifest is None:
        raise NotFound(f"unknown game {str(name)[:40]!r}; known games: {', '.join(sorted(_REGISTRY))}")
    return manifest


def builtin_game_packages() -> list[str]:
    """The sub-packages of ``gamewright.games`` that hold a ``manifest`` module (found without importing them)."""
    games = importlib.import_module(BUILTIN_PACKAGE)
    names = []
    for info in pkgutil.iter_modules(games.__path__):
        if info.ispkg:
            sub = [p + "/" + info.name for p in games.__path__]
            if any(m.name == "manifest" for m in pkgutil.iter_modules(sub)):
                names.append(info.name)
    return sorted(names)


def _load_builtin_games() -> None:
    global _builtins_loaded
    if _builtins_loaded:
        return
    for package in builtin_game_packages():
        try:
            module = importlib.import_module(f"{BUILTIN_PACKAGE}.{package}.manifest")
        except Exception as exc:  # a broken game is named, never skipped
            raise GameImportError(f"game {package!r} failed to load: {type(exc).__name__}: {exc}") from exc
        manifest = getattr(module, "MANIFEST", None)
        if not isinstance(manifest, GameManifest):
            raise GameImportError(f"game {package!r}: {module.__name__} defines no MANIFEST = GameManifest(...)")
        register_game(manifest)
    _builtins_loaded = True
