"""One self-contained HTML file per lab run: the question, the configuration, the tables and the plots."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from gamewright.lab import plots
from gamewright.lab.analysis import seat_label

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
    elif kind == "ladder":
        parts += _ladder(result)
    else:
        parts += _sweep(result)
    parts.append(METHODS)
    title = e(result["question"])
    return (f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{title}</title>"
            f"<style>{STYLE}</style></head><body>{''.join(parts)}</body></html>\n")


METHODS = ("<h2>How the intervals are computed</h2><p class=meta>Every interval is 95%. Win rates and other "
           "rates: Wilson's score interval. Paired win-rate differences B − A: exact and conditional on the games "
           "only one side won (Clopper–Pearson on their split, scaled to all games), so the interval excludes 0 "
           "exactly when the exact McNemar test rejects at 5%. Means of counts (rounds, deaths) and other "
           "non-negative values: a BCa bootstrap (2,000 resamples from a fixed seed; a count sample with no "
           "spread: the exact Poisson interval), never below 0. Paired differences of lengths and metrics: "
           "Student's t, with the paired t test's p. The seat test: Pearson's chi-square over the games one seat "
           "won, and per seat an exact binomial test of its share against an equal one, Holm-adjusted over three or "
           "more seats.</p>")


def _meta(result: dict[str, Any], stored: dict[str, Any] | None) -> str:
    rows: list[tuple[str, Any]] = [("game", result["game"]), ("experiment", result["kind"]),
                                   ("games per configuration", result["games"]),
                                   ("seeds", f"{result['seed']} … {result['seed'] + result['games'] - 1}"),
                                   ("agents (one per seat)", ", ".join(result["agents"]))]
    if result["kind"] == "compare":
        rows += [("A", _variant(result["a"])), ("B", _variant(result["b"])),
                 ("pairing", "common random numbers: game i of A and of B start from the same seed")]
    elif result["kind"] == "ladder":
        rows[2] = ("games per pair", result["games_per_pair"])
        rows[4] = ("agents", ", ".join(result["agents"]))
        rows += [("configuration", _variant(result)),
                 ("pairing", "every pair plays the same seeds; the agents change seats on odd games")]
    elif result["kind"] == "sweep":
        rows += [("base", _variant(result)), ("parameter", result["param"]),
                 ("values", ", ".join(map(str, result["values"])))]
    else:
        rows.append(("configuration", _variant(result)))
    if stored:
        rows += [("stored run", stored["id"]), ("code version", stored["code_version"]),
                 ("recorded", stored["created_at"])]
    return "<h2>Configuration</h2>" + kv_table(rows)


def _ladder(result: dict[str, Any]) -> list[str]:
    """The ratings (openskill Plackett–Luce, mu ± 1.96 sigma) and every pair's wins with a Wilson interval."""
    ratings = table(["rank", "agent", "rating (mu)", "95% range", "sigma"],
                    [(r["rank"], r["agent"], f"{r['mu']:.2f}", f"[{r['low95']:.2f}, {r['high95']:.2f}]",
                      f"{r['sigma']:.2f}") for r in result["ratings"]])
    pairs = table(["A", "B", "A wins", "B wins", "draws", "A's share of decided games [95%]"],
                  [(p["a"], p["b"], p["a_wins"], p["b_wins"], p["draws"],
                    "—" if p["a_share"] is None else
                    f"{pct(p['a_share'])} [{pct(p['interval'][0])}, {pct(p['interval'][1])}]")
                   for p in result["pairs"]])
    return ["<h2>Ratings</h2>", ratings, "<h2>Pairs</h2>", pairs,
            "<p class=meta>Ratings: openskill's Plackett–Luce model updated game by game in a fixed order; the "
            "range is mu ± 1.96 sigma. A pair's interval: Wilson's, over the games one of the two won.</p>"]


def _variant(side: dict[str, Any]) -> str:
    parts = [f"ruleset={side['ruleset']}"] if side.get("ruleset") else []
    parts += [f"{k}={v}" for k, v in (side.get("options") or {}).items()]
    return ", ".join(parts) or "default rules"


def _win_differences(differences: Sequence[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(seat_label(d["seat"]), f"{d['delta']:+.1%}", f"[{d['low95']:+.1%}, {d['high95']:+.1%}]",
             f"{d['mcnemar_p']:.4g}", d.get("a_only", ""), d.get("b_only", "")) for d in differences]


def _paired_rows(step: dict[str, Any], unit: str) -> list[tuple[Any, ...]]:
    """Game length and the game's paired metrics, B − A game by game (t intervals)."""
    rows = []
    if "length" in step:
        rows.append((f"length ({unit})", step["length"]))
    rows += list(step.get("paired_metrics", {}).items())
    return [(name, f"{d['delta']:+.4g}", f"[{d['low95']:+.4g}, {d['high95']:+.4g}]",
             f"{d['p']:.4g}" if "p" in d else "") for name, d in rows]


PAIRED_HEADER = ("", "B − A, game by game", "95% interval (t)", "paired t test p")
WIN_HEADER = ("seat", "B − A", "95% interval (exact, paired)", "exact McNemar p", "only A won", "only B won")


def _difference(result: dict[str, Any]) -> list[str]:
    rows = [(label, pct(result["a"]["win_rates"][d["seat"]]["rate"]), pct(result["b"]["win_rates"][d["seat"]]["rate"]),
             *rest) for d, (label, *rest) in zip(result["difference"], _win_differences(result["difference"]),
                                                 strict=True)]
    out = ["<h2>Paired difference</h2>", table((WIN_HEADER[0], "A wins", "B wins", *WIN_HEADER[1:]), rows)]
    step = {"paired_metrics": result.get("paired_metrics", {})}
    if "paired_length" in result:  # runs stored before it was added have none
        step["length"] = result["paired_length"]
    paired = _paired_rows(step, result["a"].get("length_unit", "actions"))
    if paired:
        out.append(table(PAIRED_HEADER, paired))
    if "paired_length" in result:
        ln = result["paired_length"]
        out.append(f"<p class=meta>B's game was longer in {ln['longer']}, shorter in {ln['shorter']} and as long "
                   f"in {ln['same']} of the {ln['n']} pairs.</p>")
    return out


def solo_losses(side: dict[str, Any]) -> int:
    """The runs a solo game lost (a run stored before ``losses`` was added counted them under ``draws``)."""
    if "losses" in side:
        return int(side["losses"])
    return sum(side["length"]["histogram"].values()) - int(side["win_rates"][0]["wins"])


def _outcomes(side: dict[str, Any]) -> str:
    if len(side["win_rates"]) == 1:  # a solo game is won or lost (issue 22 item 9)
        return f"won {side['win_rates'][0]['wins']}, lost {solo_losses(side)}"
    return f"draws {side['draws']}"


def _seat_test(label: str, test: dict[str, Any]) -> str:
    return (f"<p>{e(label + ': ' if label else '')}is a seat different? Over the {test['decided']} games one seat "
            f"won, chi-square {test['chi2']:.4g} (df {test['df']}), p = {test['p']:.4g}.</p>")


def _side_sections(sides: Sequence[tuple[str, dict[str, Any]]]) -> list[str]:
    out = ["<h2>Win rates</h2>"]
    tested = [(label, side) for label, side in sides if side.get("seat_test")]
    header = ["seat", *(f"{label} win rate [95%]".strip() for label, _ in sides),
              *(f"{label} vs an equal share, p (Holm)".strip() for label, _ in tested)]
    seats = len(sides[0][1]["win_rates"])
    out.append(table(header, [(seat_label(s), *(interval(side["win_rates"][s]) for _, side in sides),
                               *(f"{side['seat_test']['seats'][s]['p_holm']:.4g}" for _, side in tested))
                              for s in range(seats)]))
    out.append("<p>" + e("; ".join(f"{label + ': ' if label else ''}{_outcomes(side)}" for label, side in sides))
               + "</p>")
    out += [_seat_test(label, side["seat_test"]) for label, side in tested]
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
        if name == "seat_advantage" and isinstance(value, dict):  # keyed by seat number: named as the tables are
            value = {seat_label(int(k)) if str(k).isdigit() else k: v for k, v in value.items()}
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
            series.setdefault(f"{seat_label(w['seat'])} win rate", []).append(
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
    out = ["<h2>Results by value</h2>", table((result["param"], *names), rows), *_steps(result),
           "<h2>Curves</h2><div class=plots>"]
    out += [plots.sweep_curve(result["param"], result["values"], name, points) for name, points in series.items()]
    out.append("</div><h2>Game length</h2><div class=plots>")
    out.append(plots.length_histograms([(f"{result['param']}={row['value']}", row["length"]["histogram"])
                                        for row in result["rows"]], result["rows"][0].get("length_unit", "actions")))
    out.append("</div><h2>Metrics by value</h2><div class=cols>")
    for row in result["rows"]:
        out.append(f"<div><h3>{e(result['param'])} = {e(row['value'])}</h3>{metrics_html(row['metrics'])}</div>")
    out.append("</div>")
    return out


def _steps(result: dict[str, Any]) -> list[str]:
    """A sweep's paired step-to-step differences (every value plays the same seeds)."""
    steps = result.get("steps") or []
    if not steps:
        return []
    unit = result["rows"][0].get("length_unit", "actions")
    out = ["<h2>Step to step (paired on the same seeds)</h2>"]
    for step in steps:
        out.append(f"<h3>{e(result['param'])}: {e(step['from'])} → {e(step['to'])}</h3>")
        out.append(table(WIN_HEADER, _win_differences(step["difference"])))
        out.append(table(PAIRED_HEADER, _paired_rows(step, unit)))
    return out
