"""The exact arithmetic of a turn on integer arrays: amounts in units of 1/``UNIT``, half-up rounding, carry,
combustion curves, crit chances. Every function works elementwise on arrays of any (broadcast) shape.

Amounts are exact rationals in the scalar engine (ref §2 "Arithmetic"); every amount a turn can produce is a
multiple of 1/2560 = 1/(10 degradation × 2 friction × 4 × 4 modality × 8 propagation), so ``UNIT`` scales them
to integers and rounding and carry stay exact.
"""

from __future__ import annotations

import numpy as np

from gamewright.games.prince.batch.pool import DETRIMENT, DOMICILE, FALL
from gamewright.games.prince.options import Config
from gamewright.games.prince.resolution_tables import CRIT_CAP, CRIT_PER_LUCK

UNIT = 2560
AFFLICTION, FRICTION, TESTIMONY = 2, 1, 0  # polarity codes


def running_total(values: np.ndarray) -> np.ndarray:
    """Running totals along the last axis in int32 (``cumsum``'s), column by column: along a short last axis
    ``cumsum`` runs a short inner loop per row, several times slower."""
    out = np.empty(values.shape, np.int32)
    out[..., 0] = values[..., 0]
    for j in range(1, values.shape[-1]):
        np.add(out[..., j - 1], values[..., j], out=out[..., j])
    return out


def row_sum(values: np.ndarray) -> np.ndarray:
    """Sums along a short last axis (integers; booleans count): ``einsum`` is several times faster there than
    ``sum``, which runs a short inner loop per row."""
    if values.dtype == bool:
        values = values.view(np.int8)
    return np.einsum("...j->...", values)


def degradation(cfg: Config, affliction: np.ndarray) -> np.ndarray:
    """10 × max(0, 1 − A/10) with degradation, else 10 (000 §13a "Affliction Degrades Stats")."""
    if cfg.degradation:
        return np.maximum(0, 10 - affliction)
    return np.full_like(affliction, 10)


def crit_chance(cfg: Config, luck: np.ndarray, affliction: np.ndarray) -> np.ndarray:
    """000 §2 / ref §2: effective luck × 8%, cap 40%; 001 §7: luck × 10%, no cap — as floats of the exact value."""
    rate = CRIT_PER_LUCK[cfg.crit]  # a fraction of 100
    thousandths = luck * degradation(cfg, affliction) * int(rate * 100)
    cap = CRIT_CAP[cfg.crit]
    if cap is not None:
        thousandths = np.minimum(thousandths, int(cap * 1000))
    return thousandths / 1000.0


def output(cfg: Config, stat: np.ndarray, affliction: np.ndarray, polarity: np.ndarray, cardinal_sender: np.ndarray,
           mutable_receiver: np.ndarray, crit: np.ndarray) -> np.ndarray:
    """What a planet sends, in units (000 §13a step 4, 001 §6): degraded stat, friction half, modality, crit ×2.
    (Selections are arithmetic on 0/1 arrays: far cheaper than ``np.where`` on large arrays.)"""
    amount = stat * degradation(cfg, affliction) * (16 - 8 * (polarity == FRICTION))
    modality = (4 + cardinal_sender) * (4 + mutable_receiver) if cfg.modality else 16
    return (amount * modality * (1 + crit)).astype(np.int32)  # int32 throughout: half the memory traffic


def quantize(cfg: Config, affliction: np.ndarray, carry: np.ndarray, units: np.ndarray, testimony: np.ndarray,
             receives: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(delta, applied, next carry) of applying ``units`` where ``receives`` (else nothing changes): rounded half
    up (ref §2: ⌊x + ½⌋), or carry-quantized (001 §9, ref §3: eff = max(0, raw + carry), applied = ⌊eff + ½⌋,
    carry' = eff − applied; raw ≤ 0 leaves the carry untouched); testimony heals down to 0, a clamped heal banks
    no carry."""
    if cfg.carry:
        receives = receives & (units > 0)
        effective = np.maximum(units + carry, 0)
        applied = (effective + UNIT // 2) // UNIT
    else:
        applied = (units + UNIT // 2) // UNIT
    new = affliction + applied * (1 - 2 * testimony.view(np.int8))  # testimony heals: one multiply by ±1
    if not cfg.carry:  # no carry to bank: clamp at 0 and hand the carry back untouched
        np.maximum(new, 0, out=new)
        return (new - affliction) * receives, applied * receives, carry
    kept = new >= 0
    new = new * kept
    nxt = (effective - applied * UNIT) * kept
    return (new - affliction) * receives, applied * receives, carry + (nxt - carry) * receives


def combust_probability(dignity: np.ndarray, affliction: np.ndarray, threshold: np.ndarray) -> np.ndarray:
    """000 §11: r = min(1, A/T); P = r² domicile, r exaltation/neutral, min(½, r) detriment, √r fall."""
    r = np.minimum(1.0, affliction / threshold)
    p = np.where(dignity == DOMICILE, r * r, r)
    p = np.where(dignity == DETRIMENT, np.minimum(0.5, r), p)
    return np.where(dignity == FALL, np.sqrt(r), p)


def combust_probability_where(due: np.ndarray, dignity: np.ndarray, affliction: np.ndarray,
                              threshold: np.ndarray) -> np.ndarray:
    """``combust_probability`` where ``due``, 0 elsewhere (arguments broadcast to ``due``'s shape); the curve is
    evaluated only where a check is due."""
    at = np.unravel_index(np.flatnonzero(due), due.shape)  # ``nonzero``'s indices: far faster than it on 4-D
    out = np.zeros(due.shape)
    out[at] = combust_probability(*(_gather(a, at, due.shape) for a in (dignity, affliction, threshold)))
    return out


def _gather(array: np.ndarray, at: tuple[np.ndarray, ...], shape: tuple[int, ...]) -> np.ndarray:
    """``np.broadcast_to(array, shape)[at]`` read from ``array`` itself (index 0 along its broadcast axes):
    the same numbers without indexing a broadcast view."""
    array = np.asarray(array)
    array = array.reshape((1,) * (len(shape) - array.ndim) + array.shape)
    return array[tuple(i if n != 1 else 0 for i, n in zip(at, array.shape, strict=True))]
