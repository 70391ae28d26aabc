"""The batch engine's turn and greedy values against the scalar engine, situation by situation: the same charts,
the same condition of both sides and the same uniforms give the same turn (afflictions, combustions, saves,
carry, score), and the same values as ``PreviewGreedyPolicy`` of ``preview``."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest

from gamewright.core.rng import Rng, ScriptedRng
from gamewright.games.prince.batch import streams as slot
from gamewright.games.prince.batch.arith import UNIT
from gamewright.games.prince.batch.greedy import greedy_values
from gamewright.games.prince.batch.pool import pool_of
from gamewright.games.prince.batch.turn import Rules, Side, resolve
from gamewright.games.prince.encounter import profile_of_moment, random_moment
from gamewright.games.prince.options import config_for
from gamewright.games.prince.policies import PreviewGreedyPolicy
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resolve import Profile, SideState, resolve_turn
from gamewright.games.prince.state import DEPLOY, PrinceState
from gamewright.games.prince.tables import PLANETS

# every option away from its default, one at a time, and both rulesets
VARIANTS = [("design", {}), ("prototype", {}), ("design", {"crit": "prototype"}), ("design", {"degradation": False}),
            ("design", {"modality": False}), ("design", {"rounding": "carry"}), ("design", {"sect": "durability"}),
            ("design", {"propagation_base": "raw"}), ("prototype", {"rounding": "half_up", "modality": True})]


@lru_cache(maxsize=1)
def profiles() -> list[Profile]:
    rng = Rng("batch-turn-test")
    return [profile_of_moment(random_moment(rng)) for _ in range(48)]


def situations(seed: int, m: int, carry: bool) -> tuple[Side, Side, np.ndarray, np.ndarray, np.ndarray]:
    """``m`` random mid-encounter conditions of both sides, acting planets that are not combust, and uniforms."""
    g = np.random.default_rng(seed)
    sides = []
    for _ in range(2):
        side = Side.fresh(g.integers(0, len(profiles()), m))
        side.affliction[:] = g.integers(0, 45, (m, 7)) * (g.random((m, 7)) < 0.7)
        side.combust[:] = g.random((m, 7)) < 0.2
        side.save_used[:] = g.random((m, 7)) < 0.3
        if carry:
            side.carry[:] = g.integers(-UNIT // 2, UNIT // 2, (m, 7))
        sides.append(side)
    acting = []
    for side in sides:
        side.combust[np.arange(m), g.integers(0, 7, m)] = False  # at least one planet can act
        acting.append(np.array([g.choice(np.flatnonzero(~row)) for row in side.combust]))
    u = g.random((m, slot.TURN_SLOTS))
    u[:, :2] = np.where(g.random((m, 2)) < 0.3, u[:, :2] * 0.3, u[:, :2])  # crits more often
    return sides[0], sides[1], acting[0], acting[1], u


def scalar_side(side: Side, r: int) -> SideState:
    return SideState(side.affliction[r].tolist(), side.combust[r].tolist(), side.save_used[r].tolist(),
                     [Fraction(int(c), UNIT) for c in side.carry[r]])


def copy(side: Side) -> Side:
    return side.take(np.arange(len(side.chart)))


def script(before: Side, after: Side, r: int, acting: int, check_slot: int, spread_slot: int) -> list[float]:
    """The uniforms the scalar engine draws for one side's checks, in its order: the acting planet, then each
    propagation target whose affliction rose (a planet is hit at most once a turn)."""
    rose = after.affliction[r] > before.affliction[r]
    draws = [u_of(r, check_slot)] if rose[acting] else []
    return draws + [u_of(r, spread_slot + j) for j in range(7) if j != acting and rose[j]]


U: np.ndarray = np.zeros(0)


def u_of(r: int, k: int) -> float:
    return float(U[r, k])


@pytest.mark.parametrize(("ruleset", "options"), VARIANTS)
def test_a_batch_turn_is_the_scalar_turn(ruleset: str, options: dict[str, object]) -> None:
    global U
    _, cfg = config_for(ruleset, options)
    pool = pool_of(profiles())
    rules = Rules.of(cfg, pool)
    player, opponent, pi, oi, U = situations(7, 400, cfg.carry)
    p0, o0 = copy(player), copy(opponent)
    score, burned = resolve(rules, player, opponent, pi, oi, U)
    for r in range(len(pi)):
        ps, os_ = scalar_side(p0, r), scalar_side(o0, r)
        draws = [u_of(r, slot.CRIT_P), u_of(r, slot.CRIT_O)]
        p_draws = script(p0, player, r, int(pi[r]), slot.CHECK_P, slot.PROPAGATION_P)
        o_draws = script(o0, opponent, r, int(oi[r]), slot.CHECK_O, slot.PROPAGATION_O)
        # the scalar order: both acting planets' checks, then player targets, then opponent targets
        rose_p = player.affliction[r, pi[r]] > p0.affliction[r, pi[r]]
        rose_o = opponent.affliction[r, oi[r]] > o0.affliction[r, oi[r]]
        draws += p_draws[:int(rose_p)] + o_draws[:int(rose_o)] + p_draws[int(rose_p):] + o_draws[int(rose_o):]
        profiles_ = (profiles()[player.chart[r]], profiles()[opponent.chart[r]])
        result = resolve_turn(cfg, profiles_, (ps, os_), (int(pi[r]), int(oi[r])), ScriptedRng(draws))
        assert sum(result.score) == score[r], r
        for mine, theirs in ((ps, player), (os_, opponent)):
            assert mine.affliction == theirs.affliction[r].tolist(), r
            assert mine.combust == theirs.combust[r].tolist(), r
            assert mine.save_used == theirs.save_used[r].tolist(), r
            assert mine.carry == [Fraction(int(c), UNIT) for c in theirs.carry[r]], r
        assert sorted(p for s, p in result.combusted if s == "player") == sorted(
            PLANETS[j] for j in np.flatnonzero(burned[r])), r


@pytest.mark.parametrize(("ruleset", "options"), VARIANTS[:2] + [("design", {"rounding": "carry"}),
                                                                 ("design", {"propagation_base": "raw"})])
def test_greedy_values_are_the_preview_values(ruleset: str, options: dict[str, object]) -> None:
    rules_, cfg = config_for(ruleset, options)
    pool = pool_of(profiles())
    player, opponent, _, oi, _ = situations(11, 60, cfg.carry)
    values = greedy_values(Rules.of(cfg, pool), player, opponent, oi)
    policy = PreviewGreedyPolicy()
    for r in range(len(oi)):
        state, _ = PrinceState.start(cfg, rules_.to_json(), 0, profiles()[player.chart[r]], Progress.veteran())
        state.ps, state.os = scalar_side(player, r), scalar_side(opponent, r)
        state.opponent, state.current = profiles()[opponent.chart[r]], int(oi[r])
        for j in np.flatnonzero(~player.combust[r]):
            expected = policy.value(state.preview(DEPLOY[PLANETS[j]]))
            assert values[r, j] == pytest.approx(expected, abs=1e-8), (r, j)
