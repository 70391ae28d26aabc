"""The turn as ``resolve`` wrote it before it ran on whole units: ``Fraction`` arithmetic step by step through
``output``, ``apply_amount`` and ``combusts``. Kept as the reference the unit lattice is checked against."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gamewright.games.prince.options import Config
from gamewright.games.prince.resolution_tables import polarity
from gamewright.games.prince.resolve import (
    Check,
    Direct,
    Profile,
    SideState,
    Step,
    TurnResult,
    _as_float,
    _propagated,
    apply_amount,
    below,
    combust_probability,
    combusts,
    crit_chance,
    output,
    threshold,
)
from gamewright.games.prince.tables import PLANETS


def _check(cfg: Config, side: str, profile: Profile, state: SideState, i: int, rng: Any, checks: list[Check]) -> None:
    """One combustion check (000 §11, 001 §11): one draw; an unspent exaltation save turns a hit into survival."""
    thresh = threshold(cfg, profile, i)
    dig = profile.dignities[i]
    a = state.affliction[i]
    roll = rng.random()
    hit = combusts(dig, a, thresh, roll)
    saved = False
    if hit and dig == "exaltation" and not state.save_used[i]:
        state.save_used[i] = True  # 000 §11: survives one combustion that should have killed it
        saved = True
    elif hit:
        state.combust[i] = True
    checks.append(
        Check(side, PLANETS[i], a, thresh, dig, combust_probability(dig, a, thresh), roll, hit and not saved, saved)
    )


def reference_turn(
    cfg: Config,
    profiles: tuple[Profile, Profile],
    states: tuple[SideState, SideState],
    acting: tuple[int, int],
    rng: Any,
) -> TurnResult:
    """Resolve one turn in place: ``states`` change; the result says what happened."""
    pp, op = profiles
    ps, os_ = states
    pi, oi = acting
    pol = polarity(pp.signs[pi], op.signs[oi])  # step 1
    testimony = pol == "testimony"
    # step 2: both crit rolls are always drawn, player first (ref §2, §3)
    chances = (crit_chance(cfg, pp, ps, pi), crit_chance(cfg, op, os_, oi))
    rolls = (rng.random(), rng.random())
    crits = (below(rolls[0], chances[0], _as_float(chances[0])), below(rolls[1], chances[1], _as_float(chances[1])))
    # steps 3–4: magnitudes from start-of-turn affliction (ref §2 further rulings: simultaneous)
    to_player = output(cfg, op, os_, oi, pp, pi, pol, crits[1])
    to_opponent = output(cfg, pp, ps, pi, op, oi, pol, crits[0])
    # step 5: apply, player first (ref §3)
    p_delta, p_applied = apply_amount(cfg, ps, pi, to_player, testimony)
    o_delta, o_applied = apply_amount(cfg, os_, oi, to_opponent, testimony)
    direct = (
        Direct(PLANETS[pi], pol, to_player, p_applied, p_delta),
        Direct(PLANETS[oi], pol, to_opponent, o_applied, o_delta),
    )
    checks: list[Check] = []
    # step 6: a check for each acting planet whose affliction rose, player first
    if p_delta > 0:
        _check(cfg, "player", pp, ps, pi, rng, checks)
    if o_delta > 0:
        _check(cfg, "opponent", op, os_, oi, rng, checks)
    # step 7: propagation, player's chart then opponent's, from acting planets that are not combust
    steps: list[Step] = []
    base_pol = "testimony" if testimony else "affliction"  # ref §2: friction propagates as affliction
    for side, profile, state, i, received, applied in (
        ("player", pp, ps, pi, to_player, p_applied),
        ("opponent", op, os_, oi, to_opponent, o_applied),
    ):
        if state.combust[i]:
            continue
        base = received if cfg.raw_base else Fraction(applied)  # ref §3 raw / ref §2 rounded, before clamping
        row = profile.aspects[i]
        for j in range(7):
            aspect = row[j]
            if aspect is None or state.combust[j] or not (state.active >> (i * 7 + j)) & 1:
                continue  # no major aspect, combust target, or a latent aspect (ref §2)
            amplified = cfg.sect_amplifies and profile.teams[i] == profile.teams[j]
            amount, inverted = _propagated(base.numerator, base.denominator, aspect, amplified)
            step_pol = ("affliction" if testimony else "testimony") if inverted else base_pol
            delta, _ = apply_amount(cfg, state, j, amount, step_pol == "testimony")
            steps.append(Step(side, PLANETS[i], PLANETS[j], aspect, step_pol, amount, delta))
            if delta > 0:
                _check(cfg, side, profile, state, j, rng, checks)
    return TurnResult(pol, chances, rolls, crits, direct, steps, checks)


