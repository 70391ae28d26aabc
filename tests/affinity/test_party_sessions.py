"""Sessions and advancement of a stored party: level-ups at a session's end through the level-up rules, and
Affinity dice kept per character, with the document's limits, from one session to the next (issue 16 item 5)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity import party as pt
from gamewright.games.affinity.character import new_sheet
from tests.core.backends import BACKENDS, backend_url


def _ok(cli: Any, *args: str) -> Any:
    code, out, err = cli("affinity", *args)
    assert code == 0, err
    return json.loads(out) if "--json" in args else out


def _refused(cli: Any, words: str, *args: str) -> None:
    code, out, err = cli("affinity", *args)
    assert code == 2 and err.count("\n") == 1 and words in err, err


def _sheet(cli: Any, name: str) -> dict[str, Any]:
    return _ok(cli, "character", "show", name, "--json")


@pytest.mark.parametrize("backend", BACKENDS)
def test_advancement_and_affinity_dice_persist_across_two_sessions(
        cli: Any, cli_process: Any, backend: str, isolated_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with backend_url(backend, isolated_database, monkeypatch):
        _two_sessions(cli, cli_process)


def _two_sessions(cli: Any, cli_process: Any) -> None:
    _ok(cli, "character", "new", "Ana", "--class", "combatant")
    _ok(cli, "character", "new", "Bo", "--class", "priest")
    _ok(cli, "party", "new", "Wayfarers", "--members", "Ana,Bo")

    # session 1, day 1: Ana embodies her Virtue once (Proficiency 1: one gain a day; Level 1: one die stored)
    start = _ok(cli, "party", "session", "start", "Wayfarers", "--json")
    assert start["session"] == 1 and start["text"].startswith("session 1 begins on day 1")
    _refused(cli, "session 1 is still open", "party", "session", "start", "Wayfarers")
    gain = _ok(cli, "party", "affinity", "Wayfarers", "Ana", "gain", "--json")
    assert gain["text"] == "Ana embodies the Virtue: +1 Affinity die (1/1 stored)" and gain["session"] == 1
    _refused(cli, "Proficiency 1 per day", "party", "affinity", "Wayfarers", "Ana", "gain")
    _refused(cli, "not in Wayfarers", "party", "affinity", "Wayfarers", "Ana", "share", "--to", "Eve")
    end = _ok(cli, "party", "session", "end", "Wayfarers", "--level-up", "Ana", "--json")
    assert "level up: Ana → 2" in end["text"] and end["session"] == 1
    assert end["data"]["gained"]["Ana"][0] == "Hit Dice max 5 → 7"
    ana = _sheet(cli, "Ana")
    assert (ana["level"], ana["hd"], ana["hd_max"], ana["affinity"]) == (2, 7, 7, 1)  # the die stays; cap 2
    assert _sheet(cli, "Bo")["level"] == 1

    # between sessions the night passes: the day's gains count afresh, the stored die does not expire
    _ok(cli, "party", "rest", "Wayfarers", "--kind", "recover")
    assert _sheet(cli, "Ana")["affinity_gained_today"] == 0

    # session 2, day 2: the sheets come back as session 1 left them
    start = _ok(cli, "party", "session", "start", "Wayfarers", "--json")
    assert start["session"] == 2 and start["day"] == 2 and "Ana 1/2, Bo 0/1" in start["text"]
    _ok(cli, "character", "affinity", "Ana", "gain")  # a new day: one more gain, up to the new cap of 2
    _ok(cli, "party", "day", "Wayfarers")
    _refused(cli, "Level 2 is the cap", "character", "affinity", "Ana", "gain")
    end = _ok(cli, "party", "session", "end", "Wayfarers", "--level-up", "all", "--json")
    assert "Ana → 3" in end["text"] and "Bo → 2" in end["text"]

    # a separate process reads what both sessions left
    shown = json.loads(cli_process("affinity", "party", "show", "Wayfarers", "--json").stdout)
    members = {m["name"]: m for m in shown["members"]}
    assert (members["Ana"]["level"], members["Ana"]["affinity"], members["Ana"]["affinity_cap"]) == (3, 2, 3)
    assert (members["Bo"]["level"], members["Bo"]["affinity"]) == (2, 0)
    assert shown["sessions"] == 2 and shown["session"] is None and shown["day"] == 3
    log = _ok(cli, "party", "log", "Wayfarers", "--json")
    assert [(e["kind"], e["session"], e["day"]) for e in log] == [
        ("formed", None, 1), ("session-start", 1, 1), ("affinity", 1, 1), ("session-end", 1, 1), ("recover", None, 1),
        ("session-start", 2, 2), ("day", 2, 2), ("session-end", 2, 3)]
    assert [e["kind"] for e in _ok(cli, "party", "log", "Wayfarers", "--session", "2", "--json")] == [
        "session-start", "day", "session-end"]


def test_level_ups_follow_the_document() -> None:
    a, b, c = new_sheet("A", "combatant", 10), new_sheet("B", "priest"), new_sheet("C", "weaver", 2)
    with pytest.raises(RuleViolation, match="already level 10"):
        pt.advance([a, b], ["B", "A"])
    assert b.level == 1  # checked for everyone before anyone advances
    c.hd, c.resolve = 0, 0
    with pytest.raises(RuleViolation, match="C is dead"):
        pt.advance([c], ["C"])
    with pytest.raises(ConfigError, match="not a member"):
        pt.advance([b], ["Z"])
    gained = pt.advance([b], ["B"])
    assert b.level == 2 and gained["B"][0] == "Hit Dice max 5 → 7"
    assert "Way node (level 2)" in gained["B"]


def test_a_party_rest_and_recover_follow_the_document() -> None:
    a, b, dead = new_sheet("A", "combatant", 5), new_sheet("B", "weaver", 5), new_sheet("D", "priest")
    a.hd, a.resolve, a.uses_spent = 2, 3, {"rally": 1}
    b.hd, b.armour_dice = 3, 0
    dead.hd, dead.resolve = 0, 0
    docs = pt.party_rest([a, b, dead], "rest")
    assert [d["name"] for d in docs] == ["A", "B"]  # 003 Death: the dead do not rest
    assert (a.hd, a.resolve, a.uses_spent, a.rests_today) == (5, 4, {}, 1)  # 003 Rest example: 2 → 5 HD, 3 → 4
    pt.party_rest([a, b], "recover")
    assert (a.hd, a.resolve, b.hd) == (a.hd_max, 5, b.hd_max)
    pt.party_rest([a, b], "rest")
    with pytest.raises(RuleViolation, match="already rested 2 times"):
        pt.party_rest([a, b], "rest")
    pt.pass_days([a, b], 1)
    assert a.rests_today == 0


def test_changes_are_said_in_words() -> None:
    a = new_sheet("A", "combatant", 3)
    before = pt.snapshot(a)
    a.hd, a.resolve, a.uses_spent = 0, 0, {"rally": 1}
    assert pt.changed(before, pt.snapshot(a)) == ["HD 9 → 0", "Resolve 5 → 0", "used rally", "now dead"]


def test_a_database_from_before_parties_is_migrated_and_its_characters_join(cli: Any,
                                                                           isolated_database: str) -> None:
    from datetime import UTC, datetime

    from sqlalchemy import create_engine, inspect

    from gamewright.games.affinity.character import RECORD_KIND
    from gamewright.store.models import Record
    from tests.core.test_store_faults import _at_revision

    _at_revision(isolated_database, "0004")  # the schema before parties, with a character stored in it
    eng = create_engine(isolated_database)
    assert not inspect(eng).has_table("affinity_parties")
    now = datetime.now(UTC)
    with eng.begin() as connection:
        connection.execute(Record.__table__.insert().values(
            kind=RECORD_KIND, name="Ana", data=new_sheet("Ana", "combatant").to_json(), created_at=now,
            updated_at=now))
    eng.dispose()
    _ok(cli, "party", "new", "Wayfarers", "--members", "Ana")
    assert _ok(cli, "party", "show", "Wayfarers", "--json")["members"][0]["name"] == "Ana"
