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
from gamewright.games.prince.batch.turn import Rules, Side, flat, resolve_sparse
from gamewright.games.prince.encounter import SEQUENCE_LENGTH
from gamewright.games.prince.options import Config

PASS_ROWS = 32 * 1024  # runs played together (memory and cache size; results do not depend on it)

# the prebuilt sequence's entry numbers, and the first entry left of each pattern of entries left (bit i: entry i)
SEQUENCE_AT = np.arange(SEQUENCE_LENGTH)
FIRST = np.array([(bits & -bits).bit_length() - 1 if bits else 0 for bits in range(128)], np.int64)

Policy = Callable[[Rules, Side, Side, np.ndarray, np.ndarray], np.ndarray]


# the combust planets of a side as the bits of one number (planet i: bit i), for the tables below
BITS = (1 << np.arange(7)).astype(np.uint8)


def combust_bits(combust: np.ndarray) -> np.ndarray:
    """(m,) uint8: each row's combust planets as bits (a product with ``BITS``: no row loop)."""
    return combust.view(np.uint8) @ BITS


def _random_tables() -> tuple[np.ndarray, np.ndarray]:
    """Per combust pattern: the planets not combust (int32, as the running total it stands for), and the k-th of
    them for k = 0…7, as ``running_total`` and a count read it (none left: 6, never used)."""
    free = np.zeros(128, np.int32)
    nth = np.zeros((128, 8), np.int64)
    for bits in range(128):
        running = np.cumsum([not bits >> j & 1 for j in range(7)])
        free[bits] = running[-1]
        nth[bits] = [min(int(np.sum(running <= k)), 6) for k in range(8)]
    return free, nth.reshape(-1)


FREE, NTH = _random_tables()


def random_choice(rules: Rules, player: Side, opponent: Side, oi: np.ndarray, u: np.ndarray) -> np.ndarray:
    """A uniformly random planet among those not combust (000 §11; the random agent over ``legal_actions``): the
    k-th, k = ⌊u × their count⌋ (float64, as u × an int32 count), read from tables by the combust pattern."""
    del rules, opponent, oi
    return random_pick(combust_bits(player.combust), u)


def random_pick(bits: np.ndarray, u: np.ndarray) -> np.ndarray:
    """``random_choice`` given the combust planets as bits (``combust_bits``)."""
    k = (u * FREE.take(bits)).astype(np.int64)
    return NTH.take(bits.astype(np.int64) * 8 + k)


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
    limit = u * running[..., -1]
    # repeated to the totals' shape: a broadcast against a short last axis loops per row, several times slower
    return row_sum(running <= np.repeat(limit, running.shape[-1]).reshape(running.shape))


def weighted_picks(weights: np.ndarray, u: np.ndarray) -> np.ndarray:
    """(m, d): ``weighted_pick`` of each row's weights (m, k) for each of its d uniforms (m, d), with replacement.
    Planet-major: the counts are summed over the k planets as (d, m) arrays, one contiguous step per planet."""
    running = running_total(weights)
    limits = (u * running[:, -1:]).T.copy()  # (d, m)
    count = np.zeros(limits.shape, np.int64)
    for total in running.T.copy():  # each planet's running totals (m,)
        count += total <= limits
    return count.T


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
        self.weights = np.zeros((m, 7), np.int32)
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
            self.sequence[rows] = weighted_picks(np.maximum(1, n),
                                                 u[:, slot.ENC_SEQUENCE:slot.ENC_SEQUENCE + SEQUENCE_LENGTH])
            self.current[rows] = self.sequence[rows, 0]
            self.position[rows] = 1
        else:  # ref §2: weight-0 planets never appear; all-zero weights draw uniformly
            w = n.copy()
            w[np.flatnonzero(row_sum(n) == 0)] = 1
            self.current[rows] = weighted_pick(w, u[:, slot.ENC_FIRST])

    def next_opponent_planet(self, rows: np.ndarray | None, u: np.ndarray) -> np.ndarray:
        """The next opponent planet of ``rows`` (None: every row); False where the encounter is over instead."""
        whole = rows is None
        combust = self.opponent.combust if whole else self.opponent.combust[rows]
        current = self.current if whole else self.current[rows]
        if self.rules.cfg.prebuilt:  # ref §3: entries whose planet is already combust are skipped
            m = len(combust)
            position = self.position if whole else self.position[rows]
            sequence = self.sequence if whole else self.sequence[rows]
            left = flat(combust).take(np.arange(0, 7 * m, 7)[:, None] + sequence)  # the entry's planet is combust
            np.logical_not(left, out=left)
            left &= position[:, None] <= SEQUENCE_AT  # and entries read already are skipped
            bits = combust_bits(left)  # bit i: entry i is left
            found = bits != 0
            first = FIRST.take(bits)  # the first entry left (0 if none, as argmax)
            np.copyto(current, flat(sequence).take(np.arange(0, SEQUENCE_LENGTH * m, SEQUENCE_LENGTH) + first),
                      where=found)
            np.add(first, 1, out=position)
        else:
            # 000 §13: an encounter is as long as the unlocked planets (seven); ref §2: none left ends it early
            candidates = ~combust
            w = (self.weights if whole else self.weights[rows]) * candidates
            found = (self.turn if whole else self.turn[rows]) < 7
            none = np.flatnonzero(row_sum(w) == 0)  # all-zero weights (rare): the candidates alike, if any
            w[none] = candidates[none]
            found[none] &= candidates[none].any(axis=1)
            np.copyto(current, weighted_pick(w, u), where=found)
        if not whole:
            self.current[rows] = current
            if self.rules.cfg.prebuilt:
                self.position[rows] = position
        return found


def _play_pass(rules: Rules, policy: Policy, out: BatchResult) -> None:
    """Play the runs of ``out.seeds`` into ``out``. Rows of ended runs play on, unread, until a quarter of the
    rows have ended: dropping rows copies every array, so it is done only now and then. A run's figures are
    written out when it ends: every run of a pass plays from the first turn, so its turns are the pass's; its
    combustions are its Prince's combust planets (a planet combusts once and stays so, 000 §11)."""
    streams = Streams(out.seeds)
    n = len(out.seeds)
    runs = Runs(rules, streams, np.arange(n), (streams.prince() * rules.pool.size).astype(np.int64))
    runs.start_encounter(np.arange(n))
    encounters = rules.cfg.encounters_per_run
    alive = np.ones(n, bool)
    distance = np.zeros(n, np.int64)  # the acting planets' changes (001 §13) …
    spread = np.zeros((n, 7), np.int32)  # … and the propagated ones, per planet
    sent = np.zeros((n, 7), np.int32)
    turns = 0
    # the Prince's combust planets as bits: only a turn changes them, so the defeat test's serve the next choice
    bits = np.zeros(n, np.uint8)
    while len(runs.ids):
        draws = streams.turn(runs.ids)  # ended runs' blocks may draw on: nobody reads those lanes again
        if policy is random_choice:
            pi = random_pick(bits, draws[:, slot.CHOICE])
        else:
            pi = policy(rules, runs.player, runs.opponent, runs.current, draws[:, slot.CHOICE])
        score, _, _ = resolve_sparse(rules, runs.player, runs.opponent, pi, runs.current, draws, spread)
        distance += score
        flat(sent)[np.arange(0, 7 * len(pi), 7) + pi] += 1
        turns += 1
        runs.turn += 1
        # ref §2 defeat_when: every (unlocked) planet combust — for a veteran, all seven either way
        bits = combust_bits(runs.player.combust)
        lost = bits == 127
        ended = ~runs.next_opponent_planet(None, draws[:, slot.OPPONENT_DRAW])
        ended |= lost
        ended &= alive
        runs.encounter += ended
        won = ended & ~lost & (runs.encounter >= encounters)
        over = np.flatnonzero(ended & (lost | won))
        if len(over):
            at = runs.ids[over]
            out.won[at] = won[over]
            out.distance[at] = distance[over] + row_sum(spread[over])
            out.turns[at] = turns
            out.encounter[at] = runs.encounter[over]
            out.sent[at] = sent[over]
            out.combusted[at] = runs.player.combust[over]
            alive[over] = False
        fresh = np.flatnonzero(ended & alive)
        if len(fresh):
            runs.start_encounter(fresh)
            streams.forget_before(int(runs.encounter[alive].min()))
        if np.count_nonzero(alive) < 0.75 * len(alive):
            runs.keep(alive)
            distance, spread, sent, bits = distance[alive], spread[alive], sent[alive], bits[alive]
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
