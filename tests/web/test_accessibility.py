"""axe-core (vendored under tests/web/vendor/, tests only) over the lobby, the generic page, every game's board
page and every assistant page, in Debian chromium: no serious or critical violation of contrast or labels."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from gamewright.core.manifest import game_names, manifest_for
from gamewright.web.app import create_app
from gamewright.web.boards import board_module
from tests.web.conftest import CspWatch, Server
from tests.web.test_browser import ARGS, CHROMIUM

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
# contrast and every rule about names and labels (axe's tags for them)
RULES = ["color-contrast", "label", "button-name", "link-name", "image-alt", "svg-img-alt", "role-img-alt",
         "select-name", "input-button-name", "aria-input-field-name", "frame-title", "document-title",
         "form-field-multiple-labels", "aria-command-name", "aria-toggle-field-name", "html-has-lang"]
BOARD_GAMES = [g for g in game_names() if board_module(g) is not None]
TOOLS = sorted(path for path, ops in create_app().openapi()["paths"].items()
               if path.startswith("/tools/") and "get" in ops and "{" not in path)

pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium is not installed")


@pytest.fixture(scope="module")
def server_module(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {**os.environ, "GAMEWRIGHT_DB": f"sqlite:///{tmp_path_factory.mktemp('axe') / 'axe.db'}"}
    server = Server(env).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def page(server_module: Server) -> Iterator[Any]:
    playwright = pytest.importorskip("playwright.sync_api")
    csp = CspWatch()
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield csp.watch(b.new_page(viewport={"width": 1280, "height": 900}))
        b.close()
    csp.check()


def violations(page: Any, url: str) -> list[str]:
    page.goto(url)
    page.evaluate(AXE.read_text(encoding="utf-8"))  # through the driver: the page's CSP allows no inline script
    found = page.evaluate("(rules) => axe.run(document, {runOnly: {type: 'rule', values: rules}})"
                          ".then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')"
                          ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))",
                          RULES)
    assert page.evaluate("typeof axe.version") == "string"  # axe really ran
    return list(found)


def new_game(server: Server, game: str) -> str:
    seats = list(manifest_for(game).lobby_seats())
    g = httpx.post(server.url + "/api/games", json={"game": game, "seed": 3, "seats": seats}, timeout=30).json()
    return f"/games/{g['id']}/join?token={g['seats'][0]['token']}"


def test_lobby(page: Any, server_module: Server) -> None:
    assert violations(page, server_module.url + "/") == []


@pytest.mark.parametrize("game", sorted(game_names()))
def test_generic_page(page: Any, server_module: Server, game: str) -> None:
    page.goto(server_module.url + new_game(server_module, game))
    assert violations(page, page.url.rstrip("/") + "/generic") == []


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_board_page(page: Any, server_module: Server, game: str) -> None:
    assert violations(page, server_module.url + new_game(server_module, game)) == []


@pytest.mark.parametrize("path", TOOLS)
def test_assistant_page(page: Any, server_module: Server, path: str) -> None:
    assert violations(page, server_module.url + path) == []
