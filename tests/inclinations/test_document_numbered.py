"""The document's numbered lists, item by item (Heat Lifecycle, Turn Execution, Burn Mechanics, Transfer
Mechanics, Tactical Action Sequencing and its example sequences, Turn Sequence Summary)."""

from gamewright.games.inclinations.actions import EndTurn, parse_action

from .helpers import kinds, play, run, ship, state


# --- 002 Heat Dissipation and Damage: Heat Lifecycle 1-5 -------------------------------------------------
def test_heat_lifecycle_1_use_during_turn_generates_heat():
    me = ship(ring=3, sector=0, thrusters=1, engines=2, laser=2)
    run([me, ship("P2", ring=3, sector=5)], ["rotate retrograde", "burn light 0", "fire laser P2"])
    assert me.heat == 1 + 2 + 2


def test_heat_lifecycle_2_heat_persists_when_the_turn_ends():
    st = state(ship("P1", ring=3, sector=0, engines=3), ship("P2", ring=1, sector=12), ship("P3", ring=5))
    play(st, "burn light 0")
    assert st.ships[0].heat == 3


def test_heat_lifecycle_3_evaluated_and_cleared_when_your_next_turn_begins():
    st = state(ship("P1", ring=2, sector=0, engines=3, laser=4), ship("P2", ring=1, sector=0))
    play(st, "fire laser P2", "burn light 0")  # heat 4 + 3 = 7
    assert st.ships[0].heat == 7
    events = play(st)  # P2's turn ends -> P1's start of turn
    assert "heat_damage" in kinds(events) and st.ships[0].hull == 8 and st.ships[0].heat == 0


def test_heat_lifecycle_4_shields_and_crits_add_heat_between_turns():
    target = ship("P2", ring=3, sector=2, shields=2, engines=3)
    run([ship(ring=3, sector=0, missiles=2), target], ["fire missiles P2"], rolls=[0.0, 0.0])
    assert target.heat == 2 + 3  # absorbed 2, then a crit unpowers the engines (3)


def test_heat_lifecycle_5_repeat_each_turn_starts_fresh():
    # 4 heat a turn (rotation 1 + scoop 3) never builds up past dissipation 5: each turn starts from 0
    st = state(ship("P1", ring=5, sector=0, thrusters=1, scoop=3, mass=5), ship("P2", ring=1, sector=12))
    for facing in ("retrograde", "prograde", "retrograde"):
        play(st, f"rotate {facing}", "coast scoop")
        assert st.ships[0].heat == 4
        play(st)  # P2; then P1's start of turn clears the heat
        assert st.ships[0].heat == 0
    assert st.ships[0].hull == 10 and st.ships[0].mass == 8


# --- 002 Turn Execution 1-4 / Planning Phase ---------------------------------------------------------------
def test_turn_execution_pending_changes_are_not_committed_until_execute():
    st = state(ship("P1", ring=3), ship("P2", ring=1, sector=12))
    st.apply(parse_action("allocate engines 3"))  # 1. a difference between committed and pending
    assert st.ships[0].energy[0] == 0 and st.preview_plan().ships[0].energy[0] == 3
    st.apply(EndTurn())  # 2.-3. actions processed by the engine
    assert st.ships[0].energy[0] == 3  # 4. the new committed state is the starting point


# --- 002 Burn Mechanics 1-5 (ref: same-turn completion, same-turn allocation) -----------------------------
def test_burn_mechanics_1_energy_may_be_allocated_in_the_same_turn():
    me = ship(ring=3)
    run([me, ship("P2", ring=1, sector=12)], ["allocate engines 2", "burn medium 0"])
    assert me.ring == 5


def test_burn_mechanics_2_mass_is_spent_when_the_burn_executes_not_on_allocation():
    me = ship(ring=2)
    run([me, ship("P2", ring=1, sector=12)], ["allocate engines 3"])
    assert me.mass == 10
    run([me, ship("P2", ring=1, sector=12)], ["burn heavy -1"])
    assert me.mass == 6


def test_burn_mechanics_3_4_the_transfer_completes_in_the_same_turn():
    st = state(ship("P1", ring=3, sector=0, engines=1), ship("P2", ring=1, sector=12), ship("P3", ring=5))
    play(st, "burn light 0")
    assert (st.ships[0].ring, st.ships[0].sector) == (4, 4)  # no "in transit" turn


def test_burn_mechanics_5_arrival_keeps_the_sector_number():
    me = ship(ring=2, sector=5, engines=3)
    run([me, ship("P2", ring=5, sector=20)], ["burn heavy 0"])
    assert (me.ring, me.sector) == (5, 11)  # drift 6 on ring 2, then R2 S11 -> R5 S11


# --- 002 Transfer Mechanics 1-5 ----------------------------------------------------------------------------
def test_transfer_mechanics_1_to_5():
    st = state(ship("P1", ring=5, sector=4, engines=3, facing="retrograde"), ship("P2", ring=1, sector=12))
    play(st, "transfer gamma")
    me = st.ships[0]
    assert (me.well, me.ring, me.sector) == (3, 3, 5)  # 1 instantaneous, 2 at the arrival sector
    assert me.facing == -1 and me.mass == 10  # 4 facing preserved, 5 no mass
    play(st)  # P2
    play(st, "coast")
    assert me.sector == 6  # 3 orbital movement applies on the next turn (planet ring 3, v 1)


# --- 002 Tactical Action Sequencing: example sequences -----------------------------------------------------
def test_example_sequence_1_rotation_movement_laser_railgun_from_post_movement_position():
    me = ship(ring=3, sector=20, thrusters=1, laser=2, railgun=4)
    laser_t = ship("P2", ring=2, sector=1)  # adjacent ring, 1 sector from S0 (after the drift of 4)
    rail_t = ship("P3", ring=3, sector=20)  # 4 sectors ahead of S0 when facing retrograde
    run([me, laser_t, rail_t], ["rotate retrograde", "coast", "fire laser P2", "fire railgun P3"])
    assert me.sector == 0 and laser_t.hull == 8 and rail_t.hull == 6 and me.ring == 2  # recoil inward


def test_example_sequence_2_missiles_before_rotation_and_movement():
    me = ship(ring=3, sector=0, missiles=2, thrusters=1)
    t = ship("P2", ring=3, sector=21)  # 3 behind now; 7 away after the drift
    events = run([me, t], ["fire missiles P2", "rotate retrograde", "coast"])
    assert t.hull == 7 and kinds(events)[:3] == ["fire", "hit", "rotate"]


def test_example_sequence_3_laser_before_movement_railgun_after():
    me = ship(ring=3, sector=0, thrusters=1, laser=2, railgun=4)
    near = ship("P2", ring=4, sector=23)  # laser reach from S0 only
    rail = ship("P3", ring=3, sector=2)  # retrograde railgun from S4: 2 ahead
    run([me, near, rail], ["rotate retrograde", "fire laser P2", "coast", "fire railgun P3"])
    assert near.hull == 8 and rail.hull == 6


def test_tactical_categories_rotation_and_movement_once_weapons_each_once():
    me = ship(ring=3, sector=0, thrusters=1, laser=2, missiles=2)
    t = ship("P2", ring=4, sector=1)
    events = run([me, t], ["fire laser P2", "rotate retrograde", "fire missiles P2", "coast"])
    assert kinds(events).count("fire") == 2


# --- 002 Turn Sequence Summary -----------------------------------------------------------------------------
def test_turn_sequence_heat_resolution_happens_when_switching_to_the_player():
    st = state(ship("P1", ring=3), ship("P2", ring=1, sector=12, heat=7))
    events = play(st)
    assert kinds(events)[-1] == "heat_damage" and st.ships[1].hull == 8 and st.ships[1].heat == 0


def test_turn_sequence_phase_1_energy_before_phase_2_tactical():
    me = ship(ring=3, sector=0, railgun=4, laser=4, shields=2)
    t = ship("P2", ring=3, sector=2)
    events = run([me, t], ["fire missiles P2", "deallocate railgun 4", "allocate missiles 2"])
    assert kinds(events)[:3] == ["deallocate", "allocate", "fire"]
