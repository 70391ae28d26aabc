"""``design`` (rules/000 and ref §2) beyond the worked examples: crit, combustion, propagation, encounters, runs."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from gamewright.core.rng import Rng
from gamewright.games.prince.encounter import cross_weights, draw_opponent_planet
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.progression import Progress
from gamewright.games.prince.resolve import (
    combust_probability,
    combust_probability_exact,
    combusts,
    profile_for,
    round_half_up,
)
from gamewright.games.prince.tables import PLANETS, SIGN_INDEX, SIGNS

from .support import check, side, whatif

NONE: list[list[str]] = []


def test_round_half_up_is_exact_and_never_bankers() -> None:
    assert [round_half_up(Fraction(n, 2)) for n in range(0, 8)] == [0, 1, 1, 2, 2, 3, 3, 4]
    assert round_half_up(6 * (1 - Fraction(8, 10)) * Fraction(5, 4)) == 2  # 1.4999… in floating point


def test_crit_is_capped_at_forty_percent_and_doubles_testimony() -> None:
    r = whatif(
        side({"Mercury": "Aquarius"}, aspects=NONE),  # luck 4 + 1 = 5 → 40%
        side({"Venus": "Gemini"}, aspects=NONE),  # air–air: testimony
        "Mercury",
        "Venus",
        rolls=[0.39, 0.99],
    )
    assert r["crit_chances"]["player"] == 0.4
    assert r["crits"]["player"] is True
    assert r["direct"]["opponent"]["amount"] == str(Fraction(2 * 2 * 5, 4))  # heal 2 × crit 2 × mutable 1.25


def test_both_crit_rolls_are_drawn_even_at_zero_chance() -> None:
    r = whatif(
        side({"Mars": "Aries"}, affliction={"Mars": 10}, aspects=NONE),  # luck fully degraded: 0%
        side({"Moon": "Cancer"}, combust=["Moon"], aspects=NONE),  # a combust planet: 0%
        "Mars",
        "Moon",
        rolls=[0.5, 0.6, 0.7],
    )
    assert r["crit_chances"] == {"player": 0.0, "opponent": 0.0}
    assert r["crit_rolls"] == {"player": 0.5, "opponent": 0.6}
    assert r["rolls_used"][:2] == [0.5, 0.6]


def test_a_combust_acting_planet_deals_and_receives_nothing_in_a_whatif() -> None:
    r = whatif(
        side({"Mars": "Aries", "Sun": "Aries"}, combust=["Mars"]),
        side({"Moon": "Cancer", "Sun": "Cancer"}, aspects=[["Moon", "Sun"]]),
        "Mars",
        "Moon",
    )
    assert r["direct"]["player"]["delta"] == 0 and r["direct"]["opponent"]["delta"] == 0
    assert [s for s in r["propagation"] if s["side"] == "player"] == []  # combust planets do not propagate
    # the opponent's Moon received 0 and still propagates a 0 to its conjunct Sun (listed, delta 0)
    assert [(s["to"], s["delta"]) for s in r["propagation"] if s["side"] == "opponent"] == [("Sun", 0)]
    assert r["after"]["player"]["combust"] == ["Mars"]


def test_combustion_curves_by_dignity() -> None:
    assert combust_probability_exact("domicile", 10, 20) == Fraction(1, 4)
    assert combust_probability_exact("exaltation", 10, 20) == Fraction(1, 2)
    assert combust_probability_exact("neutral", 10, 20) == Fraction(1, 2)
    assert combust_probability_exact("detriment", 30, 20) == Fraction(1, 2)  # capped, and r capped at 1
    assert math.isclose(combust_probability("fall", 10, 20), math.sqrt(0.5))
    assert combust_probability_exact("neutral", 50, 20) == 1
    # strictly less: a roll equal to P holds
    assert not combusts("neutral", 10, 20, 0.5)
    assert combusts("neutral", 10, 20, 0.4999)
    assert combusts("fall", 10, 20, 0.707) and not combusts("fall", 10, 20, 0.7072)


def test_degradation_never_changes_the_combustion_threshold() -> None:
    r = whatif(
        side({"Saturn": "Taurus"}, affliction={"Saturn": 9}, aspects=NONE),
        side({"Mars": "Libra"}, aspects=NONE),
        "Saturn",
        "Mars",
    )
    assert check(r, "player", "Saturn")["threshold"] == 60


def test_friction_propagates_as_affliction_and_squares_invert_it() -> None:
    r = whatif(
        side({"Sun": "Leo", "Moon": "Scorpio", "Jupiter": "Sagittarius"}, sect="day"),
        side({"Saturn": "Aquarius"}, aspects=NONE),
        "Sun",
        "Saturn",
    )
    assert r["polarity"] == "friction"
    steps = {s["to"]: s for s in r["propagation"] if s["side"] == "player"}
    assert steps["Moon"]["aspect"] == "square" and steps["Moon"]["polarity"] == "testimony"
    assert steps["Jupiter"]["aspect"] == "trine" and steps["Jupiter"]["polarity"] == "affliction"
    # the Sun received 1 (rounded); Jupiter is day like the Sun in a day chart: 1 × 0.5 × 1.25 = 5/8 → 1
    assert steps["Jupiter"]["amount"] == "5/8" and steps["Jupiter"]["delta"] == 1


def test_propagation_base_is_the_rounded_amount_before_clamping() -> None:
    # Jupiter at 0 receives 4 testimony (clamped to a delta of 0) and still propagates 4, inverted by the
    # opposition to Saturn (both day planets, same sect): 4 × 1.25 = 5 affliction.
    r = whatif(
        side({"Venus": "Taurus"}, affliction={"Venus": 3}, aspects=NONE),
        side({"Jupiter": "Virgo", "Saturn": "Pisces"}, sect="night", aspects=[["Jupiter", "Saturn"]]),
        "Venus",
        "Jupiter",
    )
    assert r["direct"]["opponent"]["delta"] == 0
    step = r["propagation"][0]
    assert (step["to"], step["aspect"], step["polarity"], step["amount"], step["delta"]) == (
        "Saturn",
        "opposition",
        "affliction",
        "5",
        5,
    )


def test_latent_aspects_do_not_propagate() -> None:
    kwargs = dict(player_planet="Mars", opponent_planet="Mars")
    on = whatif(side({"Mars": "Aries", "Moon": "Cancer"}), side({"Mars": "Cancer"}, aspects=NONE), **kwargs)
    off = whatif(
        side({"Mars": "Aries", "Moon": "Cancer"}, aspects=NONE), side({"Mars": "Cancer"}, aspects=NONE), **kwargs
    )
    assert [s["to"] for s in on["propagation"]] == ["Moon"]
    assert off["propagation"] == []


def test_checks_after_propagation_in_fixed_order() -> None:
    r = whatif(
        side({"Mars": "Aries", "Sun": "Aries", "Saturn": "Leo"}),
        side({"Moon": "Cancer", "Venus": "Cancer"}, aspects=[["Moon", "Venus"]]),
        "Mars",
        "Moon",
        rolls=[0.9, 0.9, 0.81, 0.82, 0.83, 0.84, 0.85],
    )
    assert [(c["side"], c["planet"]) for c in r["combustion_checks"]] == [
        ("player", "Mars"),
        ("opponent", "Moon"),
        ("player", "Sun"),
        ("player", "Saturn"),
        ("opponent", "Venus"),
    ]
    assert [c["roll"] for c in r["combustion_checks"]] == [0.81, 0.82, 0.83, 0.84, 0.85]


# --- encounters -------------------------------------------------------------------------------------------


def test_weights_count_major_relationships_with_unlocked_planets_and_zero_never_appears() -> None:
    player = profile_for(
        tuple(SIGN_INDEX[s] for s in ("Aries", "Aries", "Gemini", "Gemini", "Gemini", "Gemini", "Gemini")), "night"
    )
    opponent = profile_for(
        tuple(SIGN_INDEX[s] for s in ("Aries", "Taurus", "Taurus", "Taurus", "Taurus", "Taurus", "Virgo")), "day"
    )
    # only the Moon (Aries) is unlocked: Sun conjunct (1), Taurus semi-sextile (0), Virgo inconjunct (0)
    weights = cross_weights(player, opponent, [1])
    assert weights == [1, 0, 0, 0, 0, 0, 0]
    rng = Rng(1)
    assert {draw_opponent_planet(rng, weights, [False] * 7) for _ in range(200)} == {0}
    # the Sun combust: every remaining weight is 0 → uniform over the non-combust
    drawn = {draw_opponent_planet(rng, weights, [True] + [False] * 6) for _ in range(400)}
    assert drawn == set(range(1, 7))
    assert draw_opponent_planet(rng, weights, [True] * 7) is None


def test_a_new_prince_plays_encounters_as_long_as_its_unlocked_planets() -> None:
    game = PrinceGame("design", progress=Progress())
    state = game.new_initial_state(4)
    assert state.unlocked == [p == "Moon" for p in PLANETS]
    assert state.length == 1
    assert [a.planet for a in state.legal_actions()] == ["Moon"]
    events = state.apply(state.legal_actions()[0])
    kinds = [e.kind for e in events]
    assert "planet_unlocked" in kinds and "encounter_start" in kinds
    # Mercury (1 cumulative encounter) appears at the next encounter, which lasts 2 turns
    assert state.progress.encounters == 1
    assert state.unlocked == [p in ("Moon", "Mercury") for p in PLANETS]
    assert state.length == 2
    assert state.ps.affliction[PLANETS.index("Mercury")] == 0


def test_aspects_activate_once_both_planets_are_deployed_in_one_encounter() -> None:
    # a Prince with Moon and Mercury unlocked, no aspects active yet
    for seed in range(60):
        game = PrinceGame("design", progress=Progress(encounters=1))
        state = game.new_initial_state(seed)
        moon, mercury = PLANETS.index("Moon"), PLANETS.index("Mercury")
        if state.player.aspects[moon][mercury] is None:
            continue
        state.apply(game.parse_action(state, "Moon"))
        if state.is_terminal() or state.encounter != 0:
            continue
        assert state.ps.active == 0
        events = state.apply(game.parse_action(state, "Mercury"))
        assert [e.data["planets"] for e in events if e.kind == "aspect_activated"] == [["Moon", "Mercury"]]
        # the turn that activated it did not propagate through it
        turn = next(e for e in events if e.kind == "turn")
        assert [s for s in turn.data["propagation"] if s["side"] == "player"] == []
        assert state.progress.aspects != 0
        return
    raise AssertionError("no seed gave a Moon–Mercury aspect")


def test_design_run_is_lost_when_every_unlocked_planet_is_combust() -> None:
    for seed in range(80):
        game = PrinceGame("design", progress=Progress())
        state = game.new_initial_state(seed)
        state.ps.affliction[PLANETS.index("Moon")] = 100
        events = state.apply(game.parse_action(state, "Moon"))
        if state.status == "lost":
            assert state.ps.combust[PLANETS.index("Moon")]
            assert events[-1].kind == "run_end" and events[-1].data["result"] == "lost"
            # the lost encounter still counts for progression
            assert state.progress.encounters == 1
            return
    raise AssertionError("no seed combusted the Moon")


@settings(max_examples=60, deadline=None)
@given(
    signs=st.lists(st.integers(0, 11), min_size=14, max_size=14),
    aff=st.lists(st.integers(0, 40), min_size=14, max_size=14),
    pi=st.integers(0, 6),
    oi=st.integers(0, 6),
    rolls=st.lists(st.floats(0, 0.999999), min_size=1, max_size=20),
    ruleset=st.sampled_from(["design", "prototype"]),
)
def test_a_turn_never_leaves_affliction_negative(signs, aff, pi, oi, rolls, ruleset) -> None:  # noqa: ANN001
    def mk(offset: int) -> dict:
        chosen = [SIGNS[x] for x in signs[offset : offset + 7]]
        return side(
            dict(zip(PLANETS, chosen, strict=True)),
            affliction=dict(zip(PLANETS, aff[offset : offset + 7], strict=True)),
        )

    r = whatif(mk(0), mk(7), PLANETS[pi], PLANETS[oi], rolls=rolls, ruleset=ruleset)
    # exactly two crit rolls and one per combustion check, in that order
    assert len(r["rolls_used"]) == 2 + len(r["combustion_checks"])
    assert [c["roll"] for c in r["combustion_checks"]] == r["rolls_used"][2:]
    for s in ("player", "opponent"):
        assert all(v >= 0 for v in r["after"][s]["affliction"].values())


def test_12_unlocks_follow_the_cumulative_column() -> None:
    # 000 §12 table, "Cumulative" column (ref §2): Moon 0, Mercury 1, Venus 3, Sun 7, Mars 15, Jupiter 31, Saturn 63
    expected = {0: 1, 1: 2, 2: 2, 3: 3, 6: 3, 7: 4, 14: 4, 15: 5, 30: 5, 31: 6, 62: 6, 63: 7, 500: 7}
    order = ["Moon", "Mercury", "Venus", "Sun", "Mars", "Jupiter", "Saturn"]
    for encounters, count in expected.items():
        unlocked = Progress(encounters=encounters).unlocked_mask()
        assert [p for p, u in zip(PLANETS, unlocked, strict=True) if u] == [p for p in PLANETS if p in order[:count]]
        # 000 §13: encounter length = number of unlocked planets
        state = PrinceGame("design", progress=Progress(encounters=encounters)).new_initial_state(1)
        assert state.length == count
