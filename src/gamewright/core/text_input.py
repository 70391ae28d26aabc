"""Reading what a person or a file gives: a JSON document and a list of whole numbers, each bounded, every failure
a ``ConfigError`` (one line, nothing done). Game-agnostic, so the CLI and the web read input the same way."""

from __future__ import annotations

import json
import math
from typing import Any

from gamewright.core.errors import ConfigError
from gamewright.core.limits import MAX_INT_DIGITS, ascii_int

MAX_DEPTH = 64  # levels of nesting in a JSON document a person or a file gives (a scenario needs about 5)


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise ConfigError(f"a number of {len(text)} digits; no value needs more than {MAX_INT_DIGITS}")
    return int(text)


def _json_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ConfigError(f"the number {text[:30]!r} is too large")
    return value


def _json_constant(text: str) -> Any:
    raise ConfigError(f"{text} is not a number JSON allows")


def check_depth(value: Any, what: str, limit: int = MAX_DEPTH) -> Any:
    """``value`` when its lists and objects nest at most ``limit`` deep (checked without recursion), else a
    ``ConfigError``: a document nested deeper than any scenario needs is refused before code that recurses
    over it (a copy, a page, ``json.dumps``) could fail on it."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                raise ConfigError(f"{what} is nested too deeply (at most {limit} levels)")
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))
    return value


def load_json(text: str, what: str) -> Any:
    """Parse JSON from a person or a file: bounded numbers and nesting, every failure a ``ConfigError``."""
    try:
        value = json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    except ConfigError as exc:
        raise ConfigError(f"{what}: {exc}") from None
    except RecursionError:
        raise ConfigError(f"{what} is nested too deeply") from None
    return check_depth(value, what)


def parse_int_list(text: str | None, what: str) -> list[int] | None:
    """``"3,4"`` → ``[3, 4]``; a clear error for anything else."""
    if text is None or text == "":
        return None
    try:
        return [ascii_int(part, what) for part in text.split(",")]
    except ConfigError:
        raise ConfigError(f"{what} must be comma-separated whole numbers, e.g. 3,4 (got {text[:60]!r})") from None
