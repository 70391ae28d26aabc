"""The HTML report opens in a real chromium with no network and shows its plots (a screenshot is kept)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gamewright.lab.experiments import run
from gamewright.lab.report import render

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]


@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs Debian's chromium")
@pytest.mark.parametrize("kind", ["compare", "sweep"])
def test_report_shows_its_plots_offline(kind: str, tmp_path: Path) -> None:
    playwright = pytest.importorskip("playwright.sync_api")
    if kind == "compare":
        request = {"kind": "compare", "game": "affinity", "games": 30, "seed": 0, "a": {"options": {}},
                   "b": {"options": {"basic_actions": 2}},
                   "question": "Do Basic creatures that act twice hurt the party?"}
    else:
        request = {"kind": "sweep", "game": "affinity", "games": 20, "seed": 0, "param": "count",
                   "values": [2, 3, 4, 5]}
    page_file = tmp_path / f"{kind}.html"
    page_file.write_text(render(run(request, workers=1)), encoding="utf-8")
    outside: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(offline=True, viewport={"width": 1200, "height": 900})
            page = context.new_page()
            page.on("request", lambda r: outside.append(r.url) if not r.url.startswith("file:") else None)
            page.goto(page_file.as_uri())
            plots = page.locator("svg")
            assert plots.count() >= (2 if kind == "compare" else 5)
            for i in range(plots.count()):
                box = plots.nth(i).bounding_box()
                assert box is not None and box["width"] > 200 and box["height"] > 100
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"lab_report_{kind}.png"), full_page=True)
        finally:
            browser.close()
    assert outside == []
