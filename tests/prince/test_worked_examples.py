"""rules/000 §13a's five worked examples and §4's two propagation examples, under ``design``.

Read as the reference reads them (ref §2): amounts are exact until applied and rounded half up; luck degrades
(Examples 2 and 3 quote undegraded crit chances: 16.8% and 12.8% here); Example 3's Saturn ends at 2 (step 4
stands), so its combustion chance is (2/50)². Aspects are switched off where an example shows only the direct
exchange.
"""

from __future__ import annotations

import math
from fractions import Fraction

from gamewright.games.prince.resolve import combust_probability_exact

from .support import check, side, whatif

NO_ASPECTS: list[list[str]] = []


def test_13a_example_1_affliction_fire_vs_water_both_domicile() -> None:
    r = whatif(
        side({"Mars": "Aries"}, aspects=NO_ASPECTS),
        side({"Moon": "Cancer"}, aspects=NO_ASPECTS),
        "Mars",
        "Moon",
    )
    assert r["polarity"] == "affliction"
    assert r["crit_chances"] == {"player": 0.08, "opponent": 0.16}
    assert r["crits"] == {"player": False, "opponent": False}
    # Mars deals 6 × 1.25 = 7.5 → 8; Moon deals 2 × 1.25 = 2.5 → 3
    assert r["direct"]["opponent"] == {"planet": "Moon", "delta": 8, "amount": "15/2", "applied": 8}
    assert r["direct"]["player"] == {"planet": "Mars", "delta": 3, "amount": "5/2", "applied": 3}
    assert r["after"]["player"]["affliction"]["Mars"] == 3
    assert r["after"]["opponent"]["affliction"]["Moon"] == 8
    # Mars (domicile) (3/20)² ≈ 2%; Moon (domicile) (8/10)² = 64%
    assert combust_probability_exact("domicile", 3, 20) == Fraction(9, 400)
    assert combust_probability_exact("domicile", 8, 10) == Fraction(16, 25)
    assert check(r, "player", "Mars")["probability"] == 0.0225
    assert check(r, "opponent", "Moon")["probability"] == 0.64


def test_13a_example_2_testimony_with_mutable_receptivity() -> None:
    r = whatif(
        side({"Venus": "Taurus"}, affliction={"Venus": 3}, aspects=NO_ASPECTS),
        side({"Jupiter": "Virgo"}, aspects=NO_ASPECTS),
        "Venus",
        "Jupiter",
    )
    assert r["polarity"] == "testimony"
    # the document quotes 24% for Venus; luck degrades (ref §2): 3 × 0.7 × 8% = 16.8%
    assert r["crit_chances"]["player"] == float(Fraction(168, 1000))
    assert r["crit_chances"]["opponent"] == 0.24
    # Venus heals 4 × 0.7 × 1.25 = 3.5 → 4; Jupiter heals 4 × 1 = 4
    assert r["direct"]["opponent"]["amount"] == "7/2"
    assert r["direct"]["opponent"]["applied"] == 4
    assert r["direct"]["player"]["amount"] == "4"
    assert r["direct"]["player"]["delta"] == -3  # affliction 3 → 0
    assert r["direct"]["opponent"]["delta"] == 0  # Jupiter was already at 0
    assert r["after"]["player"]["affliction"]["Venus"] == 0
    assert r["combustion_checks"] == []


def test_13a_example_3_friction_half_magnitude() -> None:
    r = whatif(
        side({"Sun": "Leo"}, affliction={"Sun": 2}, aspects=NO_ASPECTS),
        side({"Saturn": "Aquarius"}, aspects=NO_ASPECTS),
        "Sun",
        "Saturn",
    )
    assert r["polarity"] == "friction"
    # the document quotes 16% for the Sun; luck degrades: 2 × 0.8 × 8% = 12.8%
    assert r["crit_chances"] == {"player": float(Fraction(128, 1000)), "opponent": 0.16}
    # Sun deals 4 × 0.8 × 0.5 = 1.6 → 2; Saturn deals 2 × 0.5 = 1
    assert r["direct"]["opponent"]["amount"] == "8/5"
    assert r["direct"]["player"]["amount"] == "1"
    assert r["after"]["player"]["affliction"]["Sun"] == 3
    # the document's step 5 says Saturn ends at 1; step 4 stands (ref §2): Saturn ends at 2
    assert r["after"]["opponent"]["affliction"]["Saturn"] == 2
    assert check(r, "player", "Sun")["threshold"] == 40  # durability is not degraded
    assert combust_probability_exact("domicile", 3, 40) == Fraction(9, 1600)  # ≈ 0.6%
    assert check(r, "player", "Sun")["probability"] == float(Fraction(9, 1600))
    assert check(r, "opponent", "Saturn")["threshold"] == 50
    assert check(r, "opponent", "Saturn")["probability"] == float(Fraction(2, 50) ** 2)


def test_13a_example_4_mercury_crits() -> None:
    r = whatif(
        side({"Mercury": "Libra"}, aspects=NO_ASPECTS),
        side({"Mars": "Capricorn"}, aspects=NO_ASPECTS),
        "Mercury",
        "Mars",
        rolls=[0.0, 0.99],  # Mercury's crit roll hits, Mars's misses, no combustion
    )
    assert r["polarity"] == "affliction"
    assert r["crit_chances"] == {"player": 0.4, "opponent": 0.08}
    assert r["crits"] == {"player": True, "opponent": False}
    # Mercury deals 3 × 2 × 1.25 = 7.5 → 8; Mars deals 5 × 1.25 = 6.25 → 6
    assert r["direct"]["opponent"]["amount"] == "15/2"
    assert r["direct"]["player"]["amount"] == "25/4"
    assert r["after"]["player"]["affliction"]["Mercury"] == 6
    assert r["after"]["opponent"]["affliction"]["Mars"] == 8
    assert check(r, "player", "Mercury")["probability"] == 0.3  # neutral 6/20
    mars = check(r, "opponent", "Mars")
    assert (mars["dignity"], mars["threshold"]) == ("exaltation", 30)
    assert combust_probability_exact("exaltation", 8, 30) == Fraction(8, 30)


def test_13a_example_4_exaltation_save_then_spent() -> None:
    # Mars's check rolls under 8/30: the clutch save spends itself and Mars survives …
    r = whatif(
        side({"Mercury": "Libra"}, aspects=NO_ASPECTS),
        side({"Mars": "Capricorn"}, aspects=NO_ASPECTS),
        "Mercury",
        "Mars",
        rolls=[0.0, 0.99, 0.99, 0.1],
    )
    assert r["exaltation_saves"] == [{"side": "opponent", "planet": "Mars"}]
    assert r["combusted"] == []
    assert r["after"]["opponent"]["combust"] == []
    assert r["after"]["opponent"]["exaltation_save_used"] == ["Mars"]
    # … next time Mars won't be so lucky — the save is spent
    again = whatif(
        side({"Mercury": "Libra"}, aspects=NO_ASPECTS),
        side({"Mars": "Capricorn"}, exaltation_save_used=["Mars"], aspects=NO_ASPECTS),
        "Mercury",
        "Mars",
        rolls=[0.0, 0.99, 0.99, 0.1],
    )
    assert again["combusted"] == [{"side": "opponent", "planet": "Mars"}]
    assert again["after"]["opponent"]["combust"] == ["Mars"]


def test_13a_example_5_degraded_stats_dignity_curves_compared() -> None:
    r = whatif(
        side({"Mars": "Aries"}, affliction={"Mars": 8}, aspects=NO_ASPECTS),
        side({"Moon": "Scorpio"}, aspects=NO_ASPECTS),
        "Mars",
        "Moon",
    )
    assert r["polarity"] == "affliction"
    assert r["crit_chances"] == {"player": 0.016, "opponent": 0.16}  # 8% × 0.2 = 1.6%
    # Mars deals 6 × 0.2 × 1.25 = 1.5 → 2 (exactly 3/2, never 1.4999…); Moon deals 1 × 1 = 1
    assert r["direct"]["opponent"]["amount"] == "3/2"
    assert r["direct"]["opponent"]["applied"] == 2
    assert r["direct"]["player"]["amount"] == "1"
    assert r["after"]["player"]["affliction"]["Mars"] == 9
    assert r["after"]["opponent"]["affliction"]["Moon"] == 2
    assert check(r, "player", "Mars")["probability"] == float(Fraction(81, 400))  # (9/20)² ≈ 20%
    moon = check(r, "opponent", "Moon")
    assert (moon["dignity"], moon["threshold"]) == ("fall", 20)
    assert math.isclose(moon["probability"], math.sqrt(2 / 20))  # ≈ 32%


def _mars_takes_six(target: str, target_sign: str) -> dict:
    """Player Mars (Aries, night) takes 6 affliction from an opponent Mars in Cancer (5 × 1.25 = 6.25 → 6)."""
    return whatif(
        side({"Mars": "Aries", target: target_sign}, affliction={target: 5}, sect="night"),
        side({"Mars": "Cancer"}, aspects=NO_ASPECTS),
        "Mars",
        "Mars",
    )


def test_4_propagation_same_sect_square_sacrifice_play() -> None:
    r = _mars_takes_six("Moon", "Cancer")
    assert r["direct"]["player"]["delta"] == 6
    steps = [s for s in r["propagation"] if s["side"] == "player"]
    # 6 × −0.625 = −3.75 → the Moon receives 3.75 testimony, applied as 4
    assert steps == [
        {
            "side": "player",
            "from": "Mars",
            "to": "Moon",
            "aspect": "square",
            "polarity": "testimony",
            "delta": -4,
            "amount": "15/4",
        }
    ]
    assert r["after"]["player"]["affliction"]["Moon"] == 1


def test_4_propagation_cross_sect_square_attenuated_sacrifice() -> None:
    r = _mars_takes_six("Jupiter", "Capricorn")
    steps = [s for s in r["propagation"] if s["side"] == "player"]
    # 6 × −0.5 = −3 → Jupiter (day sect) receives 3 testimony
    assert [(s["to"], s["aspect"], s["polarity"], s["amount"], s["delta"]) for s in steps] == [
        ("Jupiter", "square", "testimony", "3", -3)
    ]
    assert r["after"]["player"]["affliction"]["Jupiter"] == 2
