"""Combustion (000 §11, §13a step 6; ref §2), worked out by hand: each dignity's curve at its boundaries, the
exaltation save and how long it lasts, at most one check per planet and none for testimony."""

from __future__ import annotations

import pytest

from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.resolve import combusts
from gamewright.games.prince.tables import PLANETS
from tests.prince.support import I, check, side, whatif


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


def test_13a_at_most_one_check_per_planet_and_none_for_testimony() -> None:
    """000 §13a step 6: "for any planet that gained affliction"; ref §2 at most one check per planet per turn.
    Testimony everywhere (earth/earth, all in Taurus, conjunctions): no check at all."""
    r = whatif(side({}, affliction={p: 5 for p in PLANETS}), side({}), "Venus", "Venus")
    assert r["polarity"] == "testimony" and r["combustion_checks"] == []
    r = whatif(side({}), side({"Mars": "Aquarius"}), "Moon", "Mars")
    names = [(c["side"], c["planet"]) for c in r["combustion_checks"]]
    assert len(names) == len(set(names))
