"""Concurrent writers: processes released at one instant change one stored thing, and nothing is lost.

Each test starts real ``gamewright`` processes that wait on a start file, releases them together, and checks
that every process either succeeded with its change stored, or was refused with one clear line (exit 2), and
that the stored result is exactly the sum of the successes. On SQLite always; on PostgreSQL when
``GAMEWRIGHT_TEST_POSTGRES_URL`` is set (a fresh schema per test).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamewright.store import get_game, get_record, put_record
from tests.core.backends import BACKENDS, Outcome, backend_url, race

pytestmark = pytest.mark.parametrize("backend", BACKENDS)


@pytest.fixture
def url(backend: str, isolated_database: str, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    with backend_url(backend, isolated_database, monkeypatch) as chosen:
        yield chosen


def _one_line_refusals(outcomes: list[Outcome]) -> list[Outcome]:
    """The refused processes; each must have said why in exactly one ``error:`` line, exit 2."""
    refused = [o for o in outcomes if o.code != 0]
    for o in refused:
        lines = o.err.strip().splitlines()
        assert o.code == 2 and len(lines) == 1 and lines[0].startswith("error: "), o.err
    return refused


def test_six_level_ups_of_one_character_all_count(cli, url: str, tmp_path: Path) -> None:
    assert cli("affinity", "character", "new", "Bram", "--class", "combatant")[0] == 0
    outcomes = race(tmp_path / "race", [["affinity", "character", "level-up", "Bram"]] * 6)
    assert _one_line_refusals(outcomes) == []
    assert get_record("affinity-character", "Bram")["level"] == 7


def test_six_spends_of_affinity_dice_never_spend_a_die_twice(cli, url: str, tmp_path: Path) -> None:
    assert cli("affinity", "character", "new", "Ilse", "--class", "priest", "--level", "6")[0] == 0
    put_record("affinity-character", "Ilse", {**get_record("affinity-character", "Ilse"), "affinity": 4},
               replace=True)
    outcomes = race(tmp_path / "race", [["affinity", "character", "affinity", "Ilse", "spend"]] * 6)
    refused = _one_line_refusals(outcomes)
    assert len(refused) == 2 and all("stores 0, cannot spend 1" in o.err for o in refused)
    assert get_record("affinity-character", "Ilse")["affinity"] == 0


def test_crossed_shares_keep_every_die(cli, url: str, tmp_path: Path) -> None:
    """Shares A→B and B→A at once lock both sheets in one order: no deadlock, no die made or lost."""
    for name in ("Ana", "Bo"):
        assert cli("affinity", "character", "new", name, "--class", "priest", "--level", "8")[0] == 0
        put_record("affinity-character", name, {**get_record("affinity-character", name), "affinity": 4},
                   replace=True)
    commands = [["affinity", "character", "affinity", a, "share", "--to", b] for a, b in [("Ana", "Bo"), ("Bo", "Ana")]]
    outcomes = race(tmp_path / "race", commands * 3)
    assert _one_line_refusals(outcomes) == []
    assert get_record("affinity-character", "Ana")["affinity"] + get_record("affinity-character", "Bo")["affinity"] == 8


def test_concurrent_moves_in_one_saved_game_lose_nothing(cli, url: str, tmp_path: Path) -> None:
    code, _, err = cli("penance", "play", "--seats", "human,human", "--seed", "5", stdin="quit\n")
    assert code == 0, err
    before = get_game(1, "penance").actions
    outcomes = race(tmp_path / "race", [["penance", "play", "--resume", "1"]] * 4, stdin="0\nquit\n")
    refused = _one_line_refusals(outcomes)
    assert all("changed by another process" in o.err for o in refused)
    after = get_game(1, "penance").actions
    moved = len(outcomes) - len(refused)
    assert moved >= 1 and len(after) == len(before) + moved and after[: len(before)] == before
    code, _, err = cli("penance", "show", "1", "--json")  # the stored log replays
    assert code == 0, err


def test_concurrent_plan_steps_in_one_inclinations_game_lose_nothing(cli, url: str, tmp_path: Path) -> None:
    """Four players resume one game at once, each deploying on its own sector: every deploy a process stored
    is in the log, every refused one is not, and the log replays."""
    code, _, err = cli("inclinations", "play", "--seats", "human,human,human,human", "--seed", "3", stdin="quit\n")
    assert code == 0, err
    sectors = [1, 7, 13, 19]
    outcomes = race(tmp_path / "race", [["inclinations", "play", "--resume", "1"]] * 4,
                    stdin=[f"deploy {s}\nquit\n" for s in sectors])
    refused = _one_line_refusals(outcomes)
    assert all("changed by another process" in o.err for o in refused)
    stored = get_game(1, "inclinations").actions
    assert sorted(stored) == sorted(f"deploy {s}" for s, o in zip(sectors, outcomes, strict=True) if o.code == 0)
    assert stored and cli("inclinations", "show", "1", "--json")[0] == 0


def test_concurrent_prince_plays_keep_one_active_run_that_replays(cli, url: str, tmp_path: Path) -> None:
    from sqlalchemy import select

    from gamewright.app import princes
    from gamewright.games.prince.game import PrinceGame
    from gamewright.games.prince.progression import Progress
    from gamewright.games.prince.resolve import profile_from_chart
    from gamewright.store.db import session_scope
    from gamewright.store.models import PrinceRun
    from gamewright.store.princes import progress_data

    assert cli("prince", "mint", "--name", "Racer", "--lat", "10", "--lon", "0", "--time", "2000-01-01")[0] == 0
    outcomes = race(tmp_path / "race", [["prince", "play", "Racer", "--auto", "greedy", "--json"]] * 4)
    refused = _one_line_refusals(outcomes)
    assert all("another process" in o.err for o in refused)
    started = [o for o in outcomes if o.out and json.loads(o.out.splitlines()[0]).get("resumed") is False]
    record = princes.get("Racer")
    with session_scope() as session:
        runs = list(session.scalars(select(PrinceRun).where(PrinceRun.prince_id == record.id)))
        starts = progress_data(session, record.id).get("run_starts") or {}
    assert len(runs) == len(started) >= 1
    assert sum(r.status == "active" for r in runs) <= 1
    for run in runs:  # every stored run replays from its seed and its turns to its stored result
        game = PrinceGame(run.ruleset, dict(run.options), player=profile_from_chart(record.chart),
                          progress=Progress.from_json(starts.get(str(run.id))))
        state, _ = game.start(run.seed)
        for text in run.actions:
            state.apply(game.parse_action(state, text))
        assert str(state.distance) == run.distance
        assert (state.status if state.is_terminal() else "active") == run.status
