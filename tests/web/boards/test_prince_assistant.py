"""The Space Prince what-if page answers as ``prince turn --json`` does, and its URL holds its inputs."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlparse

from fastapi.testclient import TestClient

from gamewright.games.prince.scenario import example_text


def test_the_page_agrees_with_the_cli_on_the_same_scenario(client: TestClient, cli: Any, tmp_path: Any) -> None:
    scenario = json.loads(example_text())
    scenario.update({"player_planet": "Mars", "opponent_planet": "Moon"})
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    code, out, _ = cli("prince", "turn", str(path), "--json")
    assert code == 0
    expected = json.loads(out)
    query = {"scenario": example_text(), "player_planet": "Mars", "opponent_planet": "Moon"}
    page = client.get("/tools/prince/turn", params=query)
    assert page.status_code == 200
    assert json.dumps(expected, indent=2).replace('"', "&#34;") in page.text
    assert client.get("/tools/prince/turn", params={**query, "format": "json"}).json() == expected
    # the permalink holds every input
    link = page.text.split('id="permalink" href="')[1].split('"')[0].replace("&amp;", "&")
    assert {k: v[0] for k, v in parse_qs(urlparse(link).query).items()} == query


def test_a_seed_replaces_the_rolls_and_bad_input_is_a_clear_400(client: TestClient, cli: Any, tmp_path: Any) -> None:
    scenario = json.loads(example_text())
    scenario.pop("rolls", None)
    scenario["seed"] = 12
    path = tmp_path / "s.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    code, out, _ = cli("prince", "turn", str(path), "--json")
    assert code == 0
    got = client.get("/tools/prince/turn", params={"scenario": example_text(), "seed": "12", "format": "json"})
    assert got.json() == json.loads(out)
    bad = client.get("/tools/prince/turn", params={"scenario": "{nope", "format": "json"})
    assert bad.status_code == 400 and "not JSON" in bad.json()["error"]
    page = client.get("/tools/prince/turn", params={"scenario": '{"player_planet": "Pluto"}'})
    assert page.status_code == 400 and 'id="error"' in page.text


def test_a_prince_minted_in_the_browser_form_is_the_one_the_cli_shows(client: TestClient, cli: Any) -> None:
    form = {"name": "Aster", "time": "1990-05-17T08:42:00Z", "lat": "48.85", "lon": "2.35"}
    r = client.post("/princes", data=form, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/princes/Aster"
    code, out, _ = cli("prince", "show", "Aster", "--json")
    assert code == 0
    shown = json.loads(out)
    page = client.get("/princes/Aster")
    assert page.status_code == 200
    assert f'id="encounters">{shown["progress"]["cumulative_encounters"]}<' in page.text
    assert ", ".join(shown["progress"]["unlocked_planets"]) in page.text
    assert shown["moment"]["time"] in page.text and 'class="aspect"' in page.text
    again = client.post("/princes", data=form)
    assert again.status_code == 400 and 'id="error"' in again.text  # the name is taken
    assert client.post("/princes", data={**form, "name": "B", "lat": "north"}).status_code == 400
    assert client.get("/princes/Nobody").status_code == 404
