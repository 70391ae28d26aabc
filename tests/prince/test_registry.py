"""The Prince registry: mint, refuse duplicates, look up, list, race two processes."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from gamewright.app import princes
from gamewright.core.errors import ConfigError, Conflict, NotFound
from gamewright.games.prince.chart import quantize
from gamewright.store import princes as store_princes
from gamewright.store.db import session_scope
from gamewright.store.models import Prince

LONDON_2000 = ("2000-01-01T12:00:00Z", 51.5, -0.13)


def _count() -> int:
    with session_scope() as session:
        return session.scalar(select(func.count()).select_from(Prince)) or 0


def test_mint_get_list() -> None:
    ada = princes.mint("Ada", quantize(*LONDON_2000))
    bob = princes.mint("  Bob   the  Bold ", quantize("1990-05-17T08:42Z", -33.87, 151.21))
    assert ada.id != bob.id
    assert bob.name == "Bob the Bold"
    assert bob.moment.time_text == "1990-05-17T08:40:00Z"
    fetched = princes.get("Ada")
    assert fetched.id == ada.id and fetched.moment == ada.moment
    assert fetched.chart.planets["Sun"].sign_name == "Capricorn"
    assert princes.get("ada").id == ada.id  # lookup forgives case
    assert princes.get_by_id(bob.id).name == "Bob the Bold"
    assert [p.name for p in princes.list_princes()] == ["Ada", "Bob the Bold"]
    assert ada.to_json() == {"id": ada.id, "name": "Ada", "moment": ada.moment.to_json()}


def test_same_quantized_moment_refused_naming_the_existing_prince() -> None:
    princes.mint("Ada", quantize(*LONDON_2000))
    # Same 5-minute bucket and the same hundredths of a degree: the same identity.
    with pytest.raises(Conflict) as info:
        princes.mint("Eve", quantize("2000-01-01T12:04:59Z", 51.504, -0.1349))
    assert "'Ada'" in str(info.value) and "moment" in str(info.value)
    assert _count() == 1
    assert [p.name for p in princes.list_princes()] == ["Ada"]


def test_reused_name_refused() -> None:
    princes.mint("Ada", quantize(*LONDON_2000))
    with pytest.raises(Conflict) as info:
        princes.mint("Ada", quantize("1980-01-01T00:00Z", 10, 10))
    assert "name 'Ada' is taken" in str(info.value)
    assert _count() == 1


def test_neighbouring_moments_are_distinct_princes() -> None:
    princes.mint("A", quantize(*LONDON_2000))
    princes.mint("B", quantize("2000-01-01T12:05:00Z", 51.5, -0.13))
    princes.mint("C", quantize("2000-01-01T12:00:00Z", 51.51, -0.13))
    princes.mint("D", quantize("2000-01-01T12:00:00Z", 51.5, -0.14))
    assert _count() == 4


@pytest.mark.parametrize("name", ["", "   ", "x" * 81, "bad\x00name"])
def test_bad_names_refused(name: str) -> None:
    with pytest.raises(ConfigError):
        princes.mint(name, quantize(*LONDON_2000))
    assert _count() == 0


def test_unknown_prince() -> None:
    with pytest.raises(NotFound) as info:
        princes.get("Nobody")
    assert "prince list" in str(info.value)
    with pytest.raises(NotFound):
        princes.get_by_id(999)


def test_race_lost_at_insert_reports_the_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    """If another process inserts between our check and our insert, the unique constraint refuses us cleanly."""
    princes.mint("Winner", quantize(*LONDON_2000))
    monkeypatch.setattr(store_princes, "prince_holding", _blind_then_real(store_princes.prince_holding))
    with pytest.raises(Conflict) as info:
        princes.mint("Loser", quantize(*LONDON_2000))
    assert "'Winner'" in str(info.value)
    assert _count() == 1


def _blind_then_real(real):  # type: ignore[no-untyped-def]
    calls = {"n": 0}

    def existing(session, name, *moment):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        return None if calls["n"] == 1 else real(session, name, *moment)

    return existing


def test_concurrent_mints_from_two_processes_exactly_one_succeeds(cli_process) -> None:  # type: ignore[no-untyped-def]
    """Issue 2: two processes minting the same moment at once — exactly one succeeds."""
    cli_process("prince", "list")  # create and migrate the database first, so both start on equal terms
    args = ("--lat", "51.5", "--lon", "-0.13", "--time", "2000-01-01T12:00:00Z", "--json")
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda name: cli_process("prince", "mint", "--name", name, *args), ["Left", "Right"]))
    codes = sorted(r.returncode for r in results)
    assert codes == [0, 2], [(r.returncode, r.stderr) for r in results]
    winner = next(r for r in results if r.returncode == 0)
    loser = next(r for r in results if r.returncode == 2)
    winner_name = json.loads(winner.stdout)["name"]
    assert loser.stderr.count("\n") == 1 and "already exists" in loser.stderr and winner_name in loser.stderr
    assert [p.name for p in princes.list_princes()] == [winner_name]


def test_concurrent_mints_of_one_name_from_two_processes(cli_process) -> None:  # type: ignore[no-untyped-def]
    cli_process("prince", "list")
    times = ["2000-01-01T12:00:00Z", "2010-01-01T12:00:00Z"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(
            pool.map(
                lambda t: cli_process("prince", "mint", "--name", "Twin", "--lat", "1", "--lon", "2", "--time", t),
                times,
            )
        )
    assert sorted(r.returncode for r in results) == [0, 2]
    assert "taken" in next(r for r in results if r.returncode == 2).stderr
    assert len(princes.list_princes()) == 1
