"""A stored party plays through ``--with-party`` and ``party rest``: every change lands on the stored sheets and
in the party's adventure log (issue 16 item 4)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamewright.games.affinity import party as pt
from tests.core.backends import BACKENDS, backend_url

MEMBERS = (("Ana", "combatant"), ("Bo", "priest"), ("Cy", "ranger"), ("Di", "weaver"))


def _ok(cli: Any, *args: str) -> Any:
    code, out, err = cli("affinity", *args)
    assert code == 0, err
    return json.loads(out) if "--json" in args else out


def _form(cli: Any, level: int) -> None:
    for name, cls in MEMBERS:
        _ok(cli, "character", "new", name, "--class", cls, "--level", str(level))
    _ok(cli, "party", "new", "Wayfarers", "--members", ",".join(n for n, _ in MEMBERS))


def _sheets(cli: Any) -> dict[str, dict[str, Any]]:
    return {n: _ok(cli, "character", "show", n, "--json") for n, _ in MEMBERS}


def _last(cli: Any) -> dict[str, Any]:
    return _ok(cli, "party", "log", "Wayfarers", "--json")[-1]


def _stored_as_logged(cli: Any, entry: dict[str, Any]) -> None:
    """The log's "after" of each member is exactly what its stored sheet says now."""
    stored = _sheets(cli)
    for m in entry["data"]["members"]:
        sheet = stored[m["name"]]
        for key in ("level", "hd", "resolve", "affinity", "uses_spent", "rests_today"):
            assert m["after"][key] == sheet[key], (m["name"], key)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_party_fights_journeys_with_four_roles_and_rests(
        cli: Any, backend: str, isolated_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with backend_url(backend, isolated_database, monkeypatch):
        _fight_journey_rest(cli)


def _fight_journey_rest(cli: Any) -> None:
    _form(cli, 3)
    before = _sheets(cli)
    fight = _ok(cli, "fight", "--with-party", "Wayfarers", "--policy", "greedy", "--seed", "3", "--json")
    after = _sheets(cli)
    for f in fight["fighters"][:4]:  # every member's HD and Resolve as the fight left them
        assert (after[f["name"]]["hd"], after[f["name"]]["resolve"]) == (f["hd"], f["resolve"])
    assert after["Ana"]["uses_spent"] == {"rally": 2}  # Rally, Proficiency (2) uses per rest: both spent
    assert any(after[n]["hd"] < before[n]["hd"] for n, _ in MEMBERS)
    entry = _last(cli)
    assert entry["kind"] == "fight" and entry["session"] is None and entry["day"] == 1
    assert entry["text"].startswith("fight with 7 Pall-Wolf: party won")
    _stored_as_logged(cli, entry)

    # the journey: navigator Cy exerts 2 dice (one 1 burns a HD); success restores 1 Resolve to everyone
    mid = _sheets(cli)
    doc = _ok(cli, "travel", "--with-party", "Wayfarers", "--distance", "long", "--hurdles",
              "hostile,weather,terrain", "--exertion", "2", "--role", "navigator=Cy", "--role", "scout=Ana",
              "--role", "quartermaster=Bo", "--role", "guard=Di", "--seed", "24", "--json")
    assert doc["outcome"] == "success" and doc["burned"] == 1 and doc["unaddressed_hurdles"] == []
    assert doc["safe_dice"] == 2 + 3  # Proficiency 2 + three supports
    now = _sheets(cli)
    assert now["Cy"]["hd"] == mid["Cy"]["hd"] - 1
    for n, _ in MEMBERS:
        assert now[n]["resolve"] == min(5, mid[n]["resolve"] + 1)
    entry = _last(cli)
    assert entry["kind"] == "journey"
    assert entry["data"]["roles"] == {"navigator": "Cy", "scout": "Ana", "quartermaster": "Bo", "guard": "Di"}
    _stored_as_logged(cli, entry)

    # the Rest: +Proficiency (2) HD up to the maximum, +1 Resolve, Rally ready again, one Rest counted
    _ok(cli, "party", "rest", "Wayfarers")
    rested = _sheets(cli)
    for n, _ in MEMBERS:
        hd_max = _ok(cli, "character", "show", n, "--json")["hd_max"]
        assert rested[n]["hd"] == min(hd_max, now[n]["hd"] + 2)
        assert rested[n]["resolve"] == min(5, now[n]["resolve"] + 1)
        assert rested[n]["rests_today"] == 1
    assert rested["Ana"]["uses_spent"] == {}
    entry = _last(cli)
    assert entry["kind"] == "rest" and "ready again: rally" in entry["data"]["members"][0]["changed"]
    _stored_as_logged(cli, entry)
    show = _ok(cli, "party", "show", "Wayfarers", "--json")
    assert [e["kind"] for e in show["log"]] == ["formed", "fight", "journey", "rest"]


def test_deaths_are_written_back_and_the_dead_sit_out(cli: Any) -> None:
    _form(cli, 1)
    fight = _ok(cli, "fight", "--with-party", "Wayfarers", "--policy", "greedy", "--budget", "deadly", "--seed",
                "24", "--json")
    status = {f["name"]: f["status"] for f in fight["fighters"][:4]}
    assert status == {"Ana": "dying", "Bo": "dying", "Cy": "dead", "Di": "dead"}
    stored = _sheets(cli)
    assert {n: (s["hd"], s["resolve"]) for n, s in stored.items() if status[n] == "dead"} == {"Cy": (0, 0),
                                                                                               "Di": (0, 0)}
    assert _last(cli)["text"].endswith("Cy, Di died")
    # a Rest wakes the dying (Proficiency HD) and passes over the dead
    _ok(cli, "party", "rest", "Wayfarers")
    entry = _last(cli)
    assert [m["name"] for m in entry["data"]["members"]] == ["Ana", "Bo"]
    assert all(_ok(cli, "character", "show", n, "--json")["hd"] == 1 for n in ("Ana", "Bo"))
    # the dead stay on the roster but do not fight
    fight = _ok(cli, "fight", "--with-party", "Wayfarers", "--policy", "greedy", "--count", "1", "--seed", "1",
                "--json")
    assert [f["name"] for f in fight["fighters"] if not f["name"].startswith("Pall")] == ["Ana", "Bo"]


def test_tasks_and_chases_write_burns_back(cli: Any) -> None:
    _form(cli, 3)
    doc = _ok(cli, "task", "--with-party", "Wayfarers", "--threshold", "4", "--difficulty", "3", "--exertion",
              "2", "--seed", "5", "--json")
    burned = {r["name"]: r["burned"] for r in doc["rolls"]}
    assert set(burned) == {n for n, _ in MEMBERS}
    stored = _sheets(cli)
    for n, _ in MEMBERS:
        assert stored[n]["hd"] == _ok(cli, "character", "show", n, "--json")["hd_max"] - burned[n]
    assert _last(cli)["kind"] == "task"
    doc = _ok(cli, "chase", "--with-party", "Wayfarers", "--side", "chase", "--roller", "Bo", "--lead", "2",
              "--chase-exertion", "2", "--seed", "2", "--json")
    entry = _last(cli)
    assert entry["kind"] == "chase" and "the party pursuing (Bo rolls)" in entry["text"]
    assert entry["data"]["members"][0]["after"]["hd"] == stored["Bo"]["hd"] - doc["chase"]["burned"]


@pytest.mark.parametrize("args, words", [
    (("party", "new", "P", "--members", "Ana,Ana"), "once"),
    (("party", "new", "P", "--members", "Nobody"), "no Affinity character named 'Nobody'"),
    (("party", "new", "Wayfarers", "--members", "Eve"), "already exists"),
    (("party", "new", "Q", "--members", "Ana"), "already belongs to the party 'Wayfarers'"),
    (("party", "show", "Nope"), "no Affinity party named 'Nope'"),
    (("party", "add", "Wayfarers", "--members", "Ana"), "already in Wayfarers"),
    (("party", "remove", "Wayfarers", "--members", "Eve"), "not in Wayfarers"),
    (("party", "rest", "Wayfarers", "--kind", "nap"), "a party takes a rest or a recover"),
    (("party", "day", "Wayfarers", "--days", "0"), "at least 1"),
    (("party", "session", "end", "Wayfarers"), "no session is open"),
    (("party", "session", "end", "Wayfarers", "--level-up", "Eve"), "no session is open"),
    (("travel", "--with-party", "Wayfarers", "--role", "scout=Ana"), "needs a navigator"),
    (("travel", "--with-party", "Wayfarers", "--role", "navigator=Ana", "--role", "scout=Ana"), "one role"),
    (("travel", "--with-party", "Wayfarers", "--role", "navigator=Eve"), "not a member of the party"),
    (("travel", "--with-party", "Wayfarers", "--role", "pilot=Ana"), "choose from navigator"),
    (("travel", "--with-party", "Wayfarers", "--role", "navigator"), "is not ROLE=MEMBER"),
    (("travel", "--role", "navigator=Ana"), "--role and --affinity need --with-party"),
    (("travel", "--with-party", "Wayfarers", "--sheets", "Ana", "--role", "navigator=Ana"), "not both"),
    (("fight", "--with-party", "Wayfarers", "--sheets", "Ana"), "not both"),
    (("task", "--with-party", "Wayfarers", "--threshold", "3", "--difficulty", "2", "--sheets", "Eve"),
     "not in the party"),
    (("chase", "--with-party", "Wayfarers", "--side", "middle"), "--side is lead"),
    (("chase", "--with-party", "Wayfarers", "--roller", "Eve"), "not a member"),
    (("chase", "--side", "lead"), "need --with-party"),
])
def test_bad_input_is_one_line_and_exit_2(cli: Any, args: tuple[str, ...], words: str) -> None:
    _ok(cli, "character", "new", "Ana", "--class", "combatant")
    _ok(cli, "character", "new", "Eve", "--class", "priest")
    _ok(cli, "party", "new", "Wayfarers", "--members", "Ana")
    code, out, err = cli("affinity", *args)
    assert code == 2 and out == "" and err.count("\n") == 1 and words in err, err
    assert _ok(cli, "party", "show", "Wayfarers", "--json")["members"][0]["hd"] == 5  # nothing changed


def test_a_refused_party_rest_changes_no_sheet(cli: Any) -> None:
    _form(cli, 1)
    for _ in range(2):
        _ok(cli, "party", "rest", "Wayfarers")
    before = _sheets(cli)
    code, _, err = cli("affinity", "party", "rest", "Wayfarers")
    assert code == 2 and "maximum 2 Rests per day" in err
    assert _sheets(cli) == before
    _ok(cli, "party", "day", "Wayfarers")
    assert all(s["rests_today"] == 0 for s in _sheets(cli).values())
    assert _ok(cli, "party", "show", "Wayfarers", "--json")["day"] == 2


def test_a_journey_refuses_a_dying_member() -> None:
    from gamewright.core.errors import RuleViolation
    from gamewright.games.affinity.character import new_sheet

    a, b = new_sheet("A", "combatant"), new_sheet("B", "priest")
    b.hd = 0
    with pytest.raises(RuleViolation, match="B is dying"):
        pt.refuse_dying([a, b], "journey")


def test_rollers_spend_stored_affinity_dice(cli: Any) -> None:
    _form(cli, 3)
    _ok(cli, "party", "affinity", "Wayfarers", "Cy", "gain")
    _ok(cli, "party", "affinity", "Wayfarers", "Cy", "gain")  # Proficiency 2: two gains today, Level 3 cap
    journey = ("travel", "--with-party", "Wayfarers", "--distance", "short", "--hurdles", "hostile", "--role",
                "navigator=Cy")
    code, _, err = cli("affinity", *journey, "--affinity", "Cy=3")
    assert code == 2 and "Cy stores 2" in err
    code, _, err = cli("affinity", *journey, "--affinity", "Ana=1")
    assert code == 2 and "only a member who rolls" in err
    doc = _ok(cli, *journey, "--affinity", "Cy=2", "--seed", "1", "--json")
    assert doc["safe_dice"] == 2 + 2 - 1  # Proficiency 2, two Affinity dice, −1d6 for the hostile land unguarded
    assert _ok(cli, "character", "show", "Cy", "--json")["affinity"] == 0
    assert "Affinity dice 2 → 0" in _last(cli)["data"]["members"][2]["changed"]
    _ok(cli, "party", "affinity", "Wayfarers", "Ana", "gain")
    doc = _ok(cli, "task", "--with-party", "Wayfarers", "--sheets", "Ana", "--threshold", "3", "--difficulty", "1",
              "--affinity", "Ana=1", "--json")
    assert doc["rolls"][0]["safe_dice"] == 2 + 1 and _ok(cli, "character", "show", "Ana", "--json")["affinity"] == 0
    code, _, err = cli("affinity", "chase", "--affinity", "Ana=1")
    assert code == 2 and "need --with-party" in err
