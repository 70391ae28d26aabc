"""Conformance fights: a level-1 party against every creature of the table and a level-5 party against the
Advanced creatures (ref §1 "Conformance party"), with checks on every step and a statistical summary: the lab's
batch over Affinity's combat rules (``affinity conformance`` runs it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from gamewright.games.affinity import resolve as rs
from gamewright.games.affinity.character import conformance_party
from gamewright.games.affinity.combat import CombatState, budget_count, build_fight
from gamewright.games.affinity.data_files import creature_data
from gamewright.games.affinity.policies import GreedyPolicy, make_policy
from gamewright.lab.stats import mean_interval, wilson_interval


def matchups() -> list[tuple[int, str]]:
    data = creature_data().creatures
    out = [(1, key) for key in data]
    out += [(5, key) for key, c in data.items() if c.tier == "advanced"]
    return out


@dataclass
class FightRecord:
    level: int
    creature: str
    count: int
    seed: int
    winner: int
    rounds: int
    actions: int
    hd_lost: dict[str, int]
    problems: list[str] = field(default_factory=list)


def checked_fight(level: int, key: str, seed: int, party_policy: Any = None, creature_policy: Any = None,
                  options: dict[str, Any] | None = None) -> FightRecord:
    """One fight with per-step checks: invariants hold, nobody acts while unconscious, the dead stay dead,
    dice counts never go negative."""
    party = conformance_party(level)
    cdef = creature_data().creatures[key]
    count = budget_count(cdef, party, creature_data().budgets["medium"])
    state, _ = build_fight(party, key, count, seed, options)
    start_hd = {f.name: f.hd for f in state.fighters if f.side == 0}
    party_policy = party_policy or GreedyPolicy()
    creature_policy = creature_policy or party_policy
    problems: list[str] = []
    dead: set[int] = set()
    steps = 0
    while not state.is_terminal():
        steps += 1
        if steps > 20_000:
            problems.append("the fight did not end within 20,000 actions")
            break
        actor = state.fighters[state.active]
        if actor.status != rs.OK:
            problems.append(f"{actor.name} acts while {actor.status}")
        policy = party_policy if state.current_player == 0 else creature_policy
        state.apply(policy.choose(state))
        problems += state.invariant_violations()
        for f in state.fighters:
            if f.status == rs.DEAD:
                dead.add(f.idx)
            elif f.idx in dead:
                problems.append(f"{f.name} came back from the dead")
    hd_lost = {f.key: start_hd[f.name] - f.hd for f in state.fighters if f.side == 0}
    return FightRecord(level, key, count, seed, state.winner if state.winner is not None else -1, state.round,
                       state.log_actions, hd_lost, problems[:5])


def iter_fights(fights: int, seed: int = 0, policy: str = "greedy") -> Iterator[FightRecord]:
    pairs = matchups()
    party_policy = make_policy(policy, seed)
    creature_policy = GreedyPolicy()
    for i in range(fights):
        level, key = pairs[i % len(pairs)]
        yield checked_fight(level, key, seed + i, party_policy, creature_policy)


def mean_ci(values: list[float]) -> dict[str, float]:
    mean, low, high = mean_interval(values)
    return {"mean": mean, "low": low, "high": high}


def summarise(records: list[FightRecord]) -> dict[str, Any]:
    groups: dict[tuple[int, str], list[FightRecord]] = {}
    for r in records:
        groups.setdefault((r.level, r.creature), []).append(r)
    rows = []
    for (level, key), rs_ in groups.items():
        wins = sum(1 for r in rs_ if r.winner == 0)
        lo, hi = wilson_interval(wins, len(rs_))
        classes = sorted({c for r in rs_ for c in r.hd_lost})
        rows.append({
            "level": level, "creature": key, "count": rs_[0].count, "fights": len(rs_),
            "win_rate": wins / len(rs_), "win_low": lo, "win_high": hi,
            "rounds": mean_ci([float(r.rounds) for r in rs_]),
            "hd_lost": {c: mean_ci([float(r.hd_lost.get(c, 0)) for r in rs_]) for c in classes},
        })
    wins = sum(1 for r in records if r.winner == 0)
    lo, hi = wilson_interval(wins, len(records))
    problems = [p for r in records for p in r.problems]
    return {"fights": len(records), "win_rate": wins / len(records) if records else 0.0, "win_low": lo,
            "win_high": hi, "rounds": mean_ci([float(r.rounds) for r in records]),
            "exceptions": 0, "violations": len(problems), "problems": problems[:10], "matchups": rows}


def run_conformance(fights: int = 1000, seed: int = 0, policy: str = "greedy",
                    wrap: Callable[[Iterator[FightRecord]], Iterator[FightRecord]] | None = None) -> dict[str, Any]:
    it = iter_fights(fights, seed, policy)
    if wrap is not None:
        it = wrap(it)
    return summarise(list(it))


def fight_summary_state(state: CombatState) -> dict[str, Any]:
    return {"winner": state.winner, "round": state.round,
            "fighters": [{"name": f.name, "status": f.status, "hd": f.hd, "resolve": f.resolve}
                         for f in state.fighters]}
