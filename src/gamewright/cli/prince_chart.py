"""``gamewright prince chart | mint | list | show``: natal charts and the Prince registry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gamewright.app import princes
from gamewright.cli.common import JSON_OPTION, console, print_json
from gamewright.core.errors import ConfigError
from gamewright.games.prince.chart import Chart, compute_chart, quantize
from gamewright.games.prince.svg import PLANET_GLYPHS, WheelProgress, chart_svg
from gamewright.games.prince.tables import JOYS, PLANETS, SIGNS, house_ruler

LAT_OPTION = typer.Option(..., "--lat", help="Latitude in degrees, north positive (strictly between -90 and 90).")
LON_OPTION = typer.Option(..., "--lon", help="Longitude in degrees, east positive (-180 to 180).")
TIME_OPTION = typer.Option(
    ..., "--time", help="Birth time, ISO 8601 (e.g. 2000-01-01T12:00:00Z); no offset means UTC. 1800–2199."
)
SVG_OPTION = typer.Option(None, "--svg", help="Also write the chart wheel as an SVG picture to this file.")


def _degrees(longitude: float) -> str:
    within = longitude % 30
    whole = int(within)
    minutes = int((within - whole) * 60)
    return f"{whole:2d}°{minutes:02d}′ {SIGNS[int(longitude // 30) % 12]}"


def _table(title: str) -> Table:
    return Table(
        title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True
    )


def render_chart(chart: Chart, title: str | None = None, with_aspects: bool = True) -> RenderableType:
    """The chart as rich tables: moment and angles, the seven planets, their stats, the major aspects."""
    moment = chart.moment
    ruler = house_ruler(1, chart.asc_sign)
    header = Text()
    if title:
        header.append(f"{title}\n", style="bold")
    header.append(f"Born {moment.time_text} at lat {moment.lat:+.2f}, lon {moment.lon:+.2f}\n")
    header.append(f"Ascendant {_degrees(chart.ascendant)} · chart ruler {ruler} · ")
    header.append("diurnal (day sect)" if chart.sect == "day" else "nocturnal (night sect)", style="bold")

    planets = _table("Planets")
    for column in ("Planet", "Position", "House", "Dignity", "Element", "Modality", "Sect"):
        planets.add_column(column, no_wrap=True, overflow="fold")
    for name in PLANETS:
        p = chart.planets[name]
        joy = " joy" if JOYS[name] == p.house else ""
        planets.add_row(
            f"{PLANET_GLYPHS[name]} {name}",
            _degrees(p.longitude),
            f"{p.house}{joy}",
            p.dignity,
            p.element,
            p.modality,
            f"{p.sect} {'in' if p.in_sect else 'out'}",
        )

    stats = _table("Stats (base + sign buffs)")
    stats.add_column("", overflow="fold")
    for name in PLANETS:
        stats.add_column(name, justify="right", no_wrap=True, overflow="fold")
    for label, field in (("Damage", "damage"), ("Healing", "healing"), ("Durability", "durability"), ("Luck", "luck")):
        stats.add_row(label, *(str(getattr(chart.planets[name].stats, field)) for name in PLANETS))

    aspects = _table("Major aspects (by sign)")
    aspects.add_column("Planets", overflow="fold")
    aspects.add_column("Aspect", overflow="fold")
    for a, b, kind in chart.aspects:
        aspects.add_row(f"{a} – {b}", kind)
    if not chart.aspects:
        aspects.add_row("—", "none")
    parts: list[RenderableType] = [header, Text(""), planets, Text(""), stats]
    if with_aspects:
        parts += [Text(""), aspects]
    return Group(*parts)


def _write_svg(path: Path, chart: Chart, title: str | None, progress: WheelProgress | None = None) -> None:
    try:
        path.write_text(chart_svg(chart, title, progress), encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"cannot write SVG file {str(path)!r}: {exc.strerror or exc}") from exc


def _prince_json(record: princes.PrinceRecord) -> dict[str, Any]:
    data = record.chart.to_json()
    data["name"] = record.name
    data["id"] = record.id
    return data


def _progress(prince_id: int) -> tuple[dict[str, Any] | None, RenderableType | None]:
    """The Prince's metaprogression: the report and its tables."""
    from gamewright.app.princes import progress_report
    from gamewright.cli.prince_progress import render_progress

    report = progress_report(prince_id)
    return report, render_progress(report)


def register(app: typer.Typer) -> None:
    """Add the chart and registry commands to the ``prince`` sub-app."""

    @app.command("chart")
    def chart_command(
        lat: float = LAT_OPTION,
        lon: float = LON_OPTION,
        time: str = TIME_OPTION,
        json_out: bool = JSON_OPTION,
        svg: Path | None = SVG_OPTION,
    ) -> None:
        """Compute the natal chart of a birth moment (nothing is stored)."""
        chart = compute_chart(quantize(time, lat, lon))
        if svg is not None:
            _write_svg(svg, chart, None)
        if json_out:
            print_json(chart.to_json())
            return
        console.print(render_chart(chart))
        if svg is not None:
            console.print(f"Chart wheel written to {svg}")

    @app.command("mint")
    def mint_command(
        name: str = typer.Option(..., "--name", help="The new Prince's name (unique)."),
        lat: float = LAT_OPTION,
        lon: float = LON_OPTION,
        time: str = TIME_OPTION,
        json_out: bool = JSON_OPTION,
    ) -> None:
        """Mint a Prince on a birth moment (time floored to 5 minutes, coordinates to 0.01°).

        Each name and each quantized moment mints one Prince; a second mint of either is refused.
        """
        record = princes.mint(name, quantize(time, lat, lon))
        if json_out:
            print_json(_prince_json(record))
            return
        console.print(Text("Minted Prince ").append(record.name, style="bold").append(f" (id {record.id})."))
        console.print(render_chart(record.chart))

    @app.command("list")
    def list_command(json_out: bool = JSON_OPTION) -> None:
        """List the minted Princes."""
        records = princes.list_princes()
        if json_out:
            print_json([_summary(record) for record in records])
            return
        if not records:
            console.print("No Princes yet: `gamewright prince mint --name NAME --lat LAT --lon LON --time ISO8601`.")
            return
        table = _table("Princes")
        longest = min(24, max(len(r.name) for r in records))  # a name keeps its line; the date may wrap
        for column in ("Id", "Name", "Born (UTC)", "Lat", "Lon", "Asc", "Sun", "Moon", "Sect"):
            table.add_column(column, min_width=longest if column == "Name" else None, overflow="fold")
        for record in records:
            row = _summary(record)
            table.add_row(
                str(record.id),
                Text(record.name),  # a name is shown as typed, never read as markup
                row["moment"]["time"].replace("T", " "),
                f"{record.moment.lat:+.2f}",
                f"{record.moment.lon:+.2f}",
                row["ascendant"],
                row["sun"],
                row["moon"],
                row["sect"],
            )
        console.print(table)

    @app.command("show")
    def show_command(
        name: str = typer.Argument(..., help="The Prince's name."),
        json_out: bool = JSON_OPTION,
        svg: Path | None = SVG_OPTION,
    ) -> None:
        """Show a Prince: its chart and its progress across runs."""
        record = princes.get(name)
        report, progress_view = _progress(record.id)
        if svg is not None:
            _write_svg(svg, record.chart, record.name, None if report is None else WheelProgress.from_report(report))
        if json_out:
            data = _prince_json(record)
            if report is not None:
                data["progress"] = report
            print_json(data)
            return
        # The progress view lists the aspects with their state (latent or active), so it replaces ours.
        title = f"Prince {record.name} (id {record.id})"
        console.print(render_chart(record.chart, title, with_aspects=progress_view is None))
        if progress_view is not None:
            console.print()
            console.print(progress_view)
        if svg is not None:
            console.print(f"Chart wheel written to {svg}")


def _summary(record: princes.PrinceRecord) -> dict[str, Any]:
    chart = record.chart
    return {
        "id": record.id,
        "name": record.name,
        "moment": record.moment.to_json(),
        "ascendant": SIGNS[chart.asc_sign],
        "sun": chart.planets["Sun"].sign_name,
        "moon": chart.planets["Moon"].sign_name,
        "sect": chart.sect,
    }
