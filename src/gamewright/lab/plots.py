"""The report's pictures, drawn with matplotlib as inline SVG (no files, no network, no global pyplot state)."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

COLOURS = ("#3a6ea5", "#c8553d", "#588b3c", "#8e5ea2", "#d4a017", "#4a9c9c")


def _svg(fig: Any) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    text = buffer.getvalue()
    text = re.sub(r"<metadata>.*?</metadata>", "", text, flags=re.DOTALL)  # RDF boilerplate, nothing drawn
    return text[text.index("<svg"):]  # drop the XML prologue: the SVG sits inside the HTML


def _figure(width: float = 6.4, height: float = 3.2) -> tuple[Any, Any]:
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = "gamewright"  # stable element ids
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height))
    return fig, fig.subplots()


def win_rate_bars(groups: Sequence[tuple[str, Sequence[dict[str, Any]]]]) -> str:
    """Grouped bars of each seat's win rate with its 95% interval, one group per configuration."""
    fig, ax = _figure()
    seats = max(len(rows) for _, rows in groups)
    width = 0.8 / len(groups)
    for g, (label, rows) in enumerate(groups):
        xs = [r["seat"] + (g - (len(groups) - 1) / 2) * width for r in rows]
        rates = [r["rate"] for r in rows]
        errors = [[max(0.0, r["rate"] - r["low95"]) for r in rows], [max(0.0, r["high95"] - r["rate"]) for r in rows]]
        ax.bar(xs, rates, width * 0.9, yerr=errors, capsize=4, label=label, color=COLOURS[g % len(COLOURS)])
    ax.set_xticks(range(seats), [f"P{s + 1}" for s in range(seats)])  # seats as the tables name them
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% Wilson)")
    if len(groups) > 1:
        ax.legend()
    return _svg(fig)


def length_histograms(groups: Sequence[tuple[str, dict[str, int]]], unit: str) -> str:
    """How long the games lasted, one outlined histogram per configuration."""
    fig, ax = _figure()
    every = [int(k) for _, histogram in groups for k in histogram]
    if every:
        low, high = min(every), max(every)
        # one set of bins for every group, so that the outlines compare: a bin per length when few, else 40
        edges = ([v - 0.5 for v in range(low, high + 2)] if high - low < 60
                 else [low + (high - low) * i / 40 for i in range(41)])
        for g, (label, histogram) in enumerate(groups):
            values = [int(k) for k in histogram]
            if values:
                ax.hist(values, bins=edges, weights=[histogram[k] for k in histogram], histtype="step", linewidth=2,
                        label=label, color=COLOURS[g % len(COLOURS)])
    ax.set_xlabel(f"game length ({unit})")
    ax.set_ylabel("games")
    if len(groups) > 1:
        ax.legend()
    return _svg(fig)


def sweep_curve(param: str, values: Sequence[Any], name: str, points: Sequence[dict[str, float]]) -> str:
    """One metric against the swept parameter, with its 95% interval as a band."""
    fig, ax = _figure(5.2, 2.8)
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    xs: list[Any] = list(values) if numeric else list(range(len(values)))
    ax.fill_between(xs, [p["low95"] for p in points], [p["high95"] for p in points], alpha=0.25,
                    color=COLOURS[0], label="95% interval")
    ax.plot(xs, [p["value"] for p in points], marker="o", color=COLOURS[0], label=name)
    if not numeric:
        ax.set_xticks(xs, [str(v) for v in values])
    ax.set_xlabel(param)
    ax.set_ylabel(name)
    ax.set_title(name)
    return _svg(fig)
