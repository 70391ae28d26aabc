"""The pieces the speed work rests on agree with the rules they stand for: the bot's firing spots with the
weapons' reach, the distance tables with their one-turn recurrence, and a pending plan followed step by step with
one replayed from scratch (legal steps, refusals and the validation ``end`` skips)."""

from __future__ import annotations

from pathlib import Path

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import Rng
from gamewright.games.inclinations import bot_tables_data
from gamewright.games.inclinations.actions import BURNS, COAST, INTENSITIES
from gamewright.games.inclinations.board import BLACKHOLE, SECTORS, WELLS, adjustment_range, ring_count, velocities
from gamewright.games.inclinations.bot_moves import movement_groups
from gamewright.games.inclinations.bot_scoring import firing_spots, hot_spots_at
from gamewright.games.inclinations.bot_tables import (
    INF,
    _moves,
    approach_table,
    shipped_tables_text,
    transfer_turns_table,
)
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.ship import LASER, MAX_MASS, MISSILES, RAILGUN
from gamewright.games.inclinations.turn import validate
from gamewright.games.inclinations.weapons import in_reach

from .helpers import ship


def test_firing_spots_are_the_weapons_reach_turned_round() -> None:
    for ring in range(1, 6):
        for sector in range(SECTORS):
            laser, missiles, rail_pro, rail_retro = firing_spots(ring, sector)
            for r in range(1, 6):
                for s in range(SECTORS):
                    spot = r * SECTORS + s
                    assert bool(laser >> spot & 1) == in_reach(LASER, r, s, 1, ring, sector)
                    assert bool(missiles >> spot & 1) == in_reach(MISSILES, r, s, 1, ring, sector)
                    assert bool(rail_pro >> spot & 1) == in_reach(RAILGUN, r, s, 1, ring, sector)
                    assert bool(rail_retro >> spot & 1) == in_reach(RAILGUN, r, s, -1, ring, sector)
            assert hot_spots_at(ring, sector, -1, False) == _by_ring(laser | rail_retro)
            assert hot_spots_at(ring, sector, 1, True) == _by_ring(laser | missiles | rail_pro)


def _by_ring(spots: int) -> tuple[int, ...]:
    return tuple(spots >> r * SECTORS & (1 << SECTORS) - 1 for r in range(8))


def _holds_the_recurrence(table: tuple[tuple[int, ...], ...], well: int, drift: int) -> None:
    """Every cell not at 0 is one turn more than its best move's cell (INF when none leads anywhere)."""
    for r in range(1, ring_count(well) + 1):
        for d in range(SECTORS):
            if table[r][d] == 0:
                continue
            best = 1 + min(table[r2][(d + sh - drift) % SECTORS] for r2, sh in _moves(well, r))
            assert table[r][d] == min(best, INF), (well, r, d)


def test_distance_tables_hold_their_one_turn_recurrence() -> None:
    for planet in (False, True):
        well = 1 if planet else BLACKHOLE
        for rt in range(1, ring_count(well) + 1):
            for kind in (0, 1):
                _holds_the_recurrence(approach_table(planet, rt, kind), well, velocities(well)[rt])
    for well, dest in [(BLACKHOLE, p) for p in range(1, 7)] + [(p, BLACKHOLE) for p in range(1, 7)]:
        table = transfer_turns_table(well, dest)
        _holds_the_recurrence(table, well, 0)
        assert sum(row.count(0) for row in table) == 1


def test_the_shipped_tables_are_the_computed_ones() -> None:
    """bot_tables_data is what ``python -m gamewright.games.inclinations.bot_tables`` writes today."""
    assert Path(bot_tables_data.__file__).read_text(encoding="utf-8") == shipped_tables_text()


def test_movement_groups_start_where_each_movement_ends() -> None:
    me = ship(ring=5, sector=20, mass=4)
    for facing in (1, -1):
        start, groups = movement_groups(me, facing, 3)
        assert start == (20 + 1) % SECTORS
        ends = {(well, ring, (start + shift) % SECTORS) for well, ring, _, moves in groups for _, shift, _ in moves}
        assert (1, 3, 5) in ends  # the transfer to alpha arrives at planet ring 3 sector 5, no drift


def test_movement_groups_hold_every_burn_the_mass_pays_for_and_no_other() -> None:
    """The burns of each group (a slice of the ring's adjustments, shared by every mass at or above the most a
    burn there costs) are those of 002 Burn / Sector Adjustment filtered one by one."""
    for well in (BLACKHOLE, 1):
        for ring in range(1, ring_count(well) + 1):
            low, high = adjustment_range(velocities(well)[ring])
            for facing in (1, -1):
                for mass in range(MAX_MASS + 1):
                    _, groups = movement_groups(ship(well=WELLS[well], ring=ring, sector=7, mass=mass), facing, 99)
                    listed = {(well_to, ring_to, step, cost) for well_to, ring_to, _, moves in groups
                              for step, _, cost in moves if step is not COAST}
                    expected = {(well, ring + k * facing, BURNS[name, adj], k + abs(adj))
                                for name, k in INTENSITIES.items() for adj in range(low, high + 1)
                                if 1 <= ring + k * facing <= ring_count(well) and k + abs(adj) <= mass}
                    assert listed == expected, (well, ring, facing, mass)


def _texts(actions: list) -> list[str]:
    return [a.to_text() for a in actions]


def test_a_plan_followed_step_by_step_lists_and_refuses_as_one_replayed_from_scratch() -> None:
    game = InclinationsGame(None, {"players": 3, "round_limit": 12})
    for seed in range(4):
        st = game.new_initial_state(seed)
        rng = Rng(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.phase == "play":
                fresh = game.state_from_json(st.to_json())  # no replay kept: listed from scratch
                assert _texts(legal) == _texts(fresh.legal_actions())
                for step in legal[:-1:5]:  # listed steps pass validation with the plan
                    assert validate(st.ships, st.current, [*st.plan, step], st.tr) == []
                if st.plan and rng.random() < 0.1:  # take a step back now and then
                    st.undo_step()
                    continue
            action = rng.choice(legal)
            if action.to_text() == "end":
                assert validate(st.ships, st.current, st.plan, st.tr) == []  # what end no longer checks
            st.apply(action)


def test_a_restored_plan_that_fails_validation_is_still_refused_at_end() -> None:
    game = InclinationsGame(None, {"players": 2})
    st = game.state_from_ships([ship("P1", ring=3, sector=0), ship("P2", ring=3, sector=12)])
    data = st.to_json()
    data["plan"] = ["burn heavy +0"]  # no energy in the engines
    restored = game.state_from_json(data)
    restored.legal_actions()
    try:
        restored.apply(restored.legal_actions()[-1])
    except RuleViolation as refused:
        assert "engines" in str(refused)
    else:
        raise AssertionError("an invalid restored plan was executed")
    assert [a.to_text() for a in restored.plan] == data["plan"]  # refused whole: the plan is kept


def test_a_turn_played_without_events_leaves_the_state_the_turn_with_events_leaves() -> None:
    """play_turn(log=False) plays the validated ship and rolls the shots; the state and its stream come out as
    from the full execution, under both hit rules."""
    from gamewright.games.inclinations.bots import make_bot

    for options in ({}, {"to_hit": "d10", "shields_deplete": False}):
        for seed in range(6):
            game = InclinationsGame(None, {**options, "players": 3})
            quiet, loud = game.new_initial_state(seed), game.new_initial_state(seed)
            bots = [make_bot(kind, Rng(f"{seed}/{i}")) for i, kind in enumerate(("hard-bot", "medium-bot",
                                                                                    "random-bot"))]
            while not quiet.is_terminal():
                bot = bots[quiet.current]
                if quiet.phase == "deploy":
                    action = bot.deploy(quiet)
                    quiet.apply(action)
                    loud.apply(action)
                    continue
                plan = bot.choose_turn(quiet)
                quiet.play_turn(plan, log=False)
                loud.play_turn(plan)
                assert quiet.to_json() == loud.to_json()
