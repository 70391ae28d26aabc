"""One rule for names that are pages' addresses (issue 23, finding 7): a Prince named with "/" minted but had no
page. Now such a name (and ".", "..", "new") is refused where it is first given, in one clear line, the same from
the CLI and the web; any other name's page is reachable, its address URL-encoded."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from gamewright.core.errors import ConfigError
from gamewright.core.limits import check_page_name

MOMENT = {"time": "1990-05-17T08:42:00Z", "lat": "48.85", "lon": "2.35"}


@pytest.mark.parametrize("name", ["a/b", "Sol/Luna", "back\\slash", "..", "new"])
def test_a_prince_name_that_cannot_be_an_address_is_refused_at_minting(client: TestClient, cli: Any,
                                                                       name: str) -> None:
    code, out, err = cli("prince", "mint", "--name", name, "--lat", "48.85", "--lon", "2.35",
                         "--time", "1990-05-17T08:42:00Z")
    assert code == 2 and err.startswith("error:") and err.count("\n") == 1 and "Prince's name" in err
    page = client.post("/princes", data={"name": name, **MOMENT})
    assert page.status_code == 400 and "Prince&#39;s name" in page.text
    assert cli("prince", "list", "--json")[1].strip() == "[]"  # nothing was minted


@pytest.mark.parametrize("name", ["Ann?", "50% luck", "#1 Prince", "Élodie & Co"])
def test_any_other_name_has_a_reachable_page(client: TestClient, name: str) -> None:
    minted = client.post("/princes", data={"name": name, **MOMENT}, follow_redirects=False)
    assert minted.status_code == 303
    assert minted.headers["location"] == "/princes/" + quote(name)
    assert client.get(minted.headers["location"]).status_code == 200


def test_characters_and_campaigns_follow_the_same_rule(client: TestClient, cli: Any) -> None:
    r = client.post("/characters/new", data={"name": "Bo/Jo", "class": "combatant", "level": "1"})
    assert r.status_code == 400 and "cannot contain /" in r.text
    code, _, err = cli("affinity", "character", "new", "Bo/Jo", "--class", "combatant")
    assert code == 2 and "cannot contain /" in err
    code, _, err = cli("penance", "campaign", "new", "Wing/2", "--pilot", "Ann=confessor")
    assert code == 2 and "cannot contain /" in err


def test_the_rule_in_one_place() -> None:
    assert check_page_name("  Sol   Invictus ", "a name") == "Sol Invictus"
    for bad in ("a/b", "a\\b", ".", "..", "new", "NEW", "", "x\x07"):
        with pytest.raises(ConfigError):
            check_page_name(bad, "a name")
