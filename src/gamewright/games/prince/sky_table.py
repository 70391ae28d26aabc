"""The seven apparent longitudes of date as Chebyshev series in TT, fitted to the exact path: a chart's sky cheaply.

``data/sky_table.bin`` (built by ``sky_table_build`` from ``chart.exact_longitudes``, the astronomy-engine path)
holds, for each body, one Chebyshev series per segment of TT days from before 1800 to after 2199: the Moon's and
Mercury's segments are 8 days long, the others' 32. A longitude is one segment's series at one moment, within
``MAX_ERROR`` of the exact path (measured: ``benchmarks/prince_sky_table.py``; a test keeps a sample within it).
``chart`` uses a table longitude only further than ``chart.TABLE_MARGIN`` from every edge where a shown figure
changes, and the exact path otherwise, so every figure shown is the exact path's.

File format (little-endian): a 4-byte header length, a JSON header (per body: start TT, segment days, terms
per segment, segments, offset in floats, the rough series' terms and bound), then the float64 coefficients,
byte-shuffled (the eight bytes of every float stored as eight planes, which compresses) and zlib-compressed.
"""

from __future__ import annotations

import json
import struct
import zlib
from array import array
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

# degrees: the most a table longitude may differ from the exact path's; measured at most 4.6e-9 over 100,000 moments
# of 1800–2199 (benchmarks/prince_sky_table.py)
MAX_ERROR = 3e-8
TABLE_FILE = "sky_table.bin"
_BIG_ENDIAN = array("d", [1.0]).tobytes()[0] != 0  # 1.0's first byte is its sign and exponent on a big-endian machine


@dataclass(frozen=True, slots=True)
class BodySeries:
    """One body's segments: ``terms`` Chebyshev coefficients per segment of ``span`` TT days from ``start``."""

    start: float
    span: float
    terms: int
    segments: int
    coefficients: array  # float64, segment after segment
    rough_terms: int = 0  # the leading terms ``rough_longitude`` sums …
    rough_bound: float = 0.0  # … and the most the others add up to in any segment (degrees)

    def longitude(self, tt: float) -> float | None:
        """The longitude (degrees, unwrapped within the segment) at ``tt``; None outside the table."""
        return self.partial_sum(tt, self.terms)

    def rough_longitude(self, tt: float) -> float | None:
        """The series' first ``rough_terms`` terms: within ``rough_bound`` of ``longitude`` (every |T_k| ≤ 1), enough
        for a sign far from its edges at a third of the cost."""
        return self.partial_sum(tt, self.rough_terms)

    def partial_sum(self, tt: float, terms: int) -> float | None:
        """The first ``terms`` terms of the series of ``tt``'s segment at ``tt``; None outside the table."""
        u = (tt - self.start) / self.span
        if not 0.0 <= u < self.segments:
            return None
        i = int(u)
        return clenshaw(self.coefficients, i * self.terms, terms, 2.0 * (u - i) - 1.0)


def clenshaw(c: array, first: int, terms: int, x: float) -> float:
    """Σ_{k < terms} c[first + k]·T_k(x) by Clenshaw's recurrence."""
    twice = x + x
    b1 = b2 = 0.0
    for k in range(first + terms - 1, first, -1):
        b1, b2 = twice * b1 - b2 + c[k], b1
    return x * b1 - b2 + c[first]


class SignReader:
    """Signs off the rough longitudes of several bodies at once: the bodies sharing a segment layout share its
    arithmetic. ``margins`` are each body's distance from a sign's edge below which it does not decide."""

    def __init__(self, bodies: list[BodySeries], margins: list[float]) -> None:
        groups: dict[tuple[float, float, int], list[tuple[array, int, int, float, int]]] = {}
        for index, (body, margin) in enumerate(zip(bodies, margins, strict=True)):
            groups.setdefault((body.start, body.span, body.segments), []).append(
                (body.coefficients, body.terms, body.rough_terms, margin, index))
        self.count = len(bodies)
        self.groups = [(start, span, segments, tuple(members)) for (start, span, segments), members in groups.items()]

    def signs(self, tt: float) -> tuple[int, ...] | None:
        """Each body's sign (0 = Aries) at ``tt``, or None when one lies within its margin of an edge (or outside
        the table)."""
        out = [0] * self.count
        for start, span, segments, members in self.groups:
            u = (tt - start) / span
            if not 0.0 <= u < segments:
                return None
            i = int(u)
            x = 2.0 * (u - i) - 1.0
            for c, terms, rough_terms, margin, index in members:
                value = clenshaw(c, i * terms, rough_terms, x)
                within = value % 30.0
                if not margin < within < 30.0 - margin:
                    return None
                out[index] = int(value // 30.0) % 12
        return tuple(out)


def pack(header: dict[str, dict[str, float | int]], coefficients: array) -> bytes:
    """The file's bytes for a header and every body's coefficients (``sky_table_build`` writes them)."""
    head = json.dumps(header, sort_keys=True).encode()
    values = array("d", coefficients)
    if _BIG_ENDIAN:
        values.byteswap()
    body = values.tobytes()
    planes = b"".join(body[k::8] for k in range(8))
    return struct.pack("<I", len(head)) + head + zlib.compress(planes, 9)


def unpack(data: bytes) -> dict[str, BodySeries]:
    """Every body's series from the file's bytes."""
    (length,) = struct.unpack_from("<I", data)
    header = json.loads(data[4 : 4 + length])
    planes = zlib.decompress(data[4 + length :])
    count = len(planes) // 8
    body = bytearray(len(planes))
    for k in range(8):
        body[k::8] = planes[k * count : (k + 1) * count]
    values = array("d")
    values.frombytes(body)
    if _BIG_ENDIAN:
        values.byteswap()
    table = {}
    for name, entry in header.items():
        offset, terms, segments = int(entry["offset"]), int(entry["terms"]), int(entry["segments"])
        table[name] = BodySeries(float(entry["start"]), float(entry["span"]), terms, segments,
                                 values[offset : offset + terms * segments], int(entry.get("rough_terms", terms)),
                                 float(entry.get("rough_bound", 0.0)))
    return table


@cache
def table() -> dict[str, BodySeries]:
    """The packaged table, read once per process."""
    return unpack((files("gamewright.games.prince") / "data" / TABLE_FILE).read_bytes())
