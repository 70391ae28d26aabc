"""Every agent by name, per game: the generic ones and each game's own bots.

One table serves the lab (``--agents inclinations.hard-bot``), the web API (``"bot:hard-bot"``) and the CLI.
A game's bot is named here by its CLI name; ``<game>.<name>`` and the bare name both resolve for that game.
Every agent has ``choose(state) -> action`` for ``state.current_player``.

Search agents take parameters: ``ismcts:iterations=400:rollout=penance.heuristic`` (``:`` separates them, so a
spec survives the lab's comma-separated ``--agents``; a ``,`` works too where the spec stands alone).

A trained policy is ``policy:DIR`` (the checkpoint ``gamewright lab train --out DIR`` wrote). Only the lab and the
CLI take it: the web seats a trained policy by the name its operator registered at start (``serve --policy``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamewright.core.errors import ConfigError

AgentFactory = Callable[[int], Any]


def _generic() -> dict[str, AgentFactory]:
    from gamewright.agents.base import AGENTS

    return {name: cls for name, cls in AGENTS.items()}


def _game_bots(game: str) -> dict[str, AgentFactory]:
    """The game's own bots by their CLI names (its manifest's ``bots``; none for a game not registered)."""
    from gamewright.core.errors import NotFound
    from gamewright.core.manifest import manifest_for

    try:
        manifest = manifest_for(game)
    except NotFound:
        return {}
    return manifest.bot_factories()


def __getattr__(name: str) -> Any:
    if name == "TurnPlanAgent":  # moved to the game it plays: games.inclinations.turn_agent
        from gamewright.games.inclinations.turn_agent import TurnPlanAgent

        return TurnPlanAgent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def game_bot_names(game: str) -> list[str]:
    """The game's own bots by their CLI names (what the web API takes after ``bot:``)."""
    return list(_game_bots(game))


def agent_names(game: str) -> list[str]:
    """Every agent name the lab accepts for ``game``: generic ones, then ``<game>.<bot>``."""
    return [*_generic(), *(f"{game}.{name}" for name in _game_bots(game))]


def make_agent(game: str, name: str, seed: int) -> Any:
    """An agent for ``game`` by name: ``random``, ``montecarlo``, ``inclinations.hard-bot`` or ``hard-bot``;
    search agents with parameters, ``ismcts:iterations=400:rollout=penance.heuristic`` (see ``PARAMETERS``)."""
    return agent_factory(game, name)(seed)


def agent_factory(game: str, name: str) -> AgentFactory:
    """What makes the agent ``name`` of ``game`` from a seed: the name resolved once (the lab seats the same
    names for thousands of games). An unknown name or a bad parameter is refused here, before any seed."""
    base, _, rest = name.partition(":")
    if base == POLICY:
        from gamewright.core.manifest import load_hook

        # the environments' layer plays a trained policy (its encoder); named by path, as a manifest names its hooks
        return lambda seed: load_hook(POLICY_AGENT)(game, rest, seed)
    base = base.removeprefix(f"{game}.") if base.removeprefix(f"{game}.") in PARAMETERS else base
    if base in PARAMETERS:
        parse_spec(base, rest)
        return lambda seed: _search_agent(game, base, rest, seed)
    if rest:
        raise ConfigError(f"agent {base!r} takes no parameters (only {', '.join(PARAMETERS)} do)")
    bots = _game_bots(game)
    bare = name.removeprefix(f"{game}.")
    if name.startswith(f"{game}.") and bare in bots:
        return bots[bare]
    generic = _generic()
    if name in generic:
        return generic[name]
    if bare in bots:
        return bots[bare]
    raise ConfigError(f"unknown agent {name!r} for {game}; choose one of: {', '.join(agent_names(game))} "
                      "(or policy:DIR, a trained policy)")


POLICY = "policy"  # ``policy:DIR``: a trained policy
POLICY_AGENT = "gamewright.envs.policy:policy_agent"

# Parameters of the search agents and their types; ``rollout`` names another agent of the same game.
PARAMETERS: dict[str, dict[str, type]] = {
    "ismcts": {"iterations": int, "ms": int, "c": float, "widen": float, "depth": int, "rollout": str,
               "margin": float, "z": float, "macro": int},
    "montecarlo": {"rollouts": int, "depth": int, "max_actions": int, "rollout": str},
}
_LIMITS = {"iterations": (1, 1_000_000), "macro": (0, 1), "ms": (0, 3_600_000), "depth": (1, 1_000_000),
           "rollouts": (1, 100_000),
           "max_actions": (1, 100_000)}


def parse_spec(base: str, text: str) -> dict[str, Any]:
    """``iterations=400:c=0.5`` → ``{"iterations": 400, "c": 0.5}``, checked against ``PARAMETERS[base]``."""
    from gamewright.core.limits import ascii_int, bounded

    known = PARAMETERS[base]
    out: dict[str, Any] = {}
    for part in (p.strip() for p in text.replace(",", ":").split(":")):
        if not part:
            continue
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or key not in known:
            raise ConfigError(f"{base} parameter {part!r}: use key=value with key one of {', '.join(known)}")
        kind = known[key]
        if kind is int:
            lo, hi = _LIMITS[key]
            out[key] = bounded(ascii_int(value, f"{base} {key}"), lo, hi, f"{base} {key}")
        elif kind is float:
            try:
                number = float(value)
            except ValueError:
                raise ConfigError(f"{base} {key} must be a number (got {value!r})") from None
            if not 0 <= number <= 100:
                raise ConfigError(f"{base} {key} must be within 0..100 (got {value!r})")
            out[key] = number
        else:
            out[key] = value
    return out


def _search_agent(game: str, base: str, text: str, seed: int) -> Any:
    from gamewright.agents.evaluate import value_for
    from gamewright.agents.search import ISMCTSAgent, MonteCarloAgent
    from gamewright.core.rng import derive_seed

    params: dict[str, Any] = {**parse_spec(base, text), "value": value_for(game)}
    if base == "ismcts" and params.pop("macro", 1):
        from gamewright.agents.macro import load_hooks

        hooks = load_hooks(game)  # a game's macro-actions at the root, with its tuned defaults
        if hooks is not None:
            params = {**hooks.DEFAULTS, **params, "hooks": hooks}
    rollout = params.pop("rollout", None)
    if rollout is not None:
        if rollout.partition(":")[0] in PARAMETERS:
            raise ConfigError(f"a rollout policy must be a plain agent, not {rollout!r}")
        make_agent(game, rollout, 0)  # an unknown name is refused now, with the game's agents
        params["rollout"] = lambda s: make_agent(game, rollout, derive_seed(s, "rollout"))
    if base == "montecarlo":
        return MonteCarloAgent(seed, **params)
    return ISMCTSAgent(seed, **params)
