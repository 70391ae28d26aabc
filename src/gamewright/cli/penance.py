"""``gamewright penance``: the table assistant ``odds`` here, the other commands (play battles saved and
resumable, simulate bot games, ``attack``, cards and decks, campaigns) in ``cli.penance_battles``, imported only
when one of them runs, so ``penance odds`` starts without the engine, the bots or the store."""

from __future__ import annotations

import typer

from gamewright.cli.common import JSON_OPTION, print_json, sub_app
from gamewright.cli.lazy import COMMAND_LINE, ArgvCommand, LazyCommands
from gamewright.core.dice import fraction_text
from gamewright.games.penance.dice import tier_odds


class PenanceCommands(LazyCommands):
    lazy = dict.fromkeys(("attack", "cards", "decks", "simulate", "play", "list", "show", "campaign"),
                         "gamewright.cli.penance_battles")


app = sub_app("penance", "Penance: deck-as-HP mech battles on a hex map — play, simulate, odds and attack rolls.",
              PenanceCommands)


@app.callback()
def penance() -> None:
    """A group of commands even though only ``odds`` is declared here (Typer runs a lone command directly)."""


def print_odds(tn: int, json_out: bool) -> None:
    """The odds of each outcome tier of an attack roll against ``tn``: ``penance odds``'s output."""
    table = tier_odds(tn)
    if json_out:
        print_json({k: float(v) for k, v in table.items()})
        return
    typer.echo(f"Attack roll against TN {tn} (two attack dice, faces 0-5):")
    for k, v in table.items():
        typer.echo(f"  {k:<13} {float(v):8.4%}  ({fraction_text(v)})")


def _plain_target(args: list[str] | None) -> int | None:
    """The target number of a command line that is ``--tn N`` (or ``--tn=N``), N plain ASCII digits, and at most
    ``--json`` besides; None for any other line (Typer reads it as usual, with its own errors)."""
    rest = [a for a in args or ["?"] if a != "--json"]
    if args is None or len(args) - len(rest) > 1:
        return None
    if len(rest) == 1 and rest[0].startswith("--tn="):
        rest = ["--tn", rest[0][len("--tn="):]]
    if len(rest) != 2 or rest[0] != "--tn" or not (rest[1].isascii() and rest[1].isdigit()):
        return None
    return int(rest[1])


def _odds_first(ctx: typer.Context, param: typer.CallbackParam, value: bool) -> bool:
    """``--json`` is eager, read before ``--tn``: when the line is only ``--tn N`` and perhaps ``--json``, the odds
    are printed here and the command stops, like ``--help`` (the same output; reading ``--tn`` through Typer would
    import pydantic first)."""
    if ctx.resilient_parsing:
        return value
    tn = _plain_target(ctx.meta.get(COMMAND_LINE))
    if tn is not None:
        print_odds(tn, value)
        raise typer.Exit()
    return value


@app.command(cls=ArgvCommand)
def odds(
    tn: int = typer.Option(..., "--tn", help="Target number the two attack dice must meet."),
    json_out: bool = typer.Option(False, "--json", help=JSON_OPTION.help, is_eager=True, callback=_odds_first),
) -> None:
    """Exact probability of each outcome tier of an attack roll against a target number."""
    print_odds(tn, json_out)


__all__ = ["app"]
