"""003 "Affinity Dice Mechanics" inside fights: spent on any roll as safe dice, shared as a free action."""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.affinity.character import new_sheet
from gamewright.games.affinity.combat import Act, build_fight, parse_act

from .helpers import adjacent, turn_of


def _fight(bram_dice: int = 2, ilse_dice: int = 0):
    bram = new_sheet("Bram", "combatant", 3)
    bram.affinity = bram_dice
    ilse = new_sheet("Ilse", "priest", 3)
    ilse.affinity = ilse_dice
    state, _ = build_fight([bram, ilse], "goblin_skulker", 1, 0)
    return state


def test_spending_adds_safe_dice_outside_the_exertion_cap() -> None:
    state = _fight()
    adjacent(state, 0, 2)
    turn_of(state, 0, dice=[1, 1, 1, 1, 1, 1, 1])
    acts = state.legal_actions()
    assert Act("use", "weapon_strike", 2, 2, 2) in acts  # full exertion and both stored dice
    assert not any(a.affinity for a in acts if a.ability == "defend")  # no roll, nothing to add to
    events = state.apply(Act("use", "weapon_strike", 2, 2, 2))
    roll = next(e for e in events if e.kind == "roll")
    assert len(roll.data["faces"]) == 2 + 2 + 2  # Proficiency + exertion + Affinity
    assert roll.data["burned"] == 2  # only the exertion dice burn (1s on the Affinity dice cost nothing)
    assert state.fighters[0].affinity == 0
    with pytest.raises(RuleViolation, match="stores 0"):
        state.apply(Act("use", "weapon_strike", 2, 0, 1))


def test_sharing_is_a_free_action_once_per_turn_within_the_level_cap() -> None:
    state = _fight(bram_dice=3, ilse_dice=2)
    turn_of(state, 0)
    shares = [a for a in state.legal_actions() if a.verb == "share"]
    assert shares == [Act("share", "", 1, 0, 1)]  # Ilse (level 3) has room for one more
    events = state.apply(Act("share", target=1, affinity=1))
    assert events[0].kind == "share" and state.active == 0 and state.fighters[0].actions_left == 2
    assert (state.fighters[0].affinity, state.fighters[1].affinity) == (2, 3)
    with pytest.raises(RuleViolation):
        state.apply(Act("share", target=1, affinity=1))


def test_affinity_actions_read_back_from_text() -> None:
    for act in (Act("share", "", 1, 0, 2), Act("use", "weapon_strike", 4, 1, 3)):
        assert parse_act(act.to_text()) == act
    assert Act("use", "weapon_strike", 4, 1, 3).to_text() == "use weapon_strike on 4 exert 1 affinity 3"


def test_fight_saves_the_dice_left(cli) -> None:
    cli("affinity", "character", "new", "Bram", "--class", "combatant", "--level", "3")
    cli("affinity", "character", "affinity", "Bram", "gain")
    code, out, err = cli("affinity", "fight", "--sheets", "Bram", "--creature", "goblin_skulker", "--count", "1",
                         "--policy", "greedy", "--save", "--json")
    assert code == 0, err
    assert json.loads(cli("affinity", "character", "show", "Bram", "--json")[1])["affinity"] == 1  # kept


def test_sharing_affinity_dice_with_yourself_is_refused(cli) -> None:
    """003 Sharing Affinity Dice: transfer to an ally; a self-share must not lose the dice."""
    assert cli("affinity", "character", "new", "Bram", "--class", "combatant", "--level", "3")[0] == 0
    assert cli("affinity", "character", "affinity", "Bram", "gain")[0] == 0
    code, _, err = cli("affinity", "character", "affinity", "Bram", "share", "--to", "Bram", "--count", "1")
    assert code == 2 and "not yourself" in err
    code, out, _ = cli("affinity", "character", "show", "Bram", "--json")
    assert code == 0 and json.loads(out)["affinity"] == 1
