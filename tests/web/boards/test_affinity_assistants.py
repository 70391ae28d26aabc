"""Affinity's assistant pages agree with ``affinity odds --json`` / ``affinity defend --json``; URLs hold inputs."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from fastapi.testclient import TestClient


def page_json(text: str) -> Any:
    found = re.search(r'<pre id="doc-json">(.*?)</pre>', text, re.S)
    assert found is not None
    return json.loads(html.unescape(found.group(1)))


def test_odds_page_matches_the_cli(client: TestClient, cli: Any) -> None:
    code, out, _ = cli(*["affinity", "odds", "--dice", "2", "--exertion", "1", "--threshold", "4", "--required", "2",
                        "--exact", "--json"])
    assert code == 0
    page = client.get("/tools/affinity/odds", params={"dice": "2", "exertion": "1", "threshold": "4", "required": "2"})
    assert page.status_code == 200
    assert page_json(page.text) == json.loads(out)
    assert 'class="odds-chart"' in page.text and 'value="2"' in page.text  # the inputs stay in the form (permalink)


def test_defend_page_matches_the_cli(client: TestClient, cli: Any) -> None:
    args = {"layers": "armor:2d8,body:5d10", "capacity": "2", "damage": "3", "rolls": "6,3", "bonus": "0",
            "seed": "4"}
    code, out, _ = cli(*["affinity", "defend", "--layers", args["layers"], "--capacity", "2", "--damage", "3",
                        "--rolls", "6,3", "--odds", "--seed", "4", "--json"])
    assert code == 0
    page = client.get("/tools/affinity/defend", params=args)
    assert page.status_code == 200
    assert page_json(page.text) == json.loads(out)


def test_bad_inputs_are_a_clear_400(client: TestClient) -> None:
    page = client.get("/tools/affinity/odds", params={"dice": "²", "threshold": "4"})
    assert page.status_code == 400 and 'role="alert"' in page.text
    assert client.get("/tools/affinity/defend", params={"layers": "nonsense", "capacity": "1", "damage": "1"}
                      ).status_code == 400
    assert client.get("/tools/affinity/odds").status_code == 200  # an empty form
