"""One input-validation layer: bounds on every number a person or a file may give, checked before any work.

Each bound follows from the rules (a pool larger than any character can hold, a seed wider than the store's
64-bit column) and is named here or next to the rule that implies it, so ``--help`` and the README can state it.
A value outside its bound is a ``ConfigError``: one line, exit 2, nothing done.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from gamewright.core.errors import ConfigError

SEED_MAX = 2**63 - 1  # the store keeps seeds in a signed 64-bit column
ID_MAX = 2**63 - 1  # database ids likewise
MAX_INT_DIGITS = 30  # no rule needs a longer integer; longer text is refused before int() parses it

_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def ascii_int(text: str, what: str) -> int:
    """Parse a whole number written with ASCII digits only (``²`` passes ``isdigit()`` but is no number)."""
    stripped = text.strip()
    if not _ASCII_INT.fullmatch(stripped) or len(stripped) > MAX_INT_DIGITS:
        raise ConfigError(f"{what} must be a whole number (got {text[:40]!r})")
    return int(stripped)


def bounded(value: Any, lo: int, hi: int, what: str) -> int:
    """``value`` as an int in ``[lo, hi]``; bools and non-integers are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{what} must be a whole number from {lo} to {hi}")
    if not lo <= value <= hi:
        raise ConfigError(f"{what} must be from {lo} to {hi} (got {_short(value)})")
    return value


def check_seed(value: int, what: str = "seed") -> int:
    return bounded(value, 0, SEED_MAX, what)


def _short(value: int) -> str:
    text = str(value) if abs(value) < 10**30 else f"a number of {len(str(abs(value)))} digits"
    return text


NAME_MAX = 80  # characters; the width of every name column, counted the same way on SQLite and PostgreSQL


def check_name(text: str, what: str) -> str:
    """A name fit to store: whitespace runs collapsed to one space, 1–``NAME_MAX`` characters, and no control
    or format character (Unicode Cc, Cf) nor any byte that was not UTF-8 (a lone surrogate, Cs).

    One rule for every stored name (Princes, characters, saved games), so that a name stored on one backend is
    stored the same on the other and never carries a terminal escape or an invisible character.
    """
    if not isinstance(text, str):
        raise ConfigError(f"{what} must be text")
    for position, char in enumerate(text, 1):
        category = unicodedata.category(char)
        if category == "Cs":
            raise ConfigError(f"{what} is not valid UTF-8 text (a stray byte at character {position})")
        if category in ("Cc", "Cf"):
            raise ConfigError(
                f"{what} cannot contain control or format characters (U+{ord(char):04X} at character {position})"
            )
    cleaned = " ".join(text.split())
    if not cleaned:
        raise ConfigError(f"{what} cannot be empty")
    if len(cleaned) > NAME_MAX:
        raise ConfigError(f"{what} has at most {NAME_MAX} characters (got {len(cleaned)})")
    return cleaned


PAGE_NAME_RESERVED = frozenset({".", "..", "new"})  # "new" is the creation form's address (/princes/new, …)


def check_page_name(text: str, what: str) -> str:
    """A name that is also a page's address on the web table (``/princes/NAME``, ``/characters/NAME``,
    ``/campaigns/NAME``): ``check_name``'s rule, and no ``/`` or ``\\`` (a browser reads either as a step in the
    path, so the page could never be reached), and none of ``.``, ``..`` or ``new``. Checked where such a name is
    first given (minting a Prince, creating a character or a campaign), the same from the CLI and the web; a name
    stored before this rule is still found."""
    cleaned = check_name(text, what)
    for char in "/\\":
        if char in cleaned:
            raise ConfigError(f"{what} cannot contain {char} (it names a web page, whose address it would break)")
    if cleaned.lower() in PAGE_NAME_RESERVED:
        raise ConfigError(f"{what} cannot be {cleaned!r}: that address is taken by the web table")
    return cleaned
