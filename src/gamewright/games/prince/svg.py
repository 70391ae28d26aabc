"""A chart wheel as SVG: the zodiac ring, whole-sign houses from the ascendant, planets and aspect lines.

Drawn as astrologers draw it: the ascendant at 9 o'clock, longitudes increasing counter-clockwise, houses
1–6 below the horizon and 7–12 above. Plain SVG 1.1 with no scripts or external files.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from gamewright.games.prince.chart import Chart
from gamewright.games.prince.tables import PLANETS, SIGN_ELEMENT, SIGNS

WIDTH, HEIGHT = 860, 920
CX, CY = 430.0, 490.0
R_OUTER = 360.0  # outside of the zodiac ring
R_SIGN_INNER = 298.0  # zodiac ring / house ring border
R_HOUSE_INNER = 262.0  # house ring / planet field border
R_ASPECT = 118.0  # the circle aspect lines are drawn in

TEXT_VS = "\ufe0e"  # ask for the text (not emoji) presentation of a symbol
SIGN_GLYPHS = tuple(chr(0x2648 + i) + TEXT_VS for i in range(12))  # ♈ … ♓
PLANET_GLYPHS = {
    "Sun": "\u2609",
    "Moon": "\u263d",
    "Mercury": "\u263f",
    "Venus": "\u2640",
    "Mars": "\u2642",
    "Jupiter": "\u2643",
    "Saturn": "\u2644",
}
ELEMENT_FILL = {"fire": "#fbd9c9", "earth": "#dfe8c8", "air": "#fbf1c0", "water": "#cfe2f3"}
ELEMENT_INK = {"fire": "#b23a12", "earth": "#4d6b1f", "air": "#8a6d00", "water": "#1f5f99"}
ASPECT_STYLE = {  # colour, dash pattern
    "conjunction": ("#c28a00", ""),
    "sextile": ("#2f7fd0", "6 4"),
    "square": ("#d2312b", ""),
    "trine": ("#2b9a4a", ""),
    "opposition": ("#7b3fb5", "10 4"),
}
DIGNITY_MARK = {"domicile": "dom", "exaltation": "exalt", "neutral": "", "detriment": "detr", "fall": "fall"}
FONT = "DejaVu Sans, Noto Sans Symbols, Segoe UI Symbol, Arial Unicode MS, sans-serif"
LABEL_HEIGHT = 50.0
LABEL_RADII = (210.0, 160.0)  # outer and inner ring of planet labels
LIT_FILL = "#ffe9a8"  # an illuminated house (000 §12)


@dataclass(frozen=True, slots=True)
class WheelProgress:
    """A Prince's progress as the wheel shows it (000 §12): locked planets dim, active aspects bright, latent
    aspects faint, illuminated houses gold with their count."""

    unlocked: frozenset[str]
    active: frozenset[frozenset[str]]  # planet pairs whose aspect propagates
    illumination: tuple[int, ...]  # per house 1..12

    @classmethod
    def from_report(cls, report: dict[str, Any]) -> WheelProgress:
        """From ``progression.progress_report``."""
        return cls(
            frozenset(report["unlocked_planets"]),
            frozenset(frozenset(a["planets"]) for a in report["active_aspects"]),
            tuple(int(report["illumination"][str(h)]) for h in range(1, 13)),
        )

    def aspect_state(self, p1: str, p2: str) -> str:
        return "active" if frozenset((p1, p2)) in self.active else "latent"


def _angle(chart: Chart, longitude: float) -> float:
    """Screen angle (radians, maths convention) of an ecliptic longitude: the ascendant sits at 180°."""
    return math.radians(180.0 + (longitude - chart.ascendant))


def _point(angle: float, radius: float) -> tuple[float, float]:
    return CX + radius * math.cos(angle), CY - radius * math.sin(angle)


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _xy(angle: float, radius: float) -> str:
    x, y = _point(angle, radius)
    return f"{_fmt(x)},{_fmt(y)}"


def _wedge(a1: float, a2: float, r_in: float, r_out: float) -> str:
    """An annular sector from angle a1 to a2 (counter-clockwise on screen)."""
    large = 1 if (a2 - a1) % (2 * math.pi) > math.pi else 0
    return (
        f"M {_xy(a1, r_out)} A {_fmt(r_out)},{_fmt(r_out)} 0 {large} 0 {_xy(a2, r_out)} "
        f"L {_xy(a2, r_in)} A {_fmt(r_in)},{_fmt(r_in)} 0 {large} 1 {_xy(a1, r_in)} Z"
    )


@dataclass(frozen=True, slots=True)
class LabelBox:
    """Where a planet's label block (glyph, name, degree) is drawn: centre and size in pixels."""

    x: float
    y: float
    width: float
    height: float

    def overlaps(self, other: LabelBox, margin: float = 2.0) -> bool:
        return (
            abs(self.x - other.x) * 2 < self.width + other.width + 2 * margin
            and abs(self.y - other.y) * 2 < self.height + other.height + 2 * margin
        )

    def corners(self) -> list[tuple[float, float]]:
        hw, hh = self.width / 2, self.height / 2
        return [(self.x + dx, self.y + dy) for dx in (-hw, hw) for dy in (-hh, hh)]


def _label_size(chart: Chart, name: str) -> tuple[float, float]:
    degree = _degree_line(chart, name)
    width = max(26.0, len(name) * 7.4, len(degree) * 5.9) + 4
    return width, LABEL_HEIGHT


def layout_labels(chart: Chart) -> dict[str, LabelBox]:
    """Label boxes that never overlap: each as near its planet's true angle as the others allow.

    Planets are placed in longitude order; each takes the free spot (outer ring first, then the inner one)
    with the smallest angular offset, inside the planet field between the house ring and the aspect circle.
    """
    placed: dict[str, LabelBox] = {}
    for name in sorted(PLANETS, key=lambda n: chart.planets[n].longitude):
        width, height = _label_size(chart, name)
        candidates = (LabelBox(*_point(angle, radius), width, height) for angle, radius in _spots(chart, name))
        fits = (box for box in candidates if _inside_field(box) and not any(box.overlaps(o) for o in placed.values()))
        fallback = LabelBox(*_point(_angle(chart, chart.planets[name].longitude), LABEL_RADII[0]), width, height)
        placed[name] = next(fits, fallback)
    return placed


def _spots(chart: Chart, name: str) -> Iterator[tuple[float, float]]:
    """Candidate (angle, radius) label spots, nearest the planet's true angle first, outer ring first."""
    true_deg = chart.planets[name].longitude
    for step in range(0, 181):
        for offset in (0.0,) if step == 0 else (float(step), -float(step)):
            for radius in LABEL_RADII:
                yield _angle(chart, true_deg + offset), radius


def _inside_field(box: LabelBox) -> bool:
    """The box lies between the aspect circle and the house ring."""
    return all(R_ASPECT + 3 <= math.hypot(x - CX, y - CY) <= R_HOUSE_INNER - 12 for x, y in box.corners())


def _degree_line(chart: Chart, name: str) -> str:
    placement = chart.planets[name]
    mark = DIGNITY_MARK[placement.dignity]
    return _degree_text(placement.longitude) + (f" {mark}" if mark else "")


def _text(
    x: float, y: float, content: str, size: float, fill: str = "#222", weight: str = "normal", **attrs: str
) -> str:
    extra = "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
    return (
        f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{_fmt(size)}" fill="{fill}" font-weight="{weight}" '
        f'text-anchor="middle" dy="0.35em"{extra}>{escape(content)}</text>'
    )


def _line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float, **attrs: str) -> str:
    extra = "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
    return (
        f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
        f'stroke="{stroke}" stroke-width="{_fmt(width)}"{extra}/>'
    )


def _degree_text(longitude: float) -> str:
    within = longitude % 30
    degrees = int(within)
    minutes = int((within - degrees) * 60)
    return f"{degrees}°{minutes:02d}′"


@dataclass(frozen=True, slots=True)
class WheelLook:
    """How a wheel is embedded in a page: ``id_prefix`` gives every aspect line and planet an id
    (``<prefix>-aspect-<p1>-<p2>``, ``<prefix>-planet-<name>``) for styles to select; ``inline`` leaves out the
    XML declaration and the fixed size (the viewBox scales it); ``subtitle`` replaces the moment line (a chart
    known only by its signs); ``degrees`` False hides degree positions (they are placeholders then);
    ``combust`` planets are struck through."""

    id_prefix: str = ""
    inline: bool = False
    subtitle: str | None = None
    degrees: bool = True
    combust: frozenset[str] = frozenset()


def _id(look: WheelLook, *parts: str) -> str:
    return f' id="{look.id_prefix}-{"-".join(parts)}"' if look.id_prefix else ""


def chart_svg(
    chart: Chart, title: str | None = None, progress: WheelProgress | None = None, look: WheelLook | None = None
) -> str:
    """The chart wheel of ``chart`` as an SVG document (``title``: e.g. the Prince's name; ``progress``: the
    Prince's unlocks, aspects and illumination, drawn onto the wheel; ``look``: how a page embeds it)."""
    look = look or WheelLook()
    size = "" if look.inline else f' width="{WIDTH}" height="{HEIGHT}"'
    out: list[str] = [] if look.inline else ['<?xml version="1.0" encoding="UTF-8"?>']
    heading = title or "Natal chart"
    named = f' role="img" aria-label={quoteattr(heading + " — chart wheel")}' if look.inline else ""
    out += [
        f'<svg xmlns="http://www.w3.org/2000/svg"{size} viewBox="0 0 {WIDTH} {HEIGHT}" font-family={quoteattr(FONT)}'
        f"{named}>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
    ]
    moment = chart.moment
    sub = look.subtitle or (
        f"{moment.time_text}  ·  lat {moment.lat:+.2f}  lon {moment.lon:+.2f}  ·  "
        f"ASC {_degree_text(chart.ascendant)} {SIGNS[chart.asc_sign]}  ·  "
        f"{'diurnal (day)' if chart.sect == 'day' else 'nocturnal (night)'}"
    )
    out.append(f"<title>{escape(heading)} — {escape(look.subtitle or str(moment))}</title>")
    out.append(_text(WIDTH / 2, 30, heading, 24, weight="bold", class_="title"))
    out.append(_text(WIDTH / 2, 60, sub, 14, fill="#444", class_="subtitle"))

    # Zodiac ring: one sector per sign, tinted by element.
    out.append('<g class="signs">')
    for sign in range(12):
        a1 = _angle(chart, sign * 30.0)
        a2 = _angle(chart, sign * 30.0 + 30.0)
        element = SIGN_ELEMENT[sign]
        out.append(
            f'<path class="sign-sector" data-sign="{SIGNS[sign]}" d="{_wedge(a1, a2, R_SIGN_INNER, R_OUTER)}" '
            f'fill="{ELEMENT_FILL[element]}" stroke="#666" stroke-width="1"/>'
        )
    for sign in range(12):  # labels after every sector, so no neighbour's fill covers them
        element = SIGN_ELEMENT[sign]
        mx, my = _point(_angle(chart, sign * 30.0 + 15.0), (R_OUTER + R_SIGN_INNER) / 2)
        out.append(_text(mx, my - 8, SIGN_GLYPHS[sign], 24, fill=ELEMENT_INK[element], class_="sign-glyph"))
        out.append(_text(mx, my + 15, SIGNS[sign], 10, fill=ELEMENT_INK[element], class_="sign-name"))
    out.append("</g>")

    # Degree ticks every 5° on the inside of the zodiac ring.
    out.append('<g class="ticks" stroke="#888">')
    for degree in range(0, 360, 5):
        a = _angle(chart, float(degree))
        length = 8 if degree % 10 == 0 else 4
        x1, y1 = _point(a, R_SIGN_INNER)
        x2, y2 = _point(a, R_SIGN_INNER - length)
        out.append(f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" stroke-width="0.8"/>')
    out.append("</g>")

    # Whole-sign houses: house n is the n-th sign from the ascendant's sign.
    out.append('<g class="houses">')
    for number in range(1, 13):
        sign = (chart.asc_sign + number - 1) % 12
        a1 = _angle(chart, sign * 30.0)
        a2 = _angle(chart, sign * 30.0 + 30.0)
        angular = number in (1, 4, 7, 10)
        lit = progress.illumination[number - 1] if progress is not None else 0
        fill = LIT_FILL if lit else ("#f1f1f6" if angular else "#fafafa")
        out.append(
            f'<path class="house" data-house="{number}" data-illuminated="{lit}" '
            f'd="{_wedge(a1, a2, R_HOUSE_INNER, R_SIGN_INNER - 8)}" fill="{fill}" stroke="#999" stroke-width="0.8"/>'
        )
        hx, hy = _point(_angle(chart, sign * 30.0 + 15.0), (R_HOUSE_INNER + R_SIGN_INNER - 8) / 2)
        label = f"{number} ✦{lit}" if lit else str(number)
        out.append(_text(hx, hy, label, 13, fill="#555", weight="bold" if angular else "normal", class_="house-number"))
    # House cusps (sign boundaries) run into the planet field, faintly.
    for sign in range(12):
        a = _angle(chart, sign * 30.0)
        x1, y1 = _point(a, R_HOUSE_INNER)
        x2, y2 = _point(a, R_ASPECT)
        out.append(_line(x1, y1, x2, y2, "#d6d6d6", 0.8))
    out.append("</g>")

    # Horizon: the ascendant at 9 o'clock, the descendant opposite.
    asc_a = _angle(chart, chart.ascendant)
    dsc_a = asc_a + math.pi
    ax, ay = _point(asc_a, R_OUTER + 6)
    dx, dy = _point(dsc_a, R_OUTER + 6)
    out.append(
        f'<line class="horizon" x1="{_fmt(ax)}" y1="{_fmt(ay)}" x2="{_fmt(dx)}" y2="{_fmt(dy)}" '
        'stroke="#333" stroke-width="1.6" stroke-dasharray="2 5" opacity="0.55"/>'
    )
    lx, ly = _point(asc_a, R_OUTER + 30)
    out.append(_text(lx, ly - 8, "ASC", 14, fill="#111", weight="bold", class_="asc-label"))
    if look.degrees:
        out.append(_text(lx, ly + 9, _degree_text(chart.ascendant), 11, fill="#333"))
    rx, ry = _point(dsc_a, R_OUTER + 30)
    out.append(_text(rx, ry, "DSC", 12, fill="#555", weight="bold"))

    # Aspect lines between the planets' true positions on the inner circle.
    out.append(
        f'<circle cx="{_fmt(CX)}" cy="{_fmt(CY)}" r="{_fmt(R_ASPECT)}" fill="#ffffff" stroke="#bbb" stroke-width="1"/>'
    )
    out.append('<g class="aspects">')
    for p1, p2, kind in chart.aspects:
        colour, dash = ASPECT_STYLE[kind]
        x1, y1 = _point(_angle(chart, chart.planets[p1].longitude), R_ASPECT)
        x2, y2 = _point(_angle(chart, chart.planets[p2].longitude), R_ASPECT)
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        state = "" if progress is None else progress.aspect_state(p1, p2)
        width, opacity = {"": ("2", "0.85"), "active": ("3", "1"), "latent": ("1.2", "0.22")}[state]
        state_attr = f' data-state="{state}"' if state else ""
        out.append(
            f'<line class="aspect"{_id(look, "aspect", p1, p2)} data-aspect="{kind}" data-planets="{p1} {p2}"'
            f'{state_attr} x1="{_fmt(x1)}" '
            f'y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" stroke="{colour}" stroke-width="{width}"{dash_attr} '
            f'opacity="{opacity}"/>'
        )
    out.append("</g>")

    # Planets: a tick at the true longitude, the glyph and name nudged apart where they crowd.
    labels = layout_labels(chart)
    out.append('<g class="planets">')
    for name in PLANETS:
        placement = chart.planets[name]
        true_a = _angle(chart, placement.longitude)
        box = labels[name]
        ink = "#1d1d1d" if placement.in_sect else "#8a8a8a"
        locked = progress is not None and name not in progress.unlocked
        dim = ' data-state="locked" opacity="0.3"' if locked else ""
        burnt = ' data-combust="yes"' if name in look.combust else ""
        out.append(
            f'<g class="planet"{_id(look, "planet", name)} data-planet="{name}" data-sign="{placement.sign_name}"'
            f"{burnt}{dim}>"
        )
        tx1, ty1 = _point(true_a, R_HOUSE_INNER)
        tx2, ty2 = _point(true_a, R_HOUSE_INNER - 10)
        out.append(_line(tx1, ty1, tx2, ty2, "#111", 2))
        out.append(_line(tx2, ty2, box.x, box.y, "#aaa", 0.8))
        px, py = _point(true_a, R_ASPECT)
        out.append(f'<circle cx="{_fmt(px)}" cy="{_fmt(py)}" r="3.2" fill="#222"/>')
        out.append("</g>")
    # Label blocks go on top of every leader line; a white card keeps them legible.
    for name in PLANETS:
        placement = chart.planets[name]
        box = labels[name]
        ink = "#1d1d1d" if placement.in_sect else "#8a8a8a"
        dim = ' opacity="0.3"' if progress is not None and name not in progress.unlocked else ""
        out.append(
            f'<g class="planet-label" data-planet="{name}"{dim}>'
            f'<rect x="{_fmt(box.x - box.width / 2)}" y="{_fmt(box.y - box.height / 2)}" width="{_fmt(box.width)}" '
            f'height="{_fmt(box.height)}" rx="4" fill="#ffffff" fill-opacity="0.9"/>'
        )
        top = box.y - box.height / 2
        out.append(_text(box.x, top + 12, PLANET_GLYPHS[name], 22, fill=ink, class_="planet-glyph"))
        out.append(_text(box.x, top + 31, name, 11, fill=ink, weight="bold", class_="planet-name"))
        if name in look.combust:  # in place of the degree line
            out.append(_text(box.x, top + 43, "✕ combust", 10, fill="#a11", weight="bold", class_="planet-combust"))
        elif look.degrees:
            out.append(_text(box.x, top + 43, _degree_line(chart, name), 9.5, fill="#555", class_="planet-degree"))
        out.append("</g>")
    out.append("</g>")

    # Legend: aspect colours (with counts) and element tints.
    counts = {kind: sum(1 for _, _, k in chart.aspects if k == kind) for kind in ASPECT_STYLE}
    out.append('<g class="legend" transform="translate(692,88)">')
    out.append('<rect x="0" y="0" width="160" height="138" rx="6" fill="#ffffff" stroke="#bbb"/>')
    out.append('<text x="10" y="18" font-size="12" font-weight="bold" fill="#222">Aspects</text>')
    for i, (kind, (colour, dash)) in enumerate(ASPECT_STYLE.items()):
        y = 36 + i * 20
        dashes = {"stroke_dasharray": dash} if dash else {}
        out.append(_line(10, y, 44, y, colour, 3, class_="legend-line", **dashes))
        out.append(f'<text x="52" y="{y + 4}" font-size="12" fill="#222">{kind} ({counts[kind]})</text>')
    out.append("</g>")
    out.append('<g class="legend-elements" transform="translate(8,88)">')
    out.append('<rect x="0" y="0" width="120" height="104" rx="6" fill="#ffffff" stroke="#bbb"/>')
    out.append('<text x="10" y="18" font-size="12" font-weight="bold" fill="#222">Elements</text>')
    for i, element in enumerate(("fire", "earth", "air", "water")):
        y = 30 + i * 18
        out.append(f'<rect x="10" y="{y}" width="22" height="12" fill="{ELEMENT_FILL[element]}" stroke="#888"/>')
        out.append(f'<text x="40" y="{y + 10}" font-size="12" fill="{ELEMENT_INK[element]}">{element}</text>')
    out.append("</g>")
    out.append(
        _text(
            WIDTH / 2,
            HEIGHT - 14,
            "Whole-sign houses from the ascendant · grey planets: out of sect · dom/exalt/detr/fall: dignity",
            11,
            fill="#666",
        )
    )
    if progress is not None:
        key = "Progress: faded planets are locked · bold lines: active aspects, faint: latent · gold ✦n: lit n times"
        out.append(_text(WIDTH / 2, HEIGHT - 32, key, 11, fill="#666", class_="progress-key"))
    out.append("</svg>")
    return "\n".join(out) + "\n"
