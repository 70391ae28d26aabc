"""The Penance campaign pages: the list and one campaign's roster and missions, read from the tables the
``gamewright penance campaign`` commands write; a mission in progress shows neither its seed nor its actions."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from fastapi.testclient import TestClient

from tests.web.conftest import ARTIFACTS, app_page
from tests.web.test_accessibility import violations

Cli = Callable[..., tuple[int, str, str]]


def fly(cli: Cli) -> dict[str, object]:
    """A campaign with one finished bots' mission and one started at the terminal and left (saved)."""
    assert cli("penance", "campaign", "new", "Ash Road", "--pilot", "Sister Varnia=confessor",
               "--pilot", "Thane Brokk=ironclad")[0] == 0
    code, out, err = cli("penance", "campaign", "mission", "Ash Road", "--vs", "ironclad", "--pilot", "Sister Varnia",
                         "--bot", "heuristic", "--seed", "4", "--json")
    assert code == 0, err
    code, _, err = cli("penance", "campaign", "mission", "Ash Road", "--vs", "confessor", "--pilot", "Thane Brokk",
                       "--seed", "987654321", stdin="keep\nquit\n")
    assert code == 0, err
    return dict(json.loads(out))


def test_the_pages_tell_the_story_the_cli_tells(client: TestClient, cli: Cli) -> None:
    first = fly(cli)
    listing = client.get("/campaigns")
    assert listing.status_code == 200
    assert 'href="/campaigns/Ash%20Road"' in listing.text and "2 missions" not in listing.text
    assert "(one in progress)" in listing.text and f"1 {first['outcome']}" in listing.text
    page = client.get("/campaigns/Ash Road")
    assert page.status_code == 200
    code, out, _ = cli("penance", "campaign", "show", "Ash Road", "--json")
    shown = json.loads(out)
    for pilot in shown["pilots"]:
        assert pilot["name"] in page.text
    assert first["outcome"].upper() in page.text and "seed 4)" in page.text  # type: ignore[union-attr]
    assert "in progress" in page.text and "987654321" not in page.text
    assert re.search(r"in progress</strong> — \d+ actions so far", page.text)
    assert client.get("/campaigns/nobody").status_code == 404


def test_campaign_page_screenshot_and_axe(client: TestClient, cli: Cli) -> None:
    fly(cli)
    with app_page(client) as page:
        page.goto("http://gamewright.test/campaigns")
        page.click("text=Ash Road")
        assert "Roster" in page.inner_text("main")
        page.screenshot(path=str(ARTIFACTS / "campaign_penance.png"), full_page=True)
        for path in ("/campaigns", "/campaigns/Ash%20Road"):
            assert violations(page, "http://gamewright.test" + path) == [], path
