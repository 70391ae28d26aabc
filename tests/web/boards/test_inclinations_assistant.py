"""The what-if turn page answers exactly what ``gamewright inclinations turn --json`` prints; its URL is a permalink."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

from gamewright.games.inclinations.whatif import EXAMPLE

REFUSED = {"ships": [{"id": "P1", "ring": 3, "sector": 0}, {"id": "P2", "ring": 4, "sector": 2}],
           "turns": [{"ship": "P1", "actions": [{"fire": "laser", "targets": ["P2"]}]}]}


def test_the_page_and_the_cli_agree(client: Any, cli: Any, tmp_path: Path) -> None:
    for scenario in (EXAMPLE, REFUSED, {**EXAMPLE, "rolls": None, "seed": 11}):
        text = json.dumps(scenario)
        path = tmp_path / "s.json"
        path.write_text(text)
        code, out, _ = cli("inclinations", "turn", str(path), "--json")
        assert code == 0
        expected = json.loads(out)
        page = client.get(f"/tools/inclinations/turn?scenario={quote(text)}")  # the URL holds the input
        assert page.status_code == 200
        shown = re.search(r'<pre id="answer">(.*?)</pre>', page.text, re.S)
        assert shown and json.loads(html.unescape(shown.group(1))) == expected
        kept = re.search(r'<textarea name="scenario"[^>]*>(.*?)</textarea>', page.text, re.S)
        assert kept and html.unescape(kept.group(1)) == text  # the form keeps it
        assert client.get("/tools/inclinations/turn", params={"scenario": text, "format": "json"}).json() == expected


def test_a_malformed_scenario_is_the_cli_error_line(client: Any, cli: Any, tmp_path: Path) -> None:
    bad = json.dumps({"ships": [{"id": "P1", "ring": 9, "sector": 0}]})
    path = tmp_path / "bad.json"
    path.write_text(bad)
    code, _, err = cli("inclinations", "turn", str(path), "--json")
    assert code == 2
    r = client.get("/tools/inclinations/turn", params={"scenario": bad, "format": "json"})
    assert r.status_code == 400 and r.json()["error"] in err
    page = client.get("/tools/inclinations/turn", params={"scenario": "{not json"})
    assert page.status_code == 400 and 'id="whatif-error"' in page.text


def test_the_empty_form_shows_the_example(client: Any) -> None:
    page = client.get("/tools/inclinations/turn")
    assert page.status_code == 200 and 'id="answer"' in page.text and "incl-svg" in page.text


def test_the_tool_opens_on_a_form_and_the_form_asks_what_the_json_asks(client: Any) -> None:
    from gamewright.web.assistants_inclinations import form_from_scenario

    page = client.get("/tools/inclinations/turn")
    assert 'id="whatif-ships-form"' in page.text and 'name="s0_id" value="P1"' in page.text
    assert "allocate engines 1; allocate railgun 4; fire laser P2; burn light -3; fire railgun P2" in page.text
    assert "<details class=\"whatif-advanced\">" in page.text  # the JSON box is there, folded away
    # the form's fields, sent back, ask the same question as the example's JSON
    rows = form_from_scenario(EXAMPLE)
    params: dict[str, str] = {"to_hit": rows["to_hit"], "well_transfer_mass": "0", "shields_deplete": "on",
                              "rolls": rows["rolls"]}
    for i, s in enumerate(rows["ships"]):
        params.update({f"s{i}_{k}": str(s[k]) for k in ("id", "well", "ring", "sector", "facing", "hull", "heat",
                                                         "mass", "ammo")})
        params.update({f"s{i}_{sub}": str(n) for sub, n in s["energy"].items()})
    for i, t in enumerate(rows["turns"]):
        params.update({f"t{i}_ship": t["ship"], f"t{i}_steps": t["steps"]})
    by_form = client.get("/tools/inclinations/turn", params={**params, "format": "json"}).json()
    by_json = client.get("/tools/inclinations/turn", params={"scenario": json.dumps(EXAMPLE),
                                                             "format": "json"}).json()
    assert by_form == by_json
    bad = client.get("/tools/inclinations/turn", params={**params, "t0_steps": "burn sideways"})
    assert bad.status_code == 400 and 'id="whatif-error"' in bad.text and "turn 1" in bad.text
    assert 'value="burn sideways"' in bad.text  # the form keeps what was typed


def test_the_tool_fills_its_form_from_a_running_game(client: Any) -> None:
    g = client.post("/api/games", json={"game": "inclinations", "seed": 2, "seats": ["human", "human"]}).json()
    for seat, sector in ((0, 3), (1, 9)):
        token = g["seats"][seat]["token"]
        seq = client.get(f"/api/games/{g['id']}", headers={"authorization": f"Bearer {token}"}).json()["seq"]
        client.post(f"/api/games/{g['id']}/actions", json={"action": f"deploy {sector}", "seq": seq},
                    headers={"authorization": f"Bearer {token}"})
    page = client.get("/tools/inclinations/turn", params={"game": g["id"]})
    assert page.status_code == 200 and f"Filled from <a href=\"/games/{g['id']}\">" in page.text
    assert 'name="s0_id" value="P1"' in page.text and 'name="s1_sector" min="0" max="23" value="9"' in page.text
    assert 'name="t0_ship" value="P1"' in page.text
    missing = client.get("/tools/inclinations/turn", params={"game": "0000000000000000"})
    assert missing.status_code == 400 and 'id="whatif-error"' in missing.text
