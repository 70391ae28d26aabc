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


Spread = tuple[Fraction, int, bool]
Curve = tuple[float, Fraction | None, Fraction]  # resolve._curve: (P as a float, P exactly or None, r)


class _Spreads(dict[int, Spread]):
    """``resolve._propagated`` of a base amount (in units) by one aspect, amplified or not (000 §4), with its
    units, filled in as bases are reached (a pure function of the key: nothing invalidates an entry)."""

    __slots__ = ("aspect", "amplified")

    def __init__(self, aspect: str, amplified: bool) -> None:
        super().__init__()
        self.aspect, self.amplified = aspect, amplified

    def __missing__(self, base_units: int) -> Spread:
        if len(self) >= 16384:
            self.clear()
        base = _fraction(base_units)
        exact, inverted = _propagated(base.numerator, base.denominator, self.aspect, self.amplified)
        found = self[base_units] = (exact, _units(exact), inverted)
        return found


Target = tuple[int, str, bool, _Spreads]  # (planet, aspect, amplified, that spread's table)
_SPREADS: dict[tuple[str, bool], _Spreads] = {
    (aspect, amplified): _Spreads(aspect, amplified)
    for aspect in set(MAJOR_ASPECTS.values())
    for amplified in (False, True)
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


def _apply_carry(state: SideState, i: int, raw: int, testimony: bool) -> tuple[int, int]:
    """``resolve.apply_amount`` of ``raw`` units to planet ``i`` under carry quantization (001 §9, ref §3):
    (delta, applied); the state changes."""
    if state.combust[i] or raw <= 0:  # ref §2/§3: combust planets receive nothing; raw ≤ 0 leaves the carry
        return 0, 0
    aff = state.affliction
    old = aff[i]
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
    new = old - applied if testimony else old + applied
    if new < 0:
        new = 0
    aff[i] = new
    return new - old, applied


def _apply_rounded(state: SideState, i: int, raw: int, testimony: bool) -> tuple[int, int]:
    """``resolve.apply_amount`` of ``raw`` units to planet ``i``, rounded half up (ref §2): (delta, applied); the
    state changes."""
    if state.combust[i]:  # ref §2: combust planets receive nothing
        return 0, 0
    aff = state.affliction
    old = aff[i]
    applied = (2 * raw + UNITS) // (2 * UNITS)  # ref §2: half up when applied
    new = old - applied if testimony else old + applied
    if new < 0:
        new = 0
    aff[i] = new
    return new - old, applied


def _check(side: str, chart: _Chart, state: SideState, i: int, draw: Callable[[], float],
           checks: list[tuple]) -> None:
    """One combustion check (000 §11, 001 §11): one draw; an unspent exaltation save turns a hit into survival."""
    dig, thresh, curves, _ = chart.planets[i] or chart.planet(i)
    a = state.affliction[i]
    roll = draw()
    curve = curves[a]  # ``resolve._curve(dig, a, thresh)``
    approx = curve[0]  # resolve.roll_hits, its float fast path inline: a turn makes several checks
    hit = True if roll < approx - _MARGIN else False if roll > approx + _MARGIN else roll_hits(curve, roll)
    saved = False
    if hit and dig == "exaltation" and not state.save_used[i]:
        state.save_used[i] = True  # 000 §11: survives one combustion that should have killed it
        saved = True
    elif hit:
        state.combust[i] = True
    checks.append((side, PLANETS[i], a, thresh, dig, approx, roll, hit and not saved, saved))  # a Check


class _Curves(dict[int, Curve]):
    """The combustion curve (``resolve._curve``) of one dignity and threshold by affliction, shared by every planet
    that has both (a few dozen pairs in all), filled in as afflictions are reached (a pure function of the key)."""

    __slots__ = ("dignity", "threshold")

    def __init__(self, dignity: str, thresh: int) -> None:
        super().__init__()
        self.dignity, self.threshold = dignity, thresh

    def __missing__(self, affliction: int) -> Curve:
        found = self[affliction] = _curve(self.dignity, affliction, self.threshold)
        return found


_CURVES: dict[tuple[str, int], _Curves] = {}


def _curves_of(dig: str, thresh: int) -> _Curves:
    found = _CURVES.get((dig, thresh))
    if found is None:
        found = _CURVES[dig, thresh] = _Curves(dig, thresh)
    return found


class _Crits(dict[int, tuple[Fraction, float]]):
    """One planet's crit chance (``resolve._crit_chance``) and its float by affliction — the key is 0 when the
    config has no degradation (the chance then ignores affliction); a pure function of the key."""

    __slots__ = ("luck", "mode", "degradation")

    def __init__(self, luck: int, mode: str, degradation: bool) -> None:
        super().__init__()
        self.luck, self.mode, self.degradation = luck, mode, degradation

    def __missing__(self, affliction: int) -> tuple[Fraction, float]:
        found = self[affliction] = _crit(self.luck, affliction, self.mode, self.degradation)
        return found


_CRITS: dict[tuple[int, str, bool], _Crits] = {}


def _crits_of(luck: int, mode: str, degradation: bool) -> _Crits:
    """The shared crit table of a luck under a crit mode and degradation (a few dozen in all)."""
    found = _CRITS.get((luck, mode, degradation))
    if found is None:
        found = _CRITS[luck, mode, degradation] = _Crits(luck, mode, degradation)
    return found


# What the turn reads of one planet of a chart: its dignity, threshold (``resolve.threshold``), combustion curves
# and crit chances (both tables shared by every planet with the same values)
PlanetRecord = tuple[str, int, _Curves, _Crits]


class _Chart:
    """What the turn reads of one profile under one config, kept per profile object (hashing a profile costs
    more than the turn): each planet's record (``PlanetRecord``) and its aspect targets in order, with the
    aspect and whether same-sect amplification applies (000 §4), each made when first read (most of an
    opponent's planets never act). A profile is immutable, so only the config's options it reads could make it
    stale (``_chart``)."""

    __slots__ = ("cfg", "profile", "planets", "targets")

    def __init__(self, cfg: Config, profile: Profile) -> None:
        self.cfg = cfg
        self.profile = profile
        self.planets: list[PlanetRecord | None] = [None] * 7
        self.targets: list[tuple[Target, ...] | None] = [None] * 7

    def planet(self, i: int) -> PlanetRecord:
        """Planet ``i``'s record (kept in ``planets``)."""
        cfg, profile = self.cfg, self.profile
        dig, thresh = profile.dignities[i], threshold(cfg, profile, i)
        found = self.planets[i] = (dig, thresh, _curves_of(dig, thresh),
                                   _crits_of(profile.stats[i].luck, cfg.crit, cfg.degradation))
        return found

    def targets_of(self, i: int) -> tuple[Target, ...]:
        """Planet ``i``'s aspect targets (kept in ``targets``)."""
        teams, amplify = self.profile.teams, self.cfg.sect_amplifies
        team = teams[i]
        made = []
        for j, aspect in enumerate(self.profile.aspects[i]):
            if aspect is not None:
                amplified = amplify and team == teams[j]
                made.append((j, aspect, amplified, _SPREADS[aspect, amplified]))
        found = self.targets[i] = tuple(made)
        return found


def _same_reading(a: Config, b: Config) -> bool:
    """Whether a ``_Chart`` made under ``a`` serves ``b``: the options it reads are the same."""
    return a is b or (a.sect_durability == b.sect_durability and a.sect_amplifies == b.sect_amplifies
                      and a.crit == b.crit and a.degradation == b.degradation)  # what ``_Chart`` reads


_CHARTS: dict[int, _Chart] = {}


def _chart(cfg: Config, profile: Profile) -> _Chart:
    """The profile's ``_Chart`` under this config's options (what it keeps depends on them alone)."""
    kept = _CHARTS.get(id(profile))
    if kept is None or kept.profile is not profile or not _same_reading(kept.cfg, cfg):
        if len(_CHARTS) >= 4096:
            _CHARTS.clear()
        kept = _CHARTS[id(profile)] = _Chart(cfg, profile)
    return kept


class _Amounts(dict[int, tuple[Fraction, int]]):
    """What a sender's stat sends under a polarity and the two modalities (``resolve._output``, 000 §13a step 4)
    and its units, by key ``affliction * 2 + crit`` (the sender's affliction; 0 when the config has no
    degradation, which the amount then ignores); a pure function of the key."""

    __slots__ = ("stat", "pol", "out_mod", "in_mod", "degradation", "modality")

    def __init__(self, stat: int, pol: str, out_mod: str, in_mod: str, degradation: bool, modality: bool) -> None:
        super().__init__()
        self.stat, self.pol, self.out_mod, self.in_mod = stat, pol, out_mod, in_mod
        self.degradation, self.modality = degradation, modality

    def __missing__(self, key: int) -> tuple[Fraction, int]:
        found = self[key] = _amount(self.stat, key >> 1, self.pol, self.out_mod, self.in_mod, bool(key & 1),
                                    self.degradation, self.modality)
        return found


_AMOUNTS: dict[tuple[int, str, str, str, bool, bool], _Amounts] = {}


def _amounts_of(stat: int, pol: str, out_mod: str, in_mod: str, degradation: bool, modality: bool) -> _Amounts:
    """The shared amount table of these values (a few hundred in all); the modalities are "" when the config
    ignores them, so those tables are shared."""
    key = (stat, pol, out_mod, in_mod, degradation, modality)
    found = _AMOUNTS.get(key)
    if found is None:
        found = _AMOUNTS[key] = _Amounts(*key)
    return found


# (polarity, whether it is testimony, what the player's planet receives, what the opponent's receives, the
# polarity propagation carries, the inverted one)
Matchup = tuple[str, bool, _Amounts, _Amounts, str, str]


class Pair:
    """A player's and an opponent's ``_Chart`` under one config, and each matchup of their planets as it is first
    played (its polarity and amounts depend on the two signs and stats alone: the profiles are immutable)."""

    __slots__ = ("cfg", "player", "opponent", "p_chart", "o_chart", "matchups")

    def __init__(self, cfg: Config, player: Profile, opponent: Profile) -> None:
        self.cfg, self.player, self.opponent = cfg, player, opponent
        self.p_chart, self.o_chart = _chart(cfg, player), _chart(cfg, opponent)
        self.matchups: list[Matchup | None] = [None] * 49  # by pi * 7 + oi

    def matchup(self, pi: int, oi: int) -> Matchup:
        """The matchup of ``pi`` and ``oi`` (kept in ``matchups``)."""
        cfg, pp, op = self.cfg, self.player, self.opponent
        pol = _POLARITY[pp.signs[pi]][op.signs[oi]]  # step 1
        testimony = pol == "testimony"
        if cfg.modality:  # 000 §13a "Modality": the signs' modalities, all the amount reads of them
            p_mod, o_mod = SIGN_MODALITY[pp.signs[pi]], SIGN_MODALITY[op.signs[oi]]
        else:
            p_mod = o_mod = ""
        p_stats, o_stats = pp.stats[pi], op.stats[oi]
        degradation, modality = cfg.degradation, cfg.modality
        found = self.matchups[pi * 7 + oi] = (
            pol,
            testimony,
            _amounts_of(o_stats.healing if testimony else o_stats.damage, pol, o_mod, p_mod, degradation, modality),
            _amounts_of(p_stats.healing if testimony else p_stats.damage, pol, p_mod, o_mod, degradation, modality),
            "testimony" if testimony else "affliction",  # ref §2: friction propagates as affliction
            "affliction" if testimony else "testimony",
        )
        return found


_PAIRS: dict[tuple[int, int], Pair] = {}


def pair_for(cfg: Config, player: Profile, opponent: Profile, kept: Pair | None = None) -> Pair:
    """The ``Pair`` of two profiles under ``cfg``: ``kept`` when it is theirs (a state keeps its encounter's),
    else one from a small table by the profiles' identities."""
    if kept is not None and kept.opponent is opponent and kept.player is player and kept.cfg is cfg:
        return kept
    found = _PAIRS.get((id(player), id(opponent)))
    if found is None or found.player is not player or found.opponent is not opponent or (
            found.cfg is not cfg and found.cfg != cfg):
        if len(_PAIRS) >= 256:  # a preview or a scenario resolves one pair many times: a few suffice
            _PAIRS.clear()
        found = _PAIRS[id(player), id(opponent)] = Pair(cfg, player, opponent)
    return found


def _spread_carry(side: str, chart: _Chart, state: SideState, i: int, targets: tuple[Target, ...], base: int,
                  base_pol: str, inverse_pol: str, draw: Callable[[], float], steps: list[tuple],
                  checks: list[tuple]) -> tuple[int, int]:
    """Step 7 for one side under carry quantization: ``base`` units propagate from planet ``i`` along its active
    aspects to the planets not combust, each amount applied by ``_apply_carry``, each rise checked. Returns the
    affliction risen and the testimony healed."""
    combust = state.combust
    active = state.active >> (i * 7)
    source = PLANETS[i]
    rose = fell = 0
    for j, aspect, _, table in targets:
        if combust[j] or not (active >> j) & 1:
            continue  # a combust target, or a latent aspect (ref §2)
        amount, units, inverted = table[base]
        step_pol = inverse_pol if inverted else base_pol
        delta, _ = _apply_carry(state, j, units, step_pol == "testimony")
        steps.append((side, source, PLANETS[j], aspect, step_pol, amount, delta))  # a Step
        if delta > 0:
            rose += delta
            _check(side, chart, state, j, draw, checks)
        else:
            fell -= delta
    return rose, fell


def _spread_rounded(side: str, chart: _Chart, state: SideState, i: int, targets: tuple[Target, ...], base: int,
                    base_pol: str, inverse_pol: str, draw: Callable[[], float], steps: list[tuple],
                    checks: list[tuple]) -> tuple[int, int]:
    """``_spread_carry`` with every amount rounded half up (ref §2), as ``_apply_rounded`` applies it (inline: the
    rule is one line)."""
    combust, aff = state.combust, state.affliction
    active = state.active >> (i * 7)
    source = PLANETS[i]
    rose = fell = 0
    for j, aspect, _, table in targets:
        if combust[j] or not (active >> j) & 1:
            continue  # a combust target, or a latent aspect (ref §2)
        amount, raw, inverted = table[base]
        step_pol = inverse_pol if inverted else base_pol
        old = aff[j]
        applied = (2 * raw + UNITS) // (2 * UNITS)  # ref §2: half up when applied
        new = old - applied if step_pol == "testimony" else old + applied
        if new < 0:
            new = 0
        aff[j] = new
        delta = new - old
        steps.append((side, source, PLANETS[j], aspect, step_pol, amount, delta))  # a Step
        if delta > 0:
            rose += delta
            _check(side, chart, state, j, draw, checks)
        else:
            fell -= delta
    return rose, fell


_NO_CRIT = (ZERO, 0.0)
_NOTHING = (ZERO, 0)


def resolve_turn(
    cfg: Config,
    profiles: tuple[Profile, Profile],
    states: tuple[SideState, SideState],
    acting: tuple[int, int],
    rng: Any,
) -> TurnResult:
    """Resolve one turn in place: ``states`` change; the result says what happened."""
    draw = rng.draws() if hasattr(rng, "draws") else rng.random
    return resolve_pair(pair_for(cfg, *profiles), states[0], states[1], acting[0], acting[1], draw)


def resolve_pair(pair: Pair, ps: SideState, os_: SideState, pi: int, oi: int, draw: Callable[[], float]) -> TurnResult:
    """``resolve_turn`` on the pair's charts, drawing from ``draw``."""
    cfg = pair.cfg
    pol, testimony, to_player_amounts, to_opponent_amounts, base_pol, inverse_pol = (
        pair.matchups[pi * 7 + oi] or pair.matchup(pi, oi))  # step 1: polarity
    p_chart, o_chart = pair.p_chart, pair.o_chart
    degradation = cfg.degradation
    p_combust, o_combust = ps.combust[pi], os_.combust[oi]
    p_aff = ps.affliction[pi] if degradation else 0  # the keys of the crit and amount tables
    o_aff = os_.affliction[oi] if degradation else 0
    # step 2: both crit rolls are always drawn, player first (ref §2, §3); a combust planet's stats are 0 (001 §4)
    mine = _NO_CRIT if p_combust else (p_chart.planets[pi] or p_chart.planet(pi))[3][p_aff]
    theirs = _NO_CRIT if o_combust else (o_chart.planets[oi] or o_chart.planet(oi))[3][o_aff]
    roll0 = draw()
    roll1 = draw()
    crit0 = roll0 < mine[1] - _MARGIN or (roll0 <= mine[1] + _MARGIN and below(roll0, mine[0], mine[1]))
    crit1 = roll1 < theirs[1] - _MARGIN or (roll1 <= theirs[1] + _MARGIN and below(roll1, theirs[0], theirs[1]))
    # steps 3–4: magnitudes from start-of-turn affliction (ref §2 further rulings: simultaneous); a combust planet
    # deals and heals nothing (ref §2)
    to_player, to_player_units = _NOTHING if o_combust else to_player_amounts[o_aff * 2 + crit1]
    to_opponent, to_opponent_units = _NOTHING if p_combust else to_opponent_amounts[p_aff * 2 + crit0]
    # step 5: apply, player first (ref §3)
    apply = _apply_carry if cfg.carry else _apply_rounded
    p_delta, p_applied = apply(ps, pi, to_player_units, testimony)
    o_delta, o_applied = apply(os_, oi, to_opponent_units, testimony)
    direct = ((PLANETS[pi], pol, to_player, p_applied, p_delta), (PLANETS[oi], pol, to_opponent, o_applied, o_delta))
    checks: list[tuple] = []
    # step 6: a check for each acting planet whose affliction rose, player first
    if p_delta > 0:
        _check("player", p_chart, ps, pi, draw, checks)
    if o_delta > 0:
        _check("opponent", o_chart, os_, oi, draw, checks)
    # step 7: propagation, player's chart then opponent's, from acting planets that are not combust
    steps: list[tuple] = []
    # 001 §13: the turn's score counts positive deltas and |negative| deltas
    affliction = (p_delta if p_delta > 0 else 0) + (o_delta if o_delta > 0 else 0)
    testimony_score = (-p_delta if p_delta < 0 else 0) + (-o_delta if o_delta < 0 else 0)
    raw_base = cfg.raw_base
    spread = _spread_carry if cfg.carry else _spread_rounded
    for side, state, i, received, applied, chart in (
        ("player", ps, pi, to_player_units, p_applied, p_chart),
        ("opponent", os_, oi, to_opponent_units, o_applied, o_chart),
    ):
        if state.combust[i]:
            continue
        targets = chart.targets[i]
        if targets is None:
            targets = chart.targets_of(i)
        base = received if raw_base else applied * UNITS  # ref §3 raw / ref §2 rounded, before clamping
        rose, fell = spread(side, chart, state, i, targets, base, base_pol, inverse_pol, draw, steps, checks)
        affliction += rose
        testimony_score += fell
    return ResolvedTurn(pol, (mine[0], theirs[0]), (roll0, roll1), (crit0, crit1), direct, steps, checks,
                        (affliction, testimony_score))
