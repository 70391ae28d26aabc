"""Each built-in game's manifest: it agrees with its engine, speaks to players in words, loads no engine when
listed, and a game that fails to import is an error naming it. One option reader serves every front end."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import gamewright.games
from gamewright.core import manifest as registry
from gamewright.core.errors import ConfigError, NotFound
from gamewright.core.game import load_game, registered_games
from gamewright.core.manifest import GameImportError, GameManifest, manifest_for, manifests

BUILT_IN = ["penance", "inclinations", "prince", "affinity"]  # the lobby's order


def test_the_four_games_register_in_the_lobbys_order() -> None:
    assert [m.name for m in manifests()] == BUILT_IN
    assert list(registered_games()) == BUILT_IN
    assert [manifest_for(n).title for n in BUILT_IN] == ["Penance", "Dangerous Inclinations", "Space Prince",
                                                          "Affinity"]
    with pytest.raises(NotFound, match="unknown game 'chess'; known games: affinity, inclinations"):
        manifest_for("chess")


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_manifest_agrees_with_its_engine(name: str) -> None:
    m = manifest_for(name)
    low, high = m.seats
    assert low <= load_game(name).num_players <= high
    players = [o for o in m.options if o.name == "players"]
    if low != high:  # a game of several table sizes takes them as its players option, bounded alike
        assert (players[0].minimum, players[0].maximum) == (low, high)
    assert low <= len(m.lobby_seats()) <= high
    bots = m.bot_names()
    assert m.best_bot in bots
    assert all(s == "human" or s.removeprefix("bot:") in bots for s in m.lobby_seats())
    assert m.rulesets and m.rules_spec().game == name


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_option_has_words_for_a_player(name: str) -> None:
    m = manifest_for(name)
    engine = {o.name for o in m.rules_spec().options}
    assert set(m.option_text) == engine  # no option without words, no words without an option
    for o in m.options:
        assert o.label[:1].isupper(), o.name
        assert o.description.endswith(".") and o.description.count(". ") == 0, o.description  # one sentence
        assert o.group in ("common", "advanced", "outside")
        assert o.type in ("bool", "int", "text") and o.kind in ("bool", "int", "text", "choice")
    assert any(o.group == "common" for o in m.options)


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_bot_has_a_name_by_strength(name: str) -> None:
    m = manifest_for(name)
    assert set(m.bot_labels) == set(m.bot_names())  # every bot labelled, no label without a bot
    assert m.bot_label(m.best_bot or "") == "Hard bot"  # the best bot is the one a table is offered as hard
    assert all(label in ("Easy bot", "Medium bot", "Hard bot", "Random") for label in m.bot_labels.values())
    assert [n for n, _ in m.bot_choices()] == list(m.bot_labels)  # offered easiest first, Random last


def test_listing_the_games_loads_no_engine() -> None:
    probe = ("import sys\nfrom gamewright.core.manifest import manifests\nnames = [m.name for m in manifests()]\n"
             "print(sorted(m for m in sys.modules if m.startswith('gamewright.games.')))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    loaded = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    assert {m.rsplit(".", 1)[-1] for m in loaded} <= {*BUILT_IN, "manifest", "limits"}, loaded


def test_a_game_that_fails_to_import_is_an_error_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken_game"
    broken.mkdir()
    (broken / "__init__.py").write_text("")
    (broken / "manifest.py").write_text("import gamewright.no_such_module\n")
    monkeypatch.setattr(gamewright.games, "__path__", [*gamewright.games.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "_REGISTRY", {})
    monkeypatch.setattr(registry, "_builtins_loaded", False)
    with pytest.raises(GameImportError, match="game 'broken_game' failed to load: ModuleNotFoundError"):
        manifests()
    monkeypatch.delitem(sys.modules, "gamewright.games.broken_game", raising=False)


def test_a_name_is_registered_once() -> None:
    other = GameManifest(name="penance", title="Not Penance", factory=object, rules=None, seats=(2, 2))
    with pytest.raises(ValueError, match="already registered"):
        registry.register_game(other)
    registry.register_game(manifest_for("penance"))  # the same manifest again: nothing happens


# --- one reader of option values: the command line, the lab and the lobby form alike -------------------------
@pytest.mark.parametrize(("game", "text", "value"), [
    ("affinity", "free_strikes=true", True), ("affinity", "magical_armor=false", False),
    ("affinity", "level=3", 3), ("affinity", "basic_actions=2", 2), ("affinity", "creature=wight_lord", "wight_lord"),
    ("affinity", "party=combatant,priest", "combatant,priest"), ("affinity", 'party="weaver"', "weaver"),
    ("penance", "taint=2/0,", "2/0,"), ("penance", "taint=3", "3"), ("inclinations", "to_hit=d10", "d10"),
    ("prince", "encounters_per_run=+4", 4),
])
def test_option_values_are_read_by_their_type(game: str, text: str, value: object) -> None:
    name = text.partition("=")[0]
    parsed = manifest_for(game).parse_options([text])
    assert parsed == {name: value} and type(parsed[name]) is type(value)
    assert manifest_for(game).option(name).parse(text.partition("=")[2]) == value  # the lobby form's reading


@pytest.mark.parametrize(("text", "message"), [
    ("free_strikes=yes", "true or false"), ("level=three", "whole number"), ("level=11", "at most 10"),
    ("basic_actions=3", "choose one of"), ("colour=red", "unknown affinity option"), ("level", "NAME=VALUE"),
])
def test_bad_option_values_are_clear(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        manifest_for("affinity").parse_options([text])


def test_no_front_end_dispatches_on_a_game_by_name() -> None:
    src = Path(gamewright.__file__).parent
    found = [f"{p.relative_to(src)}:{i}" for p in src.rglob("*.py") if p.name != "manifest.py"
             for i, line in enumerate(p.read_text().splitlines(), 1) if "if game ==" in line]
    assert found == []
