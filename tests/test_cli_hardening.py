"""The CLI under hostile input: names with markup, closed or empty stdin, bytes that are not UTF-8, Unicode
digits, oversized JSON; help that shows flags as flags; a top level that imports no store or game."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamewright.cli.common import ClosedInput, InputEnded, load_json, parse_int_list, read_line
from gamewright.core.errors import ConfigError

# Rich markup that would vanish (or style the line) if a name were read as markup; no "/", since a Prince's or a
# character's name is also its web page's address (issue 23: core.limits.check_page_name)
MARKUP_NAMES = ("[bold]", "[red]x", "[b]:A:[i]")
DEFEND = ("--layers", "armor:2d8,body:5d10", "--capacity", "2", "--damage", "4")  # rolls its dice from --seed
SENTINEL = ("--class", "combatant", "--way", "Way of the Sentinel")


def _mint(cli: Callable[..., Any], name: str, year: int) -> None:
    code, _, err = cli("prince", "mint", "--name", name, "--lat", "51.5", "--lon", "-0.13",
                       "--time", f"{year}-01-01T12:00:00Z")
    assert code == 0, err


def _one_error_line(code: int, err: str) -> None:
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error:"), err


def _closed_stdin(*args: str) -> subprocess.CompletedProcess[str]:
    """The CLI as a process started with stdin closed, as ``gamewright … <&-`` does."""
    return subprocess.run([sys.executable, "-m", "gamewright", *args], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120, preexec_fn=lambda: os.close(0))


# --- names and markup ----------------------------------------------------------------------------------------
def test_prince_names_with_markup_print_literally(cli: Callable[..., Any]) -> None:
    for year, name in enumerate(MARKUP_NAMES, start=2001):
        _mint(cli, name, year)
    wide = subprocess.run([sys.executable, "-m", "gamewright", "prince", "list"], capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "160"}, timeout=120)  # at 80 columns the table cuts names
    assert wide.returncode == 0, wide.stderr
    for name in MARKUP_NAMES:
        assert name in wide.stdout
    code, out, err = cli("prince", "show", MARKUP_NAMES[0])
    assert code == 0, err
    code, out, err = cli("prince", "play", MARKUP_NAMES[1], "--auto", "greedy", "--seed", "3")
    assert code == 0, err
    assert MARKUP_NAMES[1] in out
    code, out, err = cli("prince", "history", MARKUP_NAMES[1])
    assert code == 0, err
    assert f"Runs of {MARKUP_NAMES[1]}" in out


def test_affinity_names_with_markup_print_literally(cli: Callable[..., Any]) -> None:
    for name in MARKUP_NAMES:
        code, out, err = cli("affinity", "character", "new", name, *SENTINEL)
        assert code == 0, err
        assert name in out
    code, out, err = cli("affinity", "character", "list")
    assert code == 0, err
    for name in MARKUP_NAMES:
        assert name in out
    code, out, _ = cli("affinity", "character", "show", MARKUP_NAMES[2])
    assert code == 0
    assert MARKUP_NAMES[2] in out


def test_penance_deck_specs_print_without_emoji(cli: Callable[..., Any]) -> None:
    code, out, err = cli("penance", "decks", "confessor:A:absolution+crusaders_vow")
    assert code == 0, err
    assert "confessor:A:absolution+crusaders_vow" in out
    assert "🅰" not in out


# --- stdin closed or empty -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["prince", "inclinations"])
def test_scenario_from_closed_or_empty_stdin_is_one_line(cli: Callable[..., Any], game: str) -> None:
    done = _closed_stdin(game, "turn", "-", "--json")
    _one_error_line(done.returncode, done.stderr)
    assert "closed" in done.stderr
    code, _, err = cli(game, "turn", "-", "--json", stdin="")
    _one_error_line(code, err)
    assert "empty" in err


def test_every_prompt_with_closed_stdin_is_one_line(cli: Callable[..., Any]) -> None:
    _mint(cli, "Ada", 2003)
    for args in (("prince", "play", "Ada"), ("affinity", "fight"), ("penance", "play", "--seats", "human,bot"),
                 ("inclinations", "play", "--seats", "human,random-bot")):
        done = _closed_stdin(*args)
        _one_error_line(done.returncode, done.stderr)


@pytest.mark.parametrize("args", [
    ("prince", "play", "Ada"),
    ("affinity", "fight"),
    ("penance", "play", "--seats", "human,bot"),
    ("inclinations", "play", "--seats", "human,random-bot"),
], ids=lambda args: " ".join(args[:2]))
def test_every_prompt_at_the_end_of_stdin_is_one_line(cli: Callable[..., Any], args: tuple[str, ...]) -> None:
    _mint(cli, "Ada", 2003)
    code, _, err = cli(*args, stdin="")
    _one_error_line(code, err)


def test_read_line_says_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("play 3\r\n"))
    assert read_line(what="an action") == "play 3"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"play \xff\n"), encoding="utf-8"))
    with pytest.raises(ConfigError, match="not UTF-8"):
        read_line(what="an action")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(InputEnded, match="no input: standard input ended"):
        read_line()
    for closed in (None, ClosedInput()):
        monkeypatch.setattr(sys, "stdin", closed)
        with pytest.raises(InputEnded, match="closed"):
            read_line(what="a planet")


# --- bytes and digits ------------------------------------------------------------------------------------------
def test_an_argument_that_is_not_utf8_is_one_line(cli_process: Callable[..., Any]) -> None:
    for args in (("prince", "show", b"\xff"), ("affinity", "character", "new", b"A\xffB", *SENTINEL),
                 ("penance", "decks", b"confessor\xfe")):
        done = subprocess.run([sys.executable, "-m", "gamewright", *args], capture_output=True, text=True,
                              env=dict(os.environ), timeout=120)
        _one_error_line(done.returncode, done.stderr)
        assert "UTF-8" in done.stderr


def test_in_process_surrogates_are_refused(cli: Callable[..., Any]) -> None:
    code, _, err = cli("prince", "show", "A\udcffB")
    _one_error_line(code, err)


@pytest.mark.parametrize("text", ["²", "٣", "3,²", "1_000", "0x10", "", "3,,4", "9" * 40])
def test_int_lists_take_ascii_digits_only(text: str) -> None:
    if text == "":
        assert parse_int_list(text, "--rolls") is None
        return
    with pytest.raises(ConfigError):
        parse_int_list(text, "--rolls")


def test_int_lists_read_plain_numbers() -> None:
    assert parse_int_list("3,4", "--rolls") == [3, 4]
    assert parse_int_list(" -2 ,+5", "--rolls") == [-2, 5]


@pytest.mark.parametrize("seed", ["٣", "²", "-1", str(2**63), "1e3", "1_0"])
def test_a_seed_is_ascii_and_within_63_bits(cli: Callable[..., Any], seed: str) -> None:
    code, _, err = cli("affinity", "defend", *DEFEND, "--seed", seed)
    _one_error_line(code, err)
    assert "--seed" in err


def test_the_largest_seed_is_accepted(cli: Callable[..., Any]) -> None:
    code, _, err = cli("affinity", "defend", *DEFEND, "--seed", str(2**63 - 1), "--json")
    assert code == 0, err


# --- JSON from people and files --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["[" * 100_000 + "]" * 100_000, '{"a": ' + "9" * 5000 + "}", '{"a": 1e400}', '{"a": NaN}', "[-Infinity]",
     '{"a": -' + "1" * 31 + "}", "{", ""],
)
def test_json_input_is_bounded(text: str) -> None:
    with pytest.raises(ConfigError):
        load_json(text, "scenario")


def test_json_input_keeps_ordinary_numbers() -> None:
    assert load_json('{"a": [1, -2, 0.5, 1e10, 12345678901234567890]}', "x") == {
        "a": [1, -2, 0.5, 1e10, 12345678901234567890]}


@pytest.mark.parametrize("game", ["prince", "inclinations"])
def test_deep_or_huge_scenarios_are_one_line(bounded_cli: Callable[..., Any], tmp_path: Path, game: str) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    huge = tmp_path / "huge.json"
    huge.write_text('{"a": ' + "7" * 5000 + "}")
    for path in (deep, huge):
        done = bounded_cli(game, "turn", str(path), "--json")
        _one_error_line(done.returncode, done.stderr)
    done = bounded_cli(game, "turn", "-", "--json", stdin="[" * 100_000)
    _one_error_line(done.returncode, done.stderr)


# --- help and start-up -----------------------------------------------------------------------------------------
def test_flags_show_as_flags_in_help(cli: Callable[..., Any]) -> None:
    from tests.test_cli_contract import COMMANDS

    for path in [[], *COMMANDS]:
        code, out, err = cli(*path, "--help")
        assert code == 0, err
        assert "<bool>" not in out, " ".join(path)
    code, out, _ = cli("penance", "list", "--help")
    assert "--json" in out


def test_top_level_help_imports_no_store_and_no_game() -> None:
    probe = (
        "import sys\n"
        "from gamewright.cli.main import run\n"
        "for args in (['--help'], ['--version'], []):\n"
        "    assert run(args) == 0\n"
        "heavy = ('sqlalchemy', 'alembic', 'numpy', 'scipy', 'fastapi', 'gamewright.store', 'gamewright.games',\n"
        "         'gamewright.lab', 'gamewright.agents')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m.rsplit('.', 1)[0] in heavy))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=dict(os.environ),
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
