"""Stored Affinity character sheets for the CLI: read, create, and change them without losing an update.

Every read-modify-write goes through ``edit_sheets`` (one locking transaction); a long command (a fight, a duel)
that read sheets earlier writes back with ``write_back``, which refuses when another command saved them meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gamewright.core.errors import Conflict, NotFound


def _missing(name: str) -> NotFound:
    return NotFound(f"no Affinity character named {name!r}; see `gamewright affinity character list`")


def load_sheet(name: str) -> Any:
    from gamewright.games.affinity.character import RECORD_KIND, Sheet
    from gamewright.store import get_record

    try:
        return Sheet.from_json(get_record(RECORD_KIND, name))
    except NotFound:
        raise _missing(name) from None


def save_sheet(sheet: Any, replace: bool = True) -> None:
    """Store a new sheet (``replace=False``) or overwrite one wholesale; changes go through ``edit_sheets``."""
    from gamewright.games.affinity.character import RECORD_KIND
    from gamewright.store import put_record

    put_record(RECORD_KIND, sheet.name, sheet.to_json(), replace=replace)


@contextmanager
def edit_sheets(*names: str) -> Iterator[list[Any]]:
    """Stored sheets locked for one transaction: what the block changes (or puts in the list) is saved when it
    ends, and no other process can change them in between (a read-modify-write that loses nothing)."""
    from gamewright.games.affinity.character import RECORD_KIND, Sheet
    from gamewright.store import edit_records

    opened = False
    try:
        with edit_records(RECORD_KIND, names) as docs:
            opened = True
            sheets = [Sheet.from_json(docs[n]) for n in names]
            yield sheets
            docs.update({n: sheet.to_json() for n, sheet in zip(names, sheets, strict=True)})
    except NotFound as exc:
        if opened:
            raise
        missing = next((n for n in names if str(exc).startswith(f"no {RECORD_KIND} named {n!r}")), names[0])
        raise _missing(missing) from None


def write_back(sheets: list[Any], loaded: list[dict[str, Any]]) -> None:
    """Save sheets that a long command (a fight, a duel) changed, unless another command changed them since
    it read them: then nothing is written and the clash is reported."""
    with edit_sheets(*(s.name for s in sheets)) as stored:
        for now, before in zip(stored, loaded, strict=True):
            if now.to_json() != before:
                raise Conflict(f"{now.name}'s stored sheet changed while this ran (another command saved it); "
                               "nothing was written back")
        stored[:] = sheets
