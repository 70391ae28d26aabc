"""The ``gamewright`` command: a sub-app per game; every error is one line and exit code 2."""

from __future__ import annotations

import importlib
import sys

import typer
from sqlalchemy.exc import SQLAlchemyError

try:  # typer 0.2x ships its own copy of click
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover - older typer depends on click itself
    from click import exceptions as click_exc  # type: ignore[no-redef]

from gamewright import __version__
from gamewright.core.errors import GamewrightError
from gamewright.store.db import database_url

app = typer.Typer(
    name="gamewright",
    help="Exact, seeded rules engines for four game designs, and a lab to play, test and balance them.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    add_completion=False,
)

# (module, command name): each module defines ``app``, a Typer sub-app.
SUB_APPS = (
    ("gamewright.cli.prince", "prince"),
    ("gamewright.cli.inclinations", "inclinations"),
    ("gamewright.cli.affinity", "affinity"),
    ("gamewright.cli.penance", "penance"),
    ("gamewright.cli.lab", "lab"),
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"gamewright {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Play, test and balance Space Prince, Dangerous Inclinations, Affinity and Penance."""


for module_name, command in SUB_APPS:
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:  # a game whose CLI has not arrived yet
        if exc.name != module_name:
            raise
        continue
    app.add_typer(module.app, name=command)


@app.command("demo")
def demo_command(
    svg: str | None = typer.Option(
        None, "--svg", help="Where to write the demo chart wheel (default: beside the database, or a temp folder)."
    ),
    seed: int = typer.Option(1, "--seed", help="Seed of the demo run."),
) -> None:
    """A short tour: mint a demo Prince, show its chart and progress, play one run."""
    from pathlib import Path

    from gamewright.cli.demo import demo

    demo(None if svg is None else Path(svg), seed)


@app.command("serve")
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="TCP port."),
    open_browser: bool = typer.Option(False, "--open", help="Open the lobby in a browser."),
    bot_delay: float = typer.Option(0.5, "--bot-delay", help="Seconds a bot waits before moving (people can follow)."),
) -> None:
    """Start the web site: lobby, seats with secret links, live games, bots and replays."""
    from gamewright.web.serve import serve

    serve(host, port, open_browser, bot_delay)


def _safe_url() -> str:
    from sqlalchemy.engine import make_url

    return make_url(database_url()).render_as_string(hide_password=True)


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def run(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every user error into one line on stderr and exit code 2."""
    try:
        result = app(args=argv, standalone_mode=False, prog_name="gamewright")
    except click_exc.NoArgsIsHelpError:
        return 0  # the help has been printed already
    except click_exc.UsageError as exc:
        command = exc.ctx.command_path if exc.ctx else "gamewright"
        sys.stderr.write(f"error: {_one_line(exc.format_message())} (see `{command} --help`)\n")
        return 2
    except typer.Exit as exc:
        return exc.exit_code
    except typer.Abort:
        sys.stderr.write("aborted\n")
        return 1
    except GamewrightError as exc:
        sys.stderr.write(f"error: {_one_line(str(exc))}\n")
        return 2
    except SQLAlchemyError as exc:  # an unreachable server, a full disk: one line, not a traceback
        reason = getattr(exc, "orig", None) or exc
        sys.stderr.write(f"error: the database failed: {_one_line(str(reason))} (database: {_safe_url()})\n")
        return 1
    except KeyboardInterrupt:
        sys.stderr.write("interrupted; progress already saved is kept\n")
        return 130
    except BrokenPipeError:
        return 0
    return result if isinstance(result, int) else 0


def entry() -> None:
    sys.exit(run())


if __name__ == "__main__":
    entry()
