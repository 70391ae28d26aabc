"""Saved games: a seed, a configuration and the action log, so any game can be replayed and resumed.

Saving a move is a read-modify-write of the log: ``update_game`` locks the row, checks that the stored log is
the one the caller's position was built from (``base``), and writes in the same transaction; a log another
process moved on meanwhile is a ``Conflict`` and nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from gamewright.core.errors import Conflict, NotFound
from gamewright.core.limits import check_name
from gamewright.store.db import locked_scope, session_scope
from gamewright.store.models import SavedGame

ID_COLUMN_MAX = 2**31 - 1  # ids are 32-bit integer columns on PostgreSQL; a larger id names no row


@dataclass(frozen=True)
class SavedGameRow:
    id: int
    game: str
    name: str | None
    seed: int
    config: dict[str, Any]
    actions: list[Any]
    snapshot: dict[str, Any] | None
    status: str
    result: dict[str, Any] | None


def _row(row: SavedGame) -> SavedGameRow:
    return SavedGameRow(
        row.id, row.game, row.name, row.seed, dict(row.config), list(row.actions),
        row.snapshot, row.status, row.result,
    )


def create_game(game: str, seed: int, config: dict[str, Any], name: str | None = None) -> int:
    if name is not None:
        name = check_name(name, "the saved game's name")
    with session_scope() as session:
        row = SavedGame(game=game, name=name, seed=seed, config=config, actions=[], status="active")
        session.add(row)
        session.flush()
        return row.id


def _missing(game_id: int, game: str | None = None) -> NotFound:
    return NotFound(f"no saved {game or ''} game with id {game_id}".replace("  ", " "))


def get_game(game_id: int, game: str | None = None) -> SavedGameRow:
    if not 0 < game_id <= ID_COLUMN_MAX:
        raise _missing(game_id, game)
    with session_scope() as session:
        row = session.get(SavedGame, game_id)
        if row is None or (game is not None and row.game != game):
            raise _missing(game_id, game)
        return _row(row)


def list_games(game: str | None = None, status: str | None = None) -> list[SavedGameRow]:
    with session_scope() as session:
        query = select(SavedGame).order_by(SavedGame.id)
        if game:
            query = query.where(SavedGame.game == game)
        if status:
            query = query.where(SavedGame.status == status)
        return [_row(row) for row in session.scalars(query)]


def update_game(
    game_id: int,
    *,
    actions: list[Any] | None = None,
    base: int | None = None,
    previous: list[Any] | None = None,
    snapshot: dict[str, Any] | None = None,
    status: str | None = None,
    result: dict[str, Any] | None = None,
) -> None:
    """Save progress in one locking transaction (the action log is replaced whole, never half-written).

    ``base`` is how many actions were stored when the caller's position was read or last saved: the stored log
    must still be exactly ``actions[:base]``, else another process moved the game on and this save is refused
    with ``Conflict``. Without ``base``, the stored log must at least be a beginning of ``actions``.
    """
    if not 0 < game_id <= ID_COLUMN_MAX:
        raise _missing(game_id)
    with locked_scope(SavedGame, game_id, f"no saved game with id {game_id}") as (_, row):
        if actions is not None:
            stored = list(row.actions or [])
            start = len(stored) if base is None else base
            expected = list(previous) if previous is not None else list(actions[:start])
            if stored != expected or len(stored) != len(expected):
                raise Conflict(
                    f"saved game {game_id} was changed by another process ({len(stored)} actions stored, this one "
                    f"had {len(expected)}); nothing was saved: resume it with --resume {game_id} to continue from there"
                )
            row.actions = list(actions)
        if snapshot is not None:
            row.snapshot = snapshot
        if status is not None:
            row.status = status
        if result is not None:
            row.result = result
