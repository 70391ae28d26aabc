"""Numbers as a person reads them: chances as percentages, expectations as short decimals, the exact value on
demand (a tooltip, and the text a long-press or focus shows) — never a long fraction in the visible text.

``percent`` and ``decimal`` give plain strings; ``pct`` and ``num`` give the marked-up span the templates
show (its ``title`` holds the exact value). The engine's exact values arrive as ``Fraction``s, ints, floats or
the ``{"p": "n/d", "float": x}`` / ``{"value": "n/d"}`` shapes of the previews; every one is accepted.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from markupsafe import Markup, escape


def exact_of(x: Any) -> Fraction | None:
    """The exact value of ``x`` in any shape the engines send (None when it is not a number)."""
    if isinstance(x, dict):
        for key in ("p", "value", "exact", "fraction"):
            if key in x:
                return exact_of(x[key])
        if "float" in x:
            return exact_of(x["float"])
        return None
    if isinstance(x, bool) or x is None:
        return None
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    if isinstance(x, float):
        return Fraction(x).limit_denominator(10**9)
    if isinstance(x, str):
        try:
            return Fraction(x.strip())
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _round(x: Fraction, places: int) -> Decimal:
    """Half-up, as the documents round."""
    q = Decimal(1).scaleb(-places)
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(q, rounding=ROUND_HALF_UP)


def percent(x: Any) -> str:
    """A chance as a percentage: whole where that is exact or large, else one decimal (``4.2%``); a chance that
    is possible but rounds to nothing reads ``<0.1%`` (and just short of certain ``>99.9%``)."""
    p = exact_of(x)
    if p is None:
        return "—"
    hundred = p * 100
    if hundred.denominator == 1:
        return f"{hundred.numerator}%"
    if 0 < hundred < Fraction(1, 20):
        return "<0.1%"
    if Fraction(9995, 100) < hundred < 100:
        return ">99.9%"
    shown = _round(hundred, 1)
    text = f"{shown:.1f}".rstrip("0").rstrip(".") if abs(shown) >= 10 else f"{shown:.1f}"
    return f"{text}%"


def decimal(x: Any, signed: bool = False) -> str:
    """An expected value or average as a short decimal: two places below 10, one below 100, whole above."""
    v = exact_of(x)
    if v is None:
        return "—"
    places = 2 if abs(v) < 10 else 1 if abs(v) < 100 else 0
    shown = _round(v, places)
    text = f"{shown:.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", "+0"):
        text = "0"
    if signed and not text.startswith("-") and text != "0":
        text = "+" + text
    return text


def exact_text(x: Any) -> str:
    """The exact value spelled out: the fraction, and its decimal when it is not whole."""
    v = exact_of(x)
    if v is None:
        return str(x)
    if v.denominator == 1:
        return str(v.numerator)
    return f"exactly {v.numerator}/{v.denominator} ≈ {float(v):.6g}"


def _span(shown: str, x: Any) -> Markup:
    return Markup('<span class="num" tabindex="0" title="{}">{}</span>').format(exact_text(x), shown)


def pct(x: Any) -> Markup:
    """A chance for a template: ``4.2%`` with its exact value on demand."""
    return _span(percent(x), x)


def num(x: Any, signed: bool = False) -> Markup:
    """An expectation for a template: ``11.03`` → ``11`` with its exact value on demand."""
    return _span(decimal(x, signed), x)


def template_helpers() -> dict[str, Any]:
    """The helpers every template may call."""
    return {"pct": pct, "num": num, "percent": percent, "decimal": decimal, "escape": escape}
