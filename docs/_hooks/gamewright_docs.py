"""MkDocs hook: the pages' generated parts, filled in at build time from the code and the results files.

Markers a page may hold (each alone on its line or inline, as noted):
- ``{{ figure("ID") }}`` (inline) — a measured figure from ``docs/figures.toml``: its value read from the
  results file a command wrote, with a link to the page's sources list (the command, the file, the date).
  Figures enter pages only this way (``tests/test_docs.py`` fails on a literal measurement elsewhere).
- ``{{ results_table("ID") }}`` — a table from ``[table.ID]`` in ``docs/figures.toml``: one row per entry of the
  results file's ``rows`` pointer, each column a Python format over the row (scaled by ``scale``).
- ``{{ figure_sources }}`` — the list of the sources of the figures used on the page.
- ``{{ how_to_play("GAME") }}`` — the game's rules text, the same file the web's rules pages render.
- ``{{ cli_reference }}`` — every command's help, read from the Typer app.
- ``{{ api_reference }}`` — every HTTP route from the app's OpenAPI document.
- ``{{ options("GAME") }}`` — the game's rule options from its manifest (label, description, default, choices).
- ``{{ include("PATH") }}`` — a file of the repository (``RULINGS.md``), its first heading dropped.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "figures.toml"
MARKER = re.compile(r"\{\{\s*(\w+)(?:\((.*?)\))?\s*\}\}")


def _arg(raw: str | None) -> str:
    return (raw or "").strip().strip("\"'")


def load_figures() -> dict[str, dict[str, Any]]:
    return dict(tomllib.loads(FIGURES.read_text(encoding="utf-8")).get("figure", {}))


def load_tables() -> dict[str, dict[str, Any]]:
    return dict(tomllib.loads(FIGURES.read_text(encoding="utf-8")).get("table", {}))


def results_table(spec: dict[str, Any]) -> str:
    """A markdown table of a results file's rows, each cell formatted by its column's ``format``."""
    data = json.loads((ROOT / spec["file"]).read_text(encoding="utf-8"))
    rows = read_pointer(data, spec.get("rows", "/rows"))
    columns = spec["columns"]
    lines = ["| " + " | ".join(c["title"] for c in columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        cells = []
        for c in columns:
            scale = float(c.get("scale", 1))
            values = {k: v * scale if isinstance(v, (int, float)) and not isinstance(v, bool) else v
                      for k, v in row.items()}
            cells.append(str(c["format"]).format(**values))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def read_pointer(data: Any, pointer: str) -> Any:
    """The value at a JSON pointer (``/a/win_rates/0/rate``)."""
    for part in [p for p in pointer.split("/") if p]:
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def figure_value(spec: dict[str, Any]) -> str:
    """A figure as the page shows it, formatted by its spec's ``format`` (Python format syntax over ``v``, or
    ``low``/``high`` for an interval read from ``low``/``high`` pointers)."""
    source = ROOT / spec["file"]
    if source.suffix == ".json":
        data = json.loads(source.read_text(encoding="utf-8"))
        values = {key: read_pointer(data, spec[key]) for key in ("value", "low", "high") if key in spec}
    else:  # a text results file: a regular expression's first group
        text = source.read_text(encoding="utf-8")
        values = {}
        for key in ("value", "low", "high"):
            if key in spec:
                found = re.search(spec[key], text, re.MULTILINE)
                if found is None:
                    raise ValueError(f"figure from {spec['file']}: {spec[key]!r} not found")
                values[key] = float(found.group(1))
    scale = float(spec.get("scale", 1))
    shown = {k: v * scale if isinstance(v, (int, float)) else v for k, v in values.items()}
    return str(spec.get("format", "{value}")).format(**shown)


class Page:
    """The figures one page uses, numbered in order of first use."""

    def __init__(self) -> None:
        self.used: list[str] = []

    def figure(self, figure_id: str, figures: dict[str, dict[str, Any]]) -> str:
        if figure_id not in figures:
            raise KeyError(f"no figure {figure_id!r} in docs/figures.toml")
        if figure_id not in self.used:
            self.used.append(figure_id)
        n = self.used.index(figure_id) + 1
        return f"{figure_value(figures[figure_id])}<sup>[[{n}]](#figure-sources)</sup>"

    def table(self, table_id: str, tables: dict[str, dict[str, Any]]) -> str:
        if table_id not in tables:
            raise KeyError(f"no table {table_id!r} in docs/figures.toml")
        key = f"table:{table_id}"
        if key not in self.used:
            self.used.append(key)
        n = self.used.index(key) + 1
        return results_table(tables[table_id]) + f"\n\n<sup>[[{n}]](#figure-sources)</sup>"

    def sources(self, figures: dict[str, dict[str, Any]]) -> str:
        if not self.used:
            return ""
        lines = ['<a id="figure-sources"></a>', "", "**Where these figures come from**", ""]
        for n, figure_id in enumerate(self.used, 1):
            spec = figures[figure_id]
            if "command" not in spec:  # a results file that names its own command and date
                written = json.loads((ROOT / spec["file"]).read_text(encoding="utf-8"))
                spec = {**spec, "command": written["command"], "date": written["date"]}
            lines.append(f"{n}. `{spec['command']}` → `{spec['file']}` ({spec['date']})")
        return "\n".join(lines)


def how_to_play(game: str) -> str:
    text = (ROOT / "src" / "gamewright" / "games" / game / "how_to_play.md").read_text(encoding="utf-8")
    return text


def include(path: str) -> str:
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines)


def cli_reference() -> str:
    """Every command's usage and help, walked from the Typer app (click's own help formatter)."""
    import click
    import typer

    from gamewright.cli.main import app

    root = typer.main.get_command(app)
    out: list[str] = []

    def walk(cmd: click.Command, path: list[str], parent: click.Context | None) -> None:
        ctx = click.Context(cmd, info_name=path[-1], parent=parent, terminal_width=100, max_content_width=100)
        if len(path) > 1 and not cmd.hidden:
            out.append(f"{'#' * min(len(path) + 1, 4)} `{' '.join(path)}`\n")
            out.append("```text\n" + cmd.get_help(ctx).strip() + "\n```\n")
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, [*path, name], ctx)

    walk(root, ["gamewright"], None)
    return "\n".join(out)


def api_reference() -> str:
    """Each route of the HTTP API with its summary and answers, from the app's OpenAPI document."""
    from gamewright.web.app import create_app

    spec = create_app().openapi()
    rows = ["| Method | Path | What it does | Answers |", "|---|---|---|---|"]
    for path, ops in sorted(spec["paths"].items()):
        if not path.startswith("/api/") and path != "/healthz":
            continue
        for method, op in ops.items():
            if method == "head":
                continue
            codes = ", ".join(sorted(op.get("responses", {})))
            rows.append(f"| {method.upper()} | `{path}` | {op.get('summary', '')} | {codes} |")
    return "\n".join(rows)


def options(game: str) -> str:
    """The game's rule options as the lobby shows them."""
    from gamewright.web.render import option_fields

    rows = ["| Option | What it changes | Default | Choices |", "|---|---|---|---|"]
    for f in option_fields(game):
        if f.get("name") == "players":
            continue
        choices = ", ".join(f"`{c}`" for c in f.get("choices") or []) or "—"
        label = f.get("label") or f["name"]
        desc = (f.get("description") or "").replace("|", "\\|")
        rows.append(f"| {label} (`{f['name']}`) | {desc} | `{f.get('default', '')}` | {choices} |")
    return "\n".join(rows)


def render(markdown: str) -> str:
    """The page's markdown with every marker filled in."""
    figures = {**load_figures(), **{f"table:{k}": v for k, v in load_tables().items()}} \
        if ("figure" in markdown or "results_table" in markdown) else {}
    page = Page()

    def fill(m: re.Match[str]) -> str:
        name, arg = m.group(1), _arg(m.group(2))
        if name == "figure":
            return page.figure(arg, figures)
        if name == "results_table":
            return page.table(arg, {k.removeprefix("table:"): v for k, v in figures.items() if k.startswith("table:")})
        if name == "how_to_play":
            return how_to_play(arg)
        if name == "cli_reference":
            return cli_reference()
        if name == "api_reference":
            return api_reference()
        if name == "options":
            return options(arg)
        if name == "include":
            return include(arg)
        if name == "figure_sources":
            return "\x00SOURCES\x00"
        return m.group(0)

    text = MARKER.sub(fill, markdown)
    sources = page.sources(figures)
    if "\x00SOURCES\x00" in text:
        return text.replace("\x00SOURCES\x00", sources)
    return text + ("\n\n" + sources if sources else "")


def on_page_markdown(markdown: str, **_: Any) -> str:
    return render(markdown)
