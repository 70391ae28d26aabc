"""``preview(action)`` against the engine itself: exact odds checked by 20,000 seeded applications of the same
action, and no change to the state or its random stream for any action, legal or not."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from gamewright.core.rng import Rng
from gamewright.games.penance import make_game
from gamewright.games.penance.bots import make_bot
from gamewright.games.penance.components import CHASSIS, COMPONENTS, HEAD, LEFT_ARM
from gamewright.games.penance.state import Act, PenanceState
from tests.penance.helpers import duel, hand_card, place

N = 20_000


def _front() -> tuple[PenanceState, Act]:
    st = duel(hand=["faithful_thrust"])
    return st, Act("play", hand_card(st, 0, "faithful_thrust"), HEAD)


def _rear_with_defense_and_moves() -> tuple[PenanceState, Act]:
    st = duel("confessor,ironclad", hand=["faithful_thrust"])
    place(st, 0, "J11", "W")  # behind P2 (at I11 facing W): rear side, TN -2, Faithful Thrust +2
    st.sides[0].moved = 2
    st.sides[1].moved_last = 4
    st.sides[1].def_turn = 2  # flat Defense from a card it played
    st.sides[0].next_bypass = 1
    return st, Act("play", hand_card(st, 0, "faithful_thrust"), CHASSIS)


def _pistol_range_with_head_damage() -> tuple[PenanceState, Act]:
    st = duel("confessor:D,ironclad", hand=["quick_shot"])
    place(st, 0, "F11", "E")
    st.sides[0].comp[HEAD] = st.sides[0].cls.zones[HEAD].ap_max + 1
    st.sides[0].feint = 1
    return st, Act("play", hand_card(st, 0, "quick_shot"), LEFT_ARM)


def _random_location() -> tuple[PenanceState, Act]:
    st = duel(hand=["faithful_thrust"])
    st.rules = make_game(options={"hit_location": "random"}).rules
    st.sides[1].destroyed[HEAD] = True
    return st, Act("play", hand_card(st, 0, "faithful_thrust"))


def _outcome(events: list[Any]) -> tuple[str, int, int]:
    attack = next(e for e in events if e.kind == "attack")
    tier = attack.data["tier"]
    defense = [e for e in events if e.kind == "defense"]
    taken = attack.data["damage"] if tier == "execution" else (defense[0].data["taken"] if defense else 0)
    return tier, taken, attack.data["component"]


def _close(p: Fraction, hits: int, label: str) -> None:
    freq = hits / N
    if p in (0, 1):
        assert freq == p, label
        return
    se = math.sqrt(float(p) * (1 - float(p)) / N)
    assert abs(freq - float(p)) <= 4 * se, f"{label}: preview {float(p):.4f}, seen {freq:.4f}"


def _frac(entry: dict[str, Any]) -> Fraction:
    assert entry["float"] == float(Fraction(entry["p"]))
    return Fraction(entry["p"])


@pytest.mark.parametrize("build", [_front, _rear_with_defense_and_moves, _pistol_range_with_head_damage,
                                   _random_location])
def test_preview_matches_seeded_applications(build) -> None:  # type: ignore[no-untyped-def]
    st, action = build()
    before = st.to_json()
    pv = st.preview(action)
    assert st.to_json() == before and pv["legal"], pv
    tiers: Counter[str] = Counter()
    taken: Counter[int] = Counter()
    where: Counter[int] = Counter()
    for seed in range(N):
        trial = st.clone()
        trial.rng = Rng(seed)
        tier, lost, comp = _outcome(trial.apply(action))
        tiers[tier] += 1
        taken[lost] += 1
        if tier not in ("miss", "catastrophic"):
            where[comp] += 1
    for t, entry in pv["tiers"].items():
        _close(_frac(entry), tiers[t], f"tier {t}")
    assert set(tiers) <= set(pv["tiers"])
    assert set(taken) <= {int(k) for k in pv["taken"]}
    for k, entry in pv["taken"].items():
        _close(_frac(entry), taken[int(k)], f"taken {k}")
    if "hit_location" in pv:
        hits = sum(where.values())
        for name, entry in pv["hit_location"].items():
            share = where[COMPONENTS.index(name)] / hits
            se = math.sqrt(float(_frac(entry)) * (1 - float(_frac(entry))) / hits)
            assert abs(share - float(_frac(entry))) <= 4 * se, name


def test_preview_reports_the_terms() -> None:
    st, action = _rear_with_defense_and_moves()
    pv = st.preview(action)
    assert pv["side"] == "rear" and pv["distance"] == 1 and pv["component"] == "chassis"
    assert pv["tn_terms"]["side"] == -2 and pv["tn_terms"]["attacker_moved"] == 1
    assert pv["tn_terms"]["defender_moved"] == 2 and pv["tn"] == 5 - 2 + 1 + 2
    assert pv["damage_terms"]["rear"] == 2 and pv["damage_by_tier"]["hit"] == 6
    assert pv["flat_defense"] == 2 and pv["bypass"] == 1 and "reactive" in pv["assumes"]
    st2, pistol = _pistol_range_with_head_damage()
    pv2 = st2.preview(pistol)
    assert pv2["tn_terms"]["other"] == 1 and pv2["tn_terms"]["range"] == 0 and pv2["distance"] == 3
    assert pv2["damage_terms"]["feint"] == 1


def test_preview_of_a_move_and_of_illegal_actions() -> None:
    st = duel(hand=["faithful_thrust"])
    move = next(a for a in st.legal_actions() if a.kind == "move")
    pv = st.preview(move)
    assert pv["legal"] and pv["sp_cost"] == 1 and len(pv["path"]) == 2 and pv["terrain"] == "open"
    for bad in (Act("move", arg=0), Act("play", 999, 0), Act("lose", card=-0.0), "end", None,  # type: ignore[arg-type]
                Act(None), Act("keep", arg=2**63)):  # type: ignore[arg-type]
        before = st.to_json()
        out = st.preview(bad)  # type: ignore[arg-type]
        assert out["legal"] is False and out["errors"] and isinstance(out["action"], str)
        assert st.to_json() == before


def test_preview_answers_every_legal_action_and_changes_nothing() -> None:
    for seed in (1, 2):
        state = make_game(options={"decks": "confessor:D,ironclad"}).new_initial_state(seed)
        bots = [make_bot("heuristic", seed), make_bot("random", seed + 1)]
        while not state.is_terminal():
            before = state.to_json()
            for a in state.legal_actions():
                pv = state.preview(a)
                assert pv["legal"] and pv["action"] == a.to_text() and pv["errors"] == [], pv
            assert state.to_json() == before
            state.apply(bots[state.current_player].choose(state))
