"""How a trained policy plays against named agents, with the lab's paired statistics.

- A one-seat game (Space Prince): the policy and each agent play the same seeds (common random numbers); per
  paired metric (Distance) the mean of the per-seed differences, policy − agent, with its Student-t 95% interval
  (``lab.analysis.paired_mean``), and each side's mean and win rate (Wilson interval).
- A two-seat game (Penance): the policy against each agent, seats alternated (``swap_agents``; the game's own
  alternation, its decks, too). The policy's win rate with its Wilson 95% interval (draws count as not won), by
  seat; and, paired on the same seeds and seats, the policy against the agent in its place (agent v agent):
  the difference in wins with the exact conditional interval and McNemar's p (``lab.analysis.exact_paired_interval``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.lab.analysis import exact_paired_interval, mcnemar_exact, paired_mean
from gamewright.lab.hooks import Record, metrics_hook
from gamewright.lab.runner import Batch, run_batches, validate
from gamewright.lab.stats import wilson_interval


def default_opponents(game: str) -> list[str]:
    """The game's random agent (``prince.random``, ``penance.random``), else the generic one."""
    from gamewright.agents.registry import agent_names

    own = f"{game}.random"
    return [own if own in agent_names(game) else "random"]


def _rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "low95": low, "high95": high}


def _one_seat(game: str, policy: str, opponent: str, records: Sequence[Sequence[Record]]) -> dict[str, Any]:
    mine, theirs = records
    hook = metrics_hook(game)
    paired = {name: paired_mean([float(a["metrics"][name]) - float(b["metrics"][name])
                                 for a, b in zip(mine, theirs, strict=True)]) for name in hook.paired}
    means = {name: {"policy": sum(float(r["metrics"][name]) for r in mine) / len(mine),
                    "against": sum(float(r["metrics"][name]) for r in theirs) / len(theirs)} for name in hook.paired}
    return {"against": opponent, "games": len(mine), "seats_alternated": False, "paired": paired, "means": means,
            "policy_wins": _rate(sum(1 for r in mine if 0 in r["wins"]), len(mine)),
            "against_wins": _rate(sum(1 for r in theirs if 0 in r["wins"]), len(theirs))}


def _learner_seat(record: Record) -> int:
    return 1 if record["swapped"] else 0


def _two_seat(policy: str, opponent: str, records: Sequence[Sequence[Record]]) -> dict[str, Any]:
    mine, baseline = records
    won = [_learner_seat(r) in r["wins"] and len(r["wins"]) == 1 for r in mine]
    # the same seeds and seats with the opponent's agent in the policy's place: did that seat win?
    base_won = [_learner_seat(r) in r["wins"] and len(r["wins"]) == 1 for r in baseline]
    policy_only = sum(1 for a, b in zip(won, base_won, strict=True) if a and not b)
    base_only = sum(1 for a, b in zip(won, base_won, strict=True) if b and not a)
    delta, low, high = exact_paired_interval(base_only, policy_only, len(mine))
    by_seat = {}
    for seat in (0, 1):
        rows = [w for w, r in zip(won, mine, strict=True) if _learner_seat(r) == seat]
        by_seat[str(seat)] = _rate(sum(rows), len(rows))
    return {"against": opponent, "games": len(mine), "seats_alternated": True, "win_rate": _rate(sum(won), len(won)),
            "by_seat": by_seat, "draws": sum(1 for r in mine if len(r["wins"]) != 1),
            "paired": {"wins": {"delta": delta, "low95": low, "high95": high,
                                "mcnemar_p": mcnemar_exact(base_only, policy_only), "policy_only": policy_only,
                                "against_only": base_only, "baseline": f"{opponent} in the policy's seat"}}}


def evaluate(game: str, directory: str, opponents: Sequence[str], games: int, seed: int,
             workers: int | None = None, ruleset: str | None = None, options: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    """Every opponent's row (see the module's docstring); ``games`` seeds from ``seed``."""
    if games < 1:
        raise ConfigError("--eval-games must be at least 1")
    policy = f"policy:{directory}"
    opts = dict(options or {})
    rows = []
    for opponent in opponents:
        probe = validate(Batch(game, ruleset, opts, (), seed, 1))
        seats = len(probe.agents)
        if seats == 1:
            batches = [validate(Batch(game, ruleset, opts, (policy,), seed, games)),
                       validate(Batch(game, ruleset, opts, (opponent,), seed, games))]
            rows.append(_one_seat(game, policy, opponent, run_batches(batches, workers)))
        elif seats == 2:
            batches = [validate(Batch(game, ruleset, opts, (policy, opponent), seed, games, alternate=True,
                                      swap_agents=True, cross_alternation=True)),
                       validate(Batch(game, ruleset, opts, (opponent, opponent), seed, games, alternate=True,
                                      swap_agents=True, cross_alternation=True))]
            rows.append(_two_seat(policy, opponent, run_batches(batches, workers)))
        else:
            raise ConfigError(f"evaluation plays one- or two-seat games; {game} has {seats} seats here")
    return {"game": game, "policy": directory, "seed": seed, "games": games, "rows": rows}
