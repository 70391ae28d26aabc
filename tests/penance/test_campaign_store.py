"""Campaign storage on SQLite and, when GAMEWRIGHT_TEST_POSTGRES_URL is set, PostgreSQL: missions and rosters
written through locked transactions, a stale save refused, processes flying one campaign at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamewright.core.errors import Conflict, NotFound
from gamewright.store.campaigns import create_campaign, finish_mission, get_campaign, save_mission, start_mission
from tests.core.backends import BACKENDS, backend_url, race

pytestmark = pytest.mark.parametrize("backend", BACKENDS)


@pytest.fixture
def url(backend: str, isolated_database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    with backend_url(backend, isolated_database, monkeypatch) as chosen:
        yield chosen


def test_a_mission_is_stored_and_finished_in_one_transaction(url: str) -> None:
    create_campaign("Store Road", {"trauma": "recover"}, [("Ada", "confessor:A:righteous_fury+flagellants_zeal")])
    with pytest.raises(Conflict):
        create_campaign("Store Road", {}, [("Bea", "ironclad")])
    number = start_mission("Store Road", 2**63 - 1, lambda _: {"pilots": [1], "options": {}, "seats": {}})[0]
    with pytest.raises(Conflict):  # one mission at a time
        start_mission("Store Road", 1, lambda _: {})
    save_mission("Store Road", number, ["keep"], 0)
    with pytest.raises(Conflict):  # a log another process moved on is never overwritten
        save_mission("Store Road", number, ["mulligan", "keep"], 0)
    pilot: dict[str, Any] = get_campaign("Store Road").pilots[0]
    recruit = {"slot": 0, "name": "Recruit 1", "deck": pilot["deck"], "wounds": [], "taint": 0, "missions": 0,
               "kills": 0, "status": "alive", "joined_after": 1, "replaces": pilot["id"]}
    with pytest.raises(NotFound):  # a bad change writes nothing at all
        finish_mission("Store Road", number, ["keep", "end"], 1, "failure", {"outcome": "failure"},
                       {pilot["id"] + 99: {"status": "dead"}}, [recruit])
    assert get_campaign("Store Road").missions[0]["status"] == "active"
    finish_mission("Store Road", number, ["keep", "end"], 1, "failure", {"outcome": "failure"},
                   {pilot["id"]: {"status": "dead", "ended_in": 1, "wounds": ["ptsd"] * 10}}, [recruit])
    campaign = get_campaign("Store Road")
    assert campaign.options == {"trauma": "recover"} and campaign.recruits == 1
    assert campaign.missions[0]["seed"] == 2**63 - 1 and campaign.missions[0]["outcome"] == "failure"
    assert campaign.missions[0]["actions"] == ["keep", "end"]
    assert [(p["name"], p["status"]) for p in campaign.pilots] == [("Ada", "dead"), ("Recruit 1", "alive")]
    with pytest.raises(NotFound):
        get_campaign("No Road")


def test_processes_flying_one_campaign_at_once_never_share_a_mission(cli: Any, url: str, tmp_path: Path) -> None:
    assert cli("penance", "campaign", "new", "Race Road", "--pilot", "Ada=confessor")[0] == 0
    command = ["penance", "campaign", "mission", "Race Road", "--vs", "ironclad", "--bot", "heuristic"]
    outcomes = race(tmp_path / "race", [[*command, "--seed", str(s)] for s in range(3)])
    for o in outcomes:
        refused = o.code == 2 and o.err.startswith("error: ") and o.err.count("\n") == 1
        assert o.code == 0 or (refused and ("in progress" in o.err or "still being played" in o.err)), o.err
    campaign = get_campaign("Race Road")
    done = [o for o in outcomes if o.code == 0]
    assert [m["number"] for m in campaign.missions] == list(range(1, len(done) + 1))
    assert all(m["status"] == "finished" for m in campaign.missions)
    assert campaign.pilots[0]["missions"] == len(done)

