"""Issue 22 item 5: ``preview["affliction_change"]`` is a whole distribution for every planet it lists.

A combust acting planet propagates nothing (000 §13a step 7), so in those branches the planets propagation reaches
elsewhere change by 0; the preview used to leave those branches out, and a planet's changes summed below 1.
Checked here against a brute-force enumeration of every draw of the turn (no structural shortcut) and against
applied turns.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from gamewright.core.rng import Rng, ScriptedRng
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.preview import HIT, MISS, check_chance
from gamewright.games.prince.resolve import TurnResult
from gamewright.games.prince.state import DEPLOY, PLANET_INDEX, PrinceState
from gamewright.games.prince.turn import resolve_turn

Key = tuple[str, str]


def _state(ruleset: str, seed: int, turns: int, afflictions: list[int]) -> PrinceState:
    """A run some turns in, its planets set to the given afflictions: high ones make acting planets combust."""
    state = PrinceGame(ruleset).new_initial_state(seed)
    for _ in range(turns):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[-1])
    for side, values in ((state.ps, afflictions[:7]), (state.os, afflictions[7:])):
        for i in range(7):
            if not side.combust[i]:
                side.affliction[i] = values[i]
    return state


def _states() -> list[PrinceState]:
    rng = Rng(22)
    out = []
    for k in range(24):
        state = _state(("design", "prototype")[k % 2], k, k % 9, [rng.randint(0, 40) for _ in range(14)])
        if not state.is_terminal():
            out.append(state)
    return out


def _turn_deltas(data: dict) -> dict[Key, int]:
    """Each planet's change in one resolved turn, from the turn's own record (direct, then propagation)."""
    out: dict[Key, int] = {}
    for side in ("player", "opponent"):
        direct = data["direct"][side]
        out[(side, direct["planet"])] = direct["delta"]
    for step in data["propagation"]:
        key = (step["side"], step["to"])
        out[key] = out.get(key, 0) + step["delta"]
    return out


def _enumerate(state: PrinceState, planet: str) -> dict[Key, dict[int, Fraction]]:
    """Every hit/miss pattern of every draw of the turn (crits and all combustion checks), by brute force."""
    opponent = state.opponent
    assert opponent is not None
    acting = (PLANET_INDEX[planet], state.current)

    def resolve(pattern: list[bool]) -> TurnResult:
        rng = ScriptedRng([*(HIT if hit else MISS for hit in pattern), MISS], repeat_last=True)
        return resolve_turn(state.cfg, (state.player, opponent), (state.ps.clone(), state.os.clone()), acting, rng)

    found: list[tuple[Fraction, dict[Key, int]]] = []
    pending: list[list[bool]] = [[]]
    while pending:
        pattern = pending.pop()
        result = resolve(pattern)
        chances = [min(Fraction(1), c) for c in result.chances] + [check_chance(c).value for c in result.checks]
        hits = [*result.crits, *(c.combusted or c.saved for c in result.checks)]
        if hits[: len(pattern)] != pattern:
            continue  # a hit asked of a draw whose chance is 0
        if len(pattern) < len(chances):
            nxt = chances[len(pattern)]
            pending.extend(pattern + [hit] for hit in (True, False) if (nxt if hit else 1 - nxt) > 0)
            continue
        weight = Fraction(1)
        for hit, chance in zip(hits, chances, strict=True):
            weight *= chance if hit else 1 - chance
        found.append((weight, _turn_deltas(result.to_json())))
    assert sum(w for w, _ in found) == 1
    touched = {key for _, deltas in found for key in deltas}
    dist: dict[Key, dict[int, Fraction]] = defaultdict(dict)
    for weight, deltas in found:
        for key in touched:
            d = deltas.get(key, 0)
            dist[key][d] = dist[key].get(d, Fraction(0)) + weight
    return dist


def _preview_dist(preview: dict) -> dict[Key, dict[int, Fraction]]:
    return {(side, p): {r["delta"]: Fraction(r["p"]) for r in rows}
            for side, planets in preview["affliction_change"].items() for p, rows in planets.items()}


def test_every_planets_change_sums_to_exactly_one_and_equals_the_enumeration() -> None:
    previews = combusting = 0
    for state in _states():
        for action in state.legal_actions():
            preview = state.preview(action)
            exact = all(o["p"].get("exact", True) for o in preview["outcomes"])
            got = _preview_dist(preview)
            for key, by in got.items():
                assert sum(by.values()) == 1, (key, by)
                for entry in preview["affliction_change"][key[0]][key[1]]:
                    assert Fraction(entry["p"]) > 0 and set(entry) >= {"delta", "p", "float"}
            if exact:  # a fall planet's irrational √r is given to 2⁻⁶⁴: compare only the exact ones
                assert got == _enumerate(state, action.planet)
            previews += 1
            sent = {"player": action.planet, "opponent": preview["opponent_planet"]}
            combusting += any(c["side"] == s and c["planet"] == sent[s]
                              for o in preview["outcomes"] for c in o["combusted"] for s in sent)
    assert previews >= 60 and combusting >= 20  # many states, many with a sent planet that may combust


def test_applied_turns_land_on_the_listed_changes() -> None:
    for state in _states()[:8]:
        for action in state.legal_actions():
            dist = _preview_dist(state.preview(action))
            for seed in range(6):
                trial = state.clone()
                trial.rng = Rng(seed)
                event = next(e for e in trial.apply(action) if e.kind == "turn")
                deltas = _turn_deltas(event.data)
                assert set(deltas) <= set(dist)
                for key, by in dist.items():
                    assert by.get(deltas.get(key, 0), 0) > 0, (key, deltas, by)


def test_a_sent_planet_that_combusts_leaves_the_propagation_targets_unchanged() -> None:
    """The state of the audit's finding: propagation reaches three planets a side; their 0 rows are the branches
    where the sending planet combusts."""
    state = _state("prototype", 5, 8, [3, 9, 14, 6, 12, 2, 18, 11, 4, 16, 8, 13, 3, 9])
    preview = state.preview(DEPLOY[state.legal_actions()[0].planet])
    sent = preview["action"]
    combusts = sum((Fraction(o["p"]["p"]) for o in preview["outcomes"]
                    if {"side": "player", "planet": sent} in o["combusted"]), Fraction(0))
    assert 0 < combusts < 1
    others = {p: rows for p, rows in preview["affliction_change"]["player"].items() if p != sent}
    assert others
    for rows in others.values():
        zero = next(Fraction(r["p"]) for r in rows if r["delta"] == 0)
        assert zero >= combusts
