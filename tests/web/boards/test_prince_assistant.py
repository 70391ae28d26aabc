"""The Space Prince what-if page answers as ``prince turn --json`` does, and its URL holds its inputs; it opens on a
form (from a preset or a game as it stands) with the JSON as an advanced option, and tells the result readably."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qs, urlparse

from fastapi.testclient import TestClient

from gamewright.games.prince.scenario import example_text, run_scenario
from gamewright.games.prince.tables import PLANETS
from tests.web.table_play import number_problems


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


# --- the form ---------------------------------------------------------------------------------------------------
class FormFields(HTMLParser):
    """The fields a browser would send from one form of a page (selected options, checked boxes, values)."""

    def __init__(self, form_id: str) -> None:
        super().__init__()
        self.form_id, self.inside = form_id, False
        self.fields: dict[str, str] = {}
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        if not self.inside:
            return
        if tag == "input" and "name" in a:
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.fields[a["name"]] = a.get("value", "on")
            else:
                self.fields[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select:
            value = a.get("value")
            if "selected" in a:
                self.fields[self.select] = value if value is not None else "\0text"

    def handle_data(self, data: str) -> None:
        if self.inside and self.select and self.fields.get(self.select) == "\0text":
            self.fields[self.select] = data.strip()

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        if tag == "select":
            self.select = None


def form_of(html: str, form_id: str = "whatif-form") -> dict[str, str]:
    parser = FormFields(form_id)
    parser.feed(html)
    return dict(parser.fields)


def visible(section: str) -> str:
    """The words of an HTML fragment a reader sees by default: no tags, titles, <pre> or closed details' bodies."""
    section = re.sub(r"<details(?![^>]*\bopen\b)[^>]*>.*?</details>", " ", section, flags=re.S)
    section = re.sub(r"<(pre|title|script|style)\b.*?</\1>", " ", section, flags=re.S)
    return re.sub(r"<[^>]+>", " ", section)


def test_the_tool_opens_on_a_form_with_the_json_as_an_advanced_option(client: TestClient) -> None:
    page = client.get("/tools/prince/turn")
    assert page.status_code == 200 and 'id="outcome"' not in page.text
    fields = form_of(page.text)
    for prefix in ("you", "them"):
        for planet in PLANETS:
            assert f"{prefix}_sign_{planet}" in fields and f"{prefix}_aff_{planet}" in fields
    assert fields["player_planet"] == "Mars" and fields["you_sign_Sun"] == "Leo" and fields["you_aff_Mars"] == "4"
    assert fields["you_burnt_Saturn"] == "1" and fields["rolls"] == "0.5 0.9 0.3"  # the example, in the form
    advanced = page.text.split('<details class="wf-advanced" id="advanced"', 1)[1]
    assert advanced.startswith(">") and 'id="scenario"' in advanced.split("</details>", 1)[0]  # closed, JSON inside


def test_the_form_resolves_the_turn_it_shows(client: TestClient) -> None:
    fields = form_of(client.get("/tools/prince/turn").text)
    fields.update({"player_planet": "Moon", "you_aff_Sun": "3", "them_burnt_Jupiter": "1", "them_sect": "day",
                   "them_sign_Mars": "Aries", "seed": "12"})
    expected = json.loads(example_text())
    expected.pop("rolls")
    expected["seed"] = 12
    expected["player_planet"] = "Moon"
    expected["player"]["affliction"]["Sun"] = 3
    expected["opponent"].update({"combust": ["Jupiter"], "sect": "day"})
    expected["opponent"]["signs"]["Mars"] = "Aries"
    want = run_scenario(expected)
    assert client.get("/tools/prince/turn", params={**fields, "format": "json"}).json() == want
    page = client.get("/tools/prince/turn", params=fields)
    assert page.status_code == 200
    assert json.dumps(want, indent=2).replace('"', "&#34;") in page.text  # the whole result, under a details
    assert form_of(page.text) == {**fields, "rolls": ""}  # the form shows the turn it resolved
    outcome = page.text.split('id="outcome"', 1)[1].split("</section>", 1)[0]
    words = visible(outcome)
    assert number_problems(words) == [] and re.search(r"\d%", words)
    assert f'id="score">{want["score"]["turn"]}<' in outcome
    link = page.text.split('id="permalink" href="')[1].split('"')[0].replace("&amp;", "&")
    assert client.get(link).text.count('id="outcome"') == 1


def test_the_tool_starts_from_a_game_as_it_stands(client: TestClient) -> None:
    g = client.post("/api/games", json={"game": "prince", "seats": ["human"], "seed": 6}).json()
    token = g["seats"][0]["token"]
    for seq, planet in enumerate(("Mars", "Venus")):
        client.post(f"/api/games/{g['id']}/actions", headers={"authorization": f"Bearer {token}"},
                    json={"action": planet, "seq": seq})
    view = client.get(f"/api/games/{g['id']}", headers={"authorization": f"Bearer {token}"}).json()["view"]
    client.get(g["seats"][0]["url"].replace("http://testserver", ""))
    assert f'href="/tools/prince/turn?game={g["id"]}"' in client.get(f"/games/{g['id']}").text  # the board links
    page = client.get("/tools/prince/turn", params={"game": g["id"]})
    assert page.status_code == 200 and g["id"] in page.text
    fields = form_of(page.text)
    assert fields["opponent_planet"] == view["current"]
    for prefix, side in (("you", "player"), ("them", "opponent")):
        for planet in PLANETS:
            assert fields[f"{prefix}_sign_{planet}"] == view[side]["chart"]["signs"][planet]
            assert fields[f"{prefix}_aff_{planet}"] == str(view[side]["affliction"][planet])
            assert (f"{prefix}_burnt_{planet}" in fields) == (planet in view[side]["combust"])
    assert json.loads(fields["base"])["options"]["encounters_per_run"] == 3  # the table's rules ride along
    fields["rolls"] = "0.5"
    assert client.get("/tools/prince/turn", params=fields).text.count('id="outcome"') == 1
    missing = client.get("/tools/prince/turn", params={"game": "0123456789abcdef"})
    assert missing.status_code == 200 and 'id="notice"' in missing.text


def test_a_bad_value_in_the_form_is_a_clear_400_that_keeps_the_form(client: TestClient) -> None:
    fields = form_of(client.get("/tools/prince/turn").text)
    page = client.get("/tools/prince/turn", params={**fields, "you_aff_Sun": "many", "them_aff_Moon": "7"})
    assert page.status_code == 400 and "your Sun" in page.text.split('id="error">', 1)[1].split("<", 1)[0]
    kept = form_of(page.text)
    assert kept["them_aff_Moon"] == "7" and kept["player_planet"] == fields["player_planet"]
    for bad in ({"rolls": "0.5 lots"}, {"seed": "9" * 40}, {"base": "[" * 3000}, {"player_planet": "Pluto"}):
        r = client.get("/tools/prince/turn", params={**fields, **bad})
        assert r.status_code == 400 and 'id="error"' in r.text, bad


def test_the_form_in_chromium_at_desktop_and_phone_size(client: TestClient) -> None:
    from tests.web.conftest import ARTIFACTS, app_page
    from tests.web.test_accessibility import AXE, RULES

    for width, height in ((1280, 800), (390, 844)):
        with app_page(client, width, height) as page:
            page.goto("http://gamewright.test/tools/prince/turn?preset=new-run")
            assert page.locator("#scenario").is_hidden()  # the JSON waits under "Advanced"
            page.select_option("#wf-player-planet", "Saturn")
            page.fill("input[name=you_aff_Saturn]", "12")
            page.fill("#wf-seed", "3")
            page.click("#resolve")
            page.wait_for_selector("#outcome")
            assert "Your ♄ Saturn" in page.locator(".wf-meeting").inner_text()
            text = page.locator("#outcome").inner_text()
            assert number_problems(text) == [] and re.search(r"\d%", text)
            assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scrolling
            page.screenshot(path=str(ARTIFACTS / f"prince_whatif_{width}.png"), full_page=True)
            page.evaluate(AXE.read_text(encoding="utf-8"))
            found = page.evaluate(
                "(rules) => axe.run(document, {runOnly: {type: 'rule', values: rules}}).then(r => r.violations"
                ".filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id + ': ' + "
                "v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')))", RULES)
            assert found == []
