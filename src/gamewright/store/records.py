"""Named JSON documents by kind (character sheets, deck lists).

Changing a stored document is a read-modify-write: ``edit_records`` reads the documents with their rows locked
and writes them back in the same transaction, so two processes changing one document at once queue instead of
one silently undoing the other.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from gamewright.core.errors import ConfigError, Conflict, NotFound
from gamewright.core.limits import check_name
from gamewright.store.db import session_scope
from gamewright.store.models import Record


def _searchable(name: str) -> bool:
    """A name that can be sent to the database at all (invalid names are simply never found)."""
    return isinstance(name, str) and "\x00" not in name and not any(0xD800 <= ord(c) <= 0xDFFF for c in name)


def _missing(kind: str, name: str) -> NotFound:
    return NotFound(f"no {kind} named {name!r}; list them with the matching `list` command")


def put_record(kind: str, name: str, data: dict[str, Any], *, replace: bool = False) -> None:
    """Store ``data`` under (kind, name); refuses to overwrite unless ``replace``.

    A new name must already be in the form ``limits.check_name`` gives (the caller keeps it in ``data`` too).
    """
    if not _searchable(name):
        check_name(name, f"the {kind}'s name")  # says why
    try:
        with session_scope() as session:
            row = session.scalar(select(Record).where(Record.kind == kind, Record.name == name).with_for_update())
            if row is None:
                if check_name(name, f"the {kind}'s name") != name:
                    raise ConfigError(
                        f"the {kind}'s name {name!r} must have single spaces and no space at either end"
                    )
                session.add(Record(kind=kind, name=name, data=data))
            elif replace:
                row.data = data
            else:
                raise Conflict(f"a {kind} named {name!r} already exists; choose another name")
    except IntegrityError as exc:
        raise Conflict(f"a {kind} named {name!r} already exists; choose another name") from exc


def get_record(kind: str, name: str) -> dict[str, Any]:
    if not _searchable(name):
        raise _missing(kind, name)
    with session_scope() as session:
        row = session.scalar(select(Record).where(Record.kind == kind, Record.name == name))
        if row is None:
            raise _missing(kind, name)
        return dict(row.data)


@contextmanager
def edit_records(kind: str, names: Sequence[str]) -> Iterator[dict[str, dict[str, Any]]]:
    """The documents called ``names``, locked for one transaction: change them in the block, and every changed
    one is written back when it ends (an exception writes nothing). ``NotFound`` for a missing name."""
    wanted = list(dict.fromkeys(names))
    for name in wanted:
        if not _searchable(name):
            raise _missing(kind, name)
    with session_scope() as session:
        # a fixed order (by name) so that two transactions locking the same rows never deadlock
        query = select(Record).where(Record.kind == kind, Record.name.in_(wanted)).order_by(Record.name)
        rows = {row.name: row for row in session.scalars(query.with_for_update(), execution_options={
            "populate_existing": True})}
        for name in wanted:
            if name not in rows:
                raise _missing(kind, name)
        docs = {name: copy.deepcopy(dict(rows[name].data)) for name in wanted}
        yield docs
        for name in wanted:
            if docs[name] != rows[name].data:
                rows[name].data = docs[name]


def update_record(kind: str, name: str, change: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """Replace the document by ``change(document)``, read and written in one locking transaction."""
    with edit_records(kind, [name]) as docs:
        docs[name] = change(docs[name])
        return docs[name]


def list_records(kind: str) -> list[tuple[str, dict[str, Any]]]:
    with session_scope() as session:
        rows = session.scalars(select(Record).where(Record.kind == kind).order_by(Record.name))
        return [(row.name, dict(row.data)) for row in rows]


def delete_record(kind: str, name: str) -> None:
    if not _searchable(name):
        raise NotFound(f"no {kind} named {name!r}")
    with session_scope() as session:
        row = session.scalar(select(Record).where(Record.kind == kind, Record.name == name))
        if row is None:
            raise NotFound(f"no {kind} named {name!r}")
        session.delete(row)
