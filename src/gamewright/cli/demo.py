"""``gamewright demo``: a short tour on embedded defaults — mint a Prince, show its chart, play a run."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.rule import Rule
from rich.text import Text

from gamewright.cli.common import console
from gamewright.core.errors import NotFound
from gamewright.games.prince import registry
from gamewright.games.prince.chart import quantize

DEMO_NAME = "Demo"
DEMO_MOMENT = ("2000-01-01T12:00:00Z", 51.5, -0.13)


def demo(
    svg: Path = typer.Option(Path("demo-prince.svg"), "--svg", help="Where to write the demo chart wheel."),
    seed: int = typer.Option(1, "--seed", help="Seed of the demo run."),
) -> None:
    """Mint a demo Prince (once), show its chart and progress, play one greedy run, and show it again."""
    from gamewright.cli.main import run

    try:
        registry.get(DEMO_NAME)
        console.print(f"Prince {DEMO_NAME} already exists; reusing it.")
    except NotFound:
        time, lat, lon = DEMO_MOMENT
        registry.mint(DEMO_NAME, quantize(time, lat, lon))
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
    console.print(Rule("Next"))
    for line in (
        "gamewright prince play Demo                       # play a run yourself",
        "gamewright inclinations play --seats human,hard-bot",
        "gamewright penance play --decks confessor,ironclad --seats human,bot",
        "gamewright affinity odds --dice 3 --threshold 4",
        "gamewright --help",
    ):
        console.print(Text(f"  {line}", style="bold"))
