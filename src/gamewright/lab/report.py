"""One self-contained HTML file per lab run: the question, the configuration, the tables and the plots."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from gamewright.lab import plots

STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:70rem;color:#222;line-height:1.4}
h1{font-size:1.5rem}h2{font-size:1.2rem;border-bottom:1px solid #ccc;margin-top:2rem}h3{font-size:1rem}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ddd;padding:.2rem .6rem;text-align:right}
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}.meta{color:#555}
.plots{display:flex;flex-wrap:wrap;gap:1rem}.plots svg{max-width:100%;height:auto}
.cols{display:flex;flex-wrap:wrap;gap:2rem}th{text-align:left;font-weight:500}td.v{text-align:left}
"""


def e(value: Any) -> str:
    return html.escape(str(value))


def pct(value: float) -> str:
    return f"{value:.1%}"


def interval(row: dict[str, Any], key: str = "rate") -> str:
    if key == "rate":
        return f"{pct(row['rate'])} [{pct(row['low95'])}–{pct(row['high95'])}]"
    return f"{row[key]:.3g} [{row['low95']:.3g}–{row['high95']:.3g}]"


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{e(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def kv_table(rows: Sequence[tuple[Any, Any]]) -> str:
    """Name–value rows, no header."""
    body = "".join(f"<tr><th>{e(k)}</th><td class=v>{e(v)}</td></tr>" for k, v in rows)
    return f"<table>{body}</table>"


def render(result: dict[str, Any], stored: dict[str, Any] | None = None) -> str:
    """The report of a result (``stored``: the history row, for its id and code version)."""
    kind = result["kind"]
    parts = [f"<h1>{e(result['question'])}</h1>", _meta(result, stored)]
    if kind == "simulate":
        parts += _side_sections([("", result)])
    elif kind == "compare":
        parts += _difference(result)
        parts += _side_sections([("A", result["a"]), ("B", result["b"])])
    else:
        parts += _sweep(result)
    title = e(result["question"])
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{title}</title>"
            f"<style>{STYLE}</style></head><body>{''.join(parts)}</body></html>\n")


def _meta(result: dict[str, Any], stored: dict[str, Any] | None) -> str:
    rows: list[tuple[str, Any]] = [("game", result["game"]), ("experiment", result["kind"]),
                                   ("games per configuration", result["games"]),
                                   ("seeds", f"{result['seed']} … {result['seed'] + result['games'] - 1}"),
                                   ("agents (one per seat)", ", ".join(result["agents"]))]
    if result["kind"] == "compare":
        rows += [("A", _variant(result["a"])), ("B", _variant(result["b"])),
                 ("pairing", "common random numbers: game i of A and of B start from the same seed")]
    elif result["kind"] == "sweep":
        rows += [("base", _variant(result)), ("parameter", result["param"]),
                 ("values", ", ".join(map(str, result["values"])))]
    else:
        rows.append(("configuration", _variant(result)))
    if stored:
        rows += [("stored run", stored["id"]), ("code version", stored["code_version"]),
                 ("recorded", stored["created_at"])]
    return "<h2>Configuration</h2>" + kv_table(rows)


def _variant(side: dict[str, Any]) -> str:
    parts = [f"ruleset={side['ruleset']}"] if side.get("ruleset") else []
    parts += [f"{k}={v}" for k, v in (side.get("options") or {}).items()]
    return ", ".join(parts) or "default rules"


def _difference(result: dict[str, Any]) -> list[str]:
    rows = [(d["seat"], pct(result["a"]["win_rates"][d["seat"]]["rate"]),
             pct(result["b"]["win_rates"][d["seat"]]["rate"]), f"{d['delta']:+.1%}",
             f"[{d['low95']:+.1%}, {d['high95']:+.1%}]", f"{d['mcnemar_p']:.4g}", d.get("a_only", ""),
             d.get("b_only", "")) for d in result["difference"]]
    header = ("seat", "A wins", "B wins", "B − A", "95% interval (paired)", "exact McNemar p",
              "only A won", "only B won")
    out = ["<h2>Paired difference</h2>", table(header, rows)]
    paired = result.get("paired_metrics", {})
    if paired:
        out.append(table(("metric", "B − A, game by game", "95% interval (Wald)"),
                         [(name, f"{d['delta']:+.4g}", f"[{d['low95']:+.4g}, {d['high95']:+.4g}]")
                          for name, d in paired.items()]))
    return out


def _side_sections(sides: Sequence[tuple[str, dict[str, Any]]]) -> list[str]:
    out = ["<h2>Win rates</h2>"]
    header = ["seat", *(f"{label} win rate [95%]".strip() for label, _ in sides)]
    seats = len(sides[0][1]["win_rates"])
    out.append(table(header, [(s, *(interval(side["win_rates"][s]) for _, side in sides)) for s in range(seats)]))
    unit = sides[0][1].get("length_unit", "actions")
    lengths = [(label or "games", side["length"]) for label, side in sides]
    out.append("<h2>Game length</h2>")
    out.append(table(("", "mean", "median", "p10", "p90"),
                     [(label, f"{ln['mean']:.1f}", f"{ln['median']:.1f}", f"{ln['p10']:.1f}", f"{ln['p90']:.1f}")
                      for label, ln in lengths]))
    out.append("<div class=plots>" + plots.win_rate_bars([(label or "win rate", side["win_rates"])
                                                         for label, side in sides])
               + plots.length_histograms([(label, ln["histogram"]) for label, ln in lengths], unit) + "</div>")
    out.append("<h2>Metrics</h2><div class=cols>")
    for label, side in sides:
        out.append(f"<div><h3>{e(label or 'this configuration')}</h3>{metrics_html(side['metrics'])}</div>")
    out.append("</div>")
    return out


def metrics_html(metrics: dict[str, Any]) -> str:
    """A game's metrics as tables: rates with intervals, counts and per-game means, nested by section."""
    out = []
    for name, value in metrics.items():
        if name == "headline":
            continue
        out.append(f"<h3>{e(name.replace('_', ' '))}</h3>")
        out.append(_value_html(value))
    return "".join(out)


def _cell(value: Any) -> str:
    if isinstance(value, dict) and {"rate", "low95", "high95"} <= value.keys():
        return interval(value) + (f" (n={value['n']})" if "n" in value else "")
    if isinstance(value, dict) and {"value", "low95", "high95"} <= value.keys():
        return interval(value, "value")
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _value_html(value: Any) -> str:
    if not isinstance(value, dict):
        return f"<p>{e(_cell(value))}</p>"
    if {"rate", "low95"} <= value.keys() or {"value", "low95"} <= value.keys():
        return f"<p>{e(_cell(value))}</p>"
    if all(not isinstance(v, dict) or {"low95", "high95"} <= v.keys() for v in value.values()):
        return kv_table([(k, _cell(v)) for k, v in value.items()])
    return "".join(f"<h3>{e(k)}</h3>{_value_html(v)}" for k, v in value.items())


def sweep_points(result: dict[str, Any]) -> dict[str, list[dict[str, float]]]:
    """Every plotted series of a sweep: each seat's win rate, the mean length, the game's headline metrics."""
    series: dict[str, list[dict[str, float]]] = {}
    for row in result["rows"]:
        for w in row["win_rates"]:
            series.setdefault(f"seat {w['seat']} win rate", []).append(
                {"value": w["rate"], "low95": w["low95"], "high95": w["high95"]})
        ln = row["length"]
        series.setdefault(f"mean length ({row.get('length_unit', 'actions')})", []).append(
            {"value": ln["mean"], "low95": ln["mean_low95"], "high95": ln["mean_high95"]})
        for name, point in row["metrics"].get("headline", {}).items():
            series.setdefault(name, []).append(
                {"value": point["value"], "low95": point["low95"], "high95": point["high95"]})
    return series


def _sweep(result: dict[str, Any]) -> list[str]:
    series = sweep_points(result)
    names = list(series)
    rows = [(v, *(interval(series[n][i], "value") for n in names)) for i, v in enumerate(result["values"])]
    out = ["<h2>Results by value</h2>", table((result["param"], *names), rows), "<h2>Curves</h2><div class=plots>"]
    out += [plots.sweep_curve(result["param"], result["values"], name, points) for name, points in series.items()]
    out.append("</div><h2>Game length</h2><div class=plots>")
    out.append(plots.length_histograms([(f"{result['param']}={row['value']}", row["length"]["histogram"])
                                        for row in result["rows"]], result["rows"][0].get("length_unit", "actions")))
    out.append("</div><h2>Metrics by value</h2><div class=cols>")
    for row in result["rows"]:
        out.append(f"<div><h3>{e(result['param'])} = {e(row['value'])}</h3>{metrics_html(row['metrics'])}</div>")
    out.append("</div>")
    return out
