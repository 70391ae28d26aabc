"""Shared pieces of every sub-app: consoles, JSON output, input from stdin, one-line errors, progress bars.

User text (names, deck specs, actions) is printed literally: the consoles never parse Rich markup or emoji codes,
so a name like ``[/bold]`` or a deck ``confessor:A:…`` reads as typed. Styled output is built from
``rich.text.Text`` pieces instead of markup strings.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from typer.core import TyperGroup, TyperOption

from gamewright.core.errors import ConfigError
from gamewright.core.limits import SEED_MAX, ascii_int, bounded

# re-exported: the commands (and their tests) read input through this module
from gamewright.core.text_input import load_json as load_json
from gamewright.core.text_input import parse_int_list as parse_int_list

if TYPE_CHECKING:
    from rich.console import Console

T = TypeVar("T")


def make_console(**kwargs: Any) -> Console:
    """A console that prints text as given: no markup, no emoji codes, no colouring of numbers."""
    from rich.console import Console  # Rich is imported by the commands that print with it, not by every start

    return Console(markup=False, emoji=False, highlight=False, **kwargs)


console: Console
err_console: Console


def shared_console(stderr: bool = False) -> Console:
    """The module's ``console`` (stdout) or ``err_console``, made on first use."""
    name = "err_console" if stderr else "console"
    made = globals().get(name)
    if made is None:
        made = globals()[name] = make_console(stderr=stderr)
    return made


def __getattr__(name: str) -> Any:
    """``console`` and ``err_console`` are made on first use (PEP 562), so importing this module loads no Rich."""
    if name in ("console", "err_console"):
        return shared_console(stderr=name == "err_console")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def whole_number(lo: int, hi: int, what: str) -> Callable[[Any], int]:
    """A Typer ``parser=`` for an integer option: ASCII digits only, within ``[lo, hi]``, else a usage error."""

    def parse(value: Any) -> int:
        try:
            number = value if isinstance(value, int) else ascii_int(str(value), what)
            return bounded(number, lo, hi, what)
        except ConfigError as exc:
            raise typer.BadParameter(str(exc)) from None

    return parse


JSON_OPTION = typer.Option(False, "--json", help="Print machine-readable JSON instead of tables.")
SEED_OPTION = typer.Option(
    0, "--seed", help=f"Seed of the random stream, 0 to {SEED_MAX} (same seed, same result).",
    parser=whole_number(0, SEED_MAX, "--seed"),
)
RULE_OPTION = typer.Option(
    [], "--option", "-o", metavar="NAME=VALUE",
    help="Set one rule option (repeatable); each game's options, their values and the rule each one changes are "
         "listed in RULINGS.md.",
)


# every sub-app and command module: Typer's pretty tracebacks off (errors are one line), rich help, no completion
SUB_APP_SETTINGS: dict[str, Any] = {"pretty_exceptions_enable": False, "rich_markup_mode": "rich",
                                    "add_completion": False}


# the documentation page (in the repository's docs/, the site `mkdocs serve` builds) that covers each sub-app
DOCS_PAGES = {
    "gamewright": "docs/index.md", "prince": "docs/play/prince.md and docs/play/terminal.md",
    "inclinations": "docs/play/inclinations.md and docs/play/terminal.md",
    "affinity": "docs/play/affinity.md and docs/play/terminal.md",
    "penance": "docs/play/penance.md and docs/play/terminal.md", "lab": "docs/design/lab.md",
    "serve": "docs/play/start.md and docs/operate/configuration.md", "demo": "docs/play/terminal.md",
    "character": "docs/play/terminal.md", "party": "docs/play/terminal.md", "session": "docs/play/terminal.md",
    "campaign": "docs/play/terminal.md",
}


def docs_epilog(name: str) -> str:
    """The line every help ends with: where the documentation covers this command."""
    return f"Documentation: {DOCS_PAGES[name]} (to browse the site: install the docs extra, then mkdocs serve)."


def sub_app(name: str, help_text: str, cls: type[TyperGroup] | None = None) -> typer.Typer:
    """A sub-app configured like every other: no rich tracebacks, help on empty invocation (``cls``: its group,
    e.g. a ``cli.lazy.LazyCommands``), and its documentation page named at the end of its help."""
    return typer.Typer(name=name, help=help_text, cls=cls, no_args_is_help=True, epilog=docs_epilog(name),
                       **SUB_APP_SETTINGS)


def _default(obj: Any) -> Any:
    if isinstance(obj, Fraction):
        return float(obj)
    if hasattr(obj, "to_json"):
        return obj.to_json()
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    raise TypeError(f"cannot write {type(obj).__name__} as JSON")


def dumps(obj: Any) -> str:
    return json.dumps(obj, default=_default, ensure_ascii=False)


def print_json(obj: Any) -> None:
    """One JSON document on stdout, nothing else."""
    sys.stdout.write(dumps(obj) + "\n")
    sys.stdout.flush()


MAX_JSON_BYTES = 4 * 2**20  # a scenario is a few hundred bytes; larger input is refused before parsing


class InputEnded(ConfigError):
    """Standard input is closed or at its end where the command needed another line."""


class ClosedInput(io.TextIOBase):
    """Stands in for a closed stdin (``<&-`` leaves ``sys.stdin`` None): every read is one ``error:`` line."""

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        raise InputEnded("no input: standard input is closed")

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise InputEnded("no input: standard input is closed")


def _stdin(what: str) -> Any:
    stream = sys.stdin
    if stream is None or isinstance(stream, ClosedInput) or getattr(stream, "closed", False):
        raise InputEnded(f"no {what}: standard input is closed")
    return stream


def read_line(prompt: str = "", what: str = "input") -> str:
    """The next line of stdin without its line end, after showing ``prompt``.

    Closed stdin, its end, or bytes that are not UTF-8 are one ``error:`` line and exit 2 (``InputEnded`` /
    ``ConfigError``); a command that wants to say more (a game saved, how to resume) catches ``InputEnded``.
    """
    if prompt:
        shared_console().print(prompt, end="")
        shared_console().file.flush()
    stream = _stdin(what)
    try:
        line = stream.readline()
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{what} on standard input is not UTF-8 text (byte {exc.start})") from None
    except (OSError, ValueError) as exc:
        raise InputEnded(f"no {what}: standard input cannot be read ({exc})") from None
    if not line:
        raise InputEnded(f"no {what}: standard input ended")
    return str(line).rstrip("\r\n")


def read_stdin(what: str) -> str:
    """All of stdin as text; closed stdin or bytes that are not UTF-8 are one ``error:`` line."""
    stream = _stdin(what)
    try:
        return str(stream.read())
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{what} on standard input is not UTF-8 text (byte {exc.start})") from None
    except (OSError, ValueError) as exc:
        raise InputEnded(f"no {what}: standard input cannot be read ({exc})") from None


def read_json_file(path: Path, what: str = "scenario") -> Any:
    """A JSON document from a file or ``-`` (stdin), its size, nesting and numbers bounded before any work."""
    if str(path) == "-":
        text = read_stdin(f"{what} JSON")
        _check_size(text, what)
        if not text.strip():
            raise ConfigError(f"no {what} on standard input (it is empty)")
        return load_json(text, f"{what} on standard input")
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ConfigError(f"{what} file {str(path)!r} does not exist") from exc
    except OSError as exc:
        raise ConfigError(f"cannot read {what} file {str(path)!r}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{what} file {str(path)!r} is not UTF-8 text (byte {exc.start})") from exc
    _check_size(text, what)
    return load_json(text, f"{what} file {str(path)!r}")


def _check_size(text: str, what: str) -> None:
    if len(text) > MAX_JSON_BYTES:
        raise ConfigError(f"{what} is larger than {MAX_JSON_BYTES // 2**20} MB; a {what} is a small JSON object")


def progress(items: Iterable[T], total: int, description: str, enabled: bool = True) -> Iterator[T]:
    """Iterate with a progress bar on stderr (hidden when ``enabled`` is false, e.g. under ``--json``)."""
    if not enabled:
        yield from items
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=shared_console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        for item in items:
            yield item
            bar.advance(task)


def _flags_show_no_type() -> None:
    """Typer 0.29's rich help prints ``--help <bool>`` as if a flag took a value; a flag shows no type."""
    shown = TyperOption.display_type_rich

    def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
        return None if self.is_flag and not self.count else shown(self, ctx)

    TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]


_flags_show_no_type()
