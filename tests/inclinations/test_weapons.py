"""002 Weapon Systems and Combat, Critical Hits, Shields; ref Weapons."""

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.inclinations.actions import Fire

from .helpers import errors, kinds, run, ship, state


def test_laser_hits_adjacent_rings_within_two_sectors():
    me = ship(ring=3, sector=0, laser=2)
    inner, outer = ship("P2", ring=2, sector=22), ship("P3", ring=4, sector=2)
    run([me, inner, outer], ["fire laser P2 P3"])  # several targets in one firing
    assert inner.hull == 8 and outer.hull == 8 and me.heat == 2


def test_laser_never_fires_along_its_own_ring():
    errs = errors([ship(ring=3, laser=2), ship("P2", ring=3, sector=1)], ["fire laser P2"])
    assert any("own ring" in e and "out of arc" in e for e in errs)


def test_laser_out_of_range():
    assert any("reaches 2 sectors" in e for e in errors([ship(ring=3, laser=2), ship("P2", ring=4, sector=3)],
                                                        ["fire laser P2"]))
    assert any("2 rings away" in e for e in errors([ship(ring=3, laser=2), ship("P2", ring=5, sector=0)],
                                                   ["fire laser P2"]))


def test_laser_with_one_target_out_of_arc_rejects_the_turn():
    errs = errors([ship(ring=3, laser=2), ship("P2", ring=4), ship("P3", ring=3, sector=1)], ["fire laser P2 P3"])
    assert errs


def test_laser_facing_does_not_matter():
    me = ship(ring=3, sector=0, laser=2, facing="retrograde")
    t = ship("P2", ring=2, sector=2)
    run([me, t], ["fire laser P2"])
    assert t.hull == 8


def test_railgun_same_ring_ahead_one_to_six_sectors():
    me = ship(ring=3, sector=20, railgun=4)
    t = ship("P2", ring=3, sector=2)  # 6 ahead, across 0
    run([me, t], ["fire railgun P2"])
    assert t.hull == 6 and me.heat == 4


def test_railgun_arc_and_range():
    me = ship(ring=3, sector=10, railgun=4)
    assert any("behind you" in e for e in errors([me, ship("P2", ring=3, sector=8)], ["fire railgun P2"]))
    assert any("7 sectors ahead" in e for e in errors([me, ship("P2", ring=3, sector=17)], ["fire railgun P2"]))
    assert any("own ring" in e for e in errors([me, ship("P2", ring=4, sector=11)], ["fire railgun P2"]))
    back = ship(ring=3, sector=10, railgun=4, facing="retrograde")  # retrograde: ahead is decreasing sectors
    assert errors([back, ship("P2", ring=2, sector=5), ship("P3", ring=3, sector=4)], ["fire railgun P3"]) == []


def test_railgun_recoil_moves_one_ring_in_facing_direction():
    me = ship(ring=3, sector=10, railgun=4)
    events = run([me, ship("P2", ring=3, sector=12)], ["fire railgun P2"])
    assert me.ring == 4 and "recoil" in kinds(events)
    back = ship(ring=3, sector=10, railgun=4, facing="retrograde")
    run([back, ship("P2", ring=3, sector=8)], ["fire railgun P2"])
    assert back.ring == 2


def test_recoil_happens_at_firing_and_later_steps_start_from_the_new_ring():
    me = ship(ring=3, sector=10, railgun=4)
    run([me, ship("P2", ring=3, sector=12)], ["fire railgun P2"])  # then the appended coast on ring 4 (v 2)
    assert (me.ring, me.sector) == (4, 12)


def test_recoil_out_of_the_well_is_rejected_unless_compensated():
    me = ship(ring=5, sector=0, railgun=4, engines=1)
    assert any("out of the blackhole" in e for e in errors([me, ship("P2", ring=5, sector=2)], ["fire railgun P2"]))
    assert errors([me, ship("P2", ring=5, sector=2)], ["fire railgun P2 compensate"]) == []


def test_compensation_costs_mass_and_engine_heat_and_uses_the_engines():
    me = ship(ring=3, sector=10, railgun=4, engines=2)
    t = ship("P2", ring=3, sector=12)
    run([me, t], ["fire railgun P2 compensate"])
    assert me.ring == 3 and me.mass == 9 and me.heat == 4 + 2
    errs = errors([ship(ring=3, sector=10, railgun=4, engines=2), t], ["fire railgun P2 compensate",
                                                                        "burn light 0"])
    assert any("engines were already used" in e for e in errs)


def test_missiles_turret_range_and_ammunition():
    me = ship(ring=3, sector=10, missiles=2)
    t = ship("P2", ring=1, sector=7)  # 2 rings, 3 sectors (behind): turret
    run([me, t], ["fire missiles P2"])
    assert t.hull == 7 and me.ammo == 3 and me.heat == 2
    assert errors([ship(ring=3, sector=10, missiles=2), ship("P2", ring=3, sector=13)], ["fire missiles P2"]) == []
    fresh = ship(ring=1, sector=10, missiles=2)
    assert any("3 rings away" in e for e in errors([fresh, ship("P2", ring=4, sector=10)], ["fire missiles P2"]))
    assert any("reach 3 sectors" in e for e in errors([fresh, ship("P2", ring=1, sector=14)], ["fire missiles P2"]))
    empty = ship(ring=3, missiles=2, ammo=0)
    assert any("no missiles left" in e for e in errors([empty, ship("P2", ring=3, sector=1)], ["fire missiles P2"]))


def test_railgun_and_missiles_take_exactly_one_target():
    me = ship(ring=3, sector=0, missiles=2)
    errs = errors([me, ship("P2", ring=3, sector=1), ship("P3", ring=3, sector=2)], ["fire missiles P2 P3"])
    assert any("exactly one target" in e for e in errs)


def test_duplicate_and_self_targets_rejected():
    me = ship(ring=3, sector=0, laser=2)
    assert any("named twice" in e for e in errors([me, ship("P2", ring=4)], ["fire laser P2 P2"]))
    assert any("itself" in e for e in errors([me, ship("P2", ring=4)], ["fire laser P1"]))


def test_destroyed_target_rejected():
    me = ship(ring=3, sector=0, laser=2)
    assert any("already destroyed" in e for e in errors([me, ship("P2", ring=4, hull=0)], ["fire laser P2"]))


def test_each_weapon_once_per_turn():
    me = ship(ring=3, sector=0, laser=2)
    errs = errors([me, ship("P2", ring=4)], ["fire laser P2", "fire laser P2"])
    assert any("already fired" in e for e in errs)


def test_weapon_heat_is_its_allocation():
    me = ship(ring=3, sector=0, laser=4)
    run([me, ship("P2", ring=4)], ["fire laser P2"])
    assert me.heat == 4


def test_shields_absorb_become_heat_and_deplete():
    me = ship(ring=3, sector=0, missiles=2)
    t = ship("P2", ring=3, sector=2, shields=2)
    run([me, t], ["fire missiles P2"])
    assert t.hull == 9 and t.heat == 2 and t.energy[6] == 0


def test_shields_do_not_deplete_with_the_option():
    me = ship(ring=3, sector=0, missiles=2)
    t = ship("P2", ring=3, sector=2, shields=2)
    run([me, t], ["fire missiles P2"], shields_deplete=False)
    assert t.hull == 9 and t.heat == 2 and t.energy[6] == 2


def test_crit_below_ten_percent_unpowers_a_powered_subsystem_into_heat():
    me = ship(ring=3, sector=0, missiles=2)
    t = ship("P2", ring=3, sector=2, engines=3, laser=4)
    # u = 0.05 crit; v = 0.6 picks index floor(0.6 * 2) = 1 among [engines, laser] -> laser
    events = run([me, t], ["fire missiles P2"], rolls=[0.05, 0.6])
    assert t.energy[3] == 0 and t.heat == 4 and t.free == 7 and "crit" in kinds(events)


def test_no_crit_at_or_above_ten_percent():
    t = ship("P2", ring=3, sector=2, engines=3)
    run([ship(ring=3, sector=0, missiles=2), t], ["fire missiles P2"], rolls=[0.10])
    assert t.energy[0] == 3 and t.heat == 0


def test_crit_applies_after_shield_absorption_even_when_fully_absorbed():
    t = ship("P2", ring=3, sector=2, shields=4, engines=1)
    run([ship(ring=3, sector=0, missiles=2), t], ["fire missiles P2"], rolls=[0.0, 0.99])
    # shields absorb 3 (left 1); powered [engines, shields]; v=0.99 -> shields (1 energy) -> heat 3 + 1
    assert t.hull == 10 and t.energy[6] == 0 and t.heat == 4


def test_crit_with_nothing_powered_has_no_effect_but_draws():
    from gamewright.core.rng import ScriptedRng
    from gamewright.games.inclinations.turn import execute

    from .helpers import rules, steps
    t = ship("P2", ring=3, sector=2)
    rng = ScriptedRng([0.0, 0.5, 0.9])
    execute([ship(ring=3, sector=0, missiles=2), t], 0, steps("fire missiles P2"), rules(), rng)
    assert rng.used == [0.0, 0.5] and t.hull == 7


def test_draw_order_per_target_in_declared_order():
    from gamewright.core.rng import ScriptedRng
    from gamewright.games.inclinations.turn import execute

    from .helpers import rules, steps
    a, b = ship("P2", ring=2, sector=0, engines=2), ship("P3", ring=4, sector=0, shields=1)
    rng = ScriptedRng([0.05, 0.1, 0.5])  # P3 first: crit (u .05), v .1; then P2: u .5 no crit
    execute([ship(ring=3, sector=0, laser=2), a, b], 0, steps("fire laser P3 P2"), rules(), rng)
    assert rng.used == [0.05, 0.1, 0.5]
    assert b.heat == 1 and a.energy[0] == 2  # shields absorbed 1 (heat 1) and nothing left powered


@pytest.mark.parametrize(("u", "hit", "crit"), [(0.05, False, False), (0.1, True, False), (0.95, True, True)])
def test_to_hit_d10_option(u, hit, crit):
    t = ship("P2", ring=3, sector=2, engines=3)
    run([ship(ring=3, sector=0, missiles=2), t], ["fire missiles P2"], rolls=[u, 0.0], to_hit="d10")
    assert (t.hull == 7) is hit and (t.energy[0] == 0) is crit


def test_shot_at_a_target_destroyed_earlier_this_turn_fizzles():
    me = ship(ring=3, sector=0, laser=2, missiles=2)
    t = ship("P2", ring=4, sector=0, hull=2)
    from gamewright.core.rng import ScriptedRng
    from gamewright.games.inclinations.turn import execute

    from .helpers import rules, steps
    rng = ScriptedRng([0.5])
    events = execute([me, t], 0, steps("fire laser P2", "fire missiles P2"), rules(), rng)
    assert "fizzle" in kinds(events) and rng.used == [0.5]
    assert me.ammo == 3 and me.heat == 4  # used, heat, ammunition spent


def test_different_wells_cannot_target_each_other():
    me = ship(ring=3, sector=0, missiles=2)
    t = ship("P2", well="alpha", ring=3, sector=0)
    assert any("another gravity well" in e for e in errors([me, t], ["fire missiles P2"]))


def test_weapons_fire_before_or_after_movement_from_the_position_at_that_moment():
    # 002 Tactical Action Sequencing example 3: laser before movement, railgun after
    me = ship(ring=3, sector=0, laser=2, railgun=4, engines=0, thrusters=1)
    near = ship("P2", ring=4, sector=1)  # laser range from S0, not from S4
    ahead = ship("P3", ring=3, sector=8)  # railgun range from S4 (4 ahead), 8 ahead from S0
    plan = ["rotate retrograde", "fire laser P2", "coast", "fire railgun P3"]
    assert any("behind" in e for e in errors([me, near, ahead], plan))
    plan = ["fire laser P2", "coast", "fire railgun P3"]
    run([me, near, ahead], plan)
    assert near.hull == 8 and ahead.hull == 6
    assert errors([ship(ring=3, sector=0, laser=2), ship("P2", ring=4, sector=1)], ["coast", "fire laser P2"])


def test_compensation_needs_engine_energy_and_one_mass():
    # ref Weapons/Railgun: compensating needs engines >= 1, not used this turn, and costs 1 mass
    t = ship("P2", ring=3, sector=12)
    assert any("at least 1 energy in the engines" in e
               for e in errors([ship(ring=3, sector=10, railgun=4), t], ["fire railgun P2 compensate"]))
    assert any("costs 1 reaction mass" in e
               for e in errors([ship(ring=3, sector=10, railgun=4, engines=1, mass=0), t],
                               ["fire railgun P2 compensate"]))
    assert any("engines were already used" in e
               for e in errors([ship(ring=5, sector=20, railgun=4, engines=3), ship("P2", ring=5, sector=22)],
                               ["fire railgun P2 compensate", "transfer alpha"]))


def test_ref_weapons_laser_shortest_way_round_across_sector_0():
    """ref Weapons: laser on the adjacent rings within ±2 sectors, shortest way round (S23 -> S1 is 2)."""
    me = ship(ring=3, sector=23, laser=2)
    near, far = ship("P2", ring=4, sector=1), ship("P3", ring=2, sector=2)
    assert not errors([me, near, far], ["fire laser P2"])
    assert any("3 sectors away" in e for e in errors([me, near, far], ["fire laser P3"]))


@pytest.mark.parametrize(("sector", "ok"), [(20, True), (1, True), (19, False), (3, False), (2, False)])
def test_ref_weapons_railgun_retrograde_ahead_across_sector_0(sector, ok):
    """ref Weapons: railgun 1...6 sectors ahead in the facing direction. Facing retrograde from S2, 'ahead' is
    S1, S0, S23 ... S20; S19 is 7 ahead; S3 is behind; S2 is the same sector."""
    errs = errors([ship(ring=3, sector=2, facing="retrograde", railgun=4), ship("P2", ring=3, sector=sector)],
                  ["fire railgun P2"])
    assert (not errs) is ok


def test_ref_weapons_railgun_prograde_across_sector_0_and_recoil_direction():
    """ref Weapons/Railgun: prograde from S22, S4 is 6 ahead; recoil moves one ring in the facing direction
    (prograde -> ring + 1, retrograde -> ring - 1), keeping the sector."""
    pro, t1 = ship(ring=3, sector=22, railgun=4), ship("P2", ring=3, sector=4)
    run([pro, t1], ["fire railgun P2"])
    assert t1.hull == 6 and (pro.ring, pro.heat) == (4, 4)
    assert pro.sector == 0  # the appended coast starts from the new ring: 22 + 2 = 24 -> 0
    retro, t2 = ship(ring=3, sector=2, facing="retrograde", railgun=4), ship("P2", ring=3, sector=0)
    run([retro, t2], ["fire railgun P2"])
    assert (retro.ring, retro.sector) == (2, 8)  # recoil inward to ring 2 (v 6), then drift 6


def test_ref_weapons_recoil_out_of_the_well_and_compensation():
    """ref Weapons/Railgun: uncompensated recoil out of the well is rejected; compensation costs 1 mass, heat equal
    to the engine allocation, needs engines >= 1 not yet used, and marks them used (no burn in the same turn)."""
    target = ship("P2", ring=5, sector=3)
    assert any("out of the blackhole well" in e
               for e in errors([ship(ring=5, railgun=4, engines=2), target], ["fire railgun P2"]))
    me = ship(ring=5, railgun=4, engines=2)
    run([me, target], ["fire railgun P2 compensate"])
    assert (me.ring, me.sector, me.mass, me.heat) == (5, 1, 9, 4 + 2)
    assert errors([ship(ring=5, railgun=4), target], ["fire railgun P2 compensate"])  # no engines
    assert errors([ship(ring=5, railgun=4, engines=1, mass=0), target], ["fire railgun P2 compensate"])
    both = ship(ring=4, sector=0, railgun=4, engines=1, facing="retrograde")
    far = ship("P2", ring=3, sector=22)
    assert any("already used" in e for e in errors([both, far], ["burn light", "fire railgun P2 compensate"]))
    assert any("already used" in e
               for e in errors([both, ship("P2", ring=4, sector=22)], ["fire railgun P2 compensate", "burn light"]))
    planet = ship(well="alpha", ring=1, facing="retrograde", railgun=4)
    assert errors([planet, ship("P2", well="alpha", ring=1, sector=22)], ["fire railgun P2"])


def test_ref_weapons_missiles_same_ring_range_and_ammunition():
    """ref Further rulings: missile ring range includes the same ring; ±2 rings, ±3 sectors shortest way round;
    one missile per launch; none left, no launch."""
    me = ship(ring=3, sector=22, missiles=2, ammo=1)
    same = ship("P2", ring=3, sector=1)  # 3 sectors across 0
    run([me, same], ["fire missiles P2"])
    assert same.hull == 7 and me.ammo == 0
    assert any("no missiles" in e for e in errors([me, same], ["fire missiles P2"]))
    m = ship(ring=3, sector=0, missiles=2)
    assert not errors([m, ship("P2", ring=1, sector=21)], ["fire missiles P2"])
    assert errors([m, ship("P2", ring=1, sector=20)], ["fire missiles P2"])
    assert errors([m, ship("P2", ring=5, sector=0), ship("P3", ring=1, sector=0)], ["fire missiles P2"]) == []
    assert errors([ship(ring=4, missiles=2), ship("P2", ring=1, sector=0)], ["fire missiles P2"])


def test_ref_weapons_other_well_and_laser_out_of_arc_rejects_all():
    """ref Board: different wells cannot target each other; ref Weapons: one laser target out of arc rejects all."""
    me = ship(ring=3, sector=0, laser=2)
    st = state(me, ship("P2", ring=4, sector=1), ship("P3", ring=3, sector=1), ship("P4", well="alpha", ring=3))
    before = st.to_json()
    with pytest.raises(RuleViolation):
        st.apply(Fire("laser", ("P2", "P3")))
    with pytest.raises(RuleViolation, match="another gravity well"):
        st.apply(Fire("laser", ("P4",)))
    assert st.to_json() == before


def test_002_post_movement_weapon_range_from_the_new_ring():
    """002 Weapon Range Calculation / ref Turn 3: after a burn the ship fires from the new ring."""
    me = ship(ring=3, sector=0, engines=1, laser=2)
    t = ship("P2", ring=5, sector=4)  # ring 3 -> ring 4 at S4: adjacent ring, same sector
    assert errors([me, t], ["fire laser P2", "burn light"])
    run([me, t], ["burn light", "fire laser P2"])
    assert t.hull == 8


def test_ref_crit_draw_protocol_multiple_laser_targets_with_shields():
    """ref Weapons/Critical hit: for each target in declared order: u; crit if u < 0.10 -> shields absorb ->
    hull -> v picks floor(v*k) among the k powered subsystems *after* absorption; then the next target's u.

    Rolls 0.05, 0.99, 0.05, 0.0, 0.5: P3 (declared first) shields 2 absorb the 2 fully and empty -> powered
    [engines, laser] -> v 0.99 -> laser (2 heat). P2: u 0.05 crit, nothing powered, v 0.0 still drawn (no effect).
    A third target would read 0.5.
    """
    me = ship(ring=3, sector=0, laser=2)
    p2 = ship("P2", ring=2, sector=23)
    p3 = ship("P3", ring=4, sector=1, shields=2, engines=1, laser=2)
    p4 = ship("P4", ring=4, sector=2, engines=1, shields=1)
    rng_rolls = [0.05, 0.99, 0.05, 0.0, 0.5]
    events = run([me, p2, p3, p4], ["fire laser P3 P2 P4"], rolls=rng_rolls)
    assert p3.hull == 10 and p3.energy == [1, 0, 0, 0, 0, 0, 0] and p3.heat == 2 + 2
    assert p2.hull == 8 and p2.heat == 0
    assert p4.hull == 9 and p4.energy == [1, 0, 0, 0, 0, 0, 0] and p4.heat == 1  # u 0.5: no crit
    crits = [e.data["subsystem"] for e in events if e.kind == "crit"]
    assert crits == ["laser", None]


def test_ref_to_hit_d10_maps_u_to_floor_10u_plus_1():
    """ref Weapons/Hits option to_hit=d10: d10 = floor(10u) + 1; 1 misses (no v drawn), 2-9 hit, 10 hits and
    crits. Without the option u = 0.09 is a crit; with it u = 0.09 is a miss and u = 0.1 a plain hit."""
    me = ship(ring=3, sector=0, laser=2)
    a, b, c = ship("P2", ring=2, sector=0, engines=1), ship("P3", ring=4, sector=0, engines=1, laser=2), \
        ship("P4", ring=4, sector=1)
    events = run([me, a, b, c], ["fire laser P2 P3 P4"], rolls=[0.09, 0.95, 0.6, 0.1], to_hit="d10")
    assert a.hull == 10 and a.energy[0] == 1  # missed
    assert b.hull == 8 and b.energy == [1, 0, 0, 0, 0, 0, 0] and b.heat == 2  # 10: crit, v 0.6 -> laser
    assert c.hull == 8  # u 0.1 -> 2: hit
    assert [e.data.get("roll") for e in events if e.kind in ("hit", "miss")] == [1, 10, 2]
    plain = ship("P2", ring=2, sector=0, engines=1)
    run([ship(ring=3, sector=0, laser=2), plain], ["fire laser P2"], rolls=[0.09, 0.0])
    assert plain.hull == 8 and plain.energy[0] == 0 and plain.heat == 1


def test_ref_weapons_shields_deplete_and_option():
    """ref Weapons/Shields: min(damage, shields) absorbed becomes heat; absorbing spends shield energy back to
    the reactor (option shields_deplete=false keeps it). Shields 1 vs railgun 4: 1 absorbed, 3 to the hull."""
    t = ship("P2", ring=3, sector=1, shields=4)
    run([ship(ring=3, sector=0, missiles=2), t], ["fire missiles P2"])
    assert (t.hull, t.heat, t.energy[6], t.free) == (10, 3, 1, 9)
    t = ship("P2", ring=3, sector=1, shields=4)
    run([ship(ring=3, sector=0, missiles=2), t], ["fire missiles P2"], shields_deplete=False)
    assert (t.hull, t.heat, t.energy[6]) == (10, 3, 4)
    t = ship("P2", ring=3, sector=1, shields=1)
    run([ship(ring=3, sector=0, railgun=4), t], ["fire railgun P2"])
    assert (t.hull, t.heat, t.energy[6]) == (7, 1, 0)


def test_ref_further_rulings_fizzle_takes_no_draw():
    """ref Further rulings: a shot whose target was destroyed earlier in the same turn fizzles: used, heat,
    ammunition spent, no draw. Rolls 0.5 (missile u), then P3's u = 0.05 crit and v = 0.0."""
    me = ship(ring=3, sector=0, missiles=3, laser=2)
    weak = ship("P2", ring=4, sector=0, hull=3)
    other = ship("P3", ring=4, sector=1, engines=2)
    events = run([me, weak, other], ["fire missiles P2", "fire laser P2 P3"], rolls=[0.5, 0.05, 0.0, 0.7])
    assert weak.hull == 0 and "fizzle" in kinds(events)
    assert other.hull == 8 and other.energy[0] == 0 and other.heat == 2
    assert me.ammo == 3 and me.heat == 3 + 2


def test_rulings_fizzled_railgun_still_recoils_and_a_wreck_can_take_a_crit():
    """RULINGS (ref Further rulings, fizzle): a railgun shot at a target destroyed earlier in the turn still fires,
    so it recoils (the plan was validated with that recoil). A crit roll on the hit that destroys a target still
    draws v (the protocol) and moves the energy to heat on the wreck, with no further effect."""
    me = ship(ring=3, sector=0, missiles=2, railgun=4)
    weak = ship("P2", ring=3, sector=2, hull=3, engines=1)
    other = ship("P3", ring=1, sector=12)
    events = run([me, weak, other], ["fire missiles P2", "fire railgun P2"], rolls=[0.05, 0.0, 0.5])
    assert weak.hull == 0 and weak.energy[0] == 0 and weak.heat == 1
    assert "fizzle" in kinds(events) and me.ring == 4 and me.heat == 2 + 4


def test_rulings_railgun_same_sector_is_out_of_arc():
    """RULINGS (ref Weapons/Railgun "1...6 sectors ahead"): a target in the railgun's own sector is not ahead."""
    errs = errors([ship(ring=3, sector=5, railgun=4), ship("P2", ring=3, sector=5)], ["fire railgun P2"])
    assert any("out of arc" in e for e in errs)
