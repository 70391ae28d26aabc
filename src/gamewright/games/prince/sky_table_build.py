"""Build ``data/sky_table.bin``: Chebyshev series of the seven exact longitudes over 1800–2199 (``sky_table``).

``python -m gamewright.games.prince.sky_table_build [PROCESSES]`` samples ``chart.exact_longitudes`` at each
segment's Chebyshev nodes (first kind) in TT, unwraps the samples within the segment and stores the
interpolating series' coefficients. It is deterministic; it takes about a minute on one core.
"""

from __future__ import annotations

import math
import sys
from array import array
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import astronomy
import numpy as np

from gamewright.games.prince.sky_table import TABLE_FILE, pack
from gamewright.games.prince.tables import PLANETS

# TT days from J2000: 1800-01-01 00:00 UT is at −73048.5, 2200-01-01 at +73048.5; a segment's length divides START.
START = -73088.0
END = 73088.0
QUANTUM = 2.0**-36  # degrees
ROUGH_BOUND = 0.05  # degrees: the most the terms a rough longitude leaves out may add up to (a sign decides
# from it when further than that from its edges: about 1.5% of charts are nearer for some body)
# (segment days, Chebyshev terms) per body: each well within sky_table.MAX_ERROR (benchmarks/prince_sky_table.py)
LAYOUT: dict[str, tuple[float, int]] = {
    "Sun": (32.0, 17),
    "Moon": (8.0, 14),
    "Mercury": (8.0, 12),
    "Venus": (32.0, 17),
    "Mars": (32.0, 17),
    "Jupiter": (32.0, 17),
    "Saturn": (32.0, 17),
}


def nodes(terms: int) -> np.ndarray:
    """The Chebyshev nodes of the first kind on [−1, 1], highest first."""
    return np.cos(math.pi * (np.arange(terms) + 0.5) / terms)


def fit(samples: np.ndarray) -> np.ndarray:
    """The coefficients of the series interpolating ``samples`` taken at ``nodes(len(samples))``, each rounded to
    a multiple of ``QUANTUM`` (the low bits left zero compress; the series moves by at most 17 × 2⁻³⁷ ≈ 1.2e-10°)."""
    n = len(samples)
    k = np.arange(n)[:, None]
    coefficients = 2.0 / n * (np.cos(math.pi * k * (np.arange(n) + 0.5) / n) @ samples)
    coefficients[0] /= 2.0
    return np.round(coefficients / QUANTUM) * QUANTUM


def rough_cut(coefficients: np.ndarray) -> tuple[int, float]:
    """The fewest leading terms whose left-out rest adds up to at most ``ROUGH_BOUND`` in every segment (rows),
    and that largest rest."""
    rest = np.cumsum(np.abs(coefficients)[:, ::-1], axis=1)[:, ::-1].max(axis=0)  # rest[m]: Σ_{k ≥ m} |c_k|
    for m in range(2, coefficients.shape[1]):
        if rest[m] <= ROUGH_BOUND:
            return m, float(rest[m])
    return coefficients.shape[1], 0.0


def _group_segments(layout: tuple[float, int], names: tuple[str, ...], first: int, last: int) -> list[list[float]]:
    """Coefficients of segments ``first``…``last − 1`` for bodies sharing one layout, flattened per body."""
    from gamewright.games.prince.chart import exact_longitudes

    span, terms = layout
    x = nodes(terms)
    out: list[list[float]] = [[] for _ in names]
    for segment in range(first, last):
        begin = START + segment * span
        samples = [exact_longitudes(astronomy.Time.FromTerrestrialTime(begin + (v + 1.0) / 2.0 * span), names)
                   for v in x]
        for j, name in enumerate(names):
            values = np.unwrap(np.array([s[name] for s in samples]), period=360.0)
            out[j].extend(fit(values).tolist())
    return out


def build(processes: int = 2) -> bytes:
    """The table file's bytes."""
    groups: dict[tuple[float, int], tuple[str, ...]] = {}
    for name in PLANETS:
        groups[LAYOUT[name]] = (*groups.get(LAYOUT[name], ()), name)
    header: dict[str, dict[str, float | int]] = {}
    coefficients = array("d")
    with ProcessPoolExecutor(processes) as pool:
        for layout, names in groups.items():
            segments = math.ceil((END - START) / layout[0])
            cuts = list(range(0, segments, 256)) + [segments]
            parts = list(pool.map(_group_segments, [layout] * (len(cuts) - 1), [names] * (len(cuts) - 1),
                                  cuts[:-1], cuts[1:]))
            for j, name in enumerate(names):
                values = [v for part in parts for v in part[j]]
                rough_terms, rough_bound = rough_cut(np.array(values).reshape(segments, layout[1]))
                header[name] = {"start": START, "span": layout[0], "terms": layout[1], "segments": segments,
                                "offset": len(coefficients), "rough_terms": rough_terms, "rough_bound": rough_bound}
                coefficients.extend(values)
    return pack(header, coefficients)


def main() -> None:
    processes = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    path = Path(__file__).parent / "data" / TABLE_FILE
    path.write_bytes(build(processes))
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
