"""The Game/State protocol: registration, JSON round trips, action texts, determinism, hidden information."""

from __future__ import annotations

from gamewright.core.game import TERMINAL, load_game
from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot
from gamewright.games.penance.state import Act


def _play(seed: int, bots=("heuristic", "random"), check=None):  # type: ignore[no-untyped-def]
    game = make_game()
    st = game.new_initial_state(seed)
    players = [make_bot(bots[0], seed), make_bot(bots[1], seed + 1)]
    log = []
    while not st.is_terminal():
        a = players[st.current_player].choose(st)
        if check:
            check(game, st, a)
        log.append((a.to_text(), [e.to_json() for e in st.apply(a)]))
    return st, log


def test_registered() -> None:
    game = load_game("penance")
    assert game.num_players == 2 and game.name == "penance"
    st = game.new_initial_state(3)
    assert st.current_player == 0 and st.legal_actions() == [Act("keep"), Act("mulligan")]


def test_json_round_trip_and_action_texts_every_step() -> None:
    def check(game, st, a):  # type: ignore[no-untyped-def]
        data = st.to_json()
        assert game.state_from_json(data).to_json() == data
        for legal in st.legal_actions():
            assert game.parse_action(st, legal.to_text()) == legal

    for seed in range(4):
        _play(seed, ("random", "heuristic"), check)


def test_same_seed_same_game_and_replay() -> None:
    st1, log1 = _play(11)
    st2, log2 = _play(11)
    assert log1 == log2 and st1.to_json() == st2.to_json()
    game = make_game()
    st3 = game.new_initial_state(11)
    for text, events in log1:
        assert [e.to_json() for e in st3.apply(game.parse_action(st3, text))] == events
    assert st3.to_json() == st1.to_json()
    assert st3.current_player == TERMINAL and sorted(st3.returns()) == [-1.0, 1.0]


def test_clone_is_independent() -> None:
    st = make_game().new_initial_state(1)
    copy = st.clone()
    st.apply(Act("mulligan"))
    assert copy.to_json() != st.to_json()
    copy.apply(Act("mulligan"))
    assert copy.to_json() == st.to_json()


def test_view_hides_the_opponents_hand_and_every_deck_order() -> None:
    st = make_game().new_initial_state(2)
    view = st.view_for(0)
    me, them = view["sides"]
    assert len(me["hand"]) == 6 and "hand" not in them and them["hand_size"] == 6
    assert isinstance(me["deck"], int) and isinstance(them["deck"], int)
    assert "rng" not in view and isinstance(me["wound_deck"], int)
    # swapping the opponent's hand and deck order changes nothing P1 can see
    other = st.clone()
    pl = other.sides[1].piles
    pl.hand, pl.deck = pl.deck[:6], pl.deck[6:] + pl.hand
    other.sides[0].piles.deck.reverse()
    assert other.view_for(0) == view
    assert other.view_for(1) != st.view_for(1)


def test_sensor_sweep_reveals_one_card_to_its_player() -> None:
    from tests.penance.helpers import fresh, hand_card, set_hand

    st = fresh()
    set_hand(st, 0, ["sensor_sweep"])
    set_hand(st, 1, ["feint", "retreat"])
    st.apply(Act("play", hand_card(st, 0, "sensor_sweep")))
    seen = st.view_for(0)["sides"][1]["revealed"]
    assert len(seen) == 1 and seen[0] in ("feint", "retreat")
    assert "revealed" not in st.view_for(1)["sides"][1]


def test_invariants_hold_at_start() -> None:
    st = make_game(options={"decks": "ironclad:C,confessor:D:absolution+last_rites"}).new_initial_state(0)
    assert st.invariant_violations() == []
    st.sides[0].piles.hand.pop()
    assert st.invariant_violations()


def test_random_play_keeps_invariants_hypothesis() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st_

    decks = st_.sampled_from(["confessor,ironclad", "ironclad:D,confessor:C:absolution+crusaders_vow",
                              "confessor:B:last_rites+righteous_fury,confessor:D"])

    @settings(max_examples=25, deadline=None)
    @given(seed=st_.integers(0, 10**6), choices=st_.lists(st_.integers(0, 10**6), min_size=50, max_size=400),
           decks=decks)
    def run(seed: int, choices: list[int], decks: str) -> None:
        game = make_game(options={"decks": decks})
        state = game.new_initial_state(seed)
        for c in choices:
            if state.is_terminal():
                break
            legal = state.legal_actions()
            assert legal
            state.apply(legal[c % len(legal)])
            assert state.invariant_violations() == []
        data = state.to_json()
        assert game.state_from_json(data).to_json() == data

    run()


def _strings(node: object) -> list[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in _strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in _strings(v)]
    return []


def test_view_holds_no_card_identity_from_hidden_piles() -> None:
    """Counts only for every deck, the opponent's hand (bar Sensor Sweep reveals) and the Wound deck: every card
    id the view names comes from the own hand, a public pile (discard, graveyard, removed) or a revealed card,
    and no face-down Wound card is named."""
    from collections import Counter

    from gamewright.games.penance.cards import card_table
    from gamewright.games.penance.pilot import WOUNDS

    ids = set(card_table())

    def check(game, st, a) -> None:  # type: ignore[no-untyped-def]
        for viewer in (0, 1):
            view = st.view_for(viewer)
            for p, side in enumerate(view["sides"]):
                pl = st.sides[p].piles
                public = [pl.cards[i] for i in pl.discard + pl.grave + pl.removed]
                public += [pl.cards[i] for i in pl.hand] if p == viewer else side.get("revealed", [])
                named = [s for s in _strings(side) if s in ids]
                assert Counter(named) == Counter(public)
                assert isinstance(side["deck"], int) and isinstance(side["wound_deck"], int)
                face_down = set(st.sides[p].wound_deck)
                assert not face_down & set(_strings(side)) - set(st.sides[p].wounds)
                assert set(side["wounds"]) <= set(WOUNDS)
                if p != viewer:
                    assert "hand" not in side and side["hand_size"] == len(pl.hand)
            rest = {k: v for k, v in view.items() if k != "sides"}
            assert set(_strings(rest)) & ids <= ({view["attack"]["card"]} if view["attack"] else set())

    for seed in range(3):
        _play(seed, ("heuristic", "random"), check)
