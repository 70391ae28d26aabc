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
