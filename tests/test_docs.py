"""The documentation: figures enter pages only through the build hook, no process words, and the site builds.

A measured figure (a rate, a time, a speed-up, a percentage with its interval) may appear in ``docs/`` or the
README only as ``{{ figure("ID") }}``, which reads it from the results file a command wrote (``docs/figures.toml``
names the file, the command and the date). ``mkdocs build --strict`` runs where the docs extra is installed.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
FIGURE_MARKER = re.compile(r"\{\{\s*figure\(.*?\)\s*\}\}")
UNIT = r"(?:turns/s|battles/s|charts/s|games/s|runs/s|steps/s|decisions/s|queries/s|/s|ms|µs|s|×)"
MEASUREMENT = re.compile(
    rf"(?<![\w.\-/=:])\d[\d,]*(?:\.\d+)?\s?[kKM]?\s?{UNIT}(?![\w/])"  # 1.2M turns/s, 10.4 s, 1.93×
    r"|\d+(?:\.\d+)?%\s*\[[-−+]?\d"                                     # 61.0% [54.1%, …]
)
PROCESS_WORDS = re.compile(r"\bissues? \d+|\(issue\b|\bREADME text\b|\bre-run pending\b", re.IGNORECASE)


def literal_measurements(text: str) -> list[str]:
    prose = FIGURE_MARKER.sub("", text)
    return [m.group(0) for m in MEASUREMENT.finditer(prose)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_literal_measurement_outside_the_figure_hook(page: Path) -> None:
    found = literal_measurements(page.read_text(encoding="utf-8"))
    assert not found, f"{page.name} states measurements outside {{{{ figure() }}}}: {found[:8]}"


def test_the_pattern_catches_what_it_should() -> None:
    caught = "1.57M turns/s, 10.45 s against 5.41 s, 1.93×, 61.0% [54.1%, 67.5%], 358 battles/s"
    assert len(literal_measurements(caught)) == 6
    assert literal_measurements('{{ figure("x") }} and --bot-delay 0.1, 2 seats, 400 games, 95%') == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_process_words(page: Path) -> None:
    found = PROCESS_WORDS.findall(page.read_text(encoding="utf-8"))
    assert not found, f"{page.name}: {found[:5]}"


def test_every_figure_reads_its_results_file() -> None:
    sys.path.insert(0, str(ROOT / "docs" / "_hooks"))
    try:
        import gamewright_docs as hook
    finally:
        sys.path.pop(0)
    for figure_id, spec in hook.load_figures().items():
        assert {"file", "command", "date"} <= set(spec), figure_id
        assert (ROOT / spec["file"]).exists(), f"{figure_id}: {spec['file']} is missing"
        assert hook.figure_value(spec), figure_id
    for table_id, spec in hook.load_tables().items():
        written = __import__("json").loads((ROOT / spec["file"]).read_text(encoding="utf-8"))
        assert ("command" in spec or "command" in written) and ("date" in spec or "date" in written), table_id
        assert hook.results_table(spec).count("\n") >= 2, table_id


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None, reason="the docs extra is not installed")
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1",
                                                                           **__import__("os").environ})
    assert done.returncode == 0, done.stderr[-3000:]
    built = " ".join(p.read_text(encoding="utf-8") for p in (tmp_path / "site").rglob("*.html"))
    assert not PROCESS_WORDS.search(re.sub(r"<[^>]+>", " ", built)), PROCESS_WORDS.search(built)
