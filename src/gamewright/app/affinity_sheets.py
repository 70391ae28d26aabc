"""Stored Affinity character sheets, for the CLI and the web alike: read them, create one, change one in a single
locking transaction, and the sheet's document (what ``affinity character show --json`` prints and the sheet page
shows).

Every read-modify-write goes through ``edit_sheets`` (one locking transaction); a long command (a fight, a duel)
that read sheets earlier writes back with ``write_back``, which refuses when another command saved them meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gamewright.core.errors import Conflict, NotFound
from gamewright.core.limits import check_page_name
from gamewright.core.rng import Rng


def _missing(name: str) -> NotFound:
    return NotFound(f"no Affinity character named {name!r}; see `gamewright affinity character list`")


def load_sheet(name: str) -> Any:
    from gamewright.games.affinity.character import RECORD_KIND, Sheet
    from gamewright.store import get_record

    try:
        return Sheet.from_json(get_record(RECORD_KIND, name))
    except NotFound:
        raise _missing(name) from None


def list_sheets() -> list[Any]:
    """Every stored sheet, in the store's order."""
    from gamewright.games.affinity.character import RECORD_KIND, Sheet
    from gamewright.store import list_records

    return [Sheet.from_json(data) for _, data in list_records(RECORD_KIND)]


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


# --- the use cases ---------------------------------------------------------------------------------------------
def sheet_doc(sheet: Any) -> dict[str, Any]:
    """A sheet's document: ``affinity character show --json`` and the character page."""
    return {**sheet.to_json(), "proficiency": sheet.proficiency, "hd_max": sheet.hd_max, "hd_die": sheet.hd_die,
            "abilities": sheet.abilities, "features": sheet.features,
            "pending": sheet.pending_choices(), "notation": sheet.notation()}


def create_sheet(name: str, cls: str, level: int, virtue: str, weapon: str | None, armour: str | None,
                 shield: bool | None, way: str, way_nodes: list[str], path_feats: list[str]) -> Any:
    """A new character with its class kit (``None``: the kit's weapon, armour, shield), stored under a name not
    taken yet."""
    from gamewright.games.affinity.character import new_sheet

    name = check_page_name(name, "a character's name")  # the name is its page's address: /characters/NAME
    sheet = new_sheet(name, cls, level, virtue, weapon, armour, shield, way, way_nodes, path_feats)
    save_sheet(sheet, replace=False)
    return sheet


def level_up_stored(name: str, way_nodes: list[str], path_feats: list[str]) -> tuple[Any, list[str]]:
    """A stored character one level up in one transaction: (the sheet after, what the level gave)."""
    from gamewright.games.affinity.character import level_up

    with edit_sheets(name) as (sheet,):
        gained = level_up(sheet, way_nodes, path_feats)
    return sheet, gained


def rest_stored(name: str, rng: Rng, kind: str, mend: bool | None, dice: tuple[int, int] | None,
                potion: str | None, healing: str, rest_resolve: str = "one") -> tuple[Any, dict[str, Any]]:
    """A rest, heal or potion on a stored character in one locking transaction (a concurrent rest or level-up
    is not lost): (the sheet after, the engine's document of what changed)."""
    from gamewright.app.affinity_tools import rest_action

    with edit_sheets(name) as (sheet,):
        doc = rest_action(sheet, rng, kind, mend, dice, potion, healing, rest_resolve)
    return sheet, doc
