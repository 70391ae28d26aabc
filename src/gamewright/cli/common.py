"""Shared pieces of every sub-app: JSON output, one-line errors, progress bars, scenario files."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from gamewright.core.errors import ConfigError

T = TypeVar("T")

console = Console()
err_console = Console(stderr=True)

JSON_OPTION = typer.Option(False, "--json", help="Print machine-readable JSON instead of tables.")
SEED_OPTION = typer.Option(0, "--seed", help="Seed of the random stream (same seed, same result).")
RULE_OPTION = typer.Option(
    [], "--option", "-o", help="A rule option NAME=VALUE (repeatable); the game's options are listed in RULINGS.md."
)


def sub_app(name: str, help_text: str) -> typer.Typer:
    """A sub-app configured like every other: no rich tracebacks, help on empty invocation."""
    return typer.Typer(
        name=name,
        help=help_text,
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        rich_markup_mode="rich",
        add_completion=False,
    )


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


MAX_JSON_BYTES = 4 * 2**20  # a scenario is a few hundred bytes; larger files are refused before parsing
MAX_JSON_DEPTH = 64  # no scenario nests deeper than a handful of levels
MAX_JSON_INT_DIGITS = 30  # the widest number a scenario holds is a 64-bit seed (19 digits)
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_JSON_BRACKET = re.compile(r"[\[\]{}]")


def _json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects, counted outside strings (linear, no recursion)."""
    depth = deepest = 0
    for bracket in _JSON_BRACKET.findall(_JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def _json_int(what: str) -> Any:
    def parse(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_JSON_INT_DIGITS:
            raise ConfigError(f"{what} holds a whole number of {len(digits)} digits; at most {MAX_JSON_INT_DIGITS}")
        return int(digits)

    return parse


def read_json_file(path: Path, what: str = "scenario") -> Any:
    """A JSON document from a file or ``-`` (stdin), its size, nesting and numbers bounded before any work."""
    if str(path) == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise ConfigError(f"stdin is closed: give the {what} as a file, or pipe it into `-`")
        text = sys.stdin.read(MAX_JSON_BYTES + 1)
    else:
        try:
            with Path(path).open(encoding="utf-8") as handle:
                text = handle.read(MAX_JSON_BYTES + 1)
        except FileNotFoundError as exc:
            raise ConfigError(f"{what} file {str(path)!r} does not exist") from exc
        except OSError as exc:
            raise ConfigError(f"cannot read {what} file {str(path)!r}: {exc.strerror}") from exc
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{what} file {str(path)!r} is not UTF-8 text (byte {exc.start})") from exc
    if len(text) > MAX_JSON_BYTES:
        raise ConfigError(f"{what} is larger than {MAX_JSON_BYTES // 2**20} MB; a {what} is a small JSON object")
    if _json_depth(text) > MAX_JSON_DEPTH:
        raise ConfigError(f"{what} nests arrays/objects more than {MAX_JSON_DEPTH} deep")
    try:
        return json.loads(text, parse_int=_json_int(what))
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{what} file {str(path)!r} is not valid JSON: {exc.msg} at line {exc.lineno}") from exc


def parse_int_list(text: str | None, what: str) -> list[int] | None:
    """``"3,4"`` → ``[3, 4]``; a clear error for anything else."""
    if text is None or text == "":
        return None
    try:
        return [int(part) for part in text.split(",")]
    except ValueError as exc:
        raise ConfigError(f"{what} must be comma-separated whole numbers, e.g. 3,4 (got {text!r})") from exc


def progress(items: Iterable[T], total: int, description: str, enabled: bool = True) -> Iterator[T]:
    """Iterate with a progress bar on stderr (hidden when ``enabled`` is false, e.g. under ``--json``)."""
    if not enabled:
        yield from items
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task(description, total=total)
        for item in items:
            yield item
            bar.advance(task)
