"""One turn's resolution in whole units of 1/2560 (``resolve.resolve_turn`` runs this).

Every amount a turn handles is exact in units of ``1/UNITS``: a stat × (10 − A)/10 (000 §13a), × ½ friction,
× 5/4 outgoing and × 5/4 incoming modality, × 2 crit, then × ½ or × 1 by aspect and × 5/4 same sect (000 §4),
and carries stay on that lattice (eff − applied). So the turn runs on integers, with the ``Fraction`` values the
result reports taken from caches, and gives exactly what the ``Fraction`` arithmetic of ``resolve`` gives: the
caches below compute each amount with ``resolve``'s own functions and check that it lies on the lattice. Steps,
draws and their order are those of ``resolve`` (000 §13a steps 1–7, ref §2–§3).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gamewright.games.prince.options import Config, config_for
from gamewright.games.prince.resolution_tables import polarity
from gamewright.games.prince.resolve import (
    _MARGIN,
    ZERO,
    Check,
    Direct,
    Profile,
    SideState,
    Step,
    TurnResult,
    _crit_chance,
    _curve,
    _output,
    _propagated,
    below,
    quantize,
    roll_hits,
    threshold,
)
from gamewright.games.prince.tables import MAJOR_ASPECTS, PLANETS, SIGN_MODALITY

UNITS = 2560  # 10 (degradation) × 2 (friction) × 16 (modality) × 2 (aspect) × 4 (same sect)

CARRY_ONLY = config_for("prototype")[1]  # what ``quantize`` reads of a config: carry quantization on
# ref §2 further rulings: polarity of two signs, as a table
_POLARITY: tuple[tuple[str, ...], ...] = tuple(tuple(polarity(a, b) for b in range(12)) for a in range(12))


def _units(x: Fraction) -> int:
    units, rest = divmod(x.numerator * UNITS, x.denominator)
    if rest:  # never: every amount of the rules lies on the lattice (see the docstring)
        raise ArithmeticError(f"{x} is not a whole number of 1/{UNITS}")
    return units


@lru_cache(maxsize=4096)
def _fraction(units: int) -> Fraction:
    return Fraction(units, UNITS)


@lru_cache(maxsize=4096)
def _crit(luck: int, affliction: int, mode: str, degradation: bool) -> tuple[Fraction, float]:
    chance = _crit_chance(luck, affliction, mode, degradation)
    return chance, float(chance)


@lru_cache(maxsize=16384)
def _amount(stat: int, affliction: int, pol: str, out_mod: str, in_mod: str, crit: bool,
            degradation: bool, modality: bool) -> tuple[Fraction, int]:
    """``resolve._output`` (000 §13a step 4) and its units, keyed on flat small values (cheap to hash); the
    modalities are "" when the config ignores them, so those keys are shared."""
    exact = _output(stat, affliction, pol, out_mod, in_mod, crit, (degradation, modality))
    return exact, _units(exact)


def _spread(table: dict[int, Spread], base_units: int, aspect: str, amplified: bool) -> Spread:
    """``resolve._propagated`` of a base amount by an aspect (000 §4), with its units; kept in ``table`` (the
    aspect's and amplification's own, so the key is the base alone)."""
    if len(table) >= 16384:
        table.clear()
    base = _fraction(base_units)
    exact, inverted = _propagated(base.numerator, base.denominator, aspect, amplified)
    found = table[base_units] = (exact, _units(exact), inverted)
    return found


Spread = tuple[Fraction, int, bool]
Curve = tuple[float, Fraction | None, Fraction]  # resolve._curve: (P as a float, P exactly or None, r)
Target = tuple[int, str, bool, dict[int, Spread]]  # (planet, aspect, amplified, that spread's table)
_SPREADS: dict[tuple[str, bool], dict[int, Spread]] = {
    (aspect, amplified): {} for aspect in set(MAJOR_ASPECTS.values()) for amplified in (False, True)
}


class ResolvedTurn(TurnResult):
    """A ``TurnResult`` whose ``Direct``, ``Step`` and ``Check`` records are made when first read (most turns of
    a simulation are never read); its score is counted as the turn resolves."""

    __slots__ = ("_direct", "_steps", "_checks", "_score")
    _direct: Any
    _steps: Any
    _checks: Any

    def __init__(self, polarity: str, chances: tuple[Fraction, Fraction], rolls: tuple[float, float],
                 crits: tuple[bool, bool], direct: tuple[tuple, tuple], steps: list[tuple],
                 checks: list[tuple], score: tuple[int, int]) -> None:
        self.polarity = polarity
        self.chances = chances
        self.rolls = rolls
        self.crits = crits
        self._direct = direct
        self._steps = steps
        self._checks = checks
        self._score = score

    @property
    def direct(self) -> tuple[Direct, Direct]:  # type: ignore[override]
        if not isinstance(self._direct[0], Direct):
            self._direct = (Direct(*self._direct[0]), Direct(*self._direct[1]))
        return self._direct  # type: ignore[no-any-return]

    @property
    def propagation(self) -> list[Step]:  # type: ignore[override]
        if self._steps and not isinstance(self._steps[0], Step):
            self._steps = [Step(*step) for step in self._steps]
        return self._steps  # type: ignore[no-any-return]

    @property
    def checks(self) -> list[Check]:  # type: ignore[override]
        if self._checks and not isinstance(self._checks[0], Check):
            self._checks = [Check(*check) for check in self._checks]
        return self._checks  # type: ignore[no-any-return]

    @property
    def score(self) -> tuple[int, int]:
        return self._score

    @property
    def combusted(self) -> list[tuple[str, str]]:
        """``TurnResult.combusted``, read off the check records without making ``Check`` objects (the lab's metrics
        read it every turn)."""
        checks = self._checks
        if checks and isinstance(checks[0], Check):
            return [(c.side, c.planet) for c in checks if c.combusted]
        return [(c[0], c[1]) for c in checks if c[7]]  # a Check's fields in order: side, planet, …, combusted


# ref §3 keeps a reached carry in [−1/2, 1/2]: each of those lattice values as one lasting Fraction object, so
# a carry read back is known by identity (its numerator and denominator are slow to read)
_CARRIES: dict[int, Fraction] = {u: ZERO if u == 0 else Fraction(u, UNITS) for u in range(-UNITS // 2, UNITS // 2 + 1)}
_CARRY_UNITS: dict[int, int] = {id(f): u for u, f in _CARRIES.items()}


def _apply(carry_mode: bool, state: SideState, i: int, raw: int, testimony: bool) -> tuple[int, int]:
    """``resolve.apply_amount`` of ``raw`` units to planet ``i``: (delta, applied); the state changes."""
    if state.combust[i]:  # ref §2/§3: combust planets receive nothing; their carry is untouched
        return 0, 0
    aff = state.affliction
    old = aff[i]
    if carry_mode:
        if raw <= 0:  # ref §3: raw ≤ 0 leaves the carry untouched
            return 0, 0
        c = state.carry[i]
        units = _CARRY_UNITS.get(id(c))
        if units is None:
            den = c.denominator
            if UNITS % den:  # a carry set off the lattice (a scenario's 1/3): the Fraction arithmetic itself
                delta, applied, state.carry[i] = quantize(CARRY_ONLY, state, i, _fraction(raw), testimony)
                aff[i] = old + delta
                return delta, applied
            units = c.numerator * (UNITS // den)
        eff = raw + units
        if eff < 0:
            eff = 0
        applied = (2 * eff + UNITS) // (2 * UNITS)  # ref §3: floor(eff + 1/2), carry' = eff − applied
        left = 0 if testimony and applied > old else eff - applied * UNITS  # 001 §9: a clamped heal banks none
        kept = _CARRIES.get(left)
        state.carry[i] = kept if kept is not None else _fraction(left)
    else:
        applied = (2 * raw + UNITS) // (2 * UNITS)  # ref §2: half up when applied
    new = old - applied if testimony else old + applied
    if new < 0:
        new = 0
    aff[i] = new
    return new - old, applied


def _check(side: str, chart: _Chart, state: SideState, i: int, draw: Callable[[], float],
           checks: list[tuple]) -> None:
    """One combustion check (000 §11, 001 §11): one draw; an unspent exaltation save turns a hit into survival."""
    dig = chart.profile.dignities[i]
    thresh = chart.threshold(i)
    a = state.affliction[i]
    roll = draw()
    curves = chart.curves[i]  # ``resolve._curve(dig, a, thresh)`` by affliction: dig and thresh are the planet's
    if curves is None:
        curves = chart.curves[i] = _curves_of(dig, thresh)
    curve = curves.get(a)
    if curve is None:
        curve = curves[a] = _curve(dig, a, thresh)
    approx = curve[0]  # resolve.roll_hits, its float fast path inline: a turn makes several checks
    hit = True if roll < approx - _MARGIN else False if roll > approx + _MARGIN else roll_hits(curve, roll)
    saved = False
    if hit and dig == "exaltation" and not state.save_used[i]:
        state.save_used[i] = True  # 000 §11: survives one combustion that should have killed it
        saved = True
    elif hit:
        state.combust[i] = True
    checks.append((side, PLANETS[i], a, thresh, dig, curve[0], roll, hit and not saved, saved))  # a Check


_CURVES: dict[tuple[str, int], dict[int, Curve]] = {}


def _curves_of(dig: str, thresh: int) -> dict[int, Curve]:
    """The combustion curve of a dignity and threshold by affliction, shared by every planet that has both (a few
    dozen pairs in all), filled in as afflictions are reached."""
    found = _CURVES.get((dig, thresh))
    if found is None:
        found = _CURVES[dig, thresh] = {}
    return found


class _Chart:
    """What the turn reads of one profile under one config, kept per profile object (hashing a profile costs
    more than the turn) and filled in as planets act: each planet's threshold (``resolve.threshold``) and its
    aspect targets in order, with the aspect and whether same-sect amplification applies (000 §4)."""

    __slots__ = ("cfg", "profile", "_thresholds", "_targets", "curves")

    def __init__(self, cfg: Config, profile: Profile) -> None:
        self.cfg = cfg
        self.profile = profile
        self._thresholds: list[int] = [0] * 7  # 0: not computed yet (a threshold is at least 10)
        self._targets: list[tuple[Target, ...] | None] = [None] * 7
        self.curves: list[dict[int, Curve] | None] = [None] * 7  # per planet: its ``_curves_of`` once read

    def threshold(self, i: int) -> int:
        value = self._thresholds[i]
        if not value:
            value = self._thresholds[i] = threshold(self.cfg, self.profile, i)
        return value

    def targets(self, i: int) -> tuple[Target, ...]:
        found = self._targets[i]
        if found is None:
            teams, amplify = self.profile.teams, self.cfg.sect_amplifies
            team = teams[i]
            made = []
            for j, aspect in enumerate(self.profile.aspects[i]):
                if aspect is not None:
                    amplified = amplify and team == teams[j]
                    made.append((j, aspect, amplified, _SPREADS[aspect, amplified]))
            found = self._targets[i] = tuple(made)
        return found


_CHARTS: dict[int, _Chart] = {}


def _chart(cfg: Config, profile: Profile) -> _Chart:
    """The profile's ``_Chart`` under this config's sect options (what it keeps depends on them alone)."""
    kept = _CHARTS.get(id(profile))
    if kept is None or kept.profile is not profile or (kept.cfg is not cfg and (
            kept.cfg.sect_durability != cfg.sect_durability or kept.cfg.sect_amplifies != cfg.sect_amplifies)):
        if len(_CHARTS) >= 4096:
            _CHARTS.clear()
        kept = _CHARTS[id(profile)] = _Chart(cfg, profile)
    return kept


def _direct(cfg: Config, sender: Profile, s_state: SideState, si: int, receiver: Profile, ri: int, pol: str,
            crit: bool) -> tuple[Fraction, int]:
    """``resolve.output`` with its units."""
    if s_state.combust[si]:  # ref §2: a combust planet deals and heals nothing
        return ZERO, 0
    st = sender.stats[si]
    if cfg.modality:  # 000 §13a "Modality": the signs' modalities, all the amount reads of them
        out_mod, in_mod = SIGN_MODALITY[sender.signs[si]], SIGN_MODALITY[receiver.signs[ri]]
    else:
        out_mod = in_mod = ""
    return _amount(st.healing if pol == "testimony" else st.damage, s_state.affliction[si], pol, out_mod, in_mod,
                   crit, cfg.degradation, cfg.modality)


def resolve_turn(
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
    pol = _POLARITY[pp.signs[pi]][op.signs[oi]]  # step 1
    testimony = pol == "testimony"
    # step 2: both crit rolls are always drawn, player first (ref §2, §3)
    mine = (ZERO, 0.0) if ps.combust[pi] else _crit(pp.stats[pi].luck, ps.affliction[pi], cfg.crit, cfg.degradation)
    theirs = (ZERO, 0.0) if os_.combust[oi] else _crit(op.stats[oi].luck, os_.affliction[oi], cfg.crit,
                                                       cfg.degradation)
    draw = rng.draws() if hasattr(rng, "draws") else rng.random
    rolls = (draw(), draw())
    crits = (
        rolls[0] < mine[1] - _MARGIN or (rolls[0] <= mine[1] + _MARGIN and below(rolls[0], mine[0], mine[1])),
        rolls[1] < theirs[1] - _MARGIN or (rolls[1] <= theirs[1] + _MARGIN and below(rolls[1], theirs[0], theirs[1])),
    )  # resolve.below, its float fast path inline
    # steps 3–4: magnitudes from start-of-turn affliction (ref §2 further rulings: simultaneous)
    to_player, to_player_units = _direct(cfg, op, os_, oi, pp, pi, pol, crits[1])
    to_opponent, to_opponent_units = _direct(cfg, pp, ps, pi, op, oi, pol, crits[0])
    # step 5: apply, player first (ref §3)
    carry = cfg.carry
    p_delta, p_applied = _apply(carry, ps, pi, to_player_units, testimony)
    o_delta, o_applied = _apply(carry, os_, oi, to_opponent_units, testimony)
    direct = ((PLANETS[pi], pol, to_player, p_applied, p_delta), (PLANETS[oi], pol, to_opponent, o_applied, o_delta))
    checks: list[tuple] = []
    # step 6: a check for each acting planet whose affliction rose, player first
    p_chart, o_chart = _chart(cfg, pp), _chart(cfg, op)
    if p_delta > 0:
        _check("player", p_chart, ps, pi, draw, checks)
    if o_delta > 0:
        _check("opponent", o_chart, os_, oi, draw, checks)
    # step 7: propagation, player's chart then opponent's, from acting planets that are not combust
    steps: list[tuple] = []
    # 001 §13: the turn's score counts positive deltas and |negative| deltas
    affliction = (p_delta if p_delta > 0 else 0) + (o_delta if o_delta > 0 else 0)
    testimony_score = (-p_delta if p_delta < 0 else 0) + (-o_delta if o_delta < 0 else 0)
    base_pol = "testimony" if testimony else "affliction"  # ref §2: friction propagates as affliction
    inverse_pol = "affliction" if testimony else "testimony"
    for side, state, i, received, applied, chart in (
        ("player", ps, pi, to_player_units, p_applied, p_chart),
        ("opponent", os_, oi, to_opponent_units, o_applied, o_chart),
    ):
        combust = state.combust
        if combust[i]:
            continue
        base = received if cfg.raw_base else applied * UNITS  # ref §3 raw / ref §2 rounded, before clamping
        active = state.active >> (i * 7)
        source = PLANETS[i]
        for j, aspect, amplified, table in chart.targets(i):
            if combust[j] or not (active >> j) & 1:
                continue  # a combust target, or a latent aspect (ref §2)
            amount, units, inverted = table.get(base) or _spread(table, base, aspect, amplified)
            step_pol = inverse_pol if inverted else base_pol
            delta, _ = _apply(carry, state, j, units, step_pol == "testimony")
            steps.append((side, source, PLANETS[j], aspect, step_pol, amount, delta))  # a Step
            if delta > 0:
                affliction += delta
                _check(side, chart, state, j, draw, checks)
            else:
                testimony_score -= delta
    return ResolvedTurn(pol, (mine[0], theirs[0]), rolls, crits, direct, steps, checks, (affliction, testimony_score))
