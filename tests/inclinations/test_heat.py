"""002 Heat Generation, Heat Dissipation and Damage; ref Turn 1."""

from gamewright.core.rng import ScriptedRng
from gamewright.games.inclinations.turn import start_of_turn

from .helpers import kinds, play, run, ship, state


def test_heat_dissipation_example_8_heat_vs_5_dissipation_is_3_damage():
    # 002 Heat Dissipation: "Example: 8 heat with 5 dissipation = 3 damage"
    me = ship(heat=8)
    events = start_of_turn(me)
    assert me.hull == 7 and me.heat == 0
    assert events[0].data["damage"] == 3


def test_heat_at_or_below_dissipation_is_harmless_and_resets():
    me = ship(heat=5)
    assert start_of_turn(me) == [] and me.hull == 10 and me.heat == 0


def test_heat_generation_examples_laser_2_and_engines_3():
    # 002 examples: laser with 2 allocated fires -> 2 heat; engines with 3 burn -> 3 heat
    me, target = ship(ring=3, sector=0, laser=2, engines=3), ship("P2", ring=4, sector=1)
    run([me, target], ["fire laser P2"])
    assert me.heat == 2
    me = ship(ring=3, engines=3)
    run([me, ship("P2")], ["burn light 0"])
    assert me.heat == 3


def test_unused_subsystems_make_no_heat():
    me = ship(engines=3, laser=4, shields=3)
    run([me, ship("P2", ring=5)], [])
    assert me.heat == 0


def test_heat_damage_bypasses_shields():
    me = ship(heat=9, shields=4)
    start_of_turn(me)
    assert me.hull == 6 and me.energy[6] == 4


def test_heat_received_between_turns_counts_at_start_of_turn():
    # ref Turn 1: shield heat taken in another player's turn counts at the next start of turn
    a = ship("P1", ring=3, sector=0, laser=2, missiles=2, heat=0)
    b = ship("P2", ring=4, sector=1, shields=4, heat=4)
    st = state(a, b)
    events = play(st, "fire laser P2")
    # P2 absorbed 2 (heat 6) -> at its start of turn 1 damage, heat reset
    assert "heat_damage" in kinds(events)
    assert st.ships[1].hull == 9 and st.ships[1].heat == 0


def test_heat_can_destroy_at_start_of_turn_and_the_turn_is_skipped():
    a = ship("P1", ring=3, sector=0)
    b = ship("P2", ring=5, sector=0, hull=2, heat=9)
    c = ship("P3", ring=1, sector=12)
    st = state(a, b, c)
    events = play(st)
    assert "destroyed" in kinds(events)
    assert st.ships[1].hull == 0 and st.current == 2


def test_002_heat_8_vs_dissipation_5_and_exactly_5():
    """002 Heat Dissipation: "8 heat with 5 dissipation = 3 damage"; heat 5 is not above 5: no damage."""
    st = state(ship(ring=3), ship("P2", ring=1, sector=12, heat=8), ship("P3", ring=2, sector=6, heat=5))
    play(st)
    assert (st.ships[1].hull, st.ships[1].heat) == (7, 0)
    play(st)
    assert (st.ships[2].hull, st.ships[2].heat) == (10, 0)


def test_ref_turn_1_heat_received_on_others_turns_counts():
    """ref Turn 1: heat received during others' turns (shields, crits) counts at your start.

    P2 ended its own turn with 4 heat; P1's railgun hits P2's 4 shields -> +4 heat = 8 -> 3 damage at P2's start,
    bypassing shields (which hold 0 now; they would not absorb heat damage anyway)."""
    st = state(ship(ring=3, sector=0, railgun=4, engines=1), ship("P2", ring=3, sector=3, heat=4, shields=4))
    st.rng = ScriptedRng([0.5], repeat_last=True)
    play(st, "fire railgun P2 compensate")
    p2 = st.ships[1]
    assert st.current == 1 and (p2.hull, p2.heat, p2.energy[6]) == (7, 0, 0)
    # with shields_deplete=false the shields still hold 4 at P2's start, and the heat damage goes past them
    st = state(ship(ring=3, sector=0, railgun=4, engines=1), ship("P2", ring=3, sector=3, heat=4, shields=4),
               shields_deplete=False)
    st.rng = ScriptedRng([0.5], repeat_last=True)
    play(st, "fire railgun P2 compensate")
    p2 = st.ships[1]
    assert (p2.hull, p2.heat, p2.energy[6]) == (7, 0, 4)


def test_ref_destruction_heat_kills_at_turn_start_and_game_ends():
    """ref Destruction / Win: heat 15 at the start -> 10 damage -> hull 0: destroyed at once, the game ends."""
    st = state(ship(ring=3), ship("P2", ring=1, sector=12, heat=15))
    play(st)
    assert st.is_terminal() and st.winner == 0 and st.ships[1].hull == 0
