"""The Affinity character pages: create, show, level up, rest, heal and potions on stored sheets, each leaving
the stored sheet exactly what ``gamewright affinity character show NAME --json`` prints."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from gamewright.app.affinity_sheets import load_sheet, sheet_doc
from tests.web.conftest import ARTIFACTS, app_page
from tests.web.test_accessibility import violations
from tests.web.test_browser import CHROMIUM

Cli = Callable[..., tuple[int, str, str]]


def stored(cli: Cli, name: str) -> dict[str, Any]:
    code, out, err = cli("affinity", "character", "show", name, "--json")
    assert code == 0, err
    return dict(json.loads(out))


def same_as_cli(client: TestClient, cli: Cli, name: str) -> dict[str, Any]:
    """The page shows the stored sheet, and the stored sheet is what the CLI prints."""
    doc = stored(cli, name)
    assert doc == sheet_doc(load_sheet(name))
    page = client.get(f"/characters/{name}")
    assert page.status_code == 200 and f"{doc['hd']}d{doc['hd_die']} of {doc['hd_max']}" in page.text
    return doc


def create(client: TestClient, name: str = "Aster", **extra: str) -> Any:
    r = client.post("/characters/new", data={"name": name, "class": "combatant", "level": "2", **extra})
    assert r.status_code == 200, r.text
    return r


def test_create_show_and_list(client: TestClient, cli: Cli) -> None:
    r = create(client)
    assert "Aster created" in r.text and "Hit Dice" in r.text
    doc = same_as_cli(client, cli, "Aster")
    assert doc["class_key"] == "combatant" and doc["level"] == 2 and doc["pending"]
    assert all(a in r.text for a in doc["abilities"])
    listing = client.get("/characters")
    assert listing.status_code == 200 and 'href="/characters/Aster"' in listing.text
    assert client.get("/characters/new").status_code == 200


def test_level_up_says_what_changed(client: TestClient, cli: Cli) -> None:
    create(client)
    before = stored(cli, "Aster")
    r = client.post("/characters/Aster", data={"action": "level-up"})
    assert r.status_code == 200 and "Aster is now level 3" in r.text
    after = same_as_cli(client, cli, "Aster")
    assert after["level"] == before["level"] + 1 and after["hd_max"] > before["hd_max"]


def test_rest_recover_and_wake(client: TestClient, cli: Cli) -> None:
    create(client)
    for kind in ("rest", "recover", "wake"):
        r = client.post("/characters/Aster", data={"action": "rest", "kind": kind})
        assert r.status_code == 200, r.text
        assert 'id="changed"' in r.text
        same_as_cli(client, cli, "Aster")
    assert stored(cli, "Aster")["rests_today"] == 1


def test_a_rest_on_the_page_restores_one_resolve(client: TestClient, cli: Cli) -> None:
    """RULINGS (issue 22 item 4): a Rest restores 1 Resolve, the page's rest as the CLI's default."""
    from gamewright.app.affinity_sheets import edit_sheets

    create(client)
    with edit_sheets("Aster") as (sheet,):
        sheet.resolve = 1
    r = client.post("/characters/Aster", data={"action": "rest", "kind": "rest"})
    assert r.status_code == 200 and "Resolve 1 → 2" in r.text
    assert same_as_cli(client, cli, "Aster")["resolve"] == 2


def test_heal_and_potion_roll_with_a_shown_seed(client: TestClient, cli: Cli) -> None:
    create(client)
    r = client.post("/characters/Aster", data={"action": "heal", "dice": "2d8"})
    assert r.status_code == 200 and "rolled 2d8" in r.text
    assert re.search(r'id="seed">\d+<', r.text)
    same_as_cli(client, cli, "Aster")
    r = client.post("/characters/Aster", data={"action": "potion", "potion": "healing_salve"})
    assert r.status_code == 200 and "healing salve: rolled 1d6" in r.text
    r = client.post("/characters/Aster", data={"action": "potion", "potion": "resolve_tonic"})
    assert r.status_code == 200 and "resolve tonic" in r.text
    same_as_cli(client, cli, "Aster")


def test_the_shown_seed_replays_the_roll_in_the_cli(client: TestClient, cli: Cli) -> None:
    create(client, "Aster")
    create(client, "Briar")
    r = client.post("/characters/Aster", data={"action": "heal", "dice": "3d8"})
    seed = re.search(r'id="seed">(\d+)<', r.text)
    rolled = re.search(r"rolled 3d8 (\[[^\]]*\])", r.text)
    assert seed and rolled
    code, out, err = cli("affinity", "rest", "Briar", "--heal", "3d8", "--seed", seed.group(1), "--json")
    assert code == 0, err
    assert json.loads(out)["rolls"] == json.loads(rolled.group(1))


@pytest.mark.parametrize(("path", "data", "fragment"), [
    ("/characters/new", {"name": "Bo", "class": "wizard"}, "wizard"),
    ("/characters/new", {"name": "Bo", "class": "combatant", "level": "99"}, "level"),
    ("/characters/new", {"name": "", "class": "combatant"}, "name"),
    ("/characters/Aster", {"action": "heal", "dice": "2x8"}, "not dice like 2d8"),
    ("/characters/Aster", {"action": "heal", "dice": "999d8"}, "number of dice"),
    ("/characters/Aster", {"action": "potion", "potion": "ale"}, "unknown potion"),
    ("/characters/Aster", {"action": "potion", "potion": ""}, "choose a potion"),
    ("/characters/Aster", {"action": "rest", "kind": "nap"}, "choose rest, recover or wake"),
    ("/characters/Aster", {"action": "dance"}, "choose level-up"),
])
def test_bad_input_is_a_400_page_and_changes_nothing(client: TestClient, cli: Cli, path: str,
                                                     data: dict[str, str], fragment: str) -> None:
    create(client)
    before = stored(cli, "Aster")
    r = client.post(path, data=data)
    assert r.status_code == 400, r.text
    message = re.search(r'role="alert">([^<]*)<', r.text)
    assert message and fragment in message.group(1) and "Traceback" not in r.text
    assert stored(cli, "Aster") == before


def test_a_missing_character_is_404(client: TestClient) -> None:
    assert client.get("/characters/Nobody").status_code == 404
    assert client.post("/characters/Nobody", data={"action": "rest"}).status_code == 404


def test_a_name_with_markup_is_shown_as_text(client: TestClient, cli: Cli) -> None:
    name = "<img src=x onerror=alert(1)>"  # no "/": a name is its page's address (issue 23)
    r = create(client, name)
    assert "<img src=x" not in r.text and "&lt;img src=x onerror=alert(1)&gt;" in r.text
    listing = client.get("/characters").text
    assert "<img src=x" not in listing and "&lt;img" in listing
    assert stored(cli, name)["name"] == name


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="Debian chromium (/usr/bin/chromium) is not installed")
def test_sheet_page_screenshot_and_axe(client: TestClient) -> None:
    create(client, way="")
    client.post("/characters/Aster", data={"action": "heal", "dice": "2d8"})
    with app_page(client, 1000, 1100) as page:
        page.goto("http://gamewright.test/characters/Aster")
        page.click("#drink")
        assert "healing salve" in page.inner_text("#changed")
        page.screenshot(path=str(ARTIFACTS / "characters_affinity.png"), full_page=True)
        for path in ("/characters/Aster", "/characters", "/characters/new"):  # labels and contrast (axe)
            assert violations(page, "http://gamewright.test" + path) == [], path
