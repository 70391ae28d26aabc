"""Named JSON documents by kind (character sheets, deck lists)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from gamewright.core.errors import Conflict, NotFound
from gamewright.store.db import session_scope
from gamewright.store.models import Record


def put_record(kind: str, name: str, data: dict[str, Any], *, replace: bool = False) -> None:
    """Store ``data`` under (kind, name); refuses to overwrite unless ``replace``."""
    try:
        with session_scope() as session:
            row = session.scalar(select(Record).where(Record.kind == kind, Record.name == name))
            if row is None:
                session.add(Record(kind=kind, name=name, data=data))
            elif replace:
                row.data = data
            else:
                raise Conflict(f"a {kind} named {name!r} already exists; choose another name")
    except IntegrityError as exc:
        raise Conflict(f"a {kind} named {name!r} already exists; choose another name") from exc


def get_record(kind: str, name: str) -> dict[str, Any]:
    with session_scope() as session:
        row = session.scalar(select(Record).where(Record.kind == kind, Record.name == name))
        if row is None:
            raise NotFound(f"no {kind} named {name!r}; list them with the matching `list` command")
        return dict(row.data)


def list_records(kind: str) -> list[tuple[str, dict[str, Any]]]:
    with session_scope() as session:
        rows = session.scalars(select(Record).where(Record.kind == kind).order_by(Record.name))
        return [(row.name, dict(row.data)) for row in rows]


def delete_record(kind: str, name: str) -> None:
    with session_scope() as session:
        row = session.scalar(select(Record).where(Record.kind == kind, Record.name == name))
        if row is None:
            raise NotFound(f"no {kind} named {name!r}")
        session.delete(row)
