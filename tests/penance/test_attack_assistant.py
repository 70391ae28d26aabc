"""The ``penance attack`` table assistant is the engine's own combat resolution (issue 27): it agrees with the same
attack played in a battle, and where the engine resolves more than the assistant's former copy of the rules did,
the assistant says what the engine says."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gamewright.app.penance_attack import attack_result
from gamewright.games.penance.components import LEGS
from gamewright.games.penance.hexgrid import SIDE_NAMES
from gamewright.games.penance.state import Act
from tests.penance.helpers import ATTACK, DEFENSE, fresh, hand_card, place, script, set_hand

FACES = ["shield", "flesh", "critical", "pierce", "absorb", "flesh", "heat", "critical", "flesh", "flesh"]


@pytest.mark.parametrize("facing", ["W", "E", "NE", "SW"])
@pytest.mark.parametrize("dice", [(3, 4), (5, 5), (0, 0), (1, 1), (4, 5), (2, 3)])
def test_the_assistant_agrees_with_the_attack_played_in_a_battle(facing: str, dice: tuple[int, int]) -> None:
    """Faithful Thrust from H11 on the Ironclad at I11 in a running battle, every lost card taken from the deck,
    and the same attack asked of the assistant."""
    st = fresh("confessor,ironclad")
    place(st, 0, "H11", "E")
    place(st, 1, "I11", facing)
    st.sides[1].runes = 0
    set_hand(st, 0, ["faithful_thrust"])
    set_hand(st, 1, ["feint"])  # no reactive card: the battle goes without one, as the assistant does
    script(st, ATTACK[dice[0]], ATTACK[dice[1]], *(DEFENSE[f] for f in FACES))
    distance, side, _ = st.geometry(0)
    cover = st.map.cover(st.sides[1].pos)
    events = st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), LEGS))
    while st.attack is not None:
        events += st.apply(Act("lose"))
    roll = next(e.data for e in events if e.kind == "attack")
    rolled = next((e.data["faces"] for e in events if e.kind == "defense"), [])
    out = attack_result("Faithful Thrust", "scout", "vanguard", distance, side=SIDE_NAMES[side - 1], cover=cover,
                        attack_dice=f"{dice[0]},{dice[1]}", defense_dice=",".join(rolled) or None)
    assert (out["tn"], out["tier"], out["damage"], out["tn_parts"], out["side_number"]) == (
        roll["tn"], roll["tier"], roll["damage"], roll["tn_parts"], roll["side"])
    assert out["defense_dice"] == rolled and out["taken"] == sum(1 for e in events if e.kind == "lose")
    assert out["major_wound"] == any(e.kind == "major_wound" for e in events)
    assert out["component_destroyed"] == st.sides[1].destroyed[LEGS]
    assert out["attacker_heat"] == st.sides[0].heat


def test_an_attack_that_deals_nothing_opens_no_reactive_window(cli: Any) -> None:
    """combat.py: the defender's reactive window opens only against damage; Divine Judgment against a deck of
    more than 10 cards hits for 0 (the former copy allowed a reactive card there)."""
    code, out, err = cli("penance", "attack", "--card", "Divine Judgment", "--attacker", "scout", "--defender",
                         "warden", "--range", "1", "--side", "front", "--attack-dice", "4,4", "--defender-deck", "12",
                         "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["tier"] == "strong" and data["damage"] == 0 and data["reactive_allowed"] is False


def test_critical_faces_that_reach_the_hp_destroy_the_component(cli: Any) -> None:
    """ref §3: Component Damage up to the component's HP destroys it — ten CRITICAL faces on the legs (HP 10);
    the former copy reported a destroyed component only for an EXECUTION or a Crushing Blow."""
    code, out, err = cli("penance", "attack", "--card", "Divine Judgment", "--attacker", "scout", "--defender",
                         "warden", "--range", "1", "--side", "front", "--attack-dice", "4,5", "--defender-deck", "10",
                         "--defense-dice", ",".join(["critical"] * 10), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["tier"] == "critical" and data["component_damage"] == 10 and data["component_destroyed"] is True
