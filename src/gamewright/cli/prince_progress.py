"""A Prince's progress report and history of runs, as Rich tables (``prince show``, ``prince history``)."""

from __future__ import annotations

from typing import Any

from gamewright.app.prince_runs import run_label


def render_progress(report: dict[str, Any]) -> Any:
    """The progress report as rich tables (for ``prince show``)."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from gamewright.games.prince.tables import HOUSE_KIND

    head = Text()
    head.append("Progress\n", style="bold")
    head.append(f"Cumulative encounters: {report['cumulative_encounters']}\n")
    head.append(f"Unlocked planets: {', '.join(report['unlocked_planets'])}")
    nxt = report["next_unlock"]
    if nxt:
        head.append(f" (next: {nxt['planet']} at {nxt['at']} encounters)")
    head.append(f"\nJoys achieved: {', '.join(report['joys_achieved']) or 'none yet'}")
    if report["active_run"]:
        label = run_label(report["active_run_number"], report["active_run"])
        head.append(f"\nRun {label} is in progress: `prince play` resumes it.")

    aspects = Table(title="Aspects", title_justify="left", box=box.SIMPLE_HEAD)
    for col in ("Planets", "Aspect", "State"):
        aspects.add_column(col, overflow="fold")
    for a in report["active_aspects"] + report["latent_aspects"]:
        state = Text("active", style="green") if a["active"] else Text("latent", style="dim")
        aspects.add_row(" – ".join(a["planets"]), a["aspect"], state)

    houses = Table(title="House illumination", title_justify="left", box=box.SIMPLE_HEAD)
    for h in range(1, 13):
        houses.add_column(str(h), justify="right", overflow="fold")
    houses.add_row(*(str(report["illumination"][str(h)]) for h in range(1, 13)))
    houses.add_row(*(HOUSE_KIND[h][:3] for h in range(1, 13)), style="dim")

    parts: list[Any] = [head, aspects, houses]
    if report["runs"]:
        parts.append(runs_table(report["runs"], "Runs"))
    return Group(*parts)


def runs_table(runs: list[dict[str, Any]], title: str, started: bool = False) -> Any:
    """The history of runs as a rich table (number, id, seed, ruleset, result, Distance, turns, when).

    Nothing is ever cut (issue 10 §3): a seed is needed to reproduce a run, so its column keeps its full width;
    other cells wrap rather than end in an ellipsis, and a run's start and finish share one two-line cell so that
    a typical history fits 80 columns."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    def when(stamp: str | None) -> str:
        return (stamp or "")[:19].replace("T", " ")

    seeds = ["hidden" if r["seed"] is None else str(r["seed"]) for r in runs]
    # padding 0: the box already puts one space between columns
    table = Table(title=Text(title), title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=0)
    table.add_column("Run", overflow="fold")
    table.add_column("Id", overflow="fold")
    table.add_column("Seed", no_wrap=True, min_width=max(map(len, seeds), default=4))
    for col in ("Ruleset", "Result", "Dist", "Turns", "Started / finished" if started else "Finished"):
        table.add_column(col, overflow="fold")
    for r, seed in zip(runs, seeds, strict=True):
        times = f"{when(r['started_at'])}\n{when(r['finished_at'])}" if started else when(r["finished_at"])
        table.add_row(
            f"#{r['number']}", str(r["id"]), seed, r["ruleset"], r["status"], str(r["distance"]), str(r["turns"]), times
        )
    return table
