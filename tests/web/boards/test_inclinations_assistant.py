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
