"""003 "Character Advancement Systems": class abilities, Ways and Paths on their schedules."""

from __future__ import annotations

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.games.affinity.character import (
    Sheet,
    advancement,
    level_up,
    new_sheet,
    path_feats_allowed,
    way_nodes_allowed,
)


def test_three_progressions_schedule() -> None:
    # class abilities at odd levels, a Way node every level, Path feats at 1, 3, 6, 9, 10
    grants = {level: advancement(level) for level in range(1, 11)}
    assert [lvl for lvl, g in grants.items() if "class ability" in g] == [1, 3, 5, 7, 9]
    assert all("Way node" in g for g in grants.values())
    assert [lvl for lvl, g in grants.items() if "Path feat" in g] == [1, 3, 6, 9, 10]
    assert [way_nodes_allowed(lvl) for lvl in (1, 5, 10)] == [1, 5, 10]
    assert [path_feats_allowed(lvl) for lvl in range(1, 11)] == [1, 1, 2, 2, 2, 3, 3, 3, 4, 5]


def test_combatant_way_of_the_sentinel_example() -> None:
    # 003: "Choose one Way at Level 1 … Example: Combatant's Way of the Sentinel"
    sheet = new_sheet("Bram", "combatant", 1, way="Way of the Sentinel", nodes=["Shield Wall"], feats=["War-Trained"])
    assert sheet.pending_choices() == []
    gained = level_up(sheet, nodes=["Stand Fast"])
    assert "Way node (level 2)" in gained and not any("Path feat" in g for g in gained)
    gained = level_up(sheet, nodes=["Iron Wall"], feats=["Shadow Step"])
    assert "Path feat (level 3)" in gained and "ability: Oath-Driven Strike" in gained
    assert sheet.way_nodes == ["Shield Wall", "Stand Fast", "Iron Wall"]
    assert sheet.path_feats == ["War-Trained", "Shadow Step"]
    assert "Way: Way of the Sentinel — nodes: Shield Wall, Stand Fast, Iron Wall" in sheet.notation()
    assert Sheet.from_json(sheet.to_json()) == sheet


def test_pending_choices_listed_on_the_sheet() -> None:
    sheet = new_sheet("Oren", "weaver", 3)
    assert sheet.pending_choices() == ["a Way", "3 Way node(s)", "2 Path feat(s)"]
    assert "To choose: a Way, 3 Way node(s), 2 Path feat(s)" in sheet.notation()


def test_too_many_choices_are_refused_and_leave_the_sheet_unchanged() -> None:
    with pytest.raises(RuleViolation):
        new_sheet("A", "priest", 1, nodes=["x"])  # a node needs a Way
    with pytest.raises(RuleViolation):
        new_sheet("A", "priest", 1, way="Way of Light", nodes=["x", "y"])  # one node at level 1
    with pytest.raises(RuleViolation):
        new_sheet("A", "priest", 2, feats=["a", "b"])  # one feat until level 3
    sheet = new_sheet("A", "priest", 1, way="Way of Light", nodes=["x"])
    before = sheet.to_json()
    with pytest.raises(RuleViolation):
        level_up(sheet, nodes=["y", "z"])
    assert sheet.to_json() == before
    with pytest.raises(RuleViolation):
        sheet.take("Way of Shadow")  # the Way is chosen once
    data = {**before, "path_feats": ["a", "b"]}
    with pytest.raises(ConfigError):
        Sheet.from_json(data)


def test_other_classes_keep_their_kit_and_are_told_of_the_class_ability() -> None:
    # ref §3 lists later abilities for the Combatant only; the others keep their level-1 kit as they grow
    sheet = new_sheet("Oren", "weaver", 2)
    kit = list(sheet.abilities)
    gained = level_up(sheet)
    assert sheet.abilities == kit and sheet.proficiency == 2 and sheet.hd_max == 6
    assert "class ability (level 3): in the Weaver document, not modelled" in gained
