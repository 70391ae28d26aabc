"""Each game's "How to play" text (``games/<game>/how_to_play.md``, issue 28) keeps the shared shape the web's
rules page relies on: the seven level-2 sections in order, at least 800 words, and under ``## Actions`` a
``### <verb>`` section for every verb the engine's legal actions start with (the board's "?" beside a kind of
action opens that section by its heading's slug).

A game whose text is not written yet is skipped, not failed.
"""

from __future__ import annotations

import fnmatch
import random
import re
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest

from gamewright.core.game import load_game

GAMES = ("prince", "affinity", "penance", "inclinations")
SECTIONS = (
    "The goal",
    "What you need to know first",
    "A turn, step by step",
    "Actions",
    "How the odds are computed",
    "How the game ends",
    "Glossary",
)
MIN_WORDS = 800
SEEDS = (0, 1, 2)
MAX_MOVES = 300  # per game: enough to meet every kind of action, short enough for a quick test
ATX = re.compile(r"^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def text_of(game: str) -> str:
    path = files(f"gamewright.games.{game}") / "how_to_play.md"
    if not path.is_file():
        pytest.skip(f"{game} has no how_to_play.md yet")
    return path.read_text(encoding="utf-8")


def headings(text: str) -> list[tuple[int, str]]:
    """(level, title) of every ATX heading outside fenced code, in order."""
    out: list[tuple[int, str]] = []
    fence = ""
    for line in text.splitlines():
        m = FENCE.match(line)
        if m:
            mark = m.group(1)
            if not fence:
                fence = mark
            elif mark[0] == fence[0] and len(mark) >= len(fence):
                fence = ""
            continue
        if fence:
            continue
        h = ATX.match(line)
        if h:
            out.append((len(h.group(1)), h.group(2).strip()))
    return out


def action_headings(text: str) -> set[str]:
    """Titles of the level-3 headings inside ``## Actions``."""
    found: set[str] = set()
    inside = False
    for level, title in headings(text):
        if level <= 2:
            inside = level == 2 and title == "Actions"
        elif inside and level == 3:
            found.add(title)
    return found


def engine_verbs(game: str) -> set[str]:
    """The first word of every legal action's text form over a few seeded games played at random."""
    g = load_game(game)
    verbs: set[str] = set()
    for seed in SEEDS:
        state = g.new_initial_state(seed)
        pick = random.Random(seed)
        for _ in range(MAX_MOVES):
            if state.is_terminal():
                break
            legal = list(state.legal_actions())
            verbs.update(a.to_text().split()[0] for a in legal)
            state.apply(pick.choice(legal))
    return verbs


@pytest.mark.parametrize("game", GAMES)
def test_sections_in_order(game: str) -> None:
    text = text_of(game)
    level2 = [title for level, title in headings(text) if level == 2]
    assert level2 == list(SECTIONS)


@pytest.mark.parametrize("game", GAMES)
def test_long_enough(game: str) -> None:
    words = len(WORD.findall(text_of(game)))
    assert words >= MIN_WORDS, f"{game}: {words} words"


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_has_its_section(game: str) -> None:
    text = text_of(game)
    verbs = engine_verbs(game)
    assert verbs, f"{game}: no legal actions seen"
    missing = sorted(verbs - action_headings(text))
    assert not missing, f"{game}: no '### <verb>' under '## Actions' for {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_shipped_with_the_package(game: str) -> None:
    """The wheel carries the text: ``pip install .`` serves the rules page too."""
    text_of(game)  # skips a game without one
    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["gamewright"]
    assert any(fnmatch.fnmatch(f"games/{game}/how_to_play.md", p) for p in patterns)
