"""The direct exchange of a ``design`` turn (000 §13a, ref §2), worked out by hand: polarity by element
qualities, the modality multipliers, a crit against the degraded luck, degradation from the start-of-turn
affliction, and the turn's score."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamewright.games.prince.tables import SIGNS
from tests.prince.support import side, whatif

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


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_13a_element_polarity_by_qualities_for_every_element_pair(ruleset: str) -> None:
    """000 §13a: "Share both qualities → Testimony; share one → Friction; share no qualities → Affliction"
    (fire hot+dry, air hot+wet, water cold+wet, earth cold+dry); 001 §5 the same by quality overlap."""
    for ps in SIGNS:
        for os_ in SIGNS:
            r = whatif(side({"Sun": ps}), side({"Sun": os_}), "Sun", "Sun", ruleset=ruleset)
            assert r["polarity"] == HAND_POLARITY[frozenset({HAND_ELEMENT[ps], HAND_ELEMENT[os_]})], (ps, os_)


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
