"""What the security tests share: a table to act on, every route the app declares, and a picture of the store."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy import select

from gamewright.web.guard import SAFE_METHODS

HOST = "http://testserver"  # the TestClient's own origin


@dataclass
class Table:
    """A listed two-human Penance game: the client holds seat 0 (its cookie), seat 1 is open in the lobby; and
    an Affinity character named Aster."""

    game_id: str
    tokens: list[str]
    legal: str  # a legal first move of seat 0
    finished: str = ""  # a finished one-seat Space Prince game whose seat the client holds (for its rematch)


@pytest.fixture
def table(client: TestClient) -> Table:
    g = client.post("/api/games", json={"game": "penance", "seats": ["human", "human"], "listed": True}).json()
    gid, t0 = g["id"], g["seats"][0]["token"]
    legal = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {t0}"}).json()["legal"][0]
    client.get(f"/games/{gid}/join", params={"token": t0})
    made = client.post("/characters/new", data={"name": "Aster", "class": "combatant", "level": "2"})
    assert made.status_code == 200, made.text
    # the Penance game alone is the lobby's open game; the one the creation above made is gone from the listing
    return Table(gid, [s["token"] for s in g["seats"]], legal, finished_game(client))


def finished_game(client: TestClient) -> str:
    """A one-encounter Space Prince run played to its end through the API; the client holds its seat."""
    g = client.post("/api/games", json={"game": "prince", "seats": ["human"], "options": {"encounters_per_run": 1},
                                        "seed": 1}).json()
    gid, auth = g["id"], {"Authorization": f"Bearer {g['seats'][0]['token']}"}
    while not (game := client.get(f"/api/games/{gid}", headers=auth).json())["terminal"]:
        client.post(f"/api/games/{gid}/actions", headers=auth, json={"action": game["legal"][0], "seq": game["seq"]})
    client.get(f"/games/{gid}/join", params={"token": g["seats"][0]["token"]})
    return str(gid)


def declared(routes: Any, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(method, path) of every route, walking into included routers (FastAPI keeps them nested)."""
    for route in routes:
        if isinstance(route, APIRoute):
            for method in route.methods:
                yield method, prefix + route.path
        elif hasattr(route, "original_router"):
            yield from declared(route.original_router.routes, prefix + route.include_context.prefix)


def routes(app: Any, methods: frozenset[str] | None = None) -> list[tuple[str, str]]:
    """(method, path) of every route the app declares; ``methods`` None: every state-changing method."""
    return sorted({(m, p) for m, p in declared(app.routes)
                   if ((m in methods) if methods is not None else (m not in SAFE_METHODS))})


# The value of each path parameter the app's routes use (a new parameter name fails ``fill`` until added here).
def params(table: Table) -> dict[str, str]:
    return {"game_id": table.game_id, "seat": "1", "name": "Aster", "game": "penance"}


def fill(path: str, values: dict[str, str]) -> str:
    import re

    def value(m: re.Match[str]) -> str:
        name = m.group(1).split(":")[0]
        assert name in values, f"tests/web/security: give the path parameter {name!r} a value in params()"
        return values[name]

    return re.sub(r"\{([^}]+)\}", value, path)


def store_picture() -> dict[str, list[Any]]:
    """Every row of every table of the store: equal before and after means nothing changed."""
    from gamewright.store.db import database_url, engine
    from gamewright.store.schema import metadata

    with engine(database_url()).connect() as conn:
        return {t.name: [tuple(r) for r in conn.execute(select(t))] for t in metadata().sorted_tables}
