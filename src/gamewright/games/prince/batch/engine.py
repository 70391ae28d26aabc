"""Whole runs for many seeds at once: the flow of ``state.PrinceState`` (encounters, opponent planets, defeat,
victory) on arrays, one row per run; the rows of ended runs are dropped now and then.

Runs are those of the lab's ``PrinceGame`` without a minted Prince: a seeded Prince who is a veteran (every
planet unlocked, every aspect active), so ``unlocks``, ``defeat_when`` and ``metaprogression`` change nothing
within a run (ref §2: a veteran's unlock mask is all seven; defeat is then every planet combust either way).
Every other option changes play exactly as in the scalar engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gamewright.core.errors import ConfigError
from gamewright.games.prince.batch import streams as slot
from gamewright.games.prince.batch.arith import row_sum, running_total
from gamewright.games.prince.batch.greedy import greedy_choice
from gamewright.games.prince.batch.pool import ChartPool, chart_pool
from gamewright.games.prince.batch.streams import Streams
from gamewright.games.prince.batch.turn import Rules, Side, resolve
from gamewright.games.prince.encounter import SEQUENCE_LENGTH
from gamewright.games.prince.options import Config

PASS_ROWS = 32 * 1024  # runs played together (memory and cache size; results do not depend on it)

Policy = Callable[[Rules, Side, Side, np.ndarray, np.ndarray], np.ndarray]


def random_choice(rules: Rules, player: Side, opponent: Side, oi: np.ndarray, u: np.ndarray) -> np.ndarray:
    """A uniformly random planet among those not combust (000 §11; the random agent over ``legal_actions``)."""
    del rules, opponent, oi
    running = running_total(~player.combust)
    k = (u * running[:, -1]).astype(np.int64)
    # the first planet whose running count exceeds k (a run that has ended with nothing left reads 6, unused)
    return np.minimum(row_sum(running <= k[:, None]), 6)


def _greedy(rules: Rules, player: Side, opponent: Side, oi: np.ndarray, u: np.ndarray) -> np.ndarray:
    del u
    return greedy_choice(rules, player, opponent, oi)


# the lab's agent names the batch engine can play, by the policy it plays
BATCH_POLICIES: dict[str, Policy] = {"random": random_choice, "greedy": _greedy}
_ALIASES = {"random": "random", "prince.random": "random", "greedy": "greedy", "prince.greedy": "greedy"}


def policy_for(agent: str) -> str:
    """The batch policy playing lab agent ``agent``; a ``ConfigError`` for agents it cannot play."""
    if agent not in _ALIASES:
        raise ConfigError(f"the batch engine plays Space Prince with the random or greedy agent only, not "
                          f"{agent!r}; use --engine scalar")
    return _ALIASES[agent]


def weighted_pick(weights: np.ndarray, u: np.ndarray) -> np.ndarray:
    """``Rng.weighted_choice`` on rows: the first index whose running total exceeds u × total (running totals
    never fall, so it is the number of totals that do not)."""
    running = running_total(weights)
    return row_sum(running <= (u * running[..., -1])[..., None])


@dataclass
class BatchResult:
    """Per run (in the order of ``seeds``): the figures the lab's Space Prince metrics read."""

    seeds: np.ndarray
    won: np.ndarray  # bool
    distance: np.ndarray  # 001 §13
    turns: np.ndarray
    encounter: np.ndarray  # encounters played (the scalar state's ``encounter`` at the end)
    sent: np.ndarray  # (n, 7) planets the Prince sent
    combusted: np.ndarray  # (n, 7) the Prince's combustions

    FIELDS = ("won", "distance", "turns", "encounter", "sent", "combusted")

    @classmethod
    def empty(cls, seeds: np.ndarray) -> BatchResult:
        n = len(seeds)
        counts = [np.zeros(n, np.int64) for _ in range(3)]
        return cls(seeds, np.zeros(n, bool), counts[0], counts[1], counts[2], np.zeros((n, 7), np.int64),
                   np.zeros((n, 7), np.int64))

    def put(self, rows: np.ndarray, part: BatchResult) -> None:
        """Copy ``part``'s runs into rows ``rows``."""
        for name in self.FIELDS:
            getattr(self, name)[rows] = getattr(part, name)


class Runs:
    """The playing runs of one pass: row i is run ``ids[i]``; every array keeps the same rows."""

    def __init__(self, rules: Rules, streams: Streams, ids: np.ndarray, prince: np.ndarray) -> None:
        m = len(ids)
        self.rules, self.streams = rules, streams
        self.ids = ids
        self.player = Side.fresh(prince)
        self.opponent = Side.fresh(np.zeros(m, np.int64))
        self.encounter = np.zeros(m, np.int64)
        self.turn = np.zeros(m, np.int64)
        self.current = np.zeros(m, np.int64)
        self.weights = np.zeros((m, 7), np.int64)
        self.sequence = np.zeros((m, SEQUENCE_LENGTH), np.int64)
        self.position = np.zeros(m, np.int64)

    def keep(self, keep: np.ndarray) -> None:
        self.ids = self.ids[keep]
        self.player, self.opponent = self.player.take(keep), self.opponent.take(keep)
        for name in ("encounter", "turn", "current", "weights", "sequence", "position"):
            setattr(self, name, getattr(self, name)[keep])

    def start_encounter(self, rows: np.ndarray) -> None:
        """A new opponent (000 §13): its chart, the weights N of its planets, the first opponent planet."""
        cfg, pool = self.rules.cfg, self.rules.pool
        u = self.streams.encounter(self.ids[rows], self.encounter[rows])
        chart = (u[:, slot.ENC_CHART] * pool.size).astype(np.int64)
        self.opponent.reset(rows, chart)
        # 000 §13: N = major sign relationships with the player's planets (a veteran: all seven unlocked)
        n = pool.cross_weights(self.player.chart[rows], chart)
        self.weights[rows] = n
        self.turn[rows] = 0
        if cfg.prebuilt:  # ref §3: seven draws with replacement, weight max(1, N)
            w = np.broadcast_to(np.maximum(1, n)[:, None, :], (len(rows), SEQUENCE_LENGTH, 7))
            self.sequence[rows] = weighted_pick(w, u[:, slot.ENC_SEQUENCE:slot.ENC_SEQUENCE + SEQUENCE_LENGTH])
            self.current[rows] = self.sequence[rows, 0]
            self.position[rows] = 1
        else:  # ref §2: weight-0 planets never appear; all-zero weights draw uniformly
            w = np.where(row_sum(n)[:, None] == 0, 1, n)
            self.current[rows] = weighted_pick(w, u[:, slot.ENC_FIRST])

    def next_opponent_planet(self, rows: np.ndarray, u: np.ndarray) -> np.ndarray:
        """The next opponent planet of ``rows``; False where the encounter is over instead."""
        combust = self.opponent.combust[rows]
        if self.rules.cfg.prebuilt:  # ref §3: entries whose planet is already combust are skipped
            seq = self.sequence[rows]
            unread = np.arange(SEQUENCE_LENGTH) >= self.position[rows, None]
            left = ~np.take_along_axis(combust, seq, axis=1) & unread
            found = np.asarray(row_sum(left) > 0)
            at = np.argmax(left, axis=1)
            self.current[rows] = np.where(found, seq[np.arange(len(rows)), at], self.current[rows])
            self.position[rows] = at + 1
            return found
        # 000 §13: an encounter is as long as the unlocked planets (seven); ref §2: none left ends it early
        candidates = ~combust
        w = self.weights[rows] * candidates
        w = np.where(row_sum(w)[:, None] == 0, candidates, w)
        found = (self.turn[rows] < 7) & (row_sum(candidates) > 0)
        self.current[rows] = np.where(found, weighted_pick(w, u), self.current[rows])
        return np.asarray(found)


def _play_pass(rules: Rules, policy: Policy, out: BatchResult) -> None:
    """Play the runs of ``out.seeds`` into ``out``. Rows of ended runs stay (unrecorded) until a quarter of the
    rows have ended: dropping rows copies every array, so it is done only now and then."""
    streams = Streams(out.seeds)
    n = len(out.seeds)
    runs = Runs(rules, streams, np.arange(n), (streams.prince() * rules.pool.size).astype(np.int64))
    runs.start_encounter(np.arange(n))
    encounters = rules.cfg.encounters_per_run
    alive = np.ones(n, bool)
    while len(runs.ids):
        draws = streams.turn(runs.ids)  # ended runs' blocks may draw on: nobody reads those lanes again
        pi = policy(rules, runs.player, runs.opponent, runs.current, draws[:, slot.CHOICE])
        score, burned = resolve(rules, runs.player, runs.opponent, pi, runs.current, draws)
        live = np.flatnonzero(alive)
        at = runs.ids[live]
        out.distance[at] += score[live]
        out.turns[at] += 1
        out.sent[at, pi[live]] += 1
        out.combusted[at] += burned[live]
        runs.turn += 1
        # ref §2 defeat_when: every (unlocked) planet combust — for a veteran, all seven either way
        lost = alive & (row_sum(runs.player.combust) == 7)
        going = np.flatnonzero(alive & ~lost)
        ended = alive.copy()
        ended[going] = ~runs.next_opponent_planet(going, draws[going, slot.OPPONENT_DRAW])
        runs.encounter += ended
        out.encounter[at] = runs.encounter[live]
        won = ended & ~lost & (runs.encounter >= encounters)
        out.won[runs.ids[won]] = True
        alive &= ~(lost | won)
        fresh = np.flatnonzero(ended & alive)
        if len(fresh):
            runs.start_encounter(fresh)
            streams.forget_before(int(runs.encounter[alive].min()))
        if np.count_nonzero(alive) < 0.75 * len(alive):
            runs.keep(alive)
            alive = np.ones(len(runs.ids), bool)


def play_runs(cfg: Config, seeds: np.ndarray | list[int], policy: str = "random",
              pool: ChartPool | None = None) -> BatchResult:
    """Play one run per seed to the end under ``cfg`` with ``policy`` (``BATCH_POLICIES``)."""
    seeds = np.asarray(seeds, dtype=np.int64)
    out = BatchResult.empty(seeds)
    rules = Rules.of(cfg, pool or chart_pool())
    order = np.argsort(seeds, kind="stable")  # a pass holds whole blocks of neighbouring seeds
    start = 0
    while start < len(seeds):
        stop = min(len(seeds), start + PASS_ROWS)
        while stop < len(seeds) and seeds[order[stop]] // slot.BLOCK == seeds[order[stop - 1]] // slot.BLOCK:
            stop += 1
        picked = order[start:stop]
        part = BatchResult.empty(seeds[picked])
        _play_pass(rules, BATCH_POLICIES[policy], part)
        out.put(picked, part)
        start = stop
    return out
