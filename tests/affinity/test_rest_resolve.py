"""Issue 22 item 4: how much Resolve a Rest restores. 003 says it three ways; RULINGS takes "Regain 1 Resolve"
(003 Rest & Recovery and its example, ref §1), the option ``rest_resolve`` the other two readings."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamewright.app.affinity_sheets import edit_sheets
from gamewright.core.errors import ConfigError
from gamewright.games.affinity import SPEC
from gamewright.games.affinity import party as pt
from gamewright.games.affinity import rest as rr
from gamewright.games.affinity.character import new_sheet


@pytest.mark.parametrize(("mode", "after"), [
    ("one", [1, 2, 3, 4, 5, 5]),  # 003 Rest & Recovery: "Regain 1 Resolve (up to maximum of 5)"
    ("half", [3, 3, 3, 3, 4, 5]),  # 003 Recovering Resolve: "up to half your maximum (3 Resolve)"
    ("one_to_half", [1, 2, 3, 3, 4, 5]),  # 003 Resting: "by 1 (half maximum, rounded up)"
])
def test_each_reading_from_every_resolve(mode: str, after: list[int]) -> None:
    assert [rr.rest_resolve(r, mode) for r in range(6)] == after
    assert rr.HALF_RESOLVE == 3  # half of 5, rounded up


def test_the_option_is_declared_with_the_games_options() -> None:
    opt = SPEC.option("rest_resolve")
    assert opt.default == "one" and set(opt.choices or ()) == {"one", "half", "one_to_half"}
    assert SPEC.resolve(None, {"rest_resolve": "half"}).rest_resolve == "half"
    with pytest.raises(ConfigError, match="rest_resolve"):
        SPEC.resolve(None, {"rest_resolve": "all"})


def test_the_documents_example_and_the_alternatives_on_a_sheet() -> None:
    # 003 Rest example: Level 5 Combatant (Proficiency 3, 2 HD, 3 Resolve) → 5 HD, 4 Resolve
    sheet = new_sheet("Bram", "combatant", 5)
    sheet.hd, sheet.resolve = 2, 3
    doc = rr.rest(sheet)
    assert doc["hd"] == [2, 5] and doc["resolve"] == [3, 4]
    low = new_sheet("Ilse", "priest", 3)
    low.resolve = 1
    assert rr.rest(low, None, "half")["resolve"] == [1, 3]
    assert rr.rest(low, None, "one_to_half")["resolve"] == [3, 3]  # already at half: the Rest adds none
    assert low.rests_today == 2


def test_an_unknown_reading_refuses_the_rest_and_changes_nothing() -> None:
    sheet = new_sheet("Bram", "combatant", 3)
    sheet.hd, sheet.resolve, sheet.uses_spent = 1, 1, {"rally": 1}
    before = sheet.to_json()
    with pytest.raises(ConfigError, match="rest_resolve"):
        rr.rest(sheet, None, "all")
    with pytest.raises(ConfigError, match="rest_resolve"):
        pt.party_rest([sheet], "rest", None, "all")
    assert sheet.to_json() == before


def test_a_recover_is_full_whatever_the_rest_reading() -> None:
    sheet = new_sheet("Bram", "combatant", 3)
    sheet.resolve = 1
    assert rr.recover(sheet)["resolve"] == [1, 5]  # 003 Recover / Long Rest: all three passages say 5


def _set_resolve(name: str, resolve: int) -> None:
    with edit_sheets(name) as (sheet,):
        sheet.resolve = resolve


def test_the_stored_sheet_rest_commands_take_the_reading(cli: Any) -> None:
    for name, cls in (("Ana", "combatant"), ("Bo", "priest")):
        assert cli("affinity", "character", "new", name, "--class", cls, "--level", "3")[0] == 0
    _set_resolve("Ana", 1)
    code, out, err = cli("affinity", "rest", "Ana", "--json")
    assert code == 0, err
    assert json.loads(out)["resolve"] == [1, 2]  # the ruling: +1
    code, out, err = cli("affinity", "rest", "Ana", "--rest-resolve", "half", "--json")
    assert code == 0, err
    assert json.loads(out)["resolve"] == [2, 3]
    code, _, err = cli("affinity", "rest", "Bo", "--rest-resolve", "all")
    assert code == 2 and "rest_resolve" in err and len(err.strip().splitlines()) == 1
    assert json.loads(cli("affinity", "character", "show", "Bo", "--json")[1])["rests_today"] == 0
    assert cli("affinity", "party", "new", "Wayfarers", "--members", "Ana,Bo")[0] == 0
    assert cli("affinity", "party", "day", "Wayfarers")[0] == 0  # Ana's two Rests were today
    _set_resolve("Ana", 1)
    _set_resolve("Bo", 3)  # at half the maximum already: +1 would give 4
    code, out, err = cli("affinity", "party", "rest", "Wayfarers", "--rest-resolve", "one_to_half", "--json")
    assert code == 0, err
    after = {n: json.loads(cli("affinity", "character", "show", n, "--json")[1])["resolve"] for n in ("Ana", "Bo")}
    assert after == {"Ana": 2, "Bo": 3}
