"""Issue 22 item 5 (Affinity): the preview's exertion and divine-die terms give their dice, and a roll event's
``burned`` is the HD actually burned (003 Exertion Dice: a 1 burns one HD, of the HD there are)."""

from __future__ import annotations

from fractions import Fraction

from gamewright.games.affinity.combat import Act

from .helpers import adjacent, scenario, turn_of

EXERTION = "exertion dice"
DIVINE = "divine die"


def _term(preview: dict, start: str) -> int | None:
    found = [t["dice"] for t in preview["dice"]["terms"] if t["why"].startswith(start)]
    assert len(found) <= 1
    return found[0] if found else None


def test_weapon_of_faith_terms_give_the_exertion_dice_and_the_divine_die() -> None:
    state = scenario(level=3)  # Proficiency 2
    adjacent(state, 1, 4)
    turn_of(state, 1)
    pv = state.preview(Act("use", "weapon_of_faith", 4, 2))
    assert pv["legal"], pv["errors"]
    assert _term(pv, EXERTION) == 2 and _term(pv, DIVINE) == 1
    assert pv["dice"]["exertion"] == 3  # the two chosen and the divine die, all burning on a 1
    plain = state.preview(Act("use", "weapon_strike", 4, 0))
    assert _term(plain, EXERTION) is None and _term(plain, DIVINE) is None


def test_every_listed_actions_terms_add_up_to_its_pool() -> None:
    """The terms are the pool, named: their sum is the dice rolled (a −1d6 never takes it below 0)."""
    seen = 0
    for level, creature in ((1, "goblin_skulker"), (3, "orc_raider"), (5, "bandit_captain")):
        state = scenario(level=level, creature=creature)
        for idx in range(4):
            adjacent(state, idx, 4)
            turn_of(state, idx)
            for act in state.legal_actions():
                pv = state.preview(act)
                if "dice" not in pv:
                    continue
                d = pv["dice"]
                assert d["safe"] + d["exertion"] == max(0, sum(t["dice"] for t in d["terms"])), act.to_text()
                assert (_term(pv, EXERTION) or 0) + (_term(pv, DIVINE) or 0) >= min(d["exertion"], act.exertion)
                seen += act.exertion > 0
    assert seen >= 10


def test_a_one_hd_actor_burns_one_hd_whatever_it_rolls() -> None:
    state = scenario(level=3)
    bram = state.fighters[0]
    bram.hd = 1
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[1, 1, 1, 1, *[5] * 10])  # 2 safe dice, then 2 exertion dice: all 1s (a miss)
    act = Act("use", "weapon_strike", 4, 2)
    preview = state.preview(act)
    assert set(preview["hd_burned"]) == {"0", "1"}  # at most the one HD there is
    roll = next(e for e in state.apply(act) if e.kind == "roll")
    assert roll.data["burned"] == 1 and roll.data["exertion_ones"] == 2
    assert roll.text.endswith(", 1 HD burned") and "2 HD burned" not in roll.text
    assert bram.hd == 0
    assert Fraction(preview["hd_burned"]["1"]["p"]) > 0


def test_burned_is_every_one_when_there_are_hd_enough() -> None:
    state = scenario(level=3)
    adjacent(state, 0, 4)
    turn_of(state, 0, dice=[1, 1, 1, 1, *[5] * 10])
    before = state.fighters[0].hd
    roll = next(e for e in state.apply(Act("use", "weapon_strike", 4, 2)) if e.kind == "roll")
    assert roll.data["burned"] == roll.data["exertion_ones"] == 2 and roll.text.endswith(", 2 HD burned")
    assert state.fighters[0].hd == before - 2
