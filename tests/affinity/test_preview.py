"""Issue 10 §1: ``CombatState.preview`` against 20,000 seeded applications of the same action; it changes nothing."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.game import load_game
from gamewright.core.rng import Rng
from gamewright.games.affinity.combat import Act, CombatState

SAMPLES = 20_000


def _state(level: int, creature: str, seed: int, party: str = "combatant,priest,ranger,weaver") -> CombatState:
    state: CombatState = load_game("affinity", options={"level": level, "creature": creature, "party": party}
                                   ).new_initial_state(seed)
    return state


def _until(state: CombatState, pred: Any) -> CombatState:
    """Creatures walk in, the party waits, until ``pred(state)``."""
    while not pred(state):
        acts = state.legal_actions()
        wanted = "move" if state.current_player == 1 else "end"
        state.apply(next((a for a in acts if a.verb == wanted), acts[0]))
    return state


def _frac(p: dict[str, Any]) -> Fraction:
    return Fraction(p["p"])


def _within(counts: dict[int, int], expected: dict[str, Any], n: int, what: str) -> None:
    keys = {str(k) for k in counts} | set(expected)
    for k in keys:
        p = float(_frac(expected[k])) if k in expected else 0.0
        freq = counts.get(int(k), 0) / n
        se = math.sqrt(p * (1 - p) / n)
        assert abs(freq - p) <= 4 * se + 1e-12, f"{what}[{k}]: {freq:.4f} sampled vs {p:.4f} previewed"


def _check_against_samples(state: CombatState, act: Act) -> dict[str, Any]:
    before = state.to_json()
    pv = state.preview(act)
    assert state.to_json() == before  # nothing changed, the random stream included
    assert pv["legal"], pv
    f = state.fighters[state.active]
    target = pv["targets"][0]["idx"] if pv.get("targets") else None
    succ: dict[int, int] = {}
    burned: dict[int, int] = {}
    lost: dict[int, int] = {}
    checks = {"actor": 0, "target": 0}
    hd_cost = pv.get("hd_cost", 0)
    for i in range(SAMPLES):
        trial = state.clone()
        trial.rng = Rng(i)
        events = trial.apply(act)
        roll = next(e for e in events if e.kind == "roll" and e.data["who"] == f.idx)
        succ[roll.data["successes"]] = succ.get(roll.data["successes"], 0) + 1
        hd_burned = max(0, f.hd - hd_cost) - trial.fighters[f.idx].hd if f.pc else 0
        burned[hd_burned] = burned.get(hd_burned, 0) + 1
        for who, key in ((f.idx, "actor"), (target, "target")):
            if any(e.kind == "resolve" and e.data["who"] == who for e in events):
                checks[key] += 1
        if target is not None:
            k = state.fighters[target].hd - trial.fighters[target].hd
            lost[k] = lost.get(k, 0) + 1
    _within(succ, pv["successes"], SAMPLES, "successes")
    _within(burned, pv["hd_burned"], SAMPLES, "hd_burned")
    _within({1: checks["actor"]}, {"1": pv["resolve_check"]["p"]}, SAMPLES, "actor's Resolve check")
    if target is not None:
        _within(lost, pv["targets"][0]["hd_lost"], SAMPLES, "target's HD lost")
        _within({1: checks["target"]}, {"1": pv["targets"][0]["resolve_check"]}, SAMPLES, "target's check")
    return pv


def test_pc_attack_at_maximum_exertion_matches_its_samples() -> None:
    """A ranger's shot at full exertion: burns, the maximum-exertion check, the target's parry and armour."""
    state = _until(_state(5, "bandit_captain", 4), lambda s: s.fighters[s.active].key == "ranger")
    act = max((a for a in state.legal_actions() if a.verb == "use" and a.ability == "weapon_strike"
               and a.target >= 4), key=lambda a: a.exertion)
    pv = _check_against_samples(state, act)
    assert pv["resolve_check"]["triggers"]  # maximum exertion triggers a check
    assert pv["dice"]["exertion"] == state.fighters[state.active].prof


def test_creature_attack_on_a_party_member_matches_its_samples() -> None:
    state = _until(_state(1, "orc_raider", 2), lambda s: s.current_player == 1
                   and any(a.verb == "use" for a in s.legal_actions()))
    act = next(a for a in state.legal_actions() if a.verb == "use")
    _check_against_samples(state, act)


def test_devastating_assault_chains_its_strikes_exactly() -> None:
    state = _until(_state(5, "orc_berserker", 9, "combatant,priest"),
                   lambda s: any(a.ability == "devastating_assault" for a in s.legal_actions()))
    act = next(a for a in state.legal_actions() if a.verb == "use" and a.ability == "devastating_assault")
    pv = _check_against_samples(state, act)
    assert pv["hd_cost"] == 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), pick=st.integers(0, 10_000))
def test_preview_of_any_listed_action_changes_nothing(seed: int, steps: int, pick: int) -> None:
    state = _state(3, "sellsword", seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return
    acts = state.legal_actions()
    act = acts[pick % len(acts)]
    before = state.to_json()
    pv = state.preview(act)
    assert state.to_json() == before
    assert pv["legal"] and pv["errors"] == [] and pv["action"] == act.to_text()
    for key in ("successes", "hd_burned"):
        if key in pv:
            assert sum(_frac(v) for v in pv[key].values()) == 1
    for t in pv.get("targets", []):
        assert sum(_frac(v) for v in t["hd_lost"].values()) == 1


def test_illegal_actions_preview_as_refusals() -> None:
    state = _state(1, "pall_wolf", 1)
    for act in (Act("use", "no_such", 4), Act("move", "", 99), "use weapon_strike", None):
        pv = state.preview(act)
        assert pv["legal"] is False and pv["errors"] and isinstance(pv["action"], str)


def test_the_fight_menu_shows_the_engines_preview(cli) -> None:
    code, out, _ = cli("affinity", "fight", "--seed", "1", stdin="end\n" * 400)
    state = _until(_state(1, "pall_wolf", 1), lambda s: s.current_player == 0)
    act = next(a for a in state.legal_actions() if a.verb == "use" and a.exertion == 0 and a.target >= 4)
    pv = state.preview(act)
    assert f"needs {pv['dice']['required']}: {pv['success']['float']:.0%}" in out
    assert "loses ~" in out
