"""The Penance assistant pages agree with ``penance odds --json`` and ``penance attack --json``; the URL holds
the inputs (a GET form), and bad input is a clear 400 on the page, never a traceback."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from fastapi.testclient import TestClient

FLOAT = re.compile(r'<th scope="row">([a-z]+)</th><td data-float="([^"]+)"')
ATTACK_JSON = re.compile(r'<script type="application/json" id="attack-json">(.*?)</script>', re.S)


def test_odds_page_agrees_with_the_cli(client: TestClient, cli: Any) -> None:
    for tn in ("3", "7", "11"):
        page = client.get("/tools/penance/odds", params={"tn": tn})
        assert page.status_code == 200
        shown = {k: float(v) for k, v in FLOAT.findall(page.text)}
        code, out, _ = cli("penance", "odds", "--tn", tn, "--json")
        assert code == 0 and shown == json.loads(out)
        assert f'href="/tools/penance/odds?tn={tn}"' in page.text


def test_attack_page_agrees_with_the_cli(client: TestClient, cli: Any) -> None:
    inputs = {"card": "Faithful Thrust", "attacker": "scout", "defender": "vanguard", "range": "1", "side": "rear",
              "cover": "none", "moved": "1", "defender_moved": "0", "attack_dice": "3,4", "defense_dice": "",
              "defender_deck": "", "seed": "5"}
    page = client.get("/tools/penance/attack", params=inputs)
    assert page.status_code == 200
    found = ATTACK_JSON.search(page.text)
    assert found is not None
    code, out, _ = cli("penance", "attack", "--card", "Faithful Thrust", "--attacker", "scout", "--defender",
                       "vanguard", "--range", "1", "--side", "rear", "--moved", "1", "--attack-dice", "3,4",
                       "--seed", "5", "--json")
    assert code == 0 and json.loads(html.unescape(found.group(1))) == json.loads(out)
    assert 'id="permalink"' in page.text and "attack_dice=3%2C4" in page.text


def test_bad_input_is_a_clear_400(client: TestClient) -> None:
    page = client.get("/tools/penance/attack", params={"card": "Faithful Thrust", "range": "99"})
    assert page.status_code == 400 and 'class="error"' in page.text
    assert client.get("/tools/penance/odds", params={"tn": "x"}).status_code == 400


def test_the_odds_open_on_a_form_and_work_out_the_target_number(client: TestClient, cli: Any) -> None:
    bare = client.get("/tools/penance/odds")
    assert bare.status_code == 200 and 'id="terms-form"' in bare.text and 'id="odds"' not in bare.text
    page = client.get("/tools/penance/odds", params={"range": "3", "moved": "2", "defender_moved": "0",
                                                     "side": "rear", "cover": "light"})
    assert page.status_code == 200
    tn = 5 + 0 + 1 + 0 - 2 + 1  # 004 §2 step 2: base, range 3, moved 2, rear, light cover
    code, out, _ = cli("penance", "odds", "--tn", str(tn), "--json")
    assert code == 0 and {k: float(v) for k, v in FLOAT.findall(page.text)} == json.loads(out)
    assert f"Target number <strong>{tn}</strong>" in page.text and "58.3%" in page.text  # readable: a percentage
    assert 'id="odds-json"' in page.text  # the JSON, under "Advanced"


def test_the_attack_tool_opens_on_a_preset_and_takes_json_as_an_advanced_option(client: TestClient) -> None:
    bare = client.get("/tools/penance/attack")
    assert bare.status_code == 200 and 'id="attack-form"' in bare.text and "attack-json" not in bare.text
    assert "<option selected>Faithful Thrust</option>" in bare.text  # the form is filled in from a preset
    preset = client.get("/tools/penance/attack", params={"preset": "hammer", "seed": "3"})
    by_fields = client.get("/tools/penance/attack", params={
        "card": "Hammer Strike", "attacker": "vanguard", "defender": "scout", "range": "1", "side": "rear",
        "cover": "none", "moved": "0", "defender_moved": "2", "seed": "3"})
    by_json = client.get("/tools/penance/attack", params={"json": json.dumps({
        "card": "Hammer Strike", "attacker": "vanguard", "defender": "scout", "range": 1, "side": "rear",
        "defender_moved": 2, "seed": 3})})
    results = []
    for page in (preset, by_fields, by_json):
        assert page.status_code == 200
        found = ATTACK_JSON.search(page.text)
        assert found is not None
        results.append(json.loads(html.unescape(found.group(1))))
        assert 'id="attack-story"' in page.text and re.search(r"hits <strong>\d+(\.\d)?%</strong>", page.text)
    assert results[0] == results[1] == results[2]
    bad = client.get("/tools/penance/attack", params={"json": "{not json"})
    assert bad.status_code == 400 and 'class="error"' in bad.text
