"""The heuristic bot beats the random bot in at least 90% of 200 seeded games with each deck."""

from __future__ import annotations

import pytest

from gamewright.games.penance import make_game
from gamewright.games.penance.bots import HeuristicBot, RandomBot, make_bot

GAMES = 200


def heuristic_win_rate(deck: str, other: str, games: int = GAMES) -> float:
    """The heuristic bot plays ``deck`` against the random bot with ``other``, alternating seats."""
    wins = 0
    straight = make_game(options={"decks": f"{deck},{other}"})
    swapped = make_game(options={"decks": f"{other},{deck}"})
    for seed in range(games):
        seat = seed % 2
        game = straight if seat == 0 else swapped
        bots = [RandomBot(seed + 7), RandomBot(seed + 7)]
        bots[seat] = HeuristicBot(seed)  # type: ignore[call-overload]
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply(bots[state.current_player].choose(state))
        wins += state.winner == seat
    return wins / games


@pytest.mark.parametrize(("deck", "other"), [("confessor", "ironclad"), ("ironclad", "confessor")])
def test_heuristic_beats_random_with_each_deck(deck: str, other: str) -> None:
    rate = heuristic_win_rate(deck, other)
    print(f"heuristic with {deck} vs random with {other}: {rate:.1%} of {GAMES}")
    assert rate >= 0.90


def test_make_bot_rejects_unknown_names() -> None:
    from gamewright.core.errors import ConfigError

    with pytest.raises(ConfigError, match="unknown bot"):
        make_bot("genius")


def test_heuristic_plays_reactives_and_faces_its_shield() -> None:
    from gamewright.games.penance.components import CHASSIS
    from gamewright.games.penance.state import Act
    from tests.penance.helpers import ATTACK, fresh, hand_card, place, script, set_hand

    st = fresh()
    place(st, 0, "H11", "E")
    place(st, 1, "I11", "W")
    st.sides[1].runes = 0
    set_hand(st, 0, ["faithful_thrust"])
    set_hand(st, 1, ["wall_of_iron", "brace_for_impact", "hammer_strike"])
    script(st, ATTACK[3], ATTACK[4])
    st.apply(Act("play", hand_card(st, 0, "faithful_thrust"), CHASSIS))
    assert st.todo[-1][0] == "react"
    choice = HeuristicBot(0).choose(st)
    assert choice.kind == "react" and st.sides[1].piles.cards[choice.card] == "wall_of_iron"
    # at the end of its turn it turns its shield side (side 6) to the enemy
    st2 = fresh()
    place(st2, 0, "B11", "W")
    place(st2, 1, "K2", "SW")
    set_hand(st2, 0, [])
    st2.sides[0].sp = 0
    act = HeuristicBot(0).choose(st2)
    assert act.kind == "rotate"
    st2.apply(act)
    s = st2.sides[0]
    assert st2.map.side_of(s.pos, s.facing, st2.sides[1].pos) == 6


def test_heuristic_splits_damage_dead_cards_first() -> None:
    from gamewright.games.penance.state import Act
    from tests.penance.helpers import fresh, set_hand

    st = fresh()
    set_hand(st, 0, ["faithful_thrust", "rally_cry", "emergency_vent"])
    st._harm(0, 2)
    bot = HeuristicBot(0)
    first = bot.choose(st)
    assert st.sides[0].piles.cards[first.card] == "rally_cry"  # no ally: a dead card
    st.apply(first)
    second = bot.choose(st)
    assert second != Act("lose", st.sides[0].piles.hand[0]) or st.sides[0].piles.cards[second.card] != \
        "faithful_thrust"


def _passive(state):  # type: ignore[no-untyped-def]
    """A player who only ends turns: keeps its hand, never reacts, loses cards off the deck."""
    from gamewright.games.penance.state import Act

    legal = state.legal_actions()
    for kind in ("end", "keep", "pass", "lose"):
        if Act(kind) in legal:
            return Act(kind)
    return legal[0]


@pytest.mark.parametrize("decks", ["confessor,ironclad", "ironclad,confessor"])
def test_heuristic_closes_in_on_a_passive_opponent(decks: str) -> None:
    """No rule ends a battle by time (004 §9, ref §4 Victory), so the bot must come to a player who only ends
    turns: every such game ends in the bot's win within a few rounds."""
    game = make_game(options={"decks": decks})
    for seed in range(12):
        seat = seed % 2
        bot = HeuristicBot(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply(bot.choose(state) if state.current_player == seat else _passive(state))
            assert state.round <= 30, (decks, seed)
        assert state.winner == seat


def test_heuristic_steps_round_to_a_better_side_before_a_melee_attack() -> None:
    """From the enemy's shield side (TN +1) it walks to a flank or the rear (TN -1/-2, 004 §2) first."""
    from tests.penance.helpers import fresh, place, set_hand

    st = fresh()
    place(st, 1, "I11", "E")  # P2 faces east: its shield side (side 6) is the NE neighbour
    shield_hex = st.map.neighbors[st.map.parse_hex("I11")][5]
    st.sides[0].pos = shield_hex
    set_hand(st, 0, ["faithful_thrust"])
    set_hand(st, 1, ["feint"])
    assert st.map.side_of(st.sides[1].pos, st.sides[1].facing, st.sides[0].pos) == 6
    bot = HeuristicBot(0)
    tns = []
    for _ in range(6):
        act = bot.choose(st)
        if act.kind == "play":
            tns.append(next(e for e in st.apply(act) if e.kind == "attack").data["tn"])
            break
        assert act.kind == "move"
        st.apply(act)
    assert tns and tns[0] < 6  # shield side and standing still would be 6
