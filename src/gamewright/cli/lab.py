"""``gamewright lab``: seeded batches of games between generic agents, over any registered game."""

from __future__ import annotations

import typer
from rich.table import Table

from gamewright.cli.common import JSON_OPTION, RULE_OPTION, SEED_OPTION, console, print_json, progress
from gamewright.cli.common import sub_app as _sub_app
from gamewright.core.errors import ConfigError
from gamewright.core.game import load_game, registered_games
from gamewright.core.rules import parse_assignments
from gamewright.lab.simulate import run_batch, summarise

app = _sub_app("lab", "The lab: simulate seeded batches of any game between generic agents.")


@app.command("games")
def games_command(json_out: bool = JSON_OPTION) -> None:
    """List the games the lab can run."""
    names = sorted(registered_games())
    if json_out:
        print_json({"games": names})
    else:
        for name in names:
            console.print(name)


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(..., help="Game name (see `gamewright lab games`)."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games to play."),
    seed: int = SEED_OPTION,
    agents: str = typer.Option("", "--agents", help="Comma-separated agent per seat: random, first."),
    ruleset: str = typer.Option(None, "--ruleset", help="Ruleset name, where the game has several."),
    option: list[str] = RULE_OPTION,
    json_out: bool = JSON_OPTION,
) -> None:
    """Play GAMES seeded games (seeds SEED, SEED+1, ...) and summarise returns and win rates."""
    options = parse_assignments(option)
    seats = load_game(game, ruleset=ruleset, options=options).num_players
    names = [a.strip() for a in agents.split(",")] if agents else None
    if names is not None and len(names) != seats:
        raise ConfigError(f"--agents needs {seats} comma-separated names for {game}, got {len(names)}")
    batch = run_batch(game, games, seed, names, ruleset, options)
    results = progress(batch, games, f"{game}", enabled=not json_out)
    summary = summarise(results, seats)
    if json_out:
        print_json({"game": game, "seed": seed, **summary.to_json()})
        return
    table = Table(title=f"{game}: {summary.games} games from seed {seed}")
    for column in ("seat", "mean return", "win rate", "95% interval"):
        table.add_column(column)
    for s in range(seats):
        w = summary.win_rates[s]
        interval = f"{w['low95']:.1%}–{w['high95']:.1%}"
        table.add_row(str(s), f"{summary.mean_returns[s]:.3f}", f"{w['rate']:.1%}", interval)
    console.print(table)
    console.print(f"mean actions per game: {summary.mean_actions:.1f}")
