"""The board page shows the board first; the generic buttons, the "Any action" box and the raw view are on the
generic page ("Plain tables") only; a board's own script is loaded when it has one."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from gamewright.core.manifest import manifest_for
from gamewright.web.boards import board_module
from tests.web.conftest import auth, wait_for

GAMES = ["penance", "inclinations", "prince", "affinity"]


@pytest.mark.parametrize("game", GAMES)
def test_the_generic_controls_are_on_the_generic_page_only(client: TestClient, game: str) -> None:
    assert board_module(game) is not None
    seats = list(manifest_for(game).lobby_seats())
    g = client.post("/api/games", json={"game": game, "seed": 3, "seats": seats}).json()
    gid = g["id"]
    client.get(f"/games/{gid}/join", params={"token": g["seats"][0]["token"]})
    # the human's turn: at once, or once the server's bot has played the seats before it (its own thread)
    wait_for(lambda: client.get(f"/api/games/{gid}", headers=auth(g["seats"][0]["token"])).json()["legal"],
             "the human seat never came to move", seconds=60)
    board = client.get(f"/games/{gid}").text
    generic = client.get(f"/games/{gid}/generic").text
    for marker in ('class="act"', 'id="action-text"', "Any action", "Your view"):
        assert marker not in board, marker
        assert marker in generic, marker
    assert 'id="board"' in board and 'id="board"' not in generic
    assert 'id="your-turn"' in board and 'id="your-turn"' in generic
    assert 'href="/games/' + gid + '/generic">Plain tables</a>' in board
    assert 'id="action-buttons"' in board  # the form the board's move controls submit (form="action-buttons")
    for page in (board, generic):
        assert 'id="happened"' in page and "What happened" in page


def test_a_boards_own_script_is_loaded_when_it_exists(client: TestClient, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from gamewright.web import pages

    g = client.post("/api/games", json={"game": "penance", "seats": ["human", "bot:heuristic"]}).json()
    tag = '<script src="/static/boards/penance.js" defer></script>'
    monkeypatch.setattr(pages, "BOARD_STATIC", tmp_path)
    assert tag not in client.get(f"/games/{g['id']}").text
    (tmp_path / "penance.js").write_text("// a board's delegated handlers\n", encoding="utf-8")
    assert tag in client.get(f"/games/{g['id']}").text
