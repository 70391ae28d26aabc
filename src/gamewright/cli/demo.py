"""``gamewright demo``: a short tour on embedded defaults — mint a Prince, show its chart, play a run."""

from __future__ import annotations

import tempfile
from pathlib import Path

import typer
from rich.rule import Rule
from rich.text import Text

from gamewright.app import princes
from gamewright.cli.common import console
from gamewright.core.errors import NotFound
from gamewright.games.prince.chart import quantize

DEMO_NAME = "Demo"
# The demo's own birth moment: the README tour mints Ada at 2000-01-01T12:00Z in London, and a moment makes
# one Prince only, so the two must differ.
DEMO_MOMENT = ("1987-03-15T06:30:00Z", 48.85, 2.35)
SVG_NAME = "demo-prince.svg"


def default_svg_path() -> Path:
    """Beside the SQLite database (the data directory by default), else in a fresh temporary folder."""
    from sqlalchemy.engine import make_url

    from gamewright.store.db import database_url

    url = make_url(database_url())
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return Path(url.database).parent / SVG_NAME
    return Path(tempfile.mkdtemp(prefix="gamewright-demo-")) / SVG_NAME


def demo(svg: Path | None = None, seed: int = 1) -> None:
    """Mint a demo Prince (once), show its chart and progress, play one greedy run, and show it again."""
    from gamewright.cli.main import run

    svg = default_svg_path() if svg is None else svg
    try:
        princes.get(DEMO_NAME)
        console.print(f"Prince {DEMO_NAME} already exists; reusing it.")
    except NotFound:
        time, lat, lon = DEMO_MOMENT
        princes.mint(DEMO_NAME, quantize(time, lat, lon))
        console.print(f"Minted Prince {DEMO_NAME} from {time} at {lat}, {lon}.")
    steps = (
        ("The chart", ["prince", "show", DEMO_NAME, "--svg", str(svg)]),
        ("One greedy run", ["prince", "play", DEMO_NAME, "--auto", "greedy", "--seed", f"{seed}"]),
        ("The Prince after the run", ["prince", "history", DEMO_NAME]),
    )
    for title, argv in steps:
        console.print(Rule(title))
        code = run(argv)
        if code:
            raise typer.Exit(code)
    console.print(Text(f"The chart wheel is in {svg}", style="bold"), soft_wrap=True)  # a path is never broken
    console.print(Rule("Next"))
    for line in (
        "gamewright prince play Demo                       # play a run yourself",
        "gamewright inclinations play --seats human,hard-bot",
        "gamewright penance play --decks confessor,ironclad --seats human,bot",
        "gamewright affinity odds --dice 3 --threshold 4",
        "gamewright --help",
    ):
        console.print(Text(f"  {line}", style="bold"))
