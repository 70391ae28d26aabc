"""One rule for every stored name: 1–80 characters after collapsing whitespace, no control or format
characters, no bytes that were not UTF-8; the same on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamewright.core.errors import ConfigError
from gamewright.core.limits import NAME_MAX, check_name
from gamewright.store import get_record, put_record
from tests.core.backends import BACKENDS, backend_url

MINT = ("--lat", "10", "--lon", "0", "--time", "2000-01-01")


@pytest.mark.parametrize(
    ("given_name", "kept"),
    [("Bram", "Bram"), ("  Ilse   the\u00a0Grey ", "Ilse the Grey"), ("[/bold]", "[/bold]"), ("𝔸" * 80, "𝔸" * 80),
     ("Zoë", "Zoë"), ("x" * 79 + "  ", "x" * 79)],
)
def test_names_kept(given_name: str, kept: str) -> None:
    assert check_name(given_name, "a name") == kept


@pytest.mark.parametrize(
    ("given_name", "why"),
    [("", "cannot be empty"), ("   ", "cannot be empty"), ("x" * 81, "at most 80 characters (got 81)"),
     ("a\tb", "U+0009"), ("a\nb", "U+000A"), ("\x1b[31mred", "U+001B"), ("a\u200bb", "U+200B"),
     ("a\u202eb", "U+202E"), ("a\x00b", "U+0000"), ("bad\udcffbyte", "not valid UTF-8"), ("a\x85b", "U+0085")],
)
def test_names_refused(given_name: str, why: str) -> None:
    with pytest.raises(ConfigError, match="a name") as caught:
        check_name(given_name, "a name")
    assert why in str(caught.value)


@given(st.text(max_size=120))
def test_every_kept_name_obeys_the_rule(text: str) -> None:
    try:
        name = check_name(text, "a name")
    except ConfigError:
        return
    assert 1 <= len(name) <= NAME_MAX and name == " ".join(name.split())
    assert not any(unicodedata.category(c) in ("Cc", "Cf", "Cs") for c in name)
    assert check_name(name, "a name") == name
    name.encode("utf-8")


@pytest.mark.parametrize(
    "command",
    [
        ["prince", "mint", "--name", "{name}", *MINT],
        ["affinity", "character", "new", "{name}", "--class", "priest"],
        ["penance", "play", "--seats", "bot,bot", "--seed", "1", "--name", "{name}"],
    ],
)
@pytest.mark.parametrize("bad", ["ring\x07bell", "x" * 81, "\u2066hidden"])
def test_every_name_is_checked_where_it_is_created(cli, command: list[str], bad: str) -> None:
    code, out, err = cli(*(bad if part == "{name}" else part for part in command), stdin="")
    assert code == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err


def test_a_name_that_is_not_utf8_is_one_line(isolated_database: str) -> None:
    env = {**os.environ, "GAMEWRIGHT_DB": isolated_database}
    for args in ([b"prince", b"mint", b"--name", b"bad\xffname", *(a.encode() for a in MINT)],
                 [b"prince", b"show", b"bad\xffname"], [b"affinity", b"character", b"show", b"bad\xffname"]):
        out = subprocess.run([sys.executable.encode(), b"-m", b"gamewright", *args], env=env, capture_output=True)
        err = out.stderr.decode("utf-8", "replace")
        assert out.returncode == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1, err


def test_names_with_markup_are_stored_as_given() -> None:
    """Markup is text like any other: stored as given (showing it literally is the front ends' part)."""
    from gamewright.app import princes
    from gamewright.games.affinity.character import new_sheet
    from gamewright.games.prince.chart import quantize

    assert princes.mint("  [bold]  ", quantize("2000-01-01T00:00:00Z", 10, 0)).name == "[bold]"  # no "/": issue 23
    assert princes.get("[bold]").name == "[bold]"
    put_record("affinity-character", "[red]Ann", new_sheet("[red]Ann", "priest").to_json())
    assert get_record("affinity-character", "[red]Ann")["name"] == "[red]Ann"


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_longest_names_round_trip_on_each_backend(
    backend: str, isolated_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with backend_url(backend, isolated_database, monkeypatch):
        for name in ("𝔸" * NAME_MAX, "é" * NAME_MAX, "x" * NAME_MAX):
            put_record("sheet", name, {"name": name})
            assert get_record("sheet", name) == {"name": name}
        with pytest.raises(ConfigError):
            put_record("sheet", "x" * (NAME_MAX + 1), {})
