"""Propagation under ``design`` (000 §4, §4a, §13a step 7), worked out by hand: the multiplier table with
same-sect amplification, and none from an acting planet that combusted."""

from __future__ import annotations

import pytest

from gamewright.games.prince.tables import PLANETS
from tests.prince.support import side, whatif

ALL_ARIES = {p: "Aries" for p in PLANETS}


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


def test_13a_step_7_an_acting_planet_combusted_in_step_6_does_not_propagate_but_the_other_side_does() -> None:
    """ref §2: "propagation (step 7) runs from acting planets that are not combust"; each side's chart separately.
    Player Moon in Aries at 9 takes 4 (P = 1): combust, no player propagation; the opponent's Mars still
    propagates through its own chart."""
    r = whatif(side({"Moon": "Aries"}, affliction={"Moon": 9}), side({"Mars": "Scorpio"}), "Moon", "Mars",
               rolls=[0.99, 0.99, 0.5])
    assert r["combusted"][0] == {"side": "player", "planet": "Moon"}
    assert [s for s in r["propagation"] if s["side"] == "player"] == []
    assert {s["from"] for s in r["propagation"] if s["side"] == "opponent"} == {"Mars"}
