"""The "How to play" pages: each written text renders with the game's board, every verb the engine uses has its
section, and the site links to them (header, lobby, the boards' "?" beside each kind of action)."""

from __future__ import annotations

import random
import re
from functools import cache
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from gamewright.core.game import load_game
from gamewright.core.manifest import game_names
from gamewright.games import how_to_play

GAMES = game_names()
WRITTEN = [g for g in GAMES if how_to_play.source(g) is not None]
UNWRITTEN = [g for g in GAMES if g not in WRITTEN]
SEEDS = 4
MAX_STEPS = 4000


class VisibleText(HTMLParser):
    """The words a reader sees: text outside head, scripts, styles and drawings (an SVG's titles are tooltips)."""

    HIDDEN = frozenset(("head", "script", "style", "svg", "template"))

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.words += data.split()


def visible_words(page: str) -> list[str]:
    parser = VisibleText()
    parser.feed(page)
    return parser.words


@cache
def verbs_used(game: str) -> frozenset[str]:
    """The first word of every legal action met in a few random seeded games of ``game`` (default options): a
    new kind of action the engine offers must get its own section."""
    g = load_game(game)
    found: set[str] = set()
    for seed in range(SEEDS):
        state = g.new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(MAX_STEPS):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            found.update(a.to_text().split()[0] for a in legal)
            state.apply(rng.choice(legal))
    return frozenset(found)


# --- the renderer ----------------------------------------------------------------------------------------------
def test_the_renderer_gives_stable_ids_escapes_html_and_builds_the_glossary() -> None:
    text = ("Intro <b>bold?</b> <script>alert(1)</script>\n\n## The goal\n\nWin.\n\n## Actions\n\n"
            "### play — a card\n\nx\n\n### `move`\n\ny\n\n## Glossary\n\n**SP** — soul points\n**Heat** - strain\n\n"
            "[bad](javascript:alert(1))\n")
    done = how_to_play.render(text)
    assert "<script>" not in done.html and "&lt;script&gt;" in done.html and "&lt;b&gt;" in done.html
    assert 'href="javascript' not in done.html
    assert '<h2 id="the-goal">' in done.html and '<h2 id="actions">' in done.html
    assert done.action_ids == ("action-play", "action-move")
    assert '<dt id="term-sp">SP</dt>' in done.html and "<dd>strain</dd>" in done.html
    assert done.html.count("<dl>") == 1


@pytest.mark.parametrize("game", WRITTEN)
def test_each_text_follows_the_convention(game: str) -> None:
    text = how_to_play.source(game)
    assert text is not None
    assert how_to_play.structure_problems(text) == []
    assert len(text.split()) >= 800


# --- the pages -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", WRITTEN)
def test_a_rules_page_has_the_text_the_board_and_a_section_per_verb(client: TestClient, game: str) -> None:
    r = client.get(f"/rules/{game}")
    assert r.status_code == 200
    page = r.text
    assert len(visible_words(page)) >= 600
    article = page.split('<article class="rules-text">', 1)[1].split("</article>", 1)[0]
    assert len(visible_words(article)) >= 600
    for section in how_to_play.SECTIONS:
        assert f'id="{how_to_play.slug(section)}"' in page
    missing = [v for v in sorted(verbs_used(game)) if f'id="{how_to_play.action_id(v)}"' not in page]
    assert missing == [], f"verbs the {game} engine uses with no '### <verb>' under '## Actions': {missing}"
    board = page.split('id="rules-board"', 1)[1]
    assert "<svg" in board.split("</figure>", 1)[0]  # the game's own board drawing
    assert 'href="/rules/' + game + '" id="rules-link"' in page  # the header's "Rules" names this game


@pytest.mark.parametrize("game", UNWRITTEN)
def test_a_game_without_its_text_says_so(client: TestClient, game: str) -> None:
    r = client.get(f"/rules/{game}")
    assert r.status_code == 200 and 'id="not-written"' in r.text


def test_a_missing_text_shows_a_short_page(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(how_to_play, "source", lambda game: None)
    how_to_play.rendered.cache_clear()
    try:
        r = client.get("/rules/penance")
        assert r.status_code == 200 and "not written yet" in r.text and 'id="rules-board"' in r.text
    finally:
        how_to_play.rendered.cache_clear()


def test_an_unknown_game_is_a_404_page(client: TestClient) -> None:
    r = client.get("/rules/chess")
    assert r.status_code == 404 and "text/html" in r.headers["content-type"] and "no game called" in r.text
    assert client.get("/rules/..%2F..%2Fetc").status_code == 404


def test_the_index_header_and_lobby_link_to_the_rules(client: TestClient) -> None:
    index = client.get("/rules")
    assert index.status_code == 200
    for game in GAMES:
        assert f'href="/rules/{game}"' in index.text
    lobby = client.get("/").text
    assert 'href="/rules" id="rules-link"' in lobby
    for game in GAMES:
        assert f'href="/rules/{game}"' in lobby  # "How to play" per game


@pytest.mark.parametrize(("game", "seats"), [("penance", ["human", "bot:heuristic"]),
                                             ("inclinations", ["human", "bot:random-bot"])])
def test_each_question_mark_on_a_board_opens_its_section(client: TestClient, game: str, seats: list[str]) -> None:
    g = client.post("/api/games", json={"game": game, "seed": 5, "seats": seats}).json()
    client.get(f"/games/{g['id']}/join", params={"token": g["seats"][0]["token"]})
    board = client.get(f"/games/{g['id']}").text
    assert f'href="/rules/{game}" id="rules-link"' in board
    targets = set(re.findall(rf'class="rules-q" href="/rules/{game}#([a-z0-9-]+)"', board))
    assert targets, "the board on the seat's turn shows no '?' link"
    if game in WRITTEN:
        page = client.get(f"/rules/{game}").text
        assert [t for t in sorted(targets) if f'id="{t}"' not in page] == []


# --- in chromium: readable on a desktop and a phone, no overflow, no serious axe finding ------------------------
@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_in_chromium(client: TestClient, game: str) -> None:
    from tests.web.conftest import ARTIFACTS, app_page
    from tests.web.test_accessibility import AXE, RULES

    for width, height in ((1280, 800), (390, 844)):
        with app_page(client, width, height) as page:
            page.goto(f"http://gamewright.test/rules/{game}")
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
            page.screenshot(path=str(ARTIFACTS / f"rules_{game}_{width}.png"))
            if width == 1280:
                page.evaluate(AXE.read_text(encoding="utf-8"))  # through the driver: the CSP allows no inline script
                found = page.evaluate(
                    "(rules) => axe.run(document, {runOnly: {type: 'rule', values: rules}}).then(r => r.violations"
                    ".filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + "
                    "v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))", RULES)
                assert found == []
            if width == 1280 and game in WRITTEN:
                page.click('a[href="#actions"]')  # the contents lead to the section
                assert page.evaluate("location.hash") == "#actions"


@pytest.mark.parametrize("game", WRITTEN)
def test_each_text_ships_with_the_package(game: str) -> None:
    """The wheel carries the text: ``pip install .`` serves the rules page too."""
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["gamewright"]
    assert any(fnmatch.fnmatch(f"games/{game}/how_to_play.md", p) for p in patterns)
