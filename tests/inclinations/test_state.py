"""The Game/State protocol: deployment, turn order, destruction, victory, round limit, JSON, preview, replay."""

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.game import TERMINAL, load_game, play_random
from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import Deploy, EndTurn, parse_action
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.session import replay

from .helpers import kinds, play, ship, state


def test_registered_and_two_to_six_seats():
    for n in (2, 3, 6):
        game = load_game("inclinations", options={"players": n})
        assert game.num_players == n and len(game.new_initial_state(0).ships) == n
    with pytest.raises(Exception, match="at most 6"):
        InclinationsGame(None, {"players": 7})


def test_deployment_on_free_ring_4_sectors_facing_prograde():
    st = InclinationsGame(None, {"players": 3}).new_initial_state(1)
    assert st.phase == "deploy" and st.current_player == 0
    st.apply(Deploy(5))
    assert Deploy(5) not in st.legal_actions() and len(st.legal_actions()) == 23
    with pytest.raises(RuleViolation, match="taken"):
        st.apply(Deploy(5))
    with pytest.raises(RuleViolation, match="deploy"):
        st.apply(parse_action("coast"))
    st.apply(Deploy(6))
    st.apply(Deploy(7))
    assert st.phase == "play" and st.round == 1 and st.current == 0
    for s in st.ships:
        assert (s.well, s.ring, s.facing, s.hull, s.heat, s.mass, s.allocated) == (0, 4, 1, 10, 0, 10, 0)


def test_new_ship_defaults():
    # ref Ship: hull 10, reactor 10, mass 10, dissipation 5, 4 missiles
    s = InclinationsGame().new_initial_state(0).ships[0]
    assert (s.hull, s.free, s.mass, s.ammo, s.heat) == (10, 10, 10, 4, 0)


def test_seats_take_turns_in_order_and_rounds_count():
    st = state(ship("P1", ring=1), ship("P2", ring=3), ship("P3", ring=5, sector=12))
    play(st)
    assert st.current == 1
    play(st)
    play(st)
    assert st.current == 0 and st.round == 2


def test_destroyed_ship_is_skipped_and_keeps_its_record():
    a = ship("P1", ring=3, sector=0, missiles=2)
    b = ship("P2", ring=3, sector=2, hull=3)
    c = ship("P3", ring=1, sector=12)
    st = state(a, b, c)
    events = play(st, "fire missiles P2")
    assert "destroyed" in kinds(events) and st.current == 2
    assert st.ships[1].hull == 0 and st.ships[1].ring == 3
    with pytest.raises(RuleViolation, match="already destroyed"):
        play(st, "allocate missiles 2", "fire missiles P2")
    play(st)
    assert st.current == 0  # P2 skipped


def test_last_ship_standing_wins_and_the_turn_finishes_first():
    a = ship("P1", ring=3, sector=0, missiles=2, engines=1)
    b = ship("P2", ring=3, sector=2, hull=3)
    st = state(a, b)
    events = play(st, "fire missiles P2", "burn light 0")
    assert kinds(events)[-2:] == ["burn", "game_over"]  # the validated turn completes, then the game ends
    assert st.is_terminal() and st.current_player == TERMINAL and st.returns() == [1.0, -1.0]
    assert st.legal_actions() == []
    with pytest.raises(RuleViolation, match="over"):
        st.apply(EndTurn())


def test_round_limit_ends_in_a_draw():
    st = state(ship("P1", ring=1), ship("P2", ring=5, sector=12), round_limit=2)
    for _ in range(4):
        play(st)
    assert st.is_terminal() and st.winner is None and st.returns() == [0.0, 0.0]
    assert state(ship("P1"), ship("P2"), round_limit=0).round_limit == 0


def test_json_round_trip_and_view_hides_the_random_stream():
    game = InclinationsGame(None, {"players": 3})
    st = game.new_initial_state(4)
    rng = Rng(9)
    for _ in range(40):
        if st.is_terminal():
            break
        st.apply(rng.choice(st.legal_actions()))
        data = st.to_json()
        assert game.state_from_json(data).to_json() == data
    assert "rng" not in st.view_for(1)


def test_legal_actions_apply_and_round_trip_through_text():
    game = InclinationsGame(None, {"players": 2})
    st = game.new_initial_state(3)
    rng = Rng(5)
    for _ in range(300):
        if st.is_terminal():
            break
        actions = st.legal_actions()
        assert actions
        for a in actions:
            assert game.parse_action(st, a.to_text()) == a
        probe = actions[: 25]
        for a in probe:
            st.clone().apply(a)  # every listed action is legal
        st.apply(rng.choice(actions))
        assert st.invariant_violations() == []


def test_random_playouts_terminate():
    game = load_game("inclinations", options={"players": 3})
    for seed in range(3):
        st = game.new_initial_state(seed)
        play_random(st, Rng(seed), max_actions=200_000)
        assert st.is_terminal()


def test_preview_does_not_commit_and_marks_random_outcomes():
    st = state(ship("P1", ring=3, sector=0, missiles=2), ship("P2", ring=3, sector=2))
    before = st.to_json()
    result = st.preview_plan([parse_action("fire missiles P2")])
    assert result.ok and result.ships[1].hull == 7 and result.ships[0].sector == 4
    hit = next(e for e in result.events if e.kind == "hit")
    assert hit.data["random"] is True
    assert st.to_json() == before


def test_step_validation_is_live_and_pending_plan_previewed():
    st = state(ship("P1", ring=3, sector=0), ship("P2", ring=3, sector=2))
    st.apply(parse_action("allocate missiles 2"))
    assert st.preview_plan().ok and st.ships[0].energy[5] == 0  # pending, not committed
    st.apply(parse_action("fire missiles P2"))
    st.apply(EndTurn())
    assert st.ships[0].energy[5] == 2 and st.ships[1].hull == 7


def test_replay_of_seed_and_action_log_reproduces_the_game():
    from gamewright.games.inclinations.bots import play_bot_game

    for seed in (1, 2):
        final, log = play_bot_game(["hard-bot", "random-bot", "medium-bot"], seed)
        again = replay({"options": {"players": 3}}, seed, log)
        assert again.to_json() == final.to_json()


def test_same_seed_same_game():
    from gamewright.games.inclinations.bots import play_bot_game

    a, log_a = play_bot_game(["easy-bot", "random-bot"], 7)
    b, log_b = play_bot_game(["easy-bot", "random-bot"], 7)
    assert log_a == log_b and a.to_json() == b.to_json()


def test_unparseable_action_text():
    with pytest.raises(RuleViolation, match="cannot read"):
        parse_action("jump to hyperspace")
    with pytest.raises(RuleViolation, match="subsystem"):
        parse_action("allocate warpdrive 2")


def _brute_force_steps(st):
    from itertools import combinations

    from gamewright.games.inclinations.actions import (
        Allocate,
        Burn,
        Coast,
        Deallocate,
        Fire,
        Rotate,
        Transfer,
    )
    from gamewright.games.inclinations.board import WELLS
    from gamewright.games.inclinations.ship import SUBSYSTEMS

    others = [s.id for s in st.ships if s.id != st.ships[st.current].id]
    out = []
    for name in SUBSYSTEMS:
        for a in range(1, 11):
            out += [Allocate(name, a), Deallocate(name, a)]
    out += [Rotate("prograde"), Rotate("retrograde"), Coast(False), Coast(True)]
    out += [Burn(i, adj) for i in ("light", "medium", "heavy") for adj in range(-8, 5)]
    out += [Transfer(w) for w in WELLS]
    for n in range(1, len(others) + 1):
        out += [Fire("laser", c) for c in combinations(others, n)]
    out += [Fire(w, (t,), comp) for w in ("railgun", "missiles") for t in others for comp in (False, True)]
    return out


def test_legal_actions_are_exactly_the_valid_steps():
    from gamewright.games.inclinations.turn import validate

    game = InclinationsGame(None, {"players": 3})
    rng = Rng(11)
    for seed in range(4):
        st = game.new_initial_state(seed)
        for _ in range(150):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            if st.phase == "play":
                listed = {a for a in legal if not isinstance(a, EndTurn)}
                valid = {a for a in _brute_force_steps(st)
                         if not validate(st.ships, st.current, [*st.plan, a], st.tr)}
                assert listed == valid
            st.apply(rng.choice(legal))


def test_a_pending_plan_is_visible_only_to_its_own_seat() -> None:
    from gamewright.games.inclinations.game import InclinationsGame
    from gamewright.games.inclinations.state import DEPLOY

    state = InclinationsGame().new_initial_state(4)
    while state.phase == DEPLOY:
        state.apply(state.legal_actions()[0])
    step = next(a for a in state.legal_actions() if a.to_text().startswith("allocate"))
    state.apply(step)
    me = state.current_player
    assert state.view_for(me)["plan"] == [step.to_text()]
    assert state.view_for(1 - me)["plan"] == []
