"""Saved games: a seed, a configuration and the action log, so any game can be replayed and resumed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from gamewright.core.errors import NotFound
from gamewright.store.db import session_scope
from gamewright.store.models import SavedGame


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
    with session_scope() as session:
        row = SavedGame(game=game, name=name, seed=seed, config=config, actions=[], status="active")
        session.add(row)
        session.flush()
        return row.id


def get_game(game_id: int, game: str | None = None) -> SavedGameRow:
    with session_scope() as session:
        row = session.get(SavedGame, game_id)
        if row is None or (game is not None and row.game != game):
            raise NotFound(f"no saved {game or ''} game with id {game_id}".replace("  ", " "))
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
    snapshot: dict[str, Any] | None = None,
    status: str | None = None,
    result: dict[str, Any] | None = None,
) -> None:
    """Save progress in one transaction (the action log is replaced whole, never half-written)."""
    with session_scope() as session:
        row = session.get(SavedGame, game_id)
        if row is None:
            raise NotFound(f"no saved game with id {game_id}")
        if actions is not None:
            row.actions = list(actions)
        if snapshot is not None:
            row.snapshot = snapshot
        if status is not None:
            row.status = status
        if result is not None:
            row.result = result
