"""Encounters (000 §12, §13; ref §2), worked out by hand: opponent weights and draws, combust opponent planets
never drawn, the length fixed at the start, an early end, and houses illuminated with their joys."""

from __future__ import annotations

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import Rng
from gamewright.games.prince.encounter import draw_opponent_planet
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resolve import profile_for
from gamewright.games.prince.tables import PLANETS, SIGN_INDEX
from tests.prince.support import I


def _game(ruleset: str = "design", signs: dict[str, str] | None = None, sect: str = "night", **kw) -> PrinceGame:  # noqa: ANN003
    chosen = {p: "Taurus" for p in PLANETS} | (signs or {})
    player = profile_for(tuple(SIGN_INDEX[chosen[p]] for p in PLANETS), sect, 0)
    return PrinceGame(ruleset, player=player, **kw)


def _hand_weight(opp_sign: int, player_signs: list[int]) -> int:
    # 000 §13: only conjunction (0), sextile (2), square (3), trine (4), opposition (6) count
    n = 0
    for s in player_signs:
        d = abs(opp_sign - s) % 12
        n += min(d, 12 - d) in (0, 2, 3, 4, 6)
    return n


def test_13_opponent_weights_count_only_unlocked_player_planets_and_skip_combust_opponents() -> None:
    """000 §13: "Each opponent planet's weight = N, the number of major sign relationships it has with the
    player's planets"; ref §2: N counts the *unlocked* planets (combust ones included), fixed at encounter
    start; combust opponent planets are not drawn; weight-0 planets never appear."""
    signs = {"Moon": "Aries", "Mercury": "Pisces", "Sun": "Leo", "Venus": "Gemini", "Mars": "Virgo"}
    for seed in range(8):
        game = _game(signs=signs, progress=Progress(encounters=1))  # Moon and Mercury only
        state = game.new_initial_state(seed)
        mine = [state.player.signs[I("Moon")], state.player.signs[I("Mercury")]]
        assert state.weights == [_hand_weight(s, mine) for s in state.opponent.signs]
        # combusting the Moon does not change N (fixed at encounter start)
        before = list(state.weights)
        state.ps.affliction[I("Moon")] = 0
        state.apply(game.parse_action(state, "Moon"))
        if state.encounter == 0 and not state.is_terminal():
            assert state.weights == before
    # draws: the heaviest planet combust never appears, zero weights never appear
    weights = [3, 0, 1, 0, 2, 0, 0]
    combust = [True, False, False, False, False, False, False]
    rng = Rng(3)
    assert {draw_opponent_planet(rng, weights, combust) for _ in range(500)} == {2, 4}
    # every non-combust weight 0 → uniform over the non-combust (ref §2), never the combust one
    drawn = {draw_opponent_planet(rng, [5, 0, 0, 0, 0, 0, 0], combust) for _ in range(700)}
    assert drawn == {1, 2, 3, 4, 5, 6}


def test_13_a_combust_opponent_planet_is_never_the_current_one_in_play() -> None:
    """ref §2: "Combust opponent planets are not drawn" — after a turn that combusts the current opponent
    planet, the next draw avoids it."""
    game = PrinceGame("design")
    for seed in range(30):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.current >= 0:
                state.os.affliction[state.current] = 200  # the next hit on it combusts (P = 1 unless detriment)
            state.apply(state.legal_actions()[-1])
            if not state.is_terminal():
                assert not state.os.combust[state.current]
                assert state.invariant_violations() == []


def test_13_encounter_length_is_fixed_at_start_and_unlocks_apply_next_encounter() -> None:
    """000 §13: "Encounter length equals the number of unlocked planets"; ref §2: unlocks earned during a run
    take effect at the next encounter (the new planet starts at 0 affliction), the length is fixed when an
    encounter starts. A Prince with 2 encounters behind it: Moon and Mercury (length 2); after this encounter
    (cumulative 3) Venus appears and the next encounter lasts 3."""
    game = PrinceGame("design", progress=Progress(encounters=2))
    state = game.new_initial_state(11)
    assert state.length == 2
    assert [a.planet for a in state.legal_actions()] == ["Moon", "Mercury"]
    with pytest.raises(RuleViolation, match="locked"):
        state.apply(game.parse_action(state, "Venus"))
    state.apply(game.parse_action(state, "Moon"))
    assert state.encounter == 0 and state.length == 2 and state.turn == 1
    events = state.apply(game.parse_action(state, "Mercury"))
    assert [e.data["planet"] for e in events if e.kind == "planet_unlocked"] == ["Venus"]
    if state.is_terminal():
        return
    assert state.encounter == 1 and state.length == 3 and state.turn == 0
    assert "Venus" in [a.planet for a in state.legal_actions()]
    assert state.ps.affliction[I("Venus")] == 0 and not state.ps.combust[I("Venus")]
    # the encounter keeps its length even when planets combust and unlocks accrue
    turns = 0
    enc = state.encounter
    while not state.is_terminal() and state.encounter == enc:
        state.apply(state.legal_actions()[0])
        turns += 1
    assert turns == 3 or state.is_terminal()


def test_13_an_encounter_whose_opponent_is_all_combust_ends_early_and_counts() -> None:
    """ref §2: "if none is left the encounter ends early and counts as completed"."""
    game = PrinceGame("design", progress=Progress(encounters=15))  # five planets: five turns
    state = game.new_initial_state(2)
    state.os.combust = [i == state.current for i in range(7)]
    state.os.combust[state.current] = False
    others = [i for i in range(7) if i != state.current]
    for i in others:
        state.os.combust[i] = True
    state.os.affliction[state.current] = 500
    # the current opponent planet combusts this turn unless its dignity is detriment (P ≤ ½) or it saves
    for _ in range(20):
        if state.encounter != 0 or state.is_terminal():
            break
        events = state.apply(state.legal_actions()[0])
    ends = [e for e in events if e.kind == "encounter_end"]
    assert ends and ends[0].data["result"] in ("completed", "lost")
    assert state.progress.encounters == 16


def test_12_illumination_one_count_per_house_per_encounter_and_joys() -> None:
    """000 §12 / ref §2: "after each encounter, the houses holding the planets deployed in it are illuminated
    (keep a count per house). A planet's joy is achieved when the planet is unlocked and its joy house is
    illuminated"; lost encounters count too. Ascendant Aries: the Moon in Gemini is in house 3 (its joy), Mercury
    in Aries in house 1 (its joy)."""
    for seed in range(40):
        game = _game(signs={"Moon": "Gemini", "Mercury": "Aries"}, progress=Progress())
        state = game.new_initial_state(seed)
        events = state.apply(game.parse_action(state, "Moon"))
        kinds = {e.kind: e.data for e in events}
        assert kinds["houses_illuminated"] == {"houses": [3]}
        assert kinds["joy_achieved"] == {"planet": "Moon", "house": 3}
        assert state.progress.illumination[2] == 1 and state.progress.encounters == 1
        if state.is_terminal():
            continue  # lost: still counted above
        # encounter 2 lasts 2 turns: Mercury twice → house 1 counted once; Mercury's joy
        events = state.apply(game.parse_action(state, "Mercury"))
        if state.is_terminal() or state.encounter != 1 or "Mercury" not in [a.planet for a in state.legal_actions()]:
            continue
        events = state.apply(game.parse_action(state, "Mercury"))
        kinds = {e.kind: e.data for e in events}
        assert kinds["houses_illuminated"] == {"houses": [1]}
        assert kinds["joy_achieved"] == {"planet": "Mercury", "house": 1}
        assert state.progress.illumination[0] == 1 and state.progress.illumination[2] == 1
        assert state.progress.joys == ["Moon", "Mercury"]
        return
    raise AssertionError("no seed let Mercury act twice in encounter 2")
