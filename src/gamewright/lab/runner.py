"""Play seeded games in chunks — inline, over a process pool or as Ray tasks — and merge them in seed order.

A game depends only on its configuration and its seed (the state's stream and each seat's agent are seeded
from it), never on which process played it, so every way of running gives byte-identical results. Common
random numbers: game ``i`` of any configuration starts from seed ``seed + i``, whatever the variant.
"""

from __future__ import annotations

import gc
import math
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.game import CHANCE, load_game
from gamewright.core.rng import Rng, derive_seed
from gamewright.lab.hooks import MetricsHook, Record, metrics_hook, winners

MAX_ACTIONS = 1_000_000
MIN_CHUNK = 4
BATCH_CHUNK = 50_000
ENGINES = ("scalar", "batch")


@dataclass(frozen=True)
class Batch:
    """One configuration over ``games`` seeds from ``seed``.

    ``alternate``: apply the game's own per-game alternation (Penance: the decks change seats every other
    game). ``swap_agents``: on odd games the agents change seats too, so each agent keeps its deck.
    ``cross_alternation`` (with ``swap_agents``): the game's own alternation turns every second game instead, so
    in every four games each agent sits in each seat on each side of it (a ladder's fairness: in Penance an
    agent that kept one deck would be measured with that deck's edge).
    ``engine``: ``scalar`` (the game's State, one game at a time) or ``batch`` (the game's batch engine).
    """

    game: str
    ruleset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    agents: tuple[str, ...] = ()
    seed: int = 0
    games: int = 100
    alternate: bool = True
    swap_agents: bool = False
    engine: str = "scalar"
    cross_alternation: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "ruleset": self.ruleset, "options": dict(self.options), "agents": list(self.agents),
            "seed": self.seed, "games": self.games, "alternate": self.alternate, "swap_agents": self.swap_agents,
            "engine": self.engine, "cross_alternation": self.cross_alternation,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Batch:
        return cls(data["game"], data.get("ruleset"), dict(data.get("options") or {}), tuple(data["agents"]),
                   int(data["seed"]), int(data["games"]), bool(data.get("alternate", True)),
                   bool(data.get("swap_agents", False)), str(data.get("engine", "scalar")),
                   bool(data.get("cross_alternation", False)))


def play_out(game_name: str, state: Any, agent_names: Sequence[str], seed: int,
             max_actions: int = MAX_ACTIONS, factories: Mapping[str, Any] | None = None) -> tuple[list[Any], int]:
    """Play ``state`` to the end, one agent per seat seeded from ``seed`` (chance nodes from their own stream);
    every event ``apply`` returned and the number of actions. ``factories``: the agents' names already resolved
    (``agent_factories``), for a caller playing many games."""
    made = factories or agent_factories(game_name, agent_names)
    agents = [made[name](derive_seed(seed, f"seat{i}")) for i, name in enumerate(agent_names)]
    chance = Rng(derive_seed(seed, "chance"))
    events: list[Any] = []
    actions = 0
    while not state.is_terminal():
        if actions >= max_actions:
            raise RuntimeError(f"{game_name} game with seed {seed} did not end within {max_actions} actions")
        player = state.current_player
        action = chance.choice(state.legal_actions()) if player == CHANCE else agents[player].choose(state)
        events.extend(state.apply(action))
        actions += 1
    return events, actions


def agent_factories(game: str, names: Sequence[str]) -> dict[str, Any]:
    """Each agent name of a seating resolved to what makes the agent from a seed."""
    from gamewright.agents.registry import agent_factory

    return {name: agent_factory(game, name) for name in names}


def play_game(batch: Batch, index: int, factories: Mapping[str, Any] | None = None,
              hook: MetricsHook | None = None) -> Record:
    """Play game ``index`` of ``batch`` to the end; its record (returns, length, the game's own metrics).
    ``factories`` and ``hook``: looked up once by a caller playing a chunk of games."""
    hook = hook or metrics_hook(batch.game)
    seed = batch.seed + index
    turn = index // 2 if batch.cross_alternation else index  # which side of the game's own alternation
    options = hook.game_options(dict(batch.options), turn) if batch.alternate else dict(batch.options)
    swapped = batch.swap_agents and index % 2 == 1
    state = _game(batch.game, batch.ruleset, options).new_initial_state(seed)
    events, actions = play_out(batch.game, state, list(reversed(batch.agents)) if swapped else batch.agents, seed,
                               factories=factories)
    returns = [float(r) for r in state.returns()]
    metrics = hook.record(state, events)
    length = metrics.pop("length", actions)
    return {"index": index, "seed": seed, "returns": returns, "wins": winners(returns), "actions": actions,
            "length": length, "swapped": swapped, "metrics": metrics}


_GAMES: dict[str, Any] = {}


def _game(name: str, ruleset: str | None, options: dict[str, Any]) -> Any:
    """One Game object per configuration and process (building one may load data files)."""
    import json

    key = json.dumps([name, ruleset, options], sort_keys=True, default=str)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load_game(name, ruleset=ruleset, options=options)
    return game


def ruleset_name(batch: Batch) -> str | None:
    """The ruleset a batch plays under, by name (the game's default when none was asked for)."""
    rules = getattr(_game(batch.game, batch.ruleset, dict(batch.options)), "rules", None)
    return getattr(rules, "ruleset", None) or batch.ruleset


@dataclass(frozen=True)
class Chunk:
    """Games ``start``..``stop - 1`` of the ``batch``-th batch of a run."""

    batch: int
    spec: Batch
    start: int
    stop: int


@contextmanager
def few_collections() -> Iterator[None]:
    """The cyclic garbage collector's young generation checked every 50,000 allocations instead of 700, and
    the objects alive before the games (modules, tables) left out of its full passes: a game allocates many
    short-lived objects, and scanning them all the time cost Space Prince's lab ~15% of its CPU (issue 25).
    Nothing is left uncollected — cycles still go at the next pass — and the old settings come back after (a
    process that froze objects itself keeps them frozen: only what this froze is unfrozen)."""
    thresholds = gc.get_threshold()
    freezing = gc.get_freeze_count() == 0
    if freezing:
        gc.freeze()
    gc.set_threshold(50_000, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if freezing:
            gc.unfreeze()


def run_chunk(chunk: Chunk) -> tuple[int, int, list[Record]]:
    """Play one chunk (a module-level function, so pool processes and Ray workers can import it)."""
    with few_collections():
        return _run_chunk(chunk)


def _run_chunk(chunk: Chunk) -> tuple[int, int, list[Record]]:
    spec = chunk.spec
    if spec.engine == "batch":
        play = metrics_hook(spec.game).batch
        assert play is not None  # ``validate`` refuses a batch engine the game does not have
        return chunk.batch, chunk.start, play(spec.ruleset, dict(spec.options), spec.agents, spec.seed, chunk.start,
                                              chunk.stop)
    factories, hook = agent_factories(spec.game, spec.agents), metrics_hook(spec.game)
    return chunk.batch, chunk.start, [play_game(spec, i, factories, hook) for i in range(chunk.start, chunk.stop)]


def default_workers() -> int:
    """The cores this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def chunks_for(batches: Sequence[Batch], workers: int) -> list[Chunk]:
    """Seeds cut into chunks: a few per worker, so that the pool stays busy to the end."""
    total = sum(b.games for b in batches)
    size = max(MIN_CHUNK, math.ceil(total / (max(1, workers) * 8)))
    # a batch engine plays a chunk's games together: one chunk per worker, at least BATCH_CHUNK games each
    batch_size = max(BATCH_CHUNK, math.ceil(total / max(1, workers)))
    return [Chunk(i, b, start, min(start + step, b.games)) for i, b in enumerate(batches)
            for step in [batch_size if b.engine == "batch" else size] for start in range(0, b.games, step)]


def validate(batch: Batch) -> Batch:
    """Check the configuration and the agents before anything runs; fill in one random agent per seat."""
    from gamewright.agents.registry import make_agent

    game = load_game(batch.game, ruleset=batch.ruleset, options=batch.options)
    seats = game.num_players
    agents = batch.agents or ("random",) * seats
    for name in agents:
        make_agent(batch.game, name, 0)  # an unknown name is named first, with the game's agents
    if len(agents) != seats:
        raise ConfigError(f"--agents needs {seats} comma-separated names for {batch.game} (one per seat), "
                          f"got {len(agents)}")
    if batch.games < 1:
        raise ConfigError("the number of games must be at least 1")
    if batch.engine not in ENGINES:
        raise ConfigError(f"--engine must be one of: {', '.join(ENGINES)} (got {batch.engine!r})")
    if batch.engine == "batch":
        hook = metrics_hook(batch.game)
        if hook.batch is None:
            raise ConfigError(f"{batch.game} has no batch engine (only prince has); use --engine scalar")
        if hook.batch_agents is not None:
            hook.batch_agents(tuple(agents))
    return Batch(batch.game, batch.ruleset, dict(batch.options), tuple(agents), batch.seed, batch.games,
                 batch.alternate, batch.swap_agents, batch.engine, batch.cross_alternation)


def run_batches(
    batches: Sequence[Batch],
    workers: int | None = None,
    ray_address: str | None = None,
    on_games: Callable[[int], None] | None = None,
) -> list[list[Record]]:
    """Every batch's records in seed order; ``on_games(n)`` is told as each chunk of ``n`` games finishes."""
    workers = workers or default_workers()
    if workers < 1:
        raise ConfigError("--workers must be at least 1")
    chunks = chunks_for(batches, workers)
    if ray_address:
        done = _on_ray(chunks, ray_address)
    elif workers == 1 or len(chunks) == 1:
        done = map(run_chunk, chunks)
    else:
        done = _on_pool(chunks, workers)
    found: list[dict[int, list[Record]]] = [{} for _ in batches]
    for batch, start, records in done:
        found[batch][start] = records
        if on_games:
            on_games(len(records))
    return [[r for start in sorted(parts) for r in parts[start]] for parts in found]


def _on_pool(chunks: Sequence[Chunk], workers: int) -> Iterator[tuple[int, int, list[Record]]]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    context = multiprocessing.get_context("spawn")  # the same in every OS, and safe with threads
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=context) as pool:
        futures = [pool.submit(run_chunk, chunk) for chunk in chunks]
        for future in as_completed(futures):
            yield future.result()


def _on_ray(chunks: Sequence[Chunk], address: str) -> Iterator[tuple[int, int, list[Record]]]:
    try:
        import ray
    except ImportError as exc:
        raise ConfigError("--ray needs Ray: pip install 'gamewright[ray]'") from exc
    if not ray.is_initialized():
        try:
            ray.init(address=None if address == "local" else address, log_to_driver=False,
                     include_dashboard=False)
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise ConfigError(f"cannot reach the Ray cluster at {address!r}: {exc}") from exc
    task = ray.remote(run_chunk)
    pending = [task.remote(chunk) for chunk in chunks]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        yield ray.get(ready[0])
