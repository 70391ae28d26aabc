"""Adversarial audit: one hand-worked scenario per rule most likely to be implemented wrongly.

Every expected value below was worked out by hand from rules/002 and the reference (the reference wins).
"""

from __future__ import annotations

import json

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import ScriptedRng
from gamewright.games.inclinations.actions import Allocate, Burn, Deallocate, Fire, Rotate, Transfer
from gamewright.games.inclinations.board import WELLS
from gamewright.games.inclinations.whatif import run_scenario

from .helpers import errors, kinds, play, run, ship, state


# --- board and movement -----------------------------------------------------------------------------------
def test_ref_board_drift_wraps_mod_24():
    """ref Board: "Orbital drift always *increases* the sector number by the ring's velocity, mod 24."

    BH ring 1 (v 8) sector 20 coasts to (20 + 8) mod 24 = 4; planet ring 1 (v 4) sector 22 to 2.
    """
    bh, planet = ship(ring=1, sector=20), ship("P2", well="gamma", ring=1, sector=22)
    run([bh, planet], ["coast"])
    run([bh, planet], ["coast"], idx=1)
    assert (bh.ring, bh.sector) == (1, 4)
    assert (planet.ring, planet.sector) == (1, 2)


def test_002_sector_adjustment_negative_wraps_below_zero():
    """002 Sector Adjustment: "Final sector = (base sector + adjustment) mod 24"; range -(v-1)..+3.

    BH R1 S20 prograde, light burn -7: drift 20+8 = 28 -> 4, ring 2, 4-7 = -3 -> 21; mass 1 + 7 = 8.
    """
    me = ship(ring=1, sector=20, engines=1)
    run([me, ship("P2", ring=5, sector=12)], ["burn light -7"])
    assert (me.ring, me.sector, me.mass, me.heat) == (2, 21, 2, 1)


def test_002_sector_adjustment_positive_wraps_past_23():
    """002 Sector Adjustment: on ring 5 (v 1) the range is 0..+3. R5 S22 retrograde light +3: 23 -> R4 -> 2."""
    me = ship(ring=5, sector=22, facing="retrograde", engines=1)
    run([me, ship("P2", ring=1, sector=12)], ["burn light +3"])
    assert (me.ring, me.sector, me.mass) == (4, 2, 6)


def test_ref_movement_adjustment_range_is_the_starting_rings():
    """ref Movement: "Adjustment range -(v - 1) ... +3 where v is the starting ring's velocity".

    From ring 5 (v 1) inward to ring 4 (v 2): -1 is refused although ring 4 would allow it; +4 is refused anywhere.
    """
    other = ship("P2", ring=1, sector=12)
    assert any("between 0 and +3" in e for e in errors([ship(ring=5, facing="retrograde", engines=1), other],
                                                       ["burn light -1"]))
    assert errors([ship(ring=1, engines=3), other], ["burn light +4"])
    assert not errors([ship(ring=1, engines=3), other], ["burn light -7"])
    assert errors([ship(ring=1, engines=3), other], ["burn light -8"])


def test_ref_further_rulings_velocity_after_recoil_sets_drift_and_adjustment():
    """ref Further rulings: the velocity that sets drift and the adjustment range is that of the ring the ship is on
    when the burn starts (after any recoil earlier in the sequence).

    R3 (v 4) S0 prograde fires the railgun uncompensated -> recoil to R4 (v 2); a -3 adjustment is now refused;
    a light +0 burn drifts 2 (to S2) and lands on R5 S2.
    """
    target = ship("P2", ring=3, sector=3)
    me = ship(ring=3, sector=0, railgun=4, engines=1)
    assert any("between -1 and +3" in e for e in errors([me, target], ["fire railgun P2", "burn light -3"]))
    run([me, target], ["fire railgun P2", "burn light +0"])
    assert (me.ring, me.sector, me.mass, me.heat) == (5, 2, 9, 4 + 1)
    assert target.hull == 6


def test_002_sector_adjustment_examples_mass_totals():
    """002 Sector Adjustment examples: soft burn +2 = 3 mass; medium burn -3 = 5 mass; 0 adjustment = base."""
    other = ship("P2", ring=5, sector=12)
    a = ship(ring=3, engines=1)
    run([a, other], ["burn light +2"])
    b = ship(ring=3, engines=2)
    run([b, other], ["burn medium -3"])
    c = ship(ring=1, engines=3)
    run([c, other], ["burn heavy"])
    assert (a.mass, b.mass, c.mass) == (7, 5, 7)
    assert (a.ring, b.ring, c.ring) == (4, 5, 4)


@pytest.mark.parametrize(("well", "ring", "facing", "intensity"), [
    ("blackhole", 4, "prograde", "medium"),   # 4 + 2 = 6 > 5
    ("blackhole", 5, "prograde", "light"),    # 6
    ("blackhole", 2, "retrograde", "medium"),  # 0
    ("blackhole", 3, "retrograde", "heavy"),  # 0
    ("alpha", 2, "prograde", "medium"),       # 4 > 3
    ("zeta", 1, "retrograde", "light"),       # 0
])
def test_ref_movement_burn_leaving_the_well_is_rejected_not_clamped(well, ring, facing, intensity):
    """ref Movement: "A destination ring outside the well is **rejected** (never clamped)"."""
    st = state(ship(well=well, ring=ring, facing=facing, engines=3), ship("P2", ring=1, sector=12))
    before = st.to_json()
    with pytest.raises(RuleViolation, match="would reach ring"):
        st.apply(Burn(intensity, 0))
    assert st.to_json() == before
    assert not any(isinstance(a, Burn) and a.intensity == intensity for a in st.legal_actions())


@pytest.mark.parametrize("planet", WELLS[1:])
def test_002_transfer_sectors_every_planet_both_ways(planet):
    """002 Transfer Sectors (table) and ref Movement: outbound BH R5 S(p-4) -> planet R3 S5; return planet R3 S18
    -> BH R5 S(p+3); no drift, facing kept, no mass, heat = engine allocation."""
    table = {"alpha": (20, 3), "beta": (0, 7), "gamma": (4, 11), "delta": (8, 15), "epsilon": (12, 19),
             "zeta": (16, 23)}
    out_sector, back_sector = table[planet]
    other = ship("P2", ring=1, sector=12)
    me = ship(ring=5, sector=out_sector, facing="retrograde", engines=3)
    run([me, other], [f"transfer {planet}"])
    assert (WELLS[me.well], me.ring, me.sector, me.facing, me.mass, me.heat) == (planet, 3, 5, -1, 10, 3)
    # one sector off, or one ring in, is refused
    assert errors([ship(ring=5, sector=(out_sector + 1) % 24, engines=3), other], [f"transfer {planet}"])
    assert errors([ship(ring=4, sector=out_sector, engines=3), other], [f"transfer {planet}"])
    me = ship(well=planet, ring=3, sector=18, engines=3)
    run([me, other], ["transfer blackhole"])
    assert (WELLS[me.well], me.ring, me.sector, me.facing, me.mass) == ("blackhole", 5, back_sector, 1, 10)
    assert errors([ship(well=planet, ring=3, sector=5, engines=3), other], ["transfer blackhole"])
    assert errors([ship(well=planet, ring=2, sector=18, engines=3), other], ["transfer blackhole"])


def test_ref_movement_transfer_needs_engines_3_and_mass_option():
    """002 Well Transfer: engines powered at level 3; ref Movement: option well_transfer_mass=3."""
    other = ship("P2", ring=1, sector=12)
    assert any("engines at 3" in e for e in errors([ship(ring=5, sector=20, engines=2), other], ["transfer alpha"]))
    assert errors([ship(ring=5, sector=20, engines=3, mass=2), other], ["transfer alpha"], well_transfer_mass=3)
    me = ship(ring=5, sector=20, engines=3, mass=3)
    run([me, other], ["transfer alpha"], well_transfer_mass=3)
    assert (WELLS[me.well], me.mass) == ("alpha", 0)


def test_002_tactical_sequencing_one_movement_and_rotation_first():
    """002 Tactical Action Sequencing: rotation before movement; rotation and movement once per turn."""
    other = ship("P2", ring=1, sector=12)
    me = ship(ring=3, engines=1, thrusters=1)
    assert any("only one movement" in e for e in errors([me, other], ["coast", "burn light"]))
    assert any("only one movement" in e for e in errors([me, other], ["burn light", "coast"]))
    assert any("before the movement" in e for e in errors([me, other], ["coast", "rotate retrograde"]))
    assert errors([me, other], ["rotate retrograde", "rotate prograde"])
    run([me, other], ["rotate retrograde", "burn light"])  # rotation first: the burn goes inward
    assert (me.ring, me.sector, me.facing, me.heat) == (2, 4, -1, 1 + 1)


# --- fuel scoop -------------------------------------------------------------------------------------------
def test_002_fuel_scoop_cap_full_mass_and_not_while_burning():
    """002 Fuel Scoop: coast only, scoop at 3, recover the ring's velocity capped at 10, heat 3 (at full mass too)."""
    other = ship("P2", ring=5, sector=12)
    me = ship(ring=1, mass=5, scoop=3)
    run([me, other], ["coast scoop"])
    assert (me.mass, me.heat, me.sector) == (10, 3, 8)
    full = ship(ring=4, mass=10, scoop=3)
    run([full, other], ["coast scoop"])
    assert (full.mass, full.heat) == (10, 3)
    assert errors([ship(ring=1, scoop=3, engines=1), other], ["burn light scoop"])
    assert errors([ship(ring=1, mass=5), other], ["coast scoop"])


# --- energy -----------------------------------------------------------------------------------------------
def test_ref_turn_2_deallocations_before_allocations():
    """ref Turn 2: deallocations first, then allocations, whatever their listed order."""
    me = ship(ring=3, railgun=4, laser=4, shields=2)  # 10 allocated
    run([me, ship("P2", ring=1, sector=12)], ["allocate engines 3", "deallocate railgun 4"])
    assert me.energy == [3, 0, 0, 4, 0, 0, 2] and me.free == 1
    assert errors([ship(ring=3, railgun=4, laser=4, shields=2), ship("P2", ring=1, sector=12)],
                  ["allocate engines 3", "deallocate railgun 2"])


def test_ref_ship_usable_versus_powered():
    """ref Further rulings: usable = at least the minimum; powered (for crits) = any energy. A railgun holding 2
    cannot fire, but a crit can pick it (v = 0.99 -> the last of [engines, railgun])."""
    assert any("needs at least 4" in e for e in errors([ship(ring=3, railgun=2), ship("P2", ring=3, sector=2)],
                                                      ["fire railgun P2"]))
    me, t = ship(ring=3, sector=0, missiles=2), ship("P2", ring=3, sector=1, engines=1, railgun=2)
    run([me, t], ["fire missiles P2"], rolls=[0.05, 0.99])
    assert t.energy == [1, 0, 0, 0, 0, 0, 0] and t.heat == 2 and t.hull == 7


# --- weapons ----------------------------------------------------------------------------------------------
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


# --- hits, crits, shields ---------------------------------------------------------------------------------
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


# --- heat -------------------------------------------------------------------------------------------------
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


# --- planning, preview, refusals --------------------------------------------------------------------------
def test_ref_planning_preview_draws_nothing_and_commits_nothing():
    """ref Planning phase / Further rulings: preview uses no draws, assumes no crit, changes nothing."""
    st = state(ship(ring=3, sector=0, laser=2), ship("P2", ring=4, sector=0))
    before = st.to_json()
    result = st.preview_plan([Allocate("engines", 1), Fire("laser", ("P2",))])
    assert result.ok and result.ships[1].hull == 8
    assert st.to_json() == before


def test_ref_validation_refused_steps_leave_state_unchanged():
    """ref Ship: over-allocation, over-maximum and over-deallocation are refused; the state is unchanged."""
    st = state(ship(ring=3, railgun=4, laser=4), ship("P2", ring=1, sector=12))
    before = json.dumps(st.to_json(), sort_keys=True)
    for action in (Allocate("shields", 3), Allocate("thrusters", 2), Deallocate("engines", 1),
                   Rotate("prograde"), Transfer("alpha"), Burn("light", 0), Allocate("bogus", 1),
                   Deallocate("warp", 2)):
        with pytest.raises(RuleViolation):
            st.apply(action)
        assert json.dumps(st.to_json(), sort_keys=True) == before


def test_whatif_scenario_every_rule_at_once():
    """Issue 4 what-if: the appended coast, energy anywhere (deallocations first), scripted rolls repeating."""
    answer = run_scenario({
        "options": {"to_hit": "d10"},
        "ships": [{"id": "P1", "ring": 3, "sector": 23, "energy": {"railgun": 4, "laser": 4, "shields": 2}},
                  {"id": "P2", "ring": 4, "sector": 1, "heat": 7}],
        "turns": [{"ship": "P1", "actions": [{"allocate": {"engines": 2}}, {"fire": "laser", "targets": ["P2"]},
                                             {"deallocate": {"railgun": 4}}]},
                  {"ship": "P2", "actions": []}],
        "rolls": [0.95, 0.0],
    })
    assert answer["ok"]
    p1, p2 = answer["ships"]
    # P1: laser heat 4, then coast 4 on ring 3: 23 -> 3. d10 = 10: crit, P2 has nothing powered -> no effect.
    assert (p1["sector"], p1["heat"], p1["energy"]["engines"], p1["energy"]["railgun"]) == (3, 4, 2, 0)
    # P2: hull 8 from the laser, then its start: heat 7 -> 2 damage -> 6, then it coasts 2: 1 -> 3.
    assert (p2["hull"], p2["heat"], p2["sector"]) == (6, 0, 3)


@pytest.mark.parametrize("action", [
    Allocate("engines", "2"), Deallocate("laser", 1.5), Burn("light", "x"), Burn("light", 0, "yes"),
    Fire("laser", ["P2"]), Fire("laser", ("P2", 7)), Rotate(1), Transfer(None), Allocate("bogus", 1),
    Fire("phaser", ("P2",)), Burn("ludicrous", 0), Transfer("omega"), Rotate("sideways"), "coast", None,
])
def test_apply_hand_built_malformed_actions_raise_rule_violation_only(action):
    """common brief: apply of any action raises only RuleViolation and leaves the state unchanged."""
    st = state(ship(ring=3, laser=2, engines=1), ship("P2", ring=4, sector=1))
    before = st.to_json()
    with pytest.raises(RuleViolation):
        st.apply(action)
    assert st.to_json() == before
    with pytest.raises(RuleViolation):
        st.play_turn([action])
    assert st.to_json() == before


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
