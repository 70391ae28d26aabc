"""Adversarial audit: one hand-worked scenario per rule most likely to be implemented wrongly.

Each test quotes its rule; expected values are worked out by hand from the documents (000 design, 001 prototype)
and the reference (which overrides both), not from the engine's own tables.
"""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.rng import Rng
from gamewright.games.prince.encounter import draw_opponent_planet
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resolve import combusts, profile_for
from gamewright.games.prince.scenario import run_scenario
from gamewright.games.prince.tables import PLANETS, SIGN_INDEX, SIGNS
from tests.prince.support import check, side, whatif

ALL_ARIES = {p: "Aries" for p in PLANETS}
# Hand tables, written out independently of the engine's: element and modality of each sign (000 §2).
HAND_ELEMENT = dict(
    zip(SIGNS, ["fire", "earth", "air", "water"] * 3, strict=True)
)
HAND_MODALITY = dict(zip(SIGNS, ["cardinal", "fixed", "mutable"] * 4, strict=True))
# 000 §13a table: the ten unordered element pairs.
HAND_POLARITY = {
    frozenset({"fire"}): "testimony",
    frozenset({"earth"}): "testimony",
    frozenset({"air"}): "testimony",
    frozenset({"water"}): "testimony",
    frozenset({"fire", "air"}): "friction",
    frozenset({"fire", "earth"}): "friction",
    frozenset({"air", "water"}): "friction",
    frozenset({"earth", "water"}): "friction",
    frozenset({"fire", "water"}): "affliction",
    frozenset({"earth", "air"}): "affliction",
}
I = PLANETS.index  # noqa: E741


def _game(ruleset: str = "design", signs: dict[str, str] | None = None, sect: str = "night", **kw) -> PrinceGame:  # noqa: ANN003
    chosen = {p: "Taurus" for p in PLANETS} | (signs or {})
    player = profile_for(tuple(SIGN_INDEX[chosen[p]] for p in PLANETS), sect, 0)
    return PrinceGame(ruleset, player=player, **kw)


def _snap(state) -> str:  # noqa: ANN001
    return json.dumps(state.to_json(), sort_keys=True)


# --- 000 §13a Element -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_13a_element_polarity_by_qualities_for_every_element_pair(ruleset: str) -> None:
    """000 §13a: "Share both qualities → Testimony; share one → Friction; share no qualities → Affliction"
    (fire hot+dry, air hot+wet, water cold+wet, earth cold+dry); 001 §5 the same by quality overlap."""
    for ps in SIGNS:
        for os_ in SIGNS:
            r = whatif(side({"Sun": ps}), side({"Sun": os_}), "Sun", "Sun", ruleset=ruleset)
            assert r["polarity"] == HAND_POLARITY[frozenset({HAND_ELEMENT[ps], HAND_ELEMENT[os_]})], (ps, os_)


# --- 000 §13a Modality ----------------------------------------------------------------------------------------


def test_13a_modality_outgoing_and_incoming_stack_for_every_modality_pair() -> None:
    """000 §13a: "Outgoing: Cardinal ×1.25 … Incoming: Mutable ×1.25 … effect = base × outgoing(sender) ×
    incoming(receiver)". Mars (damage 4 + sign) sends to the opponent's Mars in every sign, friction or not."""
    out = {"cardinal": Fraction(5, 4), "fixed": Fraction(1), "mutable": Fraction(1)}
    inc = {"cardinal": Fraction(1), "fixed": Fraction(1), "mutable": Fraction(5, 4)}
    for ps in SIGNS:
        dmg = 4 + (HAND_ELEMENT[ps] == "fire") + (HAND_MODALITY[ps] == "cardinal")
        for os_ in SIGNS:
            pol = HAND_POLARITY[frozenset({HAND_ELEMENT[ps], HAND_ELEMENT[os_]})]
            if pol == "testimony":
                continue
            r = whatif(side({"Mars": ps}), side({"Mars": os_}), "Mars", "Mars")
            expected = dmg * out[HAND_MODALITY[ps]] * inc[HAND_MODALITY[os_]]
            if pol == "friction":
                expected /= 2
            assert Fraction(r["direct"]["opponent"]["amount"]) == expected, (ps, os_)
    # the extreme: cardinal into mutable stacks to ×25/16 — Mars in Aries (6) into Moon in Pisces: 9.375 → 9
    r = whatif(side({"Mars": "Aries"}), side({"Moon": "Pisces"}), "Mars", "Moon")
    assert r["direct"]["opponent"] == {"planet": "Moon", "delta": 9, "amount": "75/8", "applied": 9}


# --- 000 §4 / §4a sect amplification ----------------------------------------------------------------------------


@pytest.mark.parametrize("sect", ["day", "night"])
def test_4a_same_sect_amplification_for_every_planet_pair(sect: str) -> None:
    """000 §4 table: conjunction +1x, same-sect +1.25x; §4a: day Sun, Jupiter, Saturn; night Moon, Venus, Mars;
    "Mercury joins the chart's sect". All seven in Aries; the opponent's Mars in Scorpio (4, fixed) hits the
    acting planet for 4, so each conjunct partner gets 5 (same sect) or 4 (cross sect)."""
    team = {"Sun": "day", "Jupiter": "day", "Saturn": "day", "Moon": "night", "Venus": "night", "Mars": "night"}
    team["Mercury"] = sect
    for acting in PLANETS:
        r = whatif(side(ALL_ARIES, sect=sect), side({"Mars": "Scorpio"}), acting, "Mars")
        assert r["direct"]["player"]["delta"] == 4
        got = {s["to"]: s["delta"] for s in r["propagation"] if s["side"] == "player"}
        assert got == {p: (5 if team[p] == team[acting] else 4) for p in PLANETS if p != acting}, acting


@pytest.mark.parametrize(
    ("sign", "aspect", "same", "cross", "inverted"),
    [
        ("Aries", "conjunction", 5, 4, False),  # 4 × 1.25 / 4 × 1
        ("Gemini", "sextile", 3, 2, False),  # 2.5 → 3 / 2
        ("Leo", "trine", 3, 2, False),
        ("Cancer", "square", 3, 2, True),  # 4 × −0.625 = −2.5 → 3 testimony / −2
        ("Libra", "opposition", 5, 4, True),
    ],
)
def test_4_multiplier_table_values_same_and_cross_sect(
    sign: str, aspect: str, same: int, cross: int, inverted: bool
) -> None:
    """000 §4 table: conjunction 1 / 1.25, trine & sextile 0.5 / 0.625, square −0.5 / −0.625, opposition −1 /
    −1.25 (negative inverts); ref §2 amounts rounded half up. Sun (day chart) acts; Jupiter is same-sect, the
    Moon cross-sect; under ``prototype`` there is no amplification (001 §10)."""
    start = 5 if inverted else 0
    player = side(
        {"Sun": "Aries", "Jupiter": sign, "Moon": sign}, sect="day", affliction={"Jupiter": start, "Moon": start}
    )
    r = whatif(player, side({"Mars": "Scorpio"}), "Sun", "Mars")
    steps = {s["to"]: s for s in r["propagation"] if s["side"] == "player"}
    sign_of_delta = -1 if inverted else 1
    assert steps["Jupiter"]["aspect"] == aspect
    assert steps["Jupiter"]["delta"] == sign_of_delta * same
    assert steps["Moon"]["delta"] == sign_of_delta * cross
    assert steps["Moon"]["polarity"] == ("testimony" if inverted else "affliction")
    proto = whatif(player, side({"Mars": "Scorpio"}), "Sun", "Mars", ruleset="prototype")
    psteps = {s["to"]: s for s in proto["propagation"] if s["side"] == "player"}
    assert psteps["Jupiter"]["delta"] == psteps["Moon"]["delta"] == sign_of_delta * cross


# --- 000 §11 combustion curves at the boundaries ----------------------------------------------------------------


def test_11_neutral_curve_reaches_certainty_at_r_equal_1() -> None:
    """000 §11: "Neutral P = A/T" with r = min(1, A/T) (ref §2). Moon in Aries (neutral, durability 1, T = 10)
    at 6 takes 4 from Mars in Scorpio: A = T, P = 1, any roll combusts; at 5 (A = 9) P = 0.9."""
    opp = side({"Mars": "Scorpio"})
    r = whatif(side({"Moon": "Aries"}, affliction={"Moon": 6}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.999999])
    c = check(r, "player", "Moon")
    assert (c["affliction"], c["threshold"], c["probability"], c["combusted"]) == (10, 10, 1.0, True)
    r = whatif(side({"Moon": "Aries"}, affliction={"Moon": 5}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.9])
    c = check(r, "player", "Moon")
    assert (c["probability"], c["combusted"]) == (0.9, False)  # strictly less: 0.9 does not combust at 0.9
    # past the threshold r is clamped to 1 (not 1.5)
    r = whatif(side({"Moon": "Aries"}, affliction={"Moon": 11}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.5])
    assert check(r, "player", "Moon")["probability"] == 1.0


def test_11_detriment_caps_at_one_half_even_far_past_the_threshold() -> None:
    """000 §11: "Detriment P = min(0.5, A/T) … Never guaranteed to die". Moon in Capricorn (detriment,
    durability 1 + earth 1 = 2, T = 20) at 25 takes 6 from Mars in Libra (5 × 1.25): A = 31, P = 0.5."""
    player = side({"Moon": "Capricorn"}, affliction={"Moon": 25})
    opp = side({"Mars": "Libra"})
    r = whatif(player, opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.5])
    c = check(r, "player", "Moon")
    assert (c["affliction"], c["threshold"], c["dignity"], c["probability"]) == (31, 20, "detriment", 0.5)
    assert not c["combusted"]  # roll 0.5 is not < 0.5
    r = whatif(player, opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.4999999])
    assert check(r, "player", "Moon")["combusted"]
    # and exactly at r = 1/2 below the cap: A = 10 of T = 20 gives P = 0.5 too
    r = whatif(side({"Moon": "Capricorn"}, affliction={"Moon": 4}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.5])
    c = check(r, "player", "Moon")
    assert (c["affliction"], c["probability"], c["combusted"]) == (10, 0.5, False)


def test_11_domicile_square_curve_at_the_boundaries() -> None:
    """000 §11: "Domicile P = (A/T)²". Moon in Cancer (domicile, T = 10): at A = 5, P = 0.25 exactly; at
    A ≥ T, P = 1. Mars in Libra deals the Moon 6 (air into water is friction: 5 × ½ × 1.25 = 3.125 → 3)."""
    opp = side({"Mars": "Libra"})
    r = whatif(side({"Moon": "Cancer"}, affliction={"Moon": 2}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.25])
    c = check(r, "player", "Moon")
    assert (c["affliction"], c["probability"], c["combusted"]) == (5, 0.25, False)
    r = whatif(side({"Moon": "Cancer"}, affliction={"Moon": 2}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.2499999])
    assert check(r, "player", "Moon")["combusted"]
    r = whatif(side({"Moon": "Cancer"}, affliction={"Moon": 8}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.999999])
    c = check(r, "player", "Moon")
    assert (c["affliction"], c["probability"], c["combusted"]) == (11, 1.0, True)


def test_11_fall_square_root_curve_compared_exactly() -> None:
    """000 §11: "Fall P = √(A/T)". Moon in Scorpio (fall, durability 2, T = 20) at A = 5: √(1/4) = 0.5 exactly,
    so a roll of 0.5 survives (strictly less, ref §2) and 0.4999999 combusts; A ≥ T gives 1."""
    assert not combusts("fall", 5, 20, 0.5)
    assert combusts("fall", 5, 20, 0.4999999)
    assert combusts("fall", 20, 20, 0.9999999)
    assert combusts("fall", 45, 20, 0.9999999)
    assert not combusts("fall", 0, 20, 0.0)  # r = 0: P = 0, nothing is < 0
    # in a turn: Moon in Scorpio at 4 takes ½ → 1 from the opponent's Moon in Taurus (water/earth friction)
    r = whatif(side({"Moon": "Scorpio"}, affliction={"Moon": 4}), side({}), "Moon", "Moon",
               rolls=[0.99, 0.99, 0.5])
    c = check(r, "player", "Moon")
    assert (c["affliction"], c["threshold"], c["dignity"], c["probability"], c["combusted"]) == (
        5, 20, "fall", 0.5, False)


def test_11_exaltation_is_linear_with_one_save() -> None:
    """000 §11: "Exaltation P = A/T, one-time save". Moon in Taurus (exaltation, durability 1+1+1 = 3,
    T = 30): a would-be combustion is saved once; with the save spent the same roll combusts."""
    opp = side({"Mars": "Aquarius"})  # earth vs air: affliction; Mars in Aquarius deals 4
    player = side({"Moon": "Taurus"}, affliction={"Moon": 26})
    r = whatif(player, opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.5])
    c = check(r, "player", "Moon")
    assert (c["affliction"], c["probability"], c["combusted"], c["saved"]) == (30, 1.0, False, True)
    assert r["exaltation_saves"] == [{"side": "player", "planet": "Moon"}]
    assert r["after"]["player"]["exaltation_save_used"] == ["Moon"]
    # a check that does not hit leaves the save unspent
    r = whatif(side({"Moon": "Taurus"}, affliction={"Moon": 2}), opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.99])
    assert r["exaltation_saves"] == [] and r["after"]["player"]["exaltation_save_used"] == []
    spent = side({"Moon": "Taurus"}, affliction={"Moon": 26}, exaltation_save_used=["Moon"])
    r = whatif(spent, opp, "Moon", "Mars", rolls=[0.99, 0.99, 0.5])
    assert check(r, "player", "Moon")["combusted"] and r["exaltation_saves"] == []
    # only exaltation saves: the Moon in Aries (neutral) at P = 1 combusts
    r = whatif(side({"Moon": "Aries"}, affliction={"Moon": 9}), side({"Mars": "Scorpio"}), "Moon", "Mars",
               rolls=[0.99, 0.99, 0.5])
    assert check(r, "player", "Moon")["combusted"] and not check(r, "player", "Moon")["saved"]


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_2_exaltation_save_lasts_the_run_for_the_player_and_the_encounter_for_the_opponent(ruleset: str) -> None:
    """ref §2: "The opponent's exaltation save lasts its encounter; a new run resets the player's affliction,
    combustion, carry and saves"; 000 §11 "one-time save" (per run for the player); 001 §11 "exaltationSaveUsed"
    once per run."""
    game = PrinceGame(ruleset)
    state = game.new_initial_state(5)
    state.ps.save_used[I("Sun")] = True
    state.os.save_used = [True] * 7
    while state.encounter == 0 and not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert state.encounter == 1 and not state.is_terminal()
    assert state.os.save_used == [False] * 7
    assert state.ps.save_used[I("Sun")]
    assert game.new_initial_state(5).ps.save_used == [False] * 7


# --- 000 §13a luck ----------------------------------------------------------------------------------------------


def test_13a_crit_is_strictly_below_the_degraded_chance() -> None:
    """000 §13a: "Probability = effective luck × 8%, capped at 40%"; ref §2: luck degrades, a roll crits when
    roll < chance. Mercury in Libra (luck 5) at affliction 5 has luck 2.5: 20%."""
    player = side({"Mercury": "Libra"}, affliction={"Mercury": 5})
    r = whatif(player, side({"Mars": "Capricorn"}), "Mercury", "Mars", rolls=[0.2, 0.99])
    assert r["crit_chances"]["player"] == 0.2 and not r["crits"]["player"]
    r = whatif(player, side({"Mars": "Capricorn"}), "Mercury", "Mars", rolls=[0.19999, 0.99])
    assert r["crits"]["player"]
    # at affliction 10 or more every stat is 0: no crit, no output
    r = whatif(side({"Mercury": "Libra"}, affliction={"Mercury": 12}), side({"Mars": "Capricorn"}), "Mercury", "Mars",
               rolls=[0.0, 0.99])
    assert not r["crits"]["player"] and r["direct"]["opponent"]["amount"] == "0"


# --- 000 §13 encounters -----------------------------------------------------------------------------------------


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


# --- 001 §9 carry -----------------------------------------------------------------------------------------------


def _carry_case(carry: str, affliction: int = 0) -> dict:
    # friction: fire (player Moon in Aries) vs earth (opponent Moon in Taurus): 1 × ½ = ½ raw each way
    return whatif(side({"Moon": "Aries"}, carry={"Moon": carry}, affliction={"Moon": affliction}),
                  side({"Moon": "Taurus"}), "Moon", "Moon", ruleset="prototype")


def test_001_9_carry_quantization_worked_by_hand() -> None:
    """001 §9: "effective = max(0, raw + carry); applied = round(effective); nextCarry = effective − applied"
    (ref §3: round = floor(x + ½))."""
    r = _carry_case("0")  # ½ → 1, carry −½
    assert r["direct"]["player"]["delta"] == 1 and r["after"]["player"]["carry"]["Moon"] == "-1/2"
    r = _carry_case("-0.5")  # 0 → 0, carry 0
    assert r["direct"]["player"]["delta"] == 0 and r["after"]["player"]["carry"]["Moon"] == "0"
    r = _carry_case("-0.4")  # 0.1 → 0, carry 1/10
    assert r["direct"]["player"]["delta"] == 0 and r["after"]["player"]["carry"]["Moon"] == "1/10"
    r = _carry_case("-0.75")  # max(0, −¼) = 0 → 0, carry 0 (a raw amount > 0 does update the carry)
    assert r["direct"]["player"]["delta"] == 0 and r["after"]["player"]["carry"]["Moon"] == "0"
    r = _carry_case("0.25")  # ¾ → 1, carry −¼
    assert r["direct"]["player"]["delta"] == 1 and r["after"]["player"]["carry"]["Moon"] == "-1/4"


def test_001_9_clamped_heal_banks_no_carry_but_an_exact_heal_to_zero_keeps_it() -> None:
    """001 §9: "Healing clamped at zero does not bank overflow carry" (ref §3: if the clamp bit, carry → 0).
    Earth/earth testimony: the opponent's Venus in Taurus heals the player's Moon in Taurus for 4."""
    def heal(affliction: int, carry: str) -> dict:
        return whatif(side({}, affliction={"Moon": affliction}, carry={"Moon": carry}), side({}), "Moon", "Venus",
                      ruleset="prototype")

    r = heal(3, "0.3")  # 4.3 → 4, 3 − 4 < 0: clamp bites, carry 0
    assert r["after"]["player"]["affliction"]["Moon"] == 0 and r["after"]["player"]["carry"]["Moon"] == "0"
    assert r["direct"]["player"]["delta"] == -3
    r = heal(4, "0.3")  # 4.3 → 4, 4 − 4 = 0: no clamp, carry 3/10 kept
    assert r["after"]["player"]["affliction"]["Moon"] == 0 and r["after"]["player"]["carry"]["Moon"] == "3/10"
    r = heal(9, "0.2")  # 4.2 → 4, carry 1/5
    assert r["after"]["player"]["affliction"]["Moon"] == 5 and r["after"]["player"]["carry"]["Moon"] == "1/5"


def test_001_9_combust_targets_and_zero_amounts_leave_carry_untouched() -> None:
    """ref §3: "A combust target, or raw ≤ 0, leaves the carry untouched"; 001 §10 combust targets skipped."""
    # conjunct partner Sun (Taurus) of the acting Moon (Taurus) is combust: no step, carry kept
    r = whatif(side({}, combust=["Sun"], carry={"Sun": "0.4"}), side({"Mars": "Aquarius"}), "Moon", "Mars",
               ruleset="prototype")
    assert "Sun" not in [s["to"] for s in r["propagation"] if s["side"] == "player"]
    assert r["after"]["player"]["carry"]["Sun"] == "2/5"
    # the combust acting opponent deals nothing: raw 0 leaves the player's Moon carry alone
    r = whatif(side({}, carry={"Moon": "0.4"}), side({"Mars": "Aquarius"}, combust=["Mars"]), "Moon", "Mars",
               ruleset="prototype")
    assert r["after"]["player"]["carry"]["Moon"] == "2/5" and r["direct"]["player"]["delta"] == 0


def test_ref3_prototype_propagation_from_raw_with_carry_on_each_target() -> None:
    """ref §3: "Propagation base is the raw (pre-quantization) amount the acting planet received … each is applied
    with carry". The Moon (Aries) receives ½ raw in friction; its conjunct Sun (Aries) gets ½ × 1 = ½ with carry
    0 → 1, carry −½; its Venus in Libra (opposition) ½ testimony."""
    r = whatif(side({"Moon": "Aries", "Sun": "Aries", "Venus": "Libra"}, affliction={"Venus": 3}),
               side({"Moon": "Taurus"}), "Moon", "Moon", ruleset="prototype")
    steps = {s["to"]: s for s in r["propagation"] if s["side"] == "player"}
    assert steps["Sun"]["amount"] == "1/2" and steps["Sun"]["delta"] == 1
    assert r["after"]["player"]["carry"]["Sun"] == "-1/2"
    assert steps["Venus"]["polarity"] == "testimony" and steps["Venus"]["delta"] == -1


def test_ref3_prototype_in_sect_durability_bonus_mercury_always_in_sect() -> None:
    """001 §8: "In-sect planets get +1 durability for combustion checks only"; Mercury follows the chart's sect,
    so it is always in sect. Mercury in Taurus (durability 2 + 1 + 1 = 4): T = 50 in sect."""
    for sect in ("day", "night"):
        r = whatif(side({}, sect=sect), side({"Mars": "Aquarius"}), "Mercury", "Mars", ruleset="prototype")
        assert check(r, "player", "Mercury")["threshold"] == 50
    # the Moon (night) in a day chart is out of sect: T = 10 × (1 + 1 + 1) = 30; in a night chart 40
    r = whatif(side({}, sect="day"), side({"Mars": "Aquarius"}), "Moon", "Mars", ruleset="prototype")
    assert check(r, "player", "Moon")["threshold"] == 30
    r = whatif(side({}, sect="night"), side({"Mars": "Aquarius"}), "Moon", "Mars", ruleset="prototype")
    assert check(r, "player", "Moon")["threshold"] == 40
    # design: no durability bonus
    r = whatif(side({}, sect="night"), side({"Mars": "Aquarius"}), "Moon", "Mars")
    assert check(r, "player", "Moon")["threshold"] == 30


def test_ref3_prototype_crit_ten_percent_per_luck_uncapped_and_strict() -> None:
    """001 §7: "critChance = effectiveLuck * 0.10; no hard cap; roll < critChance => crit". Mercury in Libra
    (luck 5): 50%; a roll of 0.45 crits (above design's 40% cap), 0.5 does not."""
    r = whatif(side({"Mercury": "Libra"}), side({"Mars": "Capricorn"}), "Mercury", "Mars", rolls=[0.45, 0.99],
               ruleset="prototype")
    assert r["crit_chances"]["player"] == 0.5 and r["crits"]["player"]
    # crit doubles the raw: 3 × 2 = 6 (no modality in prototype)
    assert r["direct"]["opponent"]["amount"] == "6"
    r = whatif(side({"Mercury": "Libra"}), side({"Mars": "Capricorn"}), "Mercury", "Mars", rolls=[0.5, 0.99],
               ruleset="prototype")
    assert not r["crits"]["player"]


# --- design propagation and checks ------------------------------------------------------------------------------


def test_13a_step_7_an_acting_planet_combusted_in_step_6_does_not_propagate_but_the_other_side_does() -> None:
    """ref §2: "propagation (step 7) runs from acting planets that are not combust"; each side's chart separately.
    Player Moon in Aries at 9 takes 4 (P = 1): combust, no player propagation; the opponent's Mars still
    propagates through its own chart."""
    r = whatif(side({"Moon": "Aries"}, affliction={"Moon": 9}), side({"Mars": "Scorpio"}), "Moon", "Mars",
               rolls=[0.99, 0.99, 0.5])
    assert r["combusted"][0] == {"side": "player", "planet": "Moon"}
    assert [s for s in r["propagation"] if s["side"] == "player"] == []
    assert {s["from"] for s in r["propagation"] if s["side"] == "opponent"} == {"Mars"}


def test_13a_at_most_one_check_per_planet_and_none_for_testimony() -> None:
    """000 §13a step 6: "for any planet that gained affliction"; ref §2 at most one check per planet per turn.
    Testimony everywhere (earth/earth, all in Taurus, conjunctions): no check at all."""
    r = whatif(side({}, affliction={p: 5 for p in PLANETS}), side({}), "Venus", "Venus")
    assert r["polarity"] == "testimony" and r["combustion_checks"] == []
    r = whatif(side({}), side({"Mars": "Aquarius"}), "Moon", "Mars")
    names = [(c["side"], c["planet"]) for c in r["combustion_checks"]]
    assert len(names) == len(set(names))


def test_13a_score_distance_sums_positive_and_negative_deltas_of_both_sides() -> None:
    """001 §13 (kept under design, ref §2): turnAffliction = sum of positive deltas, turnTestimony = |sum of
    negative deltas|, turn score = their sum."""
    r = whatif(side({"Sun": "Aries", "Venus": "Libra"}, affliction={"Venus": 2}), side({"Mars": "Scorpio"}),
               "Sun", "Mars")
    deltas = [r["direct"]["player"]["delta"], r["direct"]["opponent"]["delta"], *(s["delta"] for s in r["propagation"])]
    pos = sum(d for d in deltas if d > 0)
    neg = -sum(d for d in deltas if d < 0)
    assert r["score"] == {"affliction": pos, "testimony": neg, "turn": pos + neg}
    assert neg == 2  # Venus (opposition) healed from 2 to 0 counts its real change, not the amount


# --- refusals and robustness -----------------------------------------------------------------------------------


def test_13_refused_actions_leave_the_state_unchanged() -> None:
    """Issue 3: choosing a combust or locked planet, or a name that does not exist, is refused and changes
    nothing; apply of anything raises only RuleViolation."""
    game = PrinceGame("design", progress=Progress(encounters=1))
    state = game.new_initial_state(1)
    state.ps.combust[I("Mercury")] = True
    before = _snap(state)
    for bad in ("Mercury", "Saturn", "Pluto", "", None, 3, "moon "):
        with pytest.raises(RuleViolation):
            from gamewright.games.prince.state import Deploy

            state.apply(Deploy(bad))  # type: ignore[arg-type]
        assert _snap(state) == before
    for text in ("Pluto", "", "  "):
        with pytest.raises(RuleViolation):
            game.parse_action(state, text)


@pytest.mark.parametrize(
    "scenario",
    [
        [],
        {"player_planet": "Mars"},
        {"player_planet": "Mars", "opponent_planet": "Moon", "rolls": [1.0]},
        {"player_planet": "Mars", "opponent_planet": "Moon", "rolls": [float("nan")]},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"affliction": {"Moon": -1}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"affliction": {"Moon": 1.5}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"carry": {"Moon": "x"}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"carry": {"Moon": [1]}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"signs": {"Moon": 3}}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"signs": ["Aries"]}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"sect": None}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"aspects": [["Mars"]]}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"combust": "Mars"}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "options": {"crit": "x"}},
        {"player_planet": "Mars", "opponent_planet": "Moon", "options": [1]},
        {"player_planet": "Mars", "opponent_planet": "Moon", "seed": "x"},
        {"player_planet": "Mars", "opponent_planet": "Moon", "ruleset": 3},
        {"player_planet": ["Mars"], "opponent_planet": "Moon"},
        {"player_planet": "Mars", "opponent_planet": "Moon", "player": {"affliction": {"Moon": 10**400}}},
    ],
)
def test_whatif_malformed_scenarios_are_config_errors(scenario: object) -> None:
    """Issue 3: "A malformed scenario gets a clear message naming the bad field" — never another exception."""
    with contextlib.suppress(ConfigError):
        run_scenario(scenario)


def test_cli_bad_seed_and_non_utf8_scenario_are_one_line_errors(cli, tmp_path) -> None:  # noqa: ANN001
    """Common brief: bad input gives a clear one-line error and exit 2, never a traceback."""
    code, _, err = cli("prince", "mint", "--name", "Audit", "--lat", "10", "--lon", "0", "--time", "2000-01-01")
    assert code == 0, err
    code, _, err = cli("prince", "play", "Audit", "--seed", str(10**23), "--auto", "random")
    assert code == 2 and "seed" in err and "Traceback" not in err
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{")
    code, _, err = cli("prince", "turn", str(bad), "--json")
    assert code == 2 and "UTF-8" in err and len(err.strip().splitlines()) == 1


def test_13a_degradation_uses_start_of_turn_affliction_on_both_sides() -> None:
    """ref §2 further rulings: "Degradation uses each planet's affliction at the start of the turn (both sides
    resolve simultaneously)". The player's Mars in Aries at 0 takes 8 this turn but still deals its full
    6 × 1.25 = 7.5 → 8 to the Moon in Cancer; at 5 it deals 6 × 0.5 × 1.25 = 3.75 → 4."""
    opp = side({"Moon": "Cancer", "Mars": "Aries"}, aspects=[])
    r = whatif(side({"Mars": "Aries"}, aspects=[]), opp, "Mars", "Moon")
    assert r["direct"]["opponent"]["amount"] == "15/2" and r["direct"]["opponent"]["applied"] == 8
    r = whatif(side({"Mars": "Aries"}, affliction={"Mars": 5}, aspects=[]), opp, "Mars", "Moon")
    assert r["direct"]["opponent"]["amount"] == "15/4" and r["direct"]["opponent"]["applied"] == 4
    # the opponent's degradation is its own: the Moon at 6 deals 2 × 0.4 × 1.25 = 1 to Mars
    opp6 = side({"Moon": "Cancer"}, affliction={"Moon": 6}, aspects=[])
    r = whatif(side({"Mars": "Aries"}, aspects=[]), opp6, "Mars", "Moon")
    assert r["direct"]["player"]["amount"] == "1"


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


def test_ref3_prototype_prebuilt_sequences_weights_and_skips() -> None:
    """ref §3: "a sequence of 7 opponent planets drawn with replacement, weight = max(1, N), N counted against
    all 7 player planets. Entries whose planet is already combust are skipped at play time"."""
    game = PrinceGame("prototype")
    state = game.new_initial_state(4)
    assert len(state.prebuilt) == 3 and all(len(seq) == 7 for _, _, seq in state.prebuilt)
    seq = state.prebuilt[0][2]
    # combust every opponent planet after the current entry's: the encounter jumps to its end
    for i in range(7):
        if i != state.current:
            state.os.combust[i] = True
    later = [o for o in seq[1:] if o == state.current]
    state.apply(state.legal_actions()[0])
    if state.encounter == 0:  # the current planet appears again later in the sequence
        assert later and state.current == seq[0]
    else:
        assert state.encounter == 1 or state.is_terminal()
