"""issue 10 §1: ``preview(action)``, exact odds checked against seeded applications; it never changes anything."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any

import pytest

from gamewright.core.rng import Rng
from gamewright.games.inclinations.actions import Allocate, Deploy, EndTurn, Fire, parse_action
from gamewright.games.inclinations.board import FACINGS
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.state import InclinationsState
from tests.inclinations.helpers import ship, state


def _frac(p: dict[str, Any]) -> Fraction:
    assert p["float"] == pytest.approx(float(Fraction(p["p"])))
    return Fraction(p["p"])


def _scenarios() -> list[tuple[str, InclinationsState]]:
    """Plans whose shots interact: shields depleted by an earlier shot, a crit on shields, a kill then a fizzle,
    a laser at several targets, each under both hit rules."""
    out = []
    for to_hit in ("d10", "always"):
        st = state(ship(ring=3, sector=0, missiles=2, railgun=4, laser=2),
                   ship("P2", ring=3, sector=2, hull=5, shields=3, engines=2),
                   ship("P3", ring=4, sector=1, hull=2, shields=1, laser=3), to_hit=to_hit)
        for t in ("fire laser P3", "allocate engines 1", "fire missiles P2", "fire railgun P2 compensate"):
            st.apply(parse_action(t))
        out.append((f"three shots, two targets, {to_hit}", st))
        st = state(ship(ring=3, sector=0, missiles=2, railgun=4),
                   ship("P2", ring=3, sector=2, hull=2, shields=1, thrusters=1), to_hit=to_hit)
        for t in ("fire missiles P2", "allocate engines 1", "fire railgun P2 compensate"):
            st.apply(parse_action(t))
        out.append((f"kill then fizzle, {to_hit}", st))
    return out


def _observed(events: list[Any]) -> list[dict[str, Any]]:
    """Each shot's outcome, in order, from the events an executed turn gives."""
    shots: list[dict[str, Any]] = []
    for e in events:
        if e.kind in ("hit", "miss", "fizzle"):
            shots.append({"target": e.data["target"], "kind": e.kind, "crit": False,
                          "hull_damage": e.data.get("hull_damage")})
        elif e.kind == "crit":
            shots[-1]["crit"] = True
    return shots


@pytest.mark.parametrize("name,st", _scenarios(), ids=lambda x: x if isinstance(x, str) else "")
def test_preview_matches_seeded_applications(name, st):
    """Every probability within 4 standard errors of its frequency over 20,000 seeded executions of the action."""
    n = 20_000
    before = json.dumps(st.to_json(), sort_keys=True)
    answer = st.preview(EndTurn())
    assert json.dumps(st.to_json(), sort_keys=True) == before  # nothing changed, not even the stream
    assert answer["legal"] and answer["executes"] and answer["errors"] == []
    shots = answer["shots"]
    counts = [{"hit": 0, "crit": 0, "fizzle": 0, "damage": {}} for _ in shots]
    destroyed = {tid: 0 for tid in answer["targets"]}
    me_after = None
    for i in range(n):
        trial = st.clone()
        trial.rng = Rng(f"preview/{name}/{i}")
        seen = _observed(trial.apply(EndTurn()))
        assert [s["target"] for s in seen] == [s["target"] for s in shots]
        for c, s in zip(counts, seen, strict=True):
            c["hit"] += s["kind"] == "hit"
            c["crit"] += s["crit"]
            c["fizzle"] += s["kind"] == "fizzle"
            if s["kind"] == "hit":
                c["damage"][s["hull_damage"]] = c["damage"].get(s["hull_damage"], 0) + 1
        for tid in destroyed:
            destroyed[tid] += next(x for x in trial.ships if x.id == tid).hull <= 0
        me_after = trial.ships[0]

    def close(p: Fraction, k: int, m: int = n) -> None:
        se = math.sqrt(max(float(p * (1 - p)), 1e-12) / m)
        assert abs(k / m - float(p)) <= 4 * se + 1e-9, (name, p, k, m)

    for shot, c in zip(shots, counts, strict=True):
        close(_frac(shot["hit"]), c["hit"])
        close(_frac(shot["crit"]), c["crit"])
        close(_frac(shot["fizzle"]), c["fizzle"])
        dist = shot["hull_damage"]["given_hit"]
        assert set(map(int, dist)) >= set(c["damage"])
        for value, p in dist.items():
            close(_frac(p), c["damage"].get(int(value), 0), max(c["hit"], 1))
    for tid, k in destroyed.items():
        close(_frac(answer["targets"][tid]["destroyed"]), k)
    # the projection is deterministic: the executed ship is where the preview put it (heat before cooling)
    projected = answer["ship"]
    assert me_after is not None
    assert (me_after.ring, me_after.sector, me_after.mass, me_after.ammo, me_after.heat, me_after.facing) == (
        projected["ring"], projected["sector"], projected["mass"], projected["ammo"], projected["heat"],
        FACINGS[projected["facing"]])
    assert me_after.energy == list(projected["energy"].values())


def test_exact_figures_of_a_worked_example():
    """d10: missiles then railgun at P2 (shields 3, depleting). The missiles hit 9/10 and crit 1/10, all absorbed;
    the railgun then meets shields only if the missiles missed (1/10): hull damage 1 (1/10) or 4 (9/10)."""
    st = state(ship(ring=3, sector=0, missiles=2, railgun=4), ship("P2", ring=3, sector=3, shields=3, engines=2),
               to_hit="d10")
    st.apply(parse_action("fire missiles P2"))
    answer = st.preview(parse_action("fire railgun P2"))
    missiles, railgun = answer["shots"]
    assert missiles["hit"]["p"] == "9/10" and missiles["crit"]["p"] == "1/10"
    assert missiles["hull_damage"] == {"min": 0, "max": 0, "given_hit": {"0": {"p": "1/1", "float": 1.0}}}
    assert railgun["hull_damage"]["given_hit"] == {"1": {"p": "1/10", "float": 0.1},
                                                   "4": {"p": "9/10", "float": 0.9}}
    ship_after = answer["ship"]
    # the recoil pushes it to ring 4 (velocity 2), then the appended coast: sector 0 -> 2; heat 2 + 4
    assert (ship_after["ring"], ship_after["sector"], ship_after["heat"]) == (4, 2, 6)
    assert ship_after["hull_damage_next_turn"] == 1 and answer["drift"] and not answer["executes"]


def test_every_legal_action_previews_as_legal_and_changes_nothing():
    """Random games: every listed action previews legal; stale and foreign ones agree with apply; no change."""
    rng = Rng(41)
    checked = 0
    for seed in range(3):
        st = InclinationsGame(None, {"players": 3, "to_hit": "d10" if seed % 2 else "always"}).new_initial_state(seed)
        stale: list[Any] = []
        while not st.is_terminal() and st.round < 12:
            actions = st.legal_actions()
            before = json.dumps(st.to_json(), sort_keys=True)
            sample = [actions[int(rng.random() * len(actions))] for _ in range(4)] + [actions[-1]]
            for a in sample:
                answer = st.preview(a)
                assert answer["legal"] and answer["action"] == a.to_text(), answer
                checked += 1
            for a in stale[-6:] + [Deploy(3), Fire("laser", ("P9",)), "end"]:
                answer = st.preview(a)
                try:
                    st.clone().apply(a)
                    accepted = True
                except Exception:
                    accepted = False
                assert answer["legal"] == accepted, (a, answer)
            assert json.dumps(st.to_json(), sort_keys=True) == before
            stale.extend(sample)
            choice = actions[int(rng.random() * len(actions))]
            if st.phase == "play" and len(st.plan) > 4:
                choice = EndTurn()
            st.apply(choice)
    assert checked > 300


def test_preview_answers_in_the_deploy_phase_and_after_the_end():
    st = InclinationsGame().new_initial_state(0)
    answer = st.preview(Deploy(7))
    assert answer["legal"] and answer["ship"]["sector"] == 7 and answer["ship"]["ring"] == 4
    st.apply(Deploy(7))
    taken = st.preview(Deploy(7))
    assert not taken["legal"] and "taken" in taken["errors"][0]
    assert not st.preview(EndTurn())["legal"]
    st.winner, st.phase = 0, "over"
    assert st.preview(Deploy(1)) == {"action": "deploy 1", "legal": False, "errors": ["the game is over"],
                                     "phase": "over"}


def test_deploy_preview_reports_what_the_ships_already_placed_can_do():
    """P1 at ring 4 sector 10, prograde: a ship placed 1-6 sectors ahead is in its railgun's arc; one placed
    directly opposite (sector 22) is out of everything P1 can reach in its coming turn."""
    st = InclinationsGame().new_initial_state(0)
    st.apply(Deploy(10))
    ahead = st.preview(Deploy(13))["threats"]
    assert ahead[0]["ship"] == "P1" and "railgun" in ahead[0]["weapons"] and ahead[0]["damage"] >= 4
    assert st.preview(Deploy(22))["threats"] == [{"ship": "P1", "damage": 0, "weapons": []}]
    assert InclinationsGame().new_initial_state(0).preview(Deploy(3))["threats"] == []


def test_preview_steps_of_a_whole_turn_equals_step_by_step():
    st = state(ship(ring=3, sector=0), ship("P2", ring=3, sector=3, shields=2), to_hit="d10")
    steps = [parse_action(t) for t in ("allocate missiles 2", "allocate engines 1", "fire missiles P2",
                                       "burn light +1")]
    before = json.dumps(st.to_json(), sort_keys=True)
    whole = st.preview_steps(steps)
    assert json.dumps(st.to_json(), sort_keys=True) == before
    for s in steps:
        st.apply(s)
    stepwise = st.preview(EndTurn())
    assert whole["action"] == "allocate missiles 2; allocate engines 1; fire missiles P2; burn light +1; end"
    assert {k: v for k, v in whole.items() if k != "action"} == {k: v for k, v in stepwise.items() if k != "action"}
    refused = state(ship(ring=3, sector=0), ship("P2", ring=3, sector=3)).preview_steps(
        [parse_action("fire laser P2")])
    assert not refused["legal"] and "laser" in refused["errors"][0]
    assert not st.preview_steps(["coast"])["legal"]


@pytest.mark.parametrize(("step", "ring_after"), [("coast", 3), ("burn light +1", 4), (None, 3)])
def test_the_route_runs_from_the_ships_place_through_its_movement(step: str | None, ring_after: int) -> None:
    st = state(ship(ring=3, sector=0, engines=2), ship("P2", ring=5, sector=10))
    if step is not None:  # None: no movement planned, so the ship drifts (ref Turn 3)
        st.apply(parse_action(step))
    p = st.preview(EndTurn())
    start, end = p["route"][0], p["route"][-1]
    assert start == {"well": "blackhole", "ring": 3, "sector": 0} and len(p["route"]) == 2  # one movement a turn
    assert end == {k: p["ship"][k] for k in ("well", "ring", "sector")} and end["ring"] == ring_after


def test_ref_planning_preview_draws_nothing_and_commits_nothing():
    """ref Planning phase / Further rulings: preview uses no draws, assumes no crit, changes nothing."""
    st = state(ship(ring=3, sector=0, laser=2), ship("P2", ring=4, sector=0))
    before = st.to_json()
    result = st.preview_plan([Allocate("engines", 1), Fire("laser", ("P2",))])
    assert result.ok and result.ships[1].hull == 8
    assert st.to_json() == before
