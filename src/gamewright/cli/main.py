"""The ``gamewright`` command: a sub-app per game; every error is one line and exit code 2.

Sub-apps are imported when their command runs, not for ``gamewright --help``: the top level imports neither the
store (SQLAlchemy, Alembic) nor any game, so help and ``--version`` answer at once.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import typer
from typer.core import TyperGroup

try:  # typer 0.2x ships its own copy of click
    from typer._click import exceptions as click_exc
except ImportError:  # pragma: no cover - older typer depends on click itself
    from click import exceptions as click_exc  # type: ignore[no-redef]

from gamewright import __version__
from gamewright.cli.common import ClosedInput, docs_epilog, whole_number
from gamewright.cli.lazy import FlagHelpGroup
from gamewright.core.errors import GamewrightError
from gamewright.core.limits import SEED_MAX

# command name → (module defining ``app``, a Typer sub-app; its one-line help for ``gamewright --help``)
SUB_APPS = {
    "prince": ("gamewright.cli.prince", "Space Prince: natal charts from real birth moments, the Prince registry, "
                                        "and runs."),
    "inclinations": ("gamewright.cli.inclinations", "Dangerous Inclinations: orbital ship combat around a black "
                                                    "hole and six planets (2-6 seats)."),
    "affinity": ("gamewright.cli.affinity", "Affinity: exact dice-pool odds, layered defence, characters, fights "
                                            "and adventures."),
    "penance": ("gamewright.cli.penance", "Penance: deck-as-HP mech battles on a hex map — play, simulate, odds "
                                          "and attack rolls."),
    "lab": ("gamewright.cli.lab", "The lab: simulate, compare rule variants, sweep parameters and rank agents "
                                  "over seeded batches of any game."),
}


class LazyGroup(FlagHelpGroup):
    """The top-level group: a game's sub-app is imported only when its command is resolved.

    Listing the commands in ``--help`` shows each one's help from ``SUB_APPS`` without importing it.
    """

    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return [*SUB_APPS, *(name for name in super().list_commands(ctx) if name not in SUB_APPS)]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in self.commands or cmd_name not in SUB_APPS:
            return super().get_command(ctx, cmd_name)
        module_name, help_text = SUB_APPS[cmd_name]
        if self._listing:
            return TyperGroup(name=cmd_name, help=help_text, short_help=help_text)
        command = typer.main.get_command(importlib.import_module(module_name).app)
        command.name = cmd_name
        self.commands[cmd_name] = command
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        # The top-level listing is drawn plain: Typer's rich help imports Rich, markdown-it and rich.traceback
        # (about 0.1 s), more than the rest of ``gamewright --help``. Every sub-command keeps its rich help.
        markup = self.rich_markup_mode
        self._listing = True
        self.rich_markup_mode = None
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False
            self.rich_markup_mode = markup


app = typer.Typer(
    name="gamewright",
    cls=LazyGroup,
    help="Exact, seeded rules engines for four game designs, and a lab to play, test and balance them.",
    epilog=docs_epilog("gamewright"),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
    add_completion=False,
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


@app.command("demo", short_help="A short tour: mint a demo Prince, show its chart and progress, play one run.",
             epilog=docs_epilog("demo"))
def demo_command(
    svg: str | None = typer.Option(
        None, "--svg", help="Where to write the demo chart wheel (default: beside the database, or a temp folder)."
    ),
    seed: int = typer.Option(1, "--seed", help="Seed of the demo run.", parser=whole_number(0, SEED_MAX, "--seed")),
) -> None:
    """A short tour: mint a demo Prince, show its chart and progress, play one run."""
    from pathlib import Path

    from gamewright.cli.demo import demo

    demo(None if svg is None else Path(svg), seed)


@app.command("serve", short_help="Start the web site: lobby, seats with secret links, live games, bots and replays.",
             epilog=docs_epilog("serve"))
def serve_command(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8000, "--port", help="TCP port."),
    open_browser: bool = typer.Option(False, "--open", help="Open the lobby in a browser."),
    bot_delay: float = typer.Option(0.5, "--bot-delay", help="Seconds a bot waits before moving (people can follow)."),
    allowed_hosts: str | None = typer.Option(
        None, "--allowed-hosts", help="DNS names the site answers to, comma-separated (default: only IP addresses "
        "and localhost names; any other Host gets 400, against DNS rebinding; * allows every name)."),
    forwarded_allow_ips: str | None = typer.Option(
        None, "--forwarded-allow-ips", help="Addresses of reverse proxies whose X-Forwarded-For/-Proto headers are "
        "trusted, comma-separated, or * (uvicorn's; default: $FORWARDED_ALLOW_IPS or 127.0.0.1). Behind an HTTPS "
        "proxy this makes cookies Secure."),
    secret_file: str | None = typer.Option(
        None, "--secret-file", metavar="PATH",
        help="A file holding the server's secret (at least 32 characters; it signs character links). Default: "
             "$GAMEWRIGHT_SECRET, else a key made on first start beside the SQLite database. Required (or the "
             "variable) with PostgreSQL, shared by every server process."),
    creations_per_minute: int = typer.Option(30, "--creations-per-minute", help="Games created per minute per "
                                             "client address (past it: 429 with Retry-After)."),
    moves_per_minute: int = typer.Option(120, "--moves-per-minute", help="Moves per minute per seat."),
    streams_per_address: int = typer.Option(200, "--streams-per-address", help="Open live streams per client "
                                            "address."),
    streams_per_game: int = typer.Option(50, "--streams-per-game", help="Open live streams per game."),
    active_games: int = typer.Option(1000, "--active-games", help="Games in progress on the whole site; "
                                     "creating one more is refused until some end or expire."),
    idle_days: int = typer.Option(30, "--idle-days", help="A game in progress nobody moved in for this many days "
                                  "is deleted."),
    finished_days: int = typer.Option(365, "--finished-days", help="A finished game is kept this many days after "
                                      "its last move, for its replay, then deleted."),
    public_url: str | None = typer.Option(
        None, "--public-url", envvar="GAMEWRIGHT_PUBLIC_URL", metavar="URL",
        help="The address friends reach this site at (e.g. https://games.example.org behind a proxy): invite links "
             "use it. Default: the address the creator's browser used (on --host 0.0.0.0, this machine's network "
             "address instead of 127.0.0.1)."),
    policy: list[str] = typer.Option(
        [], "--policy", metavar="NAME=DIR",
        help="Seat a trained policy (`gamewright lab train … --out DIR`) as the bot NAME of its game (repeatable): "
             "loaded now; web games seat it as bot:NAME and the table's bot picker lists it. A web request never "
             "names a file."),
) -> None:
    """Start the web site: lobby, seats with secret links, live games, bots and replays.

    Bounds on use (each an option below, all per server process): 30 games created per minute per client
    address, 120 moves per minute per seat, 200 open live streams per address and 50 per game, 1000 games in
    progress, games untouched for 30 days deleted (finished games kept 365 days for their replays). A request
    past a bound is answered 429 with Retry-After and changes nothing.
    """
    from pathlib import Path

    from gamewright.web.bounds import Bounds
    from gamewright.web.serve import serve

    bounds = Bounds(creations_per_minute, moves_per_minute, streams_per_address, streams_per_game, active_games,
                    idle_days, finished_days)
    register_policies(policy)
    serve(host, port, open_browser, bot_delay, allowed_hosts, forwarded_allow_ips,
          None if secret_file is None else Path(secret_file), bounds, public_url)


def register_policies(specs: list[str]) -> list[tuple[str, str]]:
    """``serve --policy NAME=DIR``: each trained policy made a bot of its game, before the site starts (a bad
    checkpoint or name is one line and exit 2, not a failure mid-game). (game, name) of each."""
    if not specs:
        return []
    from gamewright.envs.policy import parse_registration, register

    done = []
    for spec in specs:
        name, directory = parse_registration(spec)
        done.append((register(name, directory), name))
    return done


def _safe_url() -> str:
    from sqlalchemy.engine import make_url

    from gamewright.store.db import database_url

    return make_url(database_url()).render_as_string(hide_password=True)


def _database_error(exc: BaseException) -> bool:
    """Is ``exc`` SQLAlchemy's (only possible once the store has been imported)?"""
    module = sys.modules.get("sqlalchemy.exc")
    return module is not None and isinstance(exc, module.SQLAlchemyError)


def _undecodable_argument(argv: list[str]) -> str | None:
    """The first argument holding bytes that are not UTF-8 (Python keeps them as lone surrogates), shown safely."""
    for arg in argv:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            return arg.encode("utf-8", "surrogateescape").decode("ascii", "backslashreplace")[:80]
    return None


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def run(argv: list[str] | None = None) -> int:
    """Entry point: run the CLI, turning every user error into one line on stderr and exit code 2."""
    args = sys.argv[1:] if argv is None else argv
    bad = _undecodable_argument(args)
    if bad is not None:
        sys.stderr.write(f"error: the argument '{bad}' is not UTF-8 text; names and options must be UTF-8\n")
        return 2
    closed = sys.stdin is None
    if closed:  # started with stdin closed: whatever reads it gets one error line, not an AttributeError
        sys.stdin = ClosedInput()
    try:
        result = app(args=args, standalone_mode=False, prog_name="gamewright")
    except click_exc.NoArgsIsHelpError as exc:
        plain = exc.format_message()  # the plain top-level help comes back as text; rich help printed itself
        if plain:
            sys.stdout.write(plain + "\n")
        return 0
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
    except KeyboardInterrupt:
        sys.stderr.write("interrupted; progress already saved is kept\n")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:
        if not _database_error(exc):
            raise  # a bug: its traceback is the report
        reason = getattr(exc, "orig", None) or exc  # an unreachable server, a full disk: one line
        sys.stderr.write(f"error: the database failed: {_one_line(str(reason))} (database: {_safe_url()})\n")
        return 1
    finally:
        if closed:
            sys.stdin = None  # type: ignore[assignment]
    return result if isinstance(result, int) else 0


def entry() -> None:
    sys.exit(run())


if __name__ == "__main__":
    entry()
