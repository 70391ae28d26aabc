"""002 Reactor Basics, Subsystem Activation, Energy Deallocation, Validation; ref Ship."""

from gamewright.games.inclinations.ship import MAX_ENERGY, MIN_ENERGY, SUBSYSTEMS

from .helpers import errors, run, ship


def test_subsystem_limits_match_the_document():
    limits = dict(zip(SUBSYSTEMS, zip(MIN_ENERGY, MAX_ENERGY, strict=True), strict=True))
    assert limits == {"engines": (1, 3), "thrusters": (1, 1), "scoop": (3, 3), "laser": (2, 4),
                      "railgun": (4, 4), "missiles": (2, 4), "shields": (1, 4)}


def test_reactor_has_ten_and_allocation_persists():
    me, other = ship(), ship("P2", ring=5)
    run([me, other], ["allocate engines 3", "allocate laser 4", "allocate shields 3"])
    assert me.energy[0] == 3 and me.free == 0
    run([me, other], [])  # next turn: nothing changes the allocation
    assert me.energy[0] == 3 and me.energy[3] == 4 and me.energy[6] == 3


def test_amounts_are_increments():
    me, other = ship(engines=1), ship("P2", ring=5)
    run([me, other], ["allocate engines 2"])
    assert me.energy[0] == 3


def test_over_allocation_rejected():
    me = ship(laser=4, railgun=4)
    assert any("only 2 free energy" in e for e in errors([me, ship("P2")], ["allocate shields 3"]))


def test_more_than_subsystem_max_rejected():
    assert any("at most 3" in e for e in errors([ship(), ship("P2")], ["allocate engines 4"]))


def test_deallocating_more_than_allocated_rejected():
    assert any("holds only 1" in e for e in errors([ship(engines=1), ship("P2")], ["deallocate engines 2"]))


def test_deallocation_is_free_and_returns_energy_at_once():
    me = ship(railgun=4, laser=4, shields=2)
    run([me, ship("P2")], ["deallocate railgun 4"])
    assert me.free == 4 and me.heat == 0


def test_deallocations_apply_before_allocations():
    # ref Turn 2: the allocation is listed first but the deallocation makes room for it
    me = ship(railgun=4, laser=4, shields=2)
    assert errors([me, ship("P2")], ["allocate missiles 4", "deallocate railgun 4"]) == []
    run([me, ship("P2")], ["allocate missiles 4", "deallocate railgun 4"])
    assert me.energy[4] == 0 and me.energy[5] == 4


def test_below_minimum_is_inactive_but_allowed():
    me = ship()
    assert errors([me, ship("P2")], ["allocate railgun 2"]) == []  # allowed to hold it
    assert any("needs at least 4" in e for e in errors([ship(railgun=2), ship("P2", ring=3, sector=2)],
                                                       ["fire railgun P2"]))


def test_engine_power_levels_unlock_burn_intensities():
    # 002 Subsystem Activation: different power levels unlock different intensities
    low = ship(engines=1)
    assert errors([low, ship("P2")], ["burn light 0"]) == []
    assert any("at least 2" in e for e in errors([low, ship("P2")], ["burn medium 0"]))


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
