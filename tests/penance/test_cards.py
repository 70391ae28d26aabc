"""Every card working as written (004 §1; ref §2, §5), and the rules around attacks, components and piles."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.penance import make_game
from gamewright.games.penance.components import CHASSIS, HEAD, LEFT_ARM, LEGS, RIGHT_ARM
from gamewright.games.penance.state import Act
from tests.penance.helpers import ATTACK, DEFENSE, fresh, hand_card, place, script, set_hand


def duel(decks: str = "confessor,ironclad", hand=(), enemy=("feint",), top=()):  # type: ignore[no-untyped-def]
    st = fresh(decks)
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    st.sides[1].runes = 0
    set_hand(st, 0, list(hand), top=list(top))
    set_hand(st, 1, list(enemy))
    return st


def play(st, cid: str, comp: int = -1, p: int = 0):  # type: ignore[no-untyped-def]
    return st.apply(Act("play", hand_card(st, p, cid), comp))


def faces(*names: str) -> list[int]:
    return [DEFENSE[n] for n in names]


def event(ev, kind: str):  # type: ignore[no-untyped-def]
    return next(e for e in ev if e.kind == kind)


# --- universal core -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cid", "hexes", "heat"), [("desperate_lunge", 2, 0), ("overextend", 3, 1), ("retreat", 4, 0),
                                                    ("advance", 2, 0)])
def test_movement_cards(cid: str, hexes: int, heat: int) -> None:
    st = duel("confessor:B,ironclad", hand=[cid])
    place(st, 0, "B12", "E")
    s = st.sides[0]
    play(st, cid)
    spent = 6 - s.sp
    for _ in range(hexes):
        st.apply(Act("move", arg=0))
    assert s.sp == 6 - spent and s.moved == hexes and s.heat == heat
    with pytest.raises(RuleViolation):  # further hexes cost SP again: fine, but there are none left for free
        s.sp = 0
        st.apply(Act("move", arg=0))


def test_retreat_forbids_attacks_and_advance_gives_defense() -> None:
    st = duel("confessor:B,ironclad", hand=["retreat", "faithful_thrust", "advance"])
    play(st, "retreat")
    with pytest.raises(RuleViolation, match="Retreat"):
        play(st, "faithful_thrust", CHASSIS)
    play(st, "advance")
    assert st.sides[0].def_turn == 1


def test_heat_cards_and_draws() -> None:
    st = duel(hand=["emergency_vent", "breathe_the_core", "survey_the_field"])
    s = st.sides[0]
    s.heat = 5
    play(st, "emergency_vent")
    assert s.heat == 2
    play(st, "breathe_the_core")
    assert s.heat == 1 and len(s.piles.hand) == 2
    play(st, "survey_the_field")
    assert len(s.piles.hand) == 2 and s.sp == 6 - 2 - 1 - 1


@pytest.mark.parametrize("cid", ["rally_cry", "martyrdom_protocol"])
def test_ally_cards_have_no_effect_one_on_one(cid: str) -> None:
    st = duel(hand=[cid])
    ev = play(st, cid)
    assert "no ally" in event(ev, "effect").text


def test_feint_adds_one_damage_to_the_next_attack_this_turn() -> None:
    st = duel(hand=["feint", "faithful_thrust"])
    play(st, "feint")
    script(st, ATTACK[1], ATTACK[4], *faces(*["shield"] * 5))
    ev = play(st, "faithful_thrust", CHASSIS)
    assert event(ev, "attack").data["damage"] == 5 and st.sides[0].feint == 0


# --- Penitent Blades ------------------------------------------------------------------------------------
def test_blood_offering() -> None:
    st = duel(hand=["blood_offering", "faithful_thrust", "feint", "retreat"])
    play(st, "blood_offering")
    assert st.todo[-1][:3] == ["loss", 0, 2]
    st.apply(Act("lose", hand_card(st, 0, "retreat")))
    st.apply(Act("lose"))
    assert len(st.sides[0].piles.grave) == 2
    st.sides[1].def_turn = 1  # 1 Defense, ignored by Blood Offering's "ignore 1 Armor"
    script(st, ATTACK[2], ATTACK[3], *faces(*["flesh"] * 7))
    ev = play(st, "faithful_thrust", CHASSIS)
    assert event(ev, "attack").data["damage"] == 7
    assert event(ev, "defense").data["taken"] == 7


def test_faithful_thrust_rear_bonus() -> None:
    st = duel(hand=["faithful_thrust"])
    place(st, 1, "I11", "E")  # P1 at P2's rear: TN 3, +2 damage
    script(st, ATTACK[1], ATTACK[2], *faces(*["shield"] * 6))
    ev = play(st, "faithful_thrust", CHASSIS)
    a = event(ev, "attack").data
    assert (a["tn"], a["side"], a["tier"], a["damage"]) == (3, 4, "hit", 6)


def test_righteous_cleave_deals_five() -> None:
    st = duel(hand=["righteous_cleave"])
    script(st, ATTACK[3], ATTACK[3], *faces(*["shield"] * 5))
    assert event(play(st, "righteous_cleave", CHASSIS), "attack").data["damage"] == 5


@pytest.mark.parametrize(("deck", "damage"), [(11, 0), (10, 8)])  # a plain hit (3 + 3)
def test_divine_judgment_needs_ten_or_fewer_cards(deck: int, damage: int) -> None:
    st = duel(hand=["divine_judgment"])
    pl = st.sides[1].piles
    while len(pl.deck) > deck:
        pl.discard.append(pl.deck.pop())
    script(st, ATTACK[3], ATTACK[3], *faces(*["shield"] * damage))
    assert event(play(st, "divine_judgment", CHASSIS), "attack").data["damage"] == damage


def test_consecrated_ground_recovers_two_a_turn() -> None:
    st = duel(hand=["consecrated_ground"])
    pl = st.sides[0].piles
    pl.grave += [pl.deck.pop(), pl.deck.pop(), pl.deck.pop()]
    play(st, "consecrated_ground")
    st.todo = [["turn", 0], ["main", 0]]
    st.apply(Act("end"))
    assert len(pl.grave) == 1


# --- secondary equipment --------------------------------------------------------------------------------
@pytest.mark.parametrize(("cid", "decks", "reduce", "heat"),
                         [("deflect", "confessor:A", 1, 0), ("brace_for_impact", "confessor:A", 2, 0),
                          ("wall_of_iron", "confessor:B", 3, 1)])
def test_reactive_cards(cid: str, decks: str, reduce: int, heat: int) -> None:
    st = duel(f"{decks},ironclad", hand=[cid], enemy=["hammer_strike"])
    st.todo = [["turn_end", 1], ["main", 1]]
    st.sides[1].sp = 4
    script(st, ATTACK[3], ATTACK[2], *faces(*["shield"] * (6 - reduce)))
    ev = play(st, "hammer_strike", CHASSIS, p=1)
    assert st.todo[-1][0] == "react"
    ev = st.apply(Act("react", hand_card(st, 0, cid)))
    assert len(event(ev, "defense").data["faces"]) == 6 - reduce and st.sides[0].heat == heat


def test_bash_pushes_on_a_hit() -> None:
    st = duel(hand=["bash"])
    script(st, ATTACK[3], ATTACK[3], *faces("shield", "shield", "shield"))
    ev = play(st, "bash", CHASSIS)
    assert event(ev, "attack").data["damage"] == 2
    assert st.map.hex_name(st.sides[1].pos) == "J11" and st.sides[1].moved == 0


def test_shield_wall_has_no_ally_to_help_one_on_one() -> None:
    """ref §2 Allies: "allies behind you" — there are none in a duel; the card is played for nothing."""
    st = duel("ironclad,confessor", hand=["shield_wall"])
    st.sides[0].sp = 4
    ev = play(st, "shield_wall")
    assert "no ally" in event(ev, "effect").text and st.sides[0].shield_wall == 0 and st.sides[0].sp == 1


def test_hunker_down_and_shield_wall_are_flat_defense() -> None:
    st = duel("confessor,ironclad:B", hand=["faithful_thrust", "faithful_thrust"], enemy=["shield_wall"])
    st.rules = make_game(options={"shield_wall": "self"}).rules  # the option: +2 Defense for the caster
    st.todo = [["turn_end", 0], ["main", 0], ["turn_end", 1], ["main", 1]]
    st.sides[1].sp = 4
    play(st, "shield_wall", p=1)
    st.apply(Act("end"))
    script(st, ATTACK[3], ATTACK[3], *faces(*["flesh"] * 4))
    ev = play(st, "faithful_thrust", CHASSIS)
    if st.todo[-1][0] == "react":  # it may have drawn a reactive card
        ev = st.apply(Act("pass"))
    assert event(ev, "defense").data["taken"] == 2  # 4 FLESH, a front attack: +2 Defense
    st2 = duel(hand=["hunker_down"])
    play(st2, "hunker_down")
    assert st2.sides[0].def_turn == 2


def test_repair_kit_cards() -> None:
    st = duel("confessor:C,ironclad", hand=["emergency_repair", "scrap_armor", "jury_rig"])
    pl = st.sides[0].piles
    pl.discard += [pl.deck.pop() for _ in range(5)]
    deck = len(pl.deck)
    play(st, "emergency_repair")
    assert len(pl.deck) == deck + 3 and len(pl.discard) == 3  # 2 left + Emergency Repair itself
    play(st, "scrap_armor")
    assert st.sides[0].scrap_armor == 1
    play(st, "jury_rig")
    assert pl.discard == [hand for hand in pl.discard if pl.cards[hand] == "jury_rig"]


def test_scrap_armor_lasts_until_damaged() -> None:
    st = duel("ironclad,confessor:C", hand=["hammer_strike"], enemy=["scrap_armor"])
    st.sides[1].scrap_armor = 1
    script(st, ATTACK[3], ATTACK[3], *faces(*["flesh"] * 6))
    ev = play(st, "hammer_strike", HEAD)  # Hammer Strike ignores 1 Defense: the Armor does nothing
    assert event(ev, "defense").data["taken"] == 6
    while st.todo[-1][0] == "loss":
        st.apply(Act("lose"))
    assert st.sides[1].scrap_armor == 0


def test_pistol_cards() -> None:
    st = duel("confessor:D,ironclad", hand=["quick_shot", "dual_wield", "suppressing_fire", "feint"])
    place(st, 1, "K11", "W")  # range 3
    script(st, ATTACK[3], ATTACK[3], *faces("shield", "shield"))
    assert event(play(st, "quick_shot", HEAD), "attack").data["damage"] == 2
    script(st, ATTACK[0], ATTACK[1])
    play(st, "dual_wield", HEAD)
    assert st.todo[-1][0] == "cost"  # then discard 1 card
    st.apply(Act("discard", hand_card(st, 0, "feint")))
    assert "feint" in [st.sides[0].piles.cards[i] for i in st.sides[0].piles.discard]
    script(st, ATTACK[3], ATTACK[3], *faces("shield", "shield"))
    assert event(play(st, "suppressing_fire", HEAD), "attack").data["damage"] == 2


# --- tactics ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("cid", ["righteous_fury", "crusaders_vow", "last_rites"])
def test_passive_and_windowless_cards_cannot_be_played(cid: str) -> None:
    st = duel("confessor:A:righteous_fury+crusaders_vow,ironclad", hand=[cid]) if cid != "last_rites" else \
        duel("confessor:A:last_rites+absolution,ironclad", hand=[cid])
    with pytest.raises(RuleViolation):
        play(st, cid)


def test_crusaders_vow_makes_attacks_cheaper_above_20_cards() -> None:
    st = duel("confessor:A:crusaders_vow+absolution,ironclad", hand=["faithful_thrust"])
    assert len(st.sides[0].piles.deck) > 20 and st.card_cost(0, "faithful_thrust") == 1
    pl = st.sides[0].piles
    while len(pl.deck) > 20:
        pl.discard.append(pl.deck.pop())
    assert st.card_cost(0, "faithful_thrust") == 2


def test_flagellants_zeal_once_per_mission() -> None:
    st = duel("confessor:A:flagellants_zeal+absolution,ironclad", hand=["flagellants_zeal"])
    play(st, "flagellants_zeal")
    s = st.sides[0]
    assert s.sp == 6 - 4 + 5 and s.piles.cards[s.piles.removed[0]] == "flagellants_zeal"
    assert len(s.piles.grave) == 5  # an empty hand: the five come off the deck


def test_absolution() -> None:
    st = duel("confessor:A:absolution+last_rites,ironclad", hand=["absolution"])
    s = st.sides[0]
    s.heat = 7
    s.piles.grave += [s.piles.deck.pop() for _ in range(4)]
    play(st, "absolution")
    assert s.heat == 0 and s.taint == 1 and len(s.piles.grave) == 1 and len(s.piles.discard) == 4


def test_runic_armor_rune_reaction() -> None:
    st = duel("confessor,ironclad", hand=["faithful_thrust"], enemy=["feint"])
    st.sides[1].runes = 3
    script(st, ATTACK[3], ATTACK[4], *faces(*["flesh"] * 5))
    play(st, "faithful_thrust", CHASSIS)
    ev = st.apply(Act("rune"))
    assert event(ev, "defense").data["taken"] == 3 and st.sides[1].runes == 2


# --- Runic Warhammer ----------------------------------------------------------------------------------------
def ironclad_duel(hand, enemy=("feint",)):  # type: ignore[no-untyped-def]
    st = duel("ironclad,confessor", hand=hand, enemy=enemy)
    st.sides[0].runes = 0
    return st


def test_hammer_strike_ignores_one_defense() -> None:
    st = ironclad_duel(["hammer_strike"])
    st.sides[1].def_turn = 2
    script(st, ATTACK[2], ATTACK[3], *faces(*["flesh"] * 6))
    assert event(play(st, "hammer_strike", CHASSIS), "defense").data["taken"] == 5


def test_ground_slam_hits_the_three_hexes_in_front() -> None:
    st = ironclad_duel(["ground_slam"])
    place(st, 0, "H11", "W")  # the enemy behind it
    with pytest.raises(RuleViolation, match="3 hexes in front"):
        play(st, "ground_slam", CHASSIS)
    place(st, 0, "H11", "NE")  # enemy on side 2 (E): in front
    script(st, ATTACK[3], ATTACK[2], *faces(*["shield"] * 5))
    assert event(play(st, "ground_slam", CHASSIS), "attack").data["damage"] == 5


def test_crushing_blow_critical_destroys() -> None:
    st = ironclad_duel(["crushing_blow"])
    script(st, ATTACK[4], ATTACK[5], *faces(*["shield"] * 7))
    ev = play(st, "crushing_blow", LEFT_ARM)
    assert event(ev, "attack").data["tier"] == "critical" and st.sides[1].destroyed[LEFT_ARM]


def test_runic_smash_gains_a_rune_and_anvil_breaker_roots() -> None:
    st = ironclad_duel(["runic_smash", "anvil_breaker"])
    script(st, ATTACK[0], ATTACK[1])
    play(st, "runic_smash", CHASSIS)
    assert st.sides[0].runes == 1
    st.sides[0].sp = 4
    script(st, ATTACK[0], ATTACK[1])
    play(st, "anvil_breaker", CHASSIS)
    with pytest.raises(RuleViolation, match="cannot move"):
        st.sides[0].sp = 2
        st.apply(Act("move", arg=3))


def test_earthquake_reaches_two_and_earthshaker_makes_difficult_terrain() -> None:
    st = ironclad_duel(["earthquake", "earthshaker"])
    place(st, 1, "J11", "W")
    st.sides[0].sp = 5
    script(st, ATTACK[0], ATTACK[1])
    play(st, "earthquake", CHASSIS)
    place(st, 1, "I11", "W")
    st.sides[0].sp = 4
    script(st, ATTACK[0], ATTACK[1])
    play(st, "earthshaker", CHASSIS)
    assert st.map.parse_hex("K11") in st.temp_difficult
    assert st.hex_cost(1, st.map.parse_hex("K11")) == 1


# --- attack outcomes ---------------------------------------------------------------------------------------
def test_execution_destroys_and_takes_from_the_deck() -> None:
    st = duel(hand=["faithful_thrust"], enemy=["wall_of_iron", "feint"])
    deck = len(st.sides[1].piles.deck)
    script(st, ATTACK[5], ATTACK[5], 1)  # the ejection save is not reached: head
    ev = play(st, "faithful_thrust", HEAD)
    a = event(ev, "attack").data
    assert a["tier"] == "execution" and a["damage"] == 6
    assert st.sides[1].destroyed[HEAD] and len(st.sides[1].piles.deck) == deck - 6
    assert len(st.sides[1].piles.hand) == 2 and st.sides[1].wounds  # destruction wound only


def test_catastrophic_failure() -> None:
    st = duel(hand=["faithful_thrust", "faithful_thrust", "feint"])
    script(st, ATTACK[0], ATTACK[0])
    play(st, "faithful_thrust", HEAD)
    s = st.sides[0]
    assert [s.piles.cards[i] for i in s.piles.hand] == ["feint"] and s.heat == 2 and s.cat_penalty == 2


def test_pierce_cancels_the_reactive() -> None:
    st = duel(hand=["faithful_thrust"], enemy=["wall_of_iron"])
    st.sides[1].pos = st.map.parse_hex("I11")
    st2 = duel("confessor,ironclad:B", hand=["faithful_thrust"], enemy=["wall_of_iron"])
    script(st2, ATTACK[3], ATTACK[4], *faces("pierce", "shield"))
    play(st2, "faithful_thrust", HEAD)
    ev = st2.apply(Act("react", hand_card(st2, 1, "wall_of_iron")))
    d = event(ev, "defense").data
    assert d["pierce"] and d["taken"] == 1 + 3 and st2.sides[1].heat == 1


def test_component_damage_exposure_and_destruction() -> None:
    st = fresh()
    s = st.sides[0]
    s.comp[HEAD] = 4  # Scout head: exposure 5-6, HP 6
    events: list = []
    st._component_damage(0, HEAD, 3, events)
    assert s.comp[HEAD] == 6 and s.destroyed[HEAD] and len(s.wounds) == 3  # 5, 6, then destruction
    assert not st.over


def test_neural_feedback_once_at_fifteen() -> None:
    st = make_game(options={"decks": "ironclad,confessor"}).new_initial_state(0)
    s = st.sides[0]
    s.comp = [3, 4, 4, 3, 0]
    st._component_damage(0, LEGS, 1, [])
    assert s.neural and len(s.wounds) == 1
    st._component_damage(0, LEGS, 1, [])
    assert len(s.wounds) == 1


def test_chassis_destruction_ends_the_battle() -> None:
    st = fresh()
    script(st, 2)  # ejection save 2: +2 more Wounds
    st._component_damage(0, CHASSIS, 8, [])
    assert st.over and st.winner == 1 and len(st.sides[0].wounds) >= 5


def test_scrap_cards() -> None:
    st = duel(hand=["faithful_thrust", "feint"])
    st.sides[0].destroyed[RIGHT_ARM] = True
    with pytest.raises(RuleViolation, match="SCRAP"):
        play(st, "faithful_thrust", HEAD)
    st.apply(Act("scrap", hand_card(st, 0, "faithful_thrust")))
    assert len(st.sides[0].piles.hand) == 2 and st.sides[0].sp == 6


def test_damaged_cards_stay_in_hand_at_round_end() -> None:
    st = duel(hand=["feint"])
    pl = st.sides[0].piles
    inst = pl.add_damaged()
    pl.discard.remove(inst)
    pl.hand.append(inst)
    script(st, 6, 1)
    st.apply(Act("end"))
    st.apply(Act("end"))
    assert inst in pl.hand and len(pl.hand) == 6


def test_structure_penalties() -> None:
    st = duel(hand=["faithful_thrust"])
    s = st.sides[0]
    s.comp[RIGHT_ARM] = 3  # Scout arm Structure: -1 damage
    s.comp[CHASSIS] = 3  # Scout chassis Structure: -1 SP maximum
    s.comp[LEGS] = 3  # legs Structure: +1 SP per hex
    assert st.sp_max(0) == 5
    assert st.hex_cost(0, st.map.parse_hex("G11")) == 1
    script(st, ATTACK[3], ATTACK[3], *faces(*["shield"] * 3))
    assert event(play(st, "faithful_thrust", HEAD), "attack").data["damage"] == 3
    s.destroyed[LEGS] = True
    assert st.hex_cost(0, st.map.parse_hex("G11")) == 3


def test_terrain_water_and_passing() -> None:
    st = duel()
    s = st.sides[0]
    place(st, 0, "F6", "E")  # water
    s.heat = 4
    st.todo = [["turn", 0]]
    st._advance([])
    assert s.heat == 2
    st.todo = [["turn_end", 0]]
    s.acted = False
    st._advance([])
    assert s.heat == 1  # passing the whole turn removes 1 Heat
    place(st, 0, "F10", "E")
    assert st.hex_cost(0, st.map.parse_hex("F10")) == 1  # rubble is difficult terrain


def test_reshuffle_adds_no_damage_card_unless_the_option_says_so() -> None:
    for option, added in ((False, 0), (True, 1)):
        st = make_game(options={"reshuffle_damage_card": option}).new_initial_state(0)
        pl = st.sides[0].piles
        pl.discard += pl.deck
        pl.deck = []
        st._draw(0, 1, [])
        assert pl.damaged_added == added


def test_defeat_when_a_loss_finds_no_card() -> None:
    st = duel(hand=[])
    pl = st.sides[0].piles
    pl.grave += pl.deck + pl.discard
    pl.deck, pl.discard = [], []
    st._harm(0, 1)
    st._advance([])
    assert st.over and st.winner == 1


def test_mulligan_draws_six_new() -> None:
    st = make_game().new_initial_state(4)
    before = list(st.sides[0].piles.hand)
    st.apply(Act("mulligan"))
    assert len(st.sides[0].piles.hand) == 6 and st.sides[0].piles.hand != before


ATTACK_CARDS = [
    ("confessor,ironclad", "faithful_thrust", 4), ("confessor,ironclad", "righteous_cleave", 5),
    ("confessor,ironclad", "divine_judgment", 8), ("confessor,ironclad", "bash", 2),
    ("confessor:D,ironclad", "quick_shot", 2), ("confessor:D,ironclad", "dual_wield", 3),
    ("confessor:D,ironclad", "suppressing_fire", 2), ("ironclad,confessor", "hammer_strike", 6),
    ("ironclad,confessor", "ground_slam", 5), ("ironclad,confessor", "crushing_blow", 5),
    ("ironclad,confessor", "runic_smash", 7), ("ironclad,confessor", "earthquake", 4),
    ("ironclad,confessor", "anvil_breaker", 8), ("ironclad,confessor", "earthshaker", 6),
]


@pytest.mark.parametrize(("decks", "cid", "damage"), ATTACK_CARDS)
def test_every_attack_card_deals_its_printed_damage_on_a_plain_hit(decks: str, cid: str, damage: int) -> None:
    """004 §1 and ref §5 card by card: a plain hit (2 + 3 against TN 5, front side) deals the printed damage,
    one defense die per point, and with FLESH WOUNDs all of it is taken."""
    st = duel(decks, hand=[cid, "feint"])
    st.sides[0].sp = 5  # Earthquake costs 5 (a Vanguard has 4: it needs an Adrenaline Surge)
    pl = st.sides[1].piles
    while len(pl.deck) > 10:  # Divine Judgment: the target has 10 or fewer cards in deck
        pl.discard.append(pl.deck.pop(0))
    script(st, ATTACK[2], ATTACK[3], *faces(*["flesh"] * damage))
    ev = play(st, cid, CHASSIS)
    a, d = event(ev, "attack").data, event(ev, "defense").data
    assert (a["tn"], a["tier"], a["damage"]) == (5, "hit", damage)
    assert d["taken"] == damage and len(d["faces"]) == damage


def test_earthquake_is_out_of_a_vanguards_reach_without_extra_sp() -> None:
    st = ironclad_duel(["earthquake"])
    assert st.sides[0].sp == 4
    with pytest.raises(RuleViolation, match="costs 5 SP and you have 4"):
        play(st, "earthquake", CHASSIS)
