"""The Affinity use cases the CLI and the web share (``app.affinity_sheets``, ``app.affinity_tools``): each change
to a stored sheet is one transaction, a duel's after-effects are applied by ``app``, not by the command, and a
malformed stored sheet is a one-line error."""

from __future__ import annotations

import pytest

from gamewright.app.affinity_sheets import (
    create_sheet,
    edit_sheets,
    level_up_stored,
    load_sheet,
    rest_stored,
    sheet_doc,
)
from gamewright.app.affinity_tools import duel_after_effects, parse_heal, save_duel
from gamewright.core.errors import ConfigError, Conflict, NotFound
from gamewright.core.rng import Rng
from gamewright.games.affinity.social import Speaker


def test_a_rest_or_a_level_up_is_stored_by_the_call_itself() -> None:
    create_sheet("Bram", "combatant", 1, "guardian", None, None, None, "", [], [])
    with pytest.raises(NotFound, match="no Affinity character named 'Nobody'"):
        rest_stored("Nobody", Rng(1), "rest", None, None, None, "sum")
    sheet, gained = level_up_stored("Bram", [], [])
    assert gained and load_sheet("Bram").level == sheet.level == 2
    with edit_sheets("Bram") as (wounded,):
        wounded.hd = 1
    sheet, doc = rest_stored("Bram", Rng(1), "rest", None, (2, 8), None, "sum")
    assert doc["hd"] == [1, sheet.hd] and doc["restored"] == min(sum(doc["rolls"]), sheet.hd_max - 1) > 0
    assert sheet_doc(load_sheet("Bram")) == sheet_doc(sheet)


def test_heal_dice_are_read_within_the_rules_bounds() -> None:
    assert parse_heal("2d8") == (2, 8)
    for text in ("2x8", "d8", "2d8d8"):
        with pytest.raises(ConfigError):
            parse_heal(text)


def test_a_duel_burns_hit_dice_and_keeps_lost_resolve() -> None:
    """003 Exertion Dice: each exertion 1 burns a body HD (never below 0); lost Resolve stays lost."""
    create_sheet("Ilse", "priest", 3, "guardian", None, None, None, "", [], [])
    sheet = load_sheet("Ilse")
    loaded = {"a": sheet.to_json()}
    hd = sheet.hd
    speaker = Speaker("Ilse", sheet.proficiency, sheet.resolve)
    speaker.resolve -= 2
    log = [{"a": {"burned": 1}, "b": {"burned": 3}}, {"a": {"burned": 2}, "b": {"burned": 0}}]
    save_duel(log, {"a": speaker, "b": Speaker("B", 1)}, {"a": sheet}, loaded)
    after = load_sheet("Ilse")
    assert after.hd == max(0, hd - 3) and after.resolve == speaker.resolve
    duel_after_effects([{"a": {"burned": 99}}], {"a": speaker}, {"a": after})
    assert after.hd == 0
    with pytest.raises(Conflict):  # the stored sheet changed since the duel read it: nothing written
        save_duel(log, {"a": speaker}, {"a": load_sheet("Ilse")}, loaded)


def test_malformed_stored_sheets_give_one_line_errors(cli) -> None:
    """Stored sheets are data: a wrong type in any field is a clear error, never a traceback."""
    from gamewright.games.affinity.character import RECORD_KIND
    from gamewright.store import get_record, put_record

    code, _, err = cli("affinity", "character", "new", "Bram", "--class", "combatant")
    assert code == 0, err
    good = get_record(RECORD_KIND, "Bram")
    for field, value in (("hd", "x"), ("level", None), ("uses_spent", {"rush": "1"}), ("way_nodes", [1]),
                         ("name", 3), ("shield", 1), ("resolve", True), ("class_key", "wizard"), ("temp_hd", -1),
                         ("rests_today", -1)):
        put_record(RECORD_KIND, "Bram", {**good, field: value}, replace=True)
        for args in (("character", "show", "Bram"), ("rest", "Bram"), ("fight", "--sheets", "Bram", "--policy",
                                                                          "greedy", "--json")):
            code, _, err = cli("affinity", *args)
            assert code == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, (field, args, err)
    put_record(RECORD_KIND, "Bram", {**good, "temp_hd": 2, "temp_sides": 0}, replace=True)
    code, _, err = cli("affinity", "character", "show", "Bram")
    assert code == 2 and "temporary HD" in err
