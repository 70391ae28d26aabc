"""Affinity's assistant pages agree with ``affinity odds --json`` / ``affinity defend --json``; URLs hold inputs;
each opens on a worked preset with readable numbers (the JSON under "Advanced"); the defence form's layer rows
mean what the layers' text form means."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from fastapi.testclient import TestClient

from tests.web.table_play import number_problems


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
    assert client.get("/tools/affinity/odds").status_code == 200  # the form, on its first preset


def visible(page: str) -> str:
    """The page's text as shown when it opens: no markup, no closed "Advanced" part."""
    page = re.sub(r'<details class="advanced">.*?</details>', "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_each_tool_opens_on_a_worked_preset_with_readable_numbers(client: TestClient) -> None:
    for path in ("/tools/affinity/odds", "/tools/affinity/defend"):
        page = client.get(path).text
        presets = re.findall(r'<li><a href="(/tools/affinity/[^"]+)">', page)
        assert len(presets) >= 3 and 'id="doc-json"' in page and "<form" in page
        for text in [page] + [client.get(html.unescape(href)).text for href in presets]:
            shown = visible(text)
            assert re.search(r"\d%", shown) and number_problems(shown) == []
            assert 'role="alert"' not in text


def test_the_defence_rows_are_the_layers_text(client: TestClient) -> None:
    common = [("capacity", "2"), ("damage", "3"), ("rolls", "6,3"), ("seed", "4")]
    rows = client.get("/tools/affinity/defend", params=[
        ("kind", "armor"), ("count", "2"), ("sides", "8"), ("kind", "body"), ("count", "5"), ("sides", "10"),
        ("kind", "shield"), ("count", ""), ("sides", "12"), *common])
    text = client.get("/tools/affinity/defend", params=[("layers", "armor:2d8,body:5d10"), *common])
    assert rows.status_code == text.status_code == 200
    assert page_json(rows.text) == page_json(text.text)
