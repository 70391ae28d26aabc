"""Persistence: SQLAlchemy 2 over a SQLite file by default, any database URL via ``GAMEWRIGHT_DB``."""

from gamewright.store.db import database_url, session_scope
from gamewright.store.records import delete_record, edit_records, get_record, list_records, put_record, update_record
from gamewright.store.saved_games import SavedGameRow, create_game, get_game, list_games, update_game

__all__ = [
    "database_url",
    "session_scope",
    "create_game",
    "get_game",
    "list_games",
    "update_game",
    "SavedGameRow",
    "get_record",
    "put_record",
    "list_records",
    "delete_record",
    "edit_records",
    "update_record",
]
