"""Seeded random draws for batch runs that depend only on each run's seed, never on how runs are grouped.

Seeds are cut into blocks of ``BLOCK`` consecutive seeds; each block has NumPy Generators of its own (PCG64
from a SeedSequence of the block's number and the stream's name). Run ``s`` reads lane ``s % BLOCK`` of its
block's draws: at each of its turns one row of ``TURN_SLOTS`` uniforms, at the start of each encounter one row
of ``ENCOUNTER_SLOTS`` (its own Generator per encounter number), and one uniform for its Prince. A block's
Generator is drawn for every lane at once, so a run sees the same numbers whichever other runs of its block are
played, in one process or spread over many. Turn draws are single precision (24 random bits, ample for
chances; half the memory of doubles).
"""

from __future__ import annotations

import numpy as np

BLOCK = 1024
TURN, ENCOUNTER, PRINCE = 1, 2, 3  # stream names in the SeedSequence

# uniforms a turn may use: crits, the acting planets' checks, propagation targets' checks, the choice, a draw
CRIT_P, CRIT_O, CHECK_P, CHECK_O = 0, 1, 2, 3
PROPAGATION_P, PROPAGATION_O = 4, 11  # seven each, one per target planet
CHOICE, OPPONENT_DRAW = 18, 19
TURN_SLOTS = 20
# at an encounter start: the opponent's chart, seven prebuilt sequence entries, the first weighted draw
ENC_CHART, ENC_SEQUENCE, ENC_FIRST = 0, 1, 8
ENCOUNTER_SLOTS = 9


def _generator(stream: int, block: int, *more: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([stream, block, *more])))


class Streams:
    """The draws of the runs with the given seeds (any order; a pass of the engine)."""

    def __init__(self, seeds: np.ndarray) -> None:
        blocks = seeds // BLOCK
        self.blocks, self.local = np.unique(blocks, return_inverse=True)
        self.lane = seeds % BLOCK
        self._row = self.local * BLOCK + self.lane  # a run's row of the blocks' buffers stacked
        self._turn = [_generator(TURN, int(b)) for b in self.blocks]
        self._turn_buffer = np.empty((len(self.blocks), BLOCK, TURN_SLOTS), np.float32)
        self._encounter: dict[int, np.ndarray] = {}

    def prince(self) -> np.ndarray:
        """One uniform per run, for its Prince's chart."""
        draws = np.stack([_generator(PRINCE, int(b)).random(BLOCK) for b in self.blocks])
        return draws[self.local, self.lane]

    def turn(self, rows: np.ndarray) -> np.ndarray:
        """The next turn's uniforms (len(rows), TURN_SLOTS) of the still-playing runs ``rows`` (every run plays
        one turn per call, so a run's k-th turn always reads its block's k-th draw)."""
        live = np.zeros(len(self.blocks), dtype=bool)
        live[self.local[rows]] = True
        for b in np.flatnonzero(live):
            self._turn[b].random(dtype=np.float32, out=self._turn_buffer[b])
        return self._turn_buffer.reshape(-1, TURN_SLOTS).take(self._row.take(rows), axis=0)

    def encounter(self, rows: np.ndarray, number: np.ndarray) -> np.ndarray:
        """The encounter-start uniforms (len(rows), ENCOUNTER_SLOTS) of runs ``rows`` starting encounter
        ``number`` (0-based)."""
        out = np.empty((len(rows), ENCOUNTER_SLOTS))
        numbers = np.unique(number)
        for e in numbers:
            if int(e) not in self._encounter:
                self._encounter[int(e)] = np.stack(
                    [_generator(ENCOUNTER, int(b), int(e)).random((BLOCK, ENCOUNTER_SLOTS)) for b in self.blocks])
            draws = self._encounter[int(e)].reshape(-1, ENCOUNTER_SLOTS)
            if len(numbers) == 1:
                return draws.take(self._row.take(rows), axis=0)
            pick = np.flatnonzero(number == e)
            out[pick] = draws.take(self._row.take(rows.take(pick)), axis=0)
        return out

    def forget_before(self, number: int) -> None:
        """Drop the encounter draws of encounters before ``number`` (no playing run will start one again)."""
        for e in [e for e in self._encounter if e < number]:
            del self._encounter[e]
