"""Squad battles (issue 16 §1): every ally card against a hand-worked expectation (Last Rites answers a defeat, not
a withdrawal), initiative, targets, extraction, a side's defeat, what each seat may see, and the bots in
squads."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hyp

from gamewright.core.errors import RuleViolation
from gamewright.core.game import events_for
from gamewright.core.rng import Rng
from gamewright.games.penance import make_game
from gamewright.games.penance.cards import card_table
from gamewright.games.penance.components import CHASSIS
from gamewright.games.penance.squad import must_extract, pilot_report
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import ATTACK, DEFENSE, hand_card, place, script, set_hand

P1A, P1B, P2A, P2B = range(4)
HIT = (ATTACK[3], ATTACK[3])  # 3 + 3 = 6: a plain hit against TN 5 or less


def squad(decks: str = "confessor/confessor,ironclad/ironclad", **options: object) -> PenanceState:
    """A 2v2 battle at P1a's action phase in round 1, every hand emptied, no Runes, SP full."""
    st = make_game(options={"decks": decks, **options}).new_initial_state(0)
    while st.todo[-1][0] == "mulligan":
        st.apply(Act("keep"))
    st.todo = [["round_end"], ["turn_end", P1A], ["main", P1A]]
    st.turn_player, st.round = P1A, 1
    for c, s in enumerate(st.sides):
        s.sp, s.heat, s.runes, s.moved, s.moved_last = st.sp_max(c), 0, 0, 0, 0
        set_hand(st, c, [])
    return st


def turn_of(st: PenanceState, c: int) -> None:
    st.todo = [["round_end"], ["turn_end", c], ["main", c]]
    st.sides[c].sp = st.sp_max(c)


def play(st: PenanceState, c: int, cid: str, comp: int = -1, target: int = -1) -> list:  # type: ignore[type-arg]
    return st.apply(Act("play", hand_card(st, c, cid), comp, target))


def shields(n: int) -> list[int]:
    return [DEFENSE["shield"]] * n


def kinds(events: list, kind: str) -> list:  # type: ignore[type-arg]
    return [e for e in events if e.kind == kind]


def test_decks_syntax_sides_and_labels() -> None:
    st = make_game(options={"decks": "confessor,ironclad/ironclad"}).new_initial_state(3)
    assert st.team == [0, 1, 1] and st.labels == ["P1", "P2a", "P2b"] and st.squad
    one = make_game(options={"decks": "confessor,ironclad"}).new_initial_state(3)
    assert one.team == [0, 1] and one.labels == ["P1", "P2"] and not one.squad
    for bad in ("confessor", "a/b/c/d,ironclad", "confessor/,ironclad", "confessor,ironclad,ironclad"):
        with pytest.raises(Exception, match="deck|side"):
            make_game(options={"decks": bad.replace("a/b/c/d", "confessor/confessor/confessor/confessor")})


def test_rally_cry_draws_for_an_ally_within_three_hexes() -> None:
    st = squad()
    set_hand(st, P1A, ["rally_cry"])
    place(st, P1A, "H11", "E")
    place(st, P1B, "E11", "E")  # three hexes west
    assert st.map.dist[st.sides[P1A].pos][st.sides[P1B].pos] == 3
    hand, deck = len(st.sides[P1B].piles.hand), len(st.sides[P1B].piles.deck)
    ev = play(st, P1A, "rally_cry", target=P1B)
    assert len(st.sides[P1B].piles.hand) == hand + 1 and len(st.sides[P1B].piles.deck) == deck - 1
    assert st.sides[P1A].sp == 6 - 2
    secret = next(e for e in ev if e.kind == "draw")
    assert secret.visible_to == frozenset((0,)) and secret.data["casket"] == P1B  # the ally's seat sees the card
    st2 = squad()
    set_hand(st2, P1A, ["rally_cry"])
    place(st2, P1A, "H11", "E")
    place(st2, P1B, "D11", "E")  # four hexes: out of reach
    with pytest.raises(RuleViolation, match="within 3"):
        play(st2, P1A, "rally_cry", target=P1B)
    with pytest.raises(RuleViolation):
        play(st2, P1A, "rally_cry", target=P2A)  # an enemy is no ally


def _martyr_setup(**options: object) -> PenanceState:
    st = squad(**options)
    place(st, P1A, "H11", "E")
    place(st, P1B, "I11", "E")
    place(st, P2A, "J11", "W")  # adjacent to P1b; P1a two hexes away
    set_hand(st, P1A, ["martyrdom_protocol"])
    play(st, P1A, "martyrdom_protocol")
    assert st.sides[P1A].martyr == 1 and st.sides[P1A].sp == 6 - 1
    turn_of(st, P2A)
    set_hand(st, P2A, ["hammer_strike"])
    return st


def test_martyrdom_protocol_takes_the_next_attack_on_an_adjacent_ally() -> None:
    st = _martyr_setup()
    script(st, *HIT, *shields(6))
    ev = play(st, P2A, "hammer_strike", CHASSIS, target=P1B)
    assert kinds(ev, "redirect")[0].data["ally"] == P1B
    attack = kinds(ev, "attack")[0]
    # resolved against P1a from where P2a stands: two hexes (TN +0), P1a's front (side 1): TN 5, 6 damage
    assert (attack.data["target"], attack.data["range"], attack.data["side"], attack.data["tn"],
            attack.data["damage"]) == (P1A, 2, 1, 5, 6)
    assert st.sides[P1A].martyr == 0
    # the redirect is used: the next attack on P1b reaches P1b
    st.sides[P2A].sp = 4
    set_hand(st, P2A, ["hammer_strike"])
    script(st, *HIT, *shields(7))
    ev = play(st, P2A, "hammer_strike", CHASSIS, target=P1B)
    assert not kinds(ev, "redirect") and kinds(ev, "attack")[0].data["target"] == P1B


def test_martyrdom_suffering_dice_option_rolls_one_die_per_three_damage() -> None:
    st = _martyr_setup(martyrdom="suffering_dice")
    script(st, *HIT, *shields(6), 1, 1)  # 6 damage redirected: two Suffering Dice, both DIVINE MERCY
    ev = play(st, P2A, "hammer_strike", CHASSIS, target=P1B)
    assert [e.data["roll"] for e in kinds(ev, "suffering")] == [1, 1]
    assert kinds(ev, "suffering")[0].data["casket"] == P1A


def test_martyrdom_needs_the_ally_adjacent() -> None:
    st = _martyr_setup()
    place(st, P1A, "F11", "E")  # three hexes from P1b
    script(st, *HIT, *shields(7))
    ev = play(st, P2A, "hammer_strike", CHASSIS, target=P1B)
    assert not kinds(ev, "redirect") and kinds(ev, "attack")[0].data["target"] == P1B


def test_consecrated_ground_heals_every_ally_in_its_radius() -> None:
    st = squad()
    set_hand(st, P1A, ["consecrated_ground"])
    place(st, P1A, "H11", "E")
    place(st, P1B, "E11", "E")  # three hexes from the zone's centre
    place(st, P2A, "I11", "W")  # an enemy inside the zone
    for c in (P1A, P1B, P2A):
        pl = st.sides[c].piles
        pl.grave += [pl.deck.pop() for _ in range(3)]
    play(st, P1A, "consecrated_ground")
    st.todo = [["round_end"], ["turn", P2A], ["turn", P1B], ["turn_end", P1A], ["main", P1A]]
    ev = st.apply(Act("end"))  # P1a ends; P1b's turn starts in the zone
    assert len(st.sides[P1B].piles.grave) == 1
    assert kinds(ev, "recover")[0].data["casket"] == P1B
    st.apply(Act("end"))  # P1b ends; P2a's turn: an enemy recovers nothing
    assert len(st.sides[P2A].piles.grave) == 3


def test_consecrated_ground_does_not_reach_four_hexes() -> None:
    st = squad()
    set_hand(st, P1A, ["consecrated_ground"])
    place(st, P1A, "H11", "E")
    place(st, P1B, "D11", "E")
    pl = st.sides[P1B].piles
    pl.grave += [pl.deck.pop() for _ in range(3)]
    play(st, P1A, "consecrated_ground")
    st.todo = [["round_end"], ["turn", P1B], ["turn_end", P1A], ["main", P1A]]
    st.apply(Act("end"))
    assert len(pl.grave) == 3


def _wall(decks: str = "ironclad:B/confessor,confessor/confessor") -> PenanceState:
    st = squad(decks)
    place(st, P1A, "H11", "E")
    place(st, P1B, "G11", "E")  # directly behind P1a (P1a's side 4)
    place(st, P2A, "F11", "E")  # at P1b's rear
    set_hand(st, P1A, ["shield_wall"])
    play(st, P1A, "shield_wall")
    assert st.sides[P1A].guard == 2
    return st


def test_shield_wall_gives_allies_behind_you_two_defense() -> None:
    st = _wall()
    assert st.map.side_of(st.sides[P1A].pos, st.sides[P1A].facing, st.sides[P1B].pos) == 4
    assert st.defense_flat(P1B, 4) == 2 and st.defense_flat(P1A, 1) == 0  # not the caster itself
    turn_of(st, P2A)
    set_hand(st, P2A, ["faithful_thrust"])
    # P2a at P1b's rear: TN 5 - 2 = 3; Faithful Thrust 4 + 2 rear = 6 damage; six FLESH WOUNDs, -2 Defense
    script(st, *HIT, *[DEFENSE["flesh"]] * 6)
    ev = play(st, P2A, "faithful_thrust", CHASSIS, target=P1B)
    assert kinds(ev, "attack")[0].data["damage"] == 6 and kinds(ev, "defense")[0].data["taken"] == 4


def test_shield_wall_does_not_cover_an_ally_beside_or_in_front() -> None:
    st = _wall()
    place(st, P1B, "I11", "E")  # in front of P1a
    assert st.defense_flat(P1B, 1) == 0
    place(st, P1B, "H10", "E")  # beside, on P1a's front sides
    assert st.map.side_of(st.sides[P1A].pos, st.sides[P1A].facing, st.sides[P1B].pos) not in (3, 4, 5)
    assert st.defense_flat(P1B, 1) == 0
    st._step_turn(["turn", P1A], [])  # the wall lasts until the start of P1a's next turn
    assert st.sides[P1A].guard == 0


def knock_out(st: PenanceState, c: int, card: str = "survey_the_field") -> list:  # type: ignore[type-arg]
    """Empty casket ``c``'s deck and discard into its graveyard, then let P1a play a card (Survey the Field): the check
    after that action finds ``c`` defeated (ref §4 Victory, 004 §9)."""
    pl = st.sides[c].piles
    pl.grave += pl.deck + pl.discard
    pl.deck, pl.discard = [], []
    return st.apply(Act("play", hand_card(st, P1A, card)))


def test_last_rites_recovers_five_cards_when_an_ally_is_defeated() -> None:
    st = squad("confessor:A:last_rites+absolution/confessor,ironclad/ironclad")
    set_hand(st, P1A, ["survey_the_field"])
    pl = st.sides[P1A].piles
    pl.grave += [pl.deck.pop() for _ in range(7)]
    pl.hand.append(next(i for i in pl.deck if pl.cards[i] == "last_rites"))
    pl.deck.remove(pl.hand[-1])
    ev = knock_out(st, P1B)
    assert st.sides[P1B].out and not st.over and kinds(ev, "out")[0].data["casket"] == P1B
    assert st.todo[-1][:2] == ["rites", P1A]
    assert {a.kind for a in st.legal_actions()} == {"pass", "react"}
    ev = st.apply(Act("react", hand_card(st, P1A, "last_rites")))
    assert len(pl.grave) == 2 and kinds(ev, "recover")[0].data["count"] == 5
    assert st.todo[-1][:2] == ["main", P1A]  # back to P1a's turn


def test_last_rites_cannot_be_played_against_an_attack() -> None:
    st = squad("confessor:A:last_rites+absolution/confessor,ironclad/ironclad")
    pl = st.sides[P1A].piles
    inst = next(i for i in pl.deck if pl.cards[i] == "last_rites")
    pl.deck.remove(inst)
    pl.hand.append(inst)
    assert not st._reactive_ok(P1A, "last_rites")


def fallen_ally(where: str) -> PenanceState:
    """P1a at H11; P1b at ``where``, out of the battle."""
    st = squad()
    place(st, P1A, "H11", "E")
    place(st, P1B, where, "E")
    set_hand(st, P1A, ["survey_the_field"])
    knock_out(st, P1B)
    return st


def test_pilot_extraction_by_an_adjacent_ally() -> None:
    st = fallen_ally("I11")
    assert must_extract(st, P1B)  # out, with an ally still fighting
    extract = Act("extract", target=P1B)
    assert extract in st.legal_actions() and extract.to_text() == "extract on 2"
    assert make_game(options={"decks": "confessor/confessor,ironclad/ironclad"}).parse_action(
        st, "extract on P1b") == extract
    ev = st.apply(extract)
    assert st.sides[P1B].extracted and not must_extract(st, P1B) and st.sides[P1A].sp == 6 - 1 - 1
    assert kinds(ev, "extract")[0].data["extracted"] == P1B
    with pytest.raises(RuleViolation, match="already extracted"):
        st.apply(extract)


def test_extraction_needs_adjacency() -> None:
    st = fallen_ally("F11")
    with pytest.raises(RuleViolation, match="adjacent"):
        st.apply(Act("extract", target=P1B))


def test_a_side_loses_when_all_its_caskets_are_out() -> None:
    st = squad()
    set_hand(st, P1A, ["survey_the_field"])
    knock_out(st, P2A)
    assert st.sides[P2A].out and not st.over
    assert all(t[1] != P2A for t in st.todo if len(t) > 1)  # its pending turn is dropped
    set_hand(st, P1A, ["feint"])
    knock_out(st, P2B, "feint")
    assert st.over and st.winner == 0 and st.returns() == [1.0, -1.0]
    assert st.end_reason.startswith("P1 wins: P2b's deck and discard")


def test_a_defeat_by_attack_is_a_kill_and_feeds_righteous_fury() -> None:
    st = squad()
    place(st, P1A, "H11", "E")
    place(st, P2A, "I11", "W")
    set_hand(st, P1A, ["faithful_thrust", "faithful_thrust"])
    pl = st.sides[P2A].piles
    pl.grave += pl.deck[1:] + pl.discard
    pl.deck, pl.discard = pl.deck[:1], []
    script(st, *HIT, *[DEFENSE["flesh"]] * 4)  # 4 damage taken: the one deck card, then defeated
    play(st, P1A, "faithful_thrust", CHASSIS, target=P2A)
    assert st.sides[P2A].out and st.sides[P1A].kills == 1 and st.attack is None
    setup = st.attack_setup(P1A, card_table()["faithful_thrust"], P2B)
    assert setup.bonus_parts["righteous_fury"] == 1  # 004 §1: +1 damage per enemy killed this mission


def test_area_attacks_roll_once_per_enemy_in_the_area() -> None:
    st = squad("ironclad/confessor,confessor/confessor")
    place(st, P1A, "H11", "E")
    place(st, P2A, "I11", "W")
    place(st, P2B, "G11", "E")  # both adjacent to P1a
    place(st, P1B, "A11", "E")
    set_hand(st, P1A, ["earthshaker"])
    script(st, *HIT, *shields(6), *HIT, *shields(6))
    ev = play(st, P1A, "earthshaker", CHASSIS)
    assert [(e.data["target"], e.data["damage"]) for e in kinds(ev, "attack")] == [(P2A, 6), (P2B, 6)]
    assert st.attack is None and st.todo[-1][0] == "main"
    set_hand(st, P1A, ["ground_slam"])
    st.sides[P1A].sp = 4
    with pytest.raises(RuleViolation, match="names no target"):
        play(st, P1A, "ground_slam", CHASSIS, target=P2A)


def test_righteous_cleave_deals_two_to_one_other_adjacent_enemy() -> None:
    st = squad("confessor/confessor,ironclad/ironclad")
    place(st, P1A, "H11", "E")
    place(st, P2A, "I11", "W")
    place(st, P2B, "H10", "SW")
    assert st.map.dist[st.sides[P1A].pos][st.sides[P2B].pos] == 1
    set_hand(st, P1A, ["righteous_cleave"])
    script(st, *HIT, *shields(5), *HIT, *shields(2))
    ev = play(st, P1A, "righteous_cleave", CHASSIS, target=P2A)
    assert [(e.data["target"], e.data["damage"]) for e in kinds(ev, "attack")] == [(P2A, 5), (P2B, 2)]


def test_suppressing_fire_reaches_up_to_three_enemies() -> None:
    st = squad("confessor:D/confessor,ironclad/ironclad")
    place(st, P1A, "H11", "E")
    place(st, P2A, "J11", "W")
    place(st, P2B, "K11", "W")
    place(st, P1B, "A11", "E")
    set_hand(st, P1A, ["suppressing_fire"])
    script(st, *HIT, *shields(2), *HIT, *shields(2))
    ev = play(st, P1A, "suppressing_fire", CHASSIS, target=P2B)
    assert [e.data["target"] for e in kinds(ev, "attack")] == [P2B, P2A]


def test_single_target_attacks_name_their_enemy() -> None:
    st = squad()
    place(st, P1A, "H11", "E")
    place(st, P2A, "I11", "W")
    set_hand(st, P1A, ["faithful_thrust"])
    plays = [a for a in st.legal_actions() if a.kind == "play"]
    assert plays and {a.target for a in plays} == {P2A}  # only the adjacent enemy is in reach
    with pytest.raises(RuleViolation, match="name the enemy"):
        st.apply(Act("play", plays[0].card, CHASSIS))
    game = make_game(options={"decks": "confessor/confessor,ironclad/ironclad"})
    for a in st.legal_actions():
        assert game.parse_action(st, a.to_text()) == a
    assert game.parse_action(st, "play faithful thrust at chassis on P2a") == Act("play", plays[0].card, CHASSIS, P2A)


def _rolls(st: PenanceState, *d6: int) -> list[int]:
    script(st, *d6)
    st.todo = []
    events: list = []  # type: ignore[type-arg]
    st._step_round_start([], events)
    return [t[1] for t in reversed(st.todo) if t[0] == "turn"]


def test_initiative_every_casket_rolls_enemy_ties_reroll_ally_ties_keep_deck_order() -> None:
    st = squad()  # confessors +3 (Scout), ironclads -1 (Vanguard)
    # first: P1a 2+3=5, P1b 1+3=4, P2a 6-1=5 ties P1a (enemies): everyone rolls again;
    # then P1a 3+3=6, P1b 3+3=6 (allies tie: deck order), P2a 4-1=3, P2b 6-1=5
    assert _rolls(st, 2, 1, 6, 1, 3, 3, 4, 6) == [P1A, P1B, P2B, P2A]


def test_activation_side_gives_whole_side_turns() -> None:
    st = squad(activation="side")
    # P1a 1+3=4, P1b 6+3=9, P2a 6-1=5, P2b 6-1=5: side 1's best (9) beats side 2's (5)
    assert _rolls(st, 1, 6, 6, 6) == [P1B, P1A, P2A, P2B]
    st2 = squad()
    assert _rolls(st2, 1, 6, 6, 6) == [P1B, P2A, P2B, P1A]  # the default: casket by casket


def test_allies_see_each_others_hands_enemies_do_not() -> None:
    st = make_game(options={"decks": "confessor/confessor,ironclad/ironclad"}).new_initial_state(5)
    view = st.view_for(0)
    assert ["hand" in d for d in view["sides"]] == [True, True, False, False]
    assert ["hand" in d for d in st.view_for(1)["sides"]] == [False, False, True, True]
    assert view["teams"] == [0, 0, 1, 1] and [d["label"] for d in view["sides"]] == ["P1a", "P1b", "P2a", "P2b"]
    twin = st.resample(0, Rng(9))
    for c in (P1A, P1B):  # a seat's own hands are known exactly
        assert sorted(twin.sides[c].piles.cards[i] for i in twin.sides[c].piles.hand) == \
            sorted(st.sides[c].piles.cards[i] for i in st.sides[c].piles.hand)
    assert twin.view_for(0)["sides"][P1B]["hand"] == view["sides"][P1B]["hand"]
    events = []
    while not st.is_terminal() and len(events) < 400:
        events += st.apply(st.legal_actions()[-1])
    draws = [e for e in events if e.kind == "draw"]
    assert draws and all(e.visible_to == frozenset((e.data["player"],)) for e in draws)
    assert all(e.kind != "draw" or e.data["player"] == 1 for e in events_for(events, 1))


def test_squad_state_round_trips_through_json() -> None:
    game = make_game(options={"decks": "confessor/ironclad,ironclad", "activation": "side"})
    st = game.new_initial_state(2)
    for _ in range(60):
        st.apply(st.legal_actions()[0])
    back = game.state_from_json(st.to_json())
    assert back.to_json() == st.to_json() and back.labels == st.labels
    assert st.to_json()["rules"]["options"]["activation"] == "side"
    one = make_game().new_initial_state(2).to_json()
    assert "activation" not in one["rules"]["options"] and "out" not in one["sides"][0]


def test_cli_simulate_and_play_take_squad_decks(cli) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli("penance", "simulate", "--games", "4", "--decks", "confessor/confessor,ironclad",
                         "--bots", "heuristic,heuristic", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["decks"] == ["confessor/confessor", "ironclad"] and sum(data["wins"]) + data["draws"] == 4
    code, out, err = cli("penance", "play", "--decks", "confessor/confessor,ironclad/ironclad", "--seats",
                         "bot,bot", "--seed", "3")
    assert code == 0, err
    assert "game over — P" in out and "P1b" in out and "P2a" in out
    code, _, err = cli("penance", "simulate", "--decks", "confessor/confessor/confessor/confessor,ironclad")
    assert code == 2 and err.startswith("error:") and "1 to 3 decks" in err


def test_preview_names_the_enemy_the_ally_and_the_extraction() -> None:
    st = squad()
    place(st, P1A, "H11", "E")
    place(st, P1B, "G11", "E")
    place(st, P2A, "I11", "W")
    set_hand(st, P1A, ["faithful_thrust", "rally_cry"])
    attack = st.preview(Act("play", hand_card(st, P1A, "faithful_thrust"), CHASSIS, P2A))
    assert attack["legal"] and attack["target"] == "P2a" and attack["targets"] == ["P2a"]
    rally = st.preview(Act("play", hand_card(st, P1A, "rally_cry"), -1, P1B))
    assert rally["legal"] and rally["ally"] == "P1b"
    assert not st.preview(Act("play", hand_card(st, P1A, "faithful_thrust"), CHASSIS))["legal"]
    st.sides[P1B].out = "chassis is destroyed"
    extract = st.preview(Act("extract", target=P1B))
    assert extract["legal"] and extract["sp_cost"] == 1 and extract["casket"] == "P1b"


# --- the heuristic bot in squads ------------------------------------------------------------------------
def _bot_move(st: PenanceState) -> Act:
    """The heuristic bot's next action other than a step or a turn (those it makes on the way)."""
    from gamewright.games.penance.bots import make_bot

    bot = make_bot("heuristic", 1)
    for _ in range(12):
        a = bot.choose(st)
        if a.kind not in ("move", "rotate"):
            return a
        st.apply(a)
    raise AssertionError("the bot only walks")


def test_bot_focuses_fire_on_the_weaker_enemy() -> None:
    st = squad()
    place(st, P1A, "H11", "E")
    place(st, P2A, "I11", "W")
    place(st, P2B, "H10", "SW")  # both adjacent
    pl = st.sides[P2B].piles
    pl.grave += pl.deck[6:]
    del pl.deck[6:]  # P2b has 6 cards left, P2a 24
    set_hand(st, P1A, ["faithful_thrust"])
    a = _bot_move(st)
    assert a.kind == "play" and a.target == P2B


def test_bot_protects_a_damaged_ally_and_plays_ally_cards() -> None:
    st = squad()
    place(st, P1A, "H11", "E")
    place(st, P1B, "G11", "E")
    place(st, P2A, "J11", "W")  # two hexes off: the bot waits rather than steps into reach
    pl = st.sides[P1B].piles
    pl.grave += pl.deck[5:]
    del pl.deck[5:]  # the ally beside P1a is badly hurt
    set_hand(st, P1A, ["martyrdom_protocol"])
    assert _bot_move(st) == Act("play", hand_card(st, P1A, "martyrdom_protocol"))
    set_hand(st, P1A, ["rally_cry"])
    assert _bot_move(st) == Act("play", hand_card(st, P1A, "rally_cry"), -1, P1B)
    st.sides[P1B].out = "chassis is destroyed"
    set_hand(st, P1A, [])
    assert _bot_move(st) == Act("extract", target=P1B)


def test_heuristic_squad_beats_random_squad() -> None:
    from gamewright.games.penance.bots import make_bot

    game = make_game(options={"decks": "confessor/ironclad,confessor/ironclad"})
    wins = 0
    for seed in range(6):
        st = game.new_initial_state(seed)
        bots = [make_bot("heuristic", seed), make_bot("random", seed)] if seed % 2 == 0 else \
            [make_bot("random", seed), make_bot("heuristic", seed)]
        while not st.is_terminal():
            st.apply(bots[st.current_player].choose(st))
        wins += st.winner == seed % 2
    assert wins >= 5


def test_pilot_report_for_a_campaign() -> None:
    st = fallen_ally("I11")
    report = pilot_report(st)
    assert [r["label"] for r in report] == ["P1a", "P1b", "P2a", "P2b"]
    assert report[P1B]["out"] and report[P1B]["must_extract"] and not report[P1B]["dead"]
    assert not report[P1A]["out"] and report[P2A]["side"] == 1
    st.apply(Act("extract", target=P1B))
    assert pilot_report(st)[P1B]["extracted"] and not pilot_report(st)[P1B]["must_extract"]


def test_env_catalogue_offers_every_squad_action() -> None:
    """The PettingZoo action space lists every legal squad action (one-on-one indices unchanged)."""
    from gamewright.envs.catalogue import catalogue_for

    cat = catalogue_for("penance", 2)
    st = make_game(options={"decks": "confessor/confessor,ironclad/ironclad"}).new_initial_state(1)
    rng = Rng(1)
    for _ in range(400):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        assert len(cat.legal_map(st)) == len(legal)
        st.apply(rng.choice(legal))
    assert cat.texts[:2] == ["play 0", "play 0 at head"]


DECKS = ("confessor", "ironclad", "confessor:D", "ironclad:C", "confessor:B:last_rites+absolution")


@settings(max_examples=25, deadline=None)
@given(st_=hyp.data())
def test_any_line_up_keeps_its_invariants(st_: hyp.DataObject) -> None:
    """Property: any line-up of 1-3 caskets a side, any seed, random legal play — the invariants hold, the
    state round-trips through JSON, no casket out of the battle is ever asked to decide, and the seat asked
    commands the casket deciding."""
    sides = [st_.draw(hyp.lists(hyp.sampled_from(DECKS), min_size=1, max_size=3)) for _ in range(2)]
    game = make_game(options={"decks": ",".join("/".join(s) for s in sides),
                              "activation": st_.draw(hyp.sampled_from(("casket", "side")))})
    state = game.new_initial_state(st_.draw(hyp.integers(0, 2**31)))
    rng = Rng(st_.draw(hyp.integers(0, 1000)))
    for _ in range(250):
        if state.is_terminal():
            assert state.winner in (0, 1)
            break
        c = state.acting_casket
        assert not state.sides[c].out and state.team[c] == state.current_player
        state.apply(rng.choice(state.legal_actions()))
        assert state.invariant_violations() == []
    assert game.state_from_json(state.to_json()).to_json() == state.to_json()


# --- Last Rites answers an ally's defeat, not a withdrawal (issue 22 item 3) ------------------------------------------
def _withdrawing_beside_last_rites(**options: object) -> PenanceState:
    """A campaign-style 2v2 (withdraw allowed) at P1b's turn; P1a holds Last Rites and has cards to recover."""
    st = squad("confessor:A:last_rites+absolution/confessor,ironclad/ironclad", withdraw=True, **options)
    pl = st.sides[P1A].piles
    pl.grave += [pl.deck.pop() for _ in range(7)]
    pl.hand.append(next(i for i in pl.deck if pl.cards[i] == "last_rites"))
    pl.deck.remove(pl.hand[-1])
    turn_of(st, P1B)
    return st


def test_a_withdrawal_opens_no_last_rites_window() -> None:
    st = _withdrawing_beside_last_rites()
    ev = st.apply(Act("withdraw"))
    assert kinds(ev, "withdraw") and st.sides[P1B].out and not st.over
    assert all(t[0] != "rites" for t in st.todo) and not kinds(ev, "recover")
    assert len(st.sides[P1A].piles.grave) == 7


def test_option_last_rites_out_answers_a_withdrawal_too() -> None:
    st = _withdrawing_beside_last_rites(last_rites="out")
    st.apply(Act("withdraw"))
    assert st.todo[-1][:2] == ["rites", P1A]
    ev = st.apply(Act("react", next(i for i in st.sides[P1A].piles.hand
                                     if st.sides[P1A].piles.cards[i] == "last_rites")))
    assert kinds(ev, "recover")[0].data["count"] == 5 and len(st.sides[P1A].piles.grave) == 2


def test_option_last_rites_is_declared_and_checked() -> None:
    from gamewright.core.errors import ConfigError
    from gamewright.games.penance import make_game

    assert make_game().rules.last_rites == "defeat"
    with pytest.raises(ConfigError):
        make_game(options={"last_rites": "sometimes"})
    st = _withdrawing_beside_last_rites(last_rites="out")
    assert make_game(options={"decks": "confessor,ironclad"}).new_initial_state(0).to_json()["rules"]["options"] \
        .get("last_rites") is None  # the default is left out of a state's JSON (digests unchanged)
    back = make_game().state_from_json(st.to_json())
    assert back.rules.last_rites == "out"


# --- the campaign bot extracts before it withdraws; the squad bot and its Shield Wall (issue 22 item 6) ---------------
def _pilots() -> list[dict[str, object]]:
    return [{"id": i + 1, "slot": i, "name": f"pilot {i + 1}", "deck": "confessor", "wounds": [], "taint": 0,
             "missions": 0, "kills": 0} for i in range(2)]


def _fallen_beside_a_spent_casket(where: str) -> tuple[PenanceState, list[object]]:
    """A mission's 2v2: P1b out (not extracted) at ``where``; P1a at H11 with 3 cards left in deck and discard
    (the campaign bot's cue to withdraw), at the start of its main phase."""
    st = squad(withdraw=True)
    place(st, P1A, "H11", "E")
    place(st, P1B, where, "E")
    place(st, P2A, "K2", "W")
    place(st, P2B, "L2", "W")
    set_hand(st, P1A, ["survey_the_field"])
    events: list[object] = list(knock_out(st, P1B))
    pl = st.sides[P1A].piles
    pl.grave += pl.deck[3:] + pl.discard
    del pl.deck[3:]
    pl.discard = []
    turn_of(st, P1A)
    return st, events


@pytest.mark.parametrize("where", ["I11", "J11"])  # adjacent; two hexes off (a step, then the extraction)
def test_the_campaign_bot_extracts_a_fallen_ally_before_it_withdraws(where: str) -> None:
    from gamewright.games.penance.campaign import MissionBot, mission_report

    st, events = _fallen_beside_a_spent_casket(where)
    bot = MissionBot("heuristic", 0, campaign_side=True)
    chosen = []
    while not st.is_terminal():
        a = bot.choose(st)
        chosen.append(a.kind)
        events += st.apply(a)
    assert chosen[-2:] == ["extract", "withdraw"] and set(chosen[:-2]) <= {"move"}
    assert st.sides[P1B].extracted and st.winner == 1
    fates = [p["fate"] for p in mission_report(1, _pilots(), st, events, {}, set(), 0).result["pilots"]]
    assert fates == ["withdrew", "extracted"]  # not captured


def test_the_campaign_bot_withdraws_at_once_when_no_fallen_ally_is_in_reach() -> None:
    from gamewright.games.penance.campaign import MissionBot

    st, _ = _fallen_beside_a_spent_casket("A11")  # seven hexes off: more than its SP can walk and extract
    assert MissionBot("heuristic", 0, campaign_side=True).choose(st) == Act("withdraw")


def _wall_in_hand(ally_at: str) -> PenanceState:
    """P1a (Ironclad, Tower Shield) at H11 facing E with only Shield Wall in hand; its ally P1b at ``ally_at``;
    the enemy P2a two hexes west (behind P1a), P2b far off."""
    st = squad("ironclad:B/confessor,confessor/confessor")
    place(st, P1A, "H11", "E")
    place(st, P1B, ally_at, "E")
    place(st, P2A, "F11", "E")
    place(st, P2B, "L2", "W")
    set_hand(st, P1A, ["shield_wall"])
    return st


def _turn(st: PenanceState) -> list[Act]:
    """The heuristic bot's actions for P1a until it ends its turn."""
    from gamewright.games.penance.bots import make_bot

    bot, done = make_bot("heuristic", 1), []
    while not done or done[-1].kind != "end":
        done.append(bot.choose(st))
        st.apply(done[-1])
    return done


def test_the_squad_bot_turns_to_put_its_ally_behind_its_shield_wall() -> None:
    st = _wall_in_hand("H10")  # beside P1a, on a side that turning its shield side to the enemy leaves in front
    m, me = st.map, st.sides[P1A]
    assert m.side_of(me.pos, me.facing, st.sides[P1B].pos) not in (3, 4, 5)
    done = _turn(st)
    assert [a.kind for a in done] == ["rotate", "play", "end"]
    assert st.sides[P1A].piles.cards[done[1].card] == "shield_wall" and me.guard == 2
    assert m.side_of(me.pos, me.facing, st.sides[P1B].pos) in (3, 4, 5)  # the ally stands behind the wall
    assert m.side_of(me.pos, me.facing, st.sides[P2A].pos) in (6, 1, 2)  # and the enemy in front of it
    assert st.defense_flat(P1B, 1) == 2


def test_the_squad_bot_keeps_an_ally_behind_its_wall_when_it_ends_its_turn() -> None:
    st = _wall_in_hand("G11")  # already behind P1a (west), with the enemy; the wall's facing must keep it
    st.sides[P1A].facing = 0
    done = _turn(st)
    me = st.sides[P1A]
    assert "play" in [a.kind for a in done] and me.guard == 2
    assert st.map.side_of(me.pos, me.facing, st.sides[P1B].pos) in (3, 4, 5)
