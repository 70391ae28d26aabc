"""Component damage (ref §2, §3): Pilot Wounds from the exposure range and from destruction, the chassis's
ejection save, neural feedback, and a damaged head's penalty on ranged attacks."""

from __future__ import annotations

import pytest

from gamewright.games.penance.components import CHASSIS, CLASSES, HEAD, LEFT_ARM, LEGS, RIGHT_ARM
from tests.penance.helpers import ATTACK, duel, event, faces, place, play, script


@pytest.mark.parametrize("cls", sorted(CLASSES))
@pytest.mark.parametrize("comp", [HEAD, LEFT_ARM, RIGHT_ARM, LEGS])
def test_ref3_exposure_wounds_per_point_and_destruction(cls: str, comp: int) -> None:
    """ref §3: "Each point of Component Damage that lands on a value inside the exposure range adds +1 Pilot Wound;
    overage past the HP adds nothing. Destruction: +1 Wound (not legs)\"."""
    st = duel()
    s = st.sides[1]
    s.cls_name = cls
    z = s.cls.zones[comp]
    events: list = []
    exposure = z.hp - z.structure_max
    st._component_damage(1, comp, min(z.structure_max, z.hp - 1), events)  # the top of Structure: no wound
    assert len(s.wounds) == 0 and not s.destroyed[comp]
    if exposure:
        st._component_damage(1, comp, 1, events)  # the first point inside the exposure range
        assert len(s.wounds) == 1
    st._component_damage(1, comp, 50, events)  # to destruction, overage ignored
    assert s.destroyed[comp] and s.comp[comp] == z.hp
    assert len(s.wounds) == exposure + (0 if comp == LEGS else 1)


@pytest.mark.parametrize("cls", sorted(CLASSES))
def test_ref3_chassis_exposure_then_three_wounds_and_the_ejection_save(cls: str) -> None:
    """ref §3: "chassis +3 Wounds then an ejection save (1d6: 1–2 +2 more Wounds) and the casket is inert.\""""
    st = duel()
    s = st.sides[1]
    s.cls_name = cls
    z = s.cls.zones[CHASSIS]
    s.comp[CHASSIS] = z.structure_max
    script(st, 1)
    st._component_damage(1, CHASSIS, z.hp - z.structure_max, [])
    assert s.destroyed[CHASSIS] and st.is_terminal() and st.winner == 0
    assert len(s.wounds) == min(10, (z.hp - z.structure_max) + 3 + 2)


def test_ref2_execution_on_the_chassis_gives_three_wounds_then_the_save() -> None:
    """ref §2: "EXECUTION … only its destruction wounds apply (chassis: +3, not +1 and +3)"; ref §3: then an
    ejection save (1d6: 1–2 +2 more Wounds) and the casket is inert."""
    st = duel(hand=["faithful_thrust"])
    script(st, ATTACK[5], ATTACK[5], 2)
    play(st, "faithful_thrust", CHASSIS)
    assert len(st.sides[1].wounds) == 3 + 2 and st.is_terminal() and st.winner == 0
    st2 = duel(hand=["faithful_thrust"])
    script(st2, ATTACK[5], ATTACK[5], 3)
    play(st2, "faithful_thrust", CHASSIS)
    assert len(st2.sides[1].wounds) == 3 and st2.winner == 0


def test_ref2_neural_feedback_once_when_the_total_reaches_15() -> None:
    """ref §2: "+1 Pilot Wound the first time the total Component Damage over all components reaches 15.\""""
    st = duel()
    s = st.sides[1]  # Vanguard: AP zones only here, so every wound below is neural feedback
    s.comp = [3, 4, 4, 3, 0]
    st._component_damage(1, LEGS, 3, [])  # 14 → 17 in one attack
    assert len(s.wounds) == 1
    st._component_damage(1, LEGS, 1, [])
    assert len(s.wounds) == 1


def test_ref2_head_penalties_raise_the_tn_of_ranged_attacks_only() -> None:
    """ref §3 / ref §2: head in Structure "−1 ranged" = TN +1 for its ranged attacks; destroyed head TN +2."""
    for comp_dmg, destroyed, extra in ((2, False, 1), (0, True, 2)):
        st = duel("confessor:D,ironclad", hand=["quick_shot", "faithful_thrust"])
        s = st.sides[0]
        s.comp[HEAD], s.destroyed[HEAD] = comp_dmg, destroyed
        place(st, 1, "J11", "W")  # range 2, front
        script(st, ATTACK[5], ATTACK[4], *faces(*["shield"] * 8))
        assert event(play(st, "quick_shot", CHASSIS), "attack").data["tn"] == 5 + extra
        place(st, 1, "I11", "W")
        script(st, ATTACK[5], ATTACK[4], *faces(*["shield"] * 8))
        assert event(play(st, "faithful_thrust", CHASSIS), "attack").data["tn"] == 5


def test_004_2_pistol_card_at_range_1_takes_the_head_damage_penalty() -> None:
    """ref §2/§3: a damaged head is TN +1 for ranged attacks — adjacent pistol shots included."""
    st = duel("confessor:D,ironclad", hand=["quick_shot"])
    st.sides[0].comp[HEAD] = st.sides[0].cls.zones[HEAD].ap_max + 1  # in Structure
    script(st, ATTACK[0], ATTACK[1])
    attack = next(e for e in play(st, "quick_shot", HEAD) if e.kind == "attack")
    assert attack.data["tn_parts"]["other"] == 1 and attack.data["tn"] == 6
