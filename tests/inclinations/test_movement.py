"""002 Automatic Orbital Movement, Coast, Burn, Sector Adjustment, Sector Mapping, Fuel Scoop, Well Transfer,
Rotation; ref Movement."""

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.games.inclinations.actions import Burn
from gamewright.games.inclinations.board import PROGRADE, RETROGRADE, WELL_INDEX, WELLS

from .helpers import errors, kinds, run, ship, state


@pytest.mark.parametrize(("ring", "velocity"), [(1, 8), (2, 6), (3, 4), (4, 2), (5, 1)])
def test_coast_drifts_velocity_sectors(ring, velocity):
    # ref Movement: velocity wins over the document's "1 sector" leftover
    me = ship(ring=ring, sector=22)
    run([me, ship("P2", ring=5, sector=10)], ["coast"])
    assert me.ring == ring and me.sector == (22 + velocity) % 24 and me.mass == 10 and me.heat == 0


def test_planet_coast_uses_planet_velocities():
    me = ship(well="beta", ring=1, sector=0)
    run([me, ship("P2", ring=5)], ["coast"])
    assert me.sector == 4


def test_a_coast_is_appended_when_no_movement_is_planned():
    me = ship(ring=4, sector=3)
    events = run([me, ship("P2", ring=1)], [])
    assert kinds(events) == ["coast"] and me.sector == 5


def test_drift_even_when_facing_retrograde():
    me = ship(ring=3, sector=2, facing="retrograde")
    run([me, ship("P2", ring=5)], ["coast"])
    assert me.sector == 6


@pytest.mark.parametrize(("ring", "gain"), [(1, 8), (2, 6), (3, 4), (4, 2), (5, 1)])
def test_fuel_scoop_recovery_by_ring_table(ring, gain):
    # 002 Fuel Scoop Recovery by Ring table
    me = ship(ring=ring, mass=0, scoop=3)
    run([me, ship("P2", ring=5, sector=12)], ["coast scoop"])
    assert me.mass == gain and me.heat == 3


def test_fuel_scoop_capped_at_ten_and_legal_at_full_mass():
    me = ship(ring=1, mass=7, scoop=3)
    run([me, ship("P2", ring=5, sector=12)], ["coast scoop"])
    assert me.mass == 10
    full = ship(ring=1, mass=10, scoop=3)
    run([full, ship("P2", ring=5, sector=12)], ["coast scoop"])
    assert full.mass == 10 and full.heat == 3  # ref Further rulings: legal, heat 3, no gain


def test_fuel_scoop_needs_three_energy():
    assert any("fuel scoop needs 3" in e for e in errors([ship(ring=2), ship("P2")], ["coast scoop"]))


@pytest.mark.parametrize(("intensity", "k"), [("light", 1), ("medium", 2), ("heavy", 3)])
def test_burn_moves_rings_outward_when_prograde(intensity, k):
    me = ship(ring=1, sector=0, engines=3)
    run([me, ship("P2", ring=5, sector=12)], [f"burn {intensity} 0"])
    assert me.ring == 1 + k and me.sector == 8 and me.mass == 10 - k  # drift 8 on ring 1, 1:1 mapping


def test_burn_retrograde_moves_inward():
    me = ship(ring=5, sector=0, engines=3, facing="retrograde")
    run([me, ship("P2", ring=1, sector=12)], ["burn heavy 0"])
    assert me.ring == 2 and me.sector == 1


def test_burn_completes_in_the_same_turn_then_weapons_fire_from_the_new_ring():
    # ref Movement / Weapons: the burn completes in the same turn
    me = ship(ring=3, sector=0, engines=1, missiles=2)
    target = ship("P2", ring=4, sector=6, hull=10)
    # from ring 3 sector 0: drift 4 to S4, ring 4, adjust +0: S4 -> target 2 sectors away, same ring
    run([me, target], ["burn light 0", "fire missiles P2"])
    assert (me.ring, me.sector) == (4, 4) and target.hull == 7


def test_sector_adjustment_example_soft_burn_plus_2_is_3_mass():
    # 002 Sector Adjustment example: soft burn (1 mass) with +2 adjustment = 3 total mass
    me = ship(ring=3, sector=5, engines=1)
    run([me, ship("P2", ring=1, sector=20)], ["burn light +2"])
    assert me.mass == 7 and (me.ring, me.sector) == (4, 11)


def test_sector_adjustment_example_medium_burn_minus_3_is_5_mass():
    # 002 Sector Adjustment example: medium burn (2 mass) with -3 adjustment = 5 total mass
    me = ship(ring=3, sector=5, engines=2)
    run([me, ship("P2", ring=1, sector=20)], ["burn medium -3"])
    assert me.mass == 5 and (me.ring, me.sector) == (5, 6)


def test_sector_adjustment_example_perfect_hohmann_base_cost_only():
    me = ship(ring=2, sector=0, engines=3)
    run([me, ship("P2", ring=5, sector=20)], ["burn heavy 0"])
    assert me.mass == 7


def test_adjustment_wraps_around():
    # 002 Sector Mapping: final sector = (base + adjustment) mod 24
    me = ship(ring=4, sector=21, engines=1)
    run([me, ship("P2", ring=1, sector=10)], ["burn light +3"])
    assert me.sector == (21 + 2 + 3) % 24


@pytest.mark.parametrize(("ring", "low"), [(1, -7), (2, -5), (3, -3), (4, -1), (5, 0)])
def test_adjustment_range_by_starting_ring(ring, low):
    facing = "retrograde" if ring == 5 else "prograde"
    me = ship(ring=ring, engines=1, facing=facing)
    assert errors([me, ship("P2", ring=3, sector=12)], [f"burn light {low}"]) == []
    assert any("sector adjustment" in e for e in errors([me, ship("P2")], [f"burn light {low - 1}"]))
    assert any("sector adjustment" in e for e in errors([me, ship("P2")], ["burn light +4"]))


def test_burn_heat_is_engine_allocation_and_energy_is_not_spent():
    me = ship(ring=2, engines=3)
    run([me, ship("P2", ring=5)], ["burn light 0"])
    assert me.heat == 3 and me.energy[0] == 3


def test_engines_powered_in_the_same_turn_can_burn():
    # ref Further rulings: a deliberate departure from "pre-allocated"
    me = ship(ring=2)
    run([me, ship("P2", ring=5)], ["allocate engines 1", "burn light 0"])
    assert me.ring == 3


def test_burn_destination_outside_the_well_is_rejected_not_clamped():
    me = ship(ring=4, engines=3)
    errs = errors([me, ship("P2")], ["burn medium 0"])
    assert any("would reach ring 6" in e for e in errs)
    me = ship(well="gamma", ring=1, engines=1, facing="retrograde")
    assert any("would reach ring 0" in e for e in errors([me, ship("P2")], ["burn light 0"]))


def test_well_transfer_outbound_and_return():
    alpha = WELL_INDEX["alpha"]
    me = ship(ring=5, sector=20, engines=3, facing="retrograde")
    events = run([me, ship("P2", ring=1)], ["transfer alpha"])
    assert (me.well, me.ring, me.sector, me.facing) == (alpha, 3, 5, RETROGRADE)  # facing preserved
    assert me.mass == 10 and me.heat == 3  # no mass cost; heat = engines
    assert kinds(events) == ["transfer"]  # no drift that turn
    me.sector = 18
    me.heat = 0
    run([me, ship("P2", ring=1)], ["transfer blackhole"])
    assert (me.well, me.ring, me.sector) == (0, 5, 3)


def test_each_planet_transfer_follows_the_table():
    for planet, (out_sector, back_sector) in {"beta": (0, 7), "zeta": (16, 23)}.items():
        me = ship(ring=5, sector=out_sector, engines=3)
        run([me, ship("P2", ring=1)], [f"transfer {planet}"])
        assert (me.ring, me.sector) == (3, 5)
        me.sector = 18
        run([me, ship("P2", ring=1)], ["transfer blackhole"])
        assert (me.well, me.ring, me.sector) == (0, 5, back_sector)


def test_well_transfer_mass_option():
    me = ship(ring=5, sector=20, engines=3)
    run([me, ship("P2", ring=1)], ["transfer alpha"], well_transfer_mass=3)
    assert me.mass == 7


def test_transfer_requirements():
    others = [ship("P2", ring=1)]
    assert any("outermost ring" in e for e in errors([ship(ring=4, sector=20, engines=3), *others], ["transfer alpha"]))
    assert any("leaves from sector 20" in e for e in errors([ship(ring=5, sector=0, engines=3), *others],
                                                            ["transfer alpha"]))
    assert any("engines at 3" in e for e in errors([ship(ring=5, sector=20, engines=2), *others], ["transfer alpha"]))
    assert any("only transfer is to the blackhole" in e
               for e in errors([ship(well="alpha", ring=3, sector=18, engines=3), *others], ["transfer beta"]))


def test_rotation_needs_thrusters_changes_facing_and_makes_heat():
    me = ship(ring=3, thrusters=1)
    run([me, ship("P2", ring=5)], ["rotate retrograde"])
    assert me.facing == RETROGRADE and me.heat == 1
    assert any("thrusters need" in e for e in errors([ship(), ship("P2")], ["rotate retrograde"]))
    assert any("already faces" in e for e in errors([ship(thrusters=1), ship("P2")], ["rotate prograde"]))
    assert PROGRADE == 1


def test_rotation_once_per_turn():
    me = ship(thrusters=1)
    assert any("only one rotation" in e for e in errors([me, ship("P2")],
                                                        ["rotate retrograde", "rotate prograde"]))


def test_sector_mapping_examples():
    # 002 Sector Mapping: R1 S5 -> R2 S5 (1:1), and "Start at S5, +3 adjustment -> arrive at S8"
    from gamewright.games.inclinations.board import SECTORS

    assert SECTORS == 24
    me = ship(ring=5, sector=4, engines=1, facing="retrograde")  # drift 1 on ring 5: base sector S5
    run([me, ship("P2", ring=1, sector=20)], ["burn light +3"])
    assert (me.ring, me.sector) == (4, 8)


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
