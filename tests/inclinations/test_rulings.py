"""The reference's rulings not covered elsewhere, one focused test each (ref = shared/reference)."""

from gamewright.games.inclinations.actions import Fire, parse_action
from gamewright.games.inclinations.board import RETROGRADE

from .helpers import errors, kinds, run, ship, state


def test_ships_may_share_a_sector():
    a, b = ship("P1", ring=3, sector=4), ship("P2", ring=3, sector=0)
    run([b, a], ["coast"])
    assert (a.ring, a.sector) == (b.ring, b.sector)


def test_a_laser_needs_at_least_one_target():
    st = state(ship("P1", laser=2), ship("P2", ring=4))
    result = st.preview_plan([Fire("laser", ())])
    assert not result.ok and "at least one target" in result.errors[0]


def test_burn_velocity_is_that_of_the_ring_after_an_earlier_recoil():
    # ref Further rulings: railgun recoil from ring 3 (v 4) to ring 4 (v 2); the burn then drifts 2, adjusts -1..+3
    me = ship(ring=3, sector=10, railgun=4, engines=1)
    t = ship("P2", ring=3, sector=12)
    assert any("between -1 and +3" in e for e in errors([me, t], ["fire railgun P2", "burn light -2"]))
    run([me, t], ["fire railgun P2", "burn light -1"])
    assert (me.ring, me.sector) == (5, 11)


def test_transfer_sector_check_uses_the_position_after_recoil():
    me = ship(ring=4, sector=20, railgun=4, engines=3)
    t = ship("P2", ring=4, sector=22)
    run([me, t], ["fire railgun P2", "transfer alpha"])  # recoil to ring 5, then transfer from R5 S20
    assert (me.well, me.ring, me.sector) == (1, 3, 5)


def test_preview_uses_no_draws():
    st = state(ship("P1", ring=3, sector=0, missiles=2), ship("P2", ring=3, sector=2))
    before = st.rng.get_state()
    st.preview_plan([parse_action("fire missiles P2")])
    assert st.rng.get_state() == before


def test_crits_pick_among_powered_subsystems_even_below_minimum():
    # ref Further rulings: powered = any energy; railgun at 2 is unusable but powered
    t = ship("P2", ring=3, sector=2, railgun=2)
    run([ship(ring=3, sector=0, missiles=2), t], ["fire missiles P2"], rolls=[0.0, 0.0])
    assert t.energy[4] == 0 and t.heat == 2


def test_rotation_then_burn_goes_the_new_way():
    # 002 Rotation: can rotate as part of a burn; rotation happens before movement
    me = ship(ring=3, sector=0, thrusters=1, engines=1)
    run([me, ship("P2", ring=5, sector=12)], ["rotate retrograde", "burn light 0"])
    assert me.facing == RETROGRADE and me.ring == 2 and me.heat == 2


def test_used_flags_clear_at_the_end_of_the_turn():
    me = ship(ring=3, thrusters=1)
    run([me, ship("P2", ring=5)], ["rotate retrograde"])
    assert me.used == 0
    run([me, ship("P2", ring=5)], ["rotate prograde"])
    assert me.facing == 1


def test_drift_always_increases_the_sector_and_wraps():
    me = ship(ring=1, sector=20)
    run([me, ship("P2", ring=5)], [])
    assert me.sector == 4


def test_heat_from_crits_lands_on_the_target():
    t = ship("P2", ring=3, sector=2, shields=4)
    events = run([ship(ring=3, sector=0, laser=2), ship("P3", ring=1), t], [], rolls=[0.5])
    assert kinds(events) == ["coast"]
    t2 = ship("P2", ring=4, sector=0, engines=3)
    run([ship(ring=3, sector=0, laser=2), t2], ["fire laser P2"], rolls=[0.0, 0.0])
    assert t2.heat == 3 and t2.energy[0] == 0 and t2.hull == 8


def test_hull_never_goes_below_zero_from_a_hit():
    # ref Destruction: hull never below 0
    t = ship("P2", ring=3, sector=2, hull=1)
    events = run([ship(ring=3, sector=0, railgun=4), t, ship("P3", ring=1)], ["fire railgun P2"])
    assert t.hull == 0 and "destroyed" in kinds(events)


def test_preview_under_d10_assumes_every_shot_hits_and_marks_it_random():
    # ref Further rulings: preview uses no draws, assumes no crits and (d10) a hit
    st = state(ship("P1", ring=3, sector=0, missiles=2), ship("P2", ring=3, sector=2, engines=3), to_hit="d10")
    result = st.preview_plan([parse_action("fire missiles P2")])
    assert result.ok and result.ships[1].hull == 7 and result.ships[1].energy[0] == 3
    assert next(e for e in result.events if e.kind == "hit").data["random"] is True


def test_a_new_ship_holds_no_energy_heat_0_facing_prograde():
    from gamewright.games.inclinations.game import InclinationsGame

    st = InclinationsGame().new_initial_state(0)
    for s in st.ships:
        assert (s.allocated, s.heat, s.facing) == (0, 0, 1)


def test_play_with_a_human_has_no_round_limit_unless_set(cli):
    import json

    cli("inclinations", "play", "--seats", "human,random-bot", stdin="")
    cli("inclinations", "play", "--seats", "human,random-bot", "--round-limit", "30", stdin="")
    limits = [json.loads(cli("inclinations", "show", str(i), "--json")[1])["state"]["options"]["round_limit"]
              for i in (1, 2)]
    assert limits == [0, 30]
    from gamewright.games.inclinations.game import InclinationsGame

    assert InclinationsGame().rules.round_limit == 200  # bots and simulations
