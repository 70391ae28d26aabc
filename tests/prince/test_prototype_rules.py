"""``prototype`` (rules/001 and ref §3) rule by rule: carry, order of operations, weights, skipped entries, defeat."""

from __future__ import annotations

from fractions import Fraction

from gamewright.games.prince.encounter import cross_weights, prebuilt_sequence
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.options import config_for
from gamewright.games.prince.resolve import SideState, profile_for, quantize
from gamewright.games.prince.state import DEPLOY
from gamewright.games.prince.tables import PLANETS, SIGN_INDEX

from .support import check, side, whatif

_, PROTO = config_for("prototype")
NONE: list[list[str]] = []


def _q(raw: Fraction, carry: Fraction = Fraction(0), affliction: int = 0, testimony: bool = False, combust=False):
    st = SideState()
    st.carry[0] = carry
    st.affliction[0] = affliction
    st.combust[0] = combust
    return quantize(PROTO, st, 0, raw, testimony)


# --- carry quantization (001 §9, ref §3) -------------------------------------------------------------------


def test_carry_quantization_rounds_half_up_and_keeps_the_remainder() -> None:
    # eff = max(0, raw + carry); applied = floor(eff + 1/2); carry' = eff − applied
    assert _q(Fraction(3, 2)) == (2, 2, Fraction(-1, 2))
    assert _q(Fraction(3, 2), Fraction(-1, 2)) == (1, 1, Fraction(0))
    assert _q(Fraction(1, 4), Fraction(1, 4)) == (1, 1, Fraction(-1, 2))
    assert _q(Fraction(1, 4), Fraction(-1, 2)) == (0, 0, Fraction(0))  # eff clamps at 0


def test_carry_is_reset_when_a_heal_clamps_at_zero() -> None:
    assert _q(Fraction(3), Fraction(1, 4), affliction=1, testimony=True) == (-1, 3, Fraction(0))
    # a heal that does not clamp keeps its carry
    assert _q(Fraction(3), Fraction(1, 4), affliction=5, testimony=True) == (-3, 3, Fraction(1, 4))


def test_carry_untouched_for_a_combust_target_or_a_raw_amount_of_zero() -> None:
    assert _q(Fraction(5), Fraction(1, 4), combust=True) == (0, 0, Fraction(1, 4))
    assert _q(Fraction(0), Fraction(-1, 2)) == (0, 0, Fraction(-1, 2))


def test_carry_from_the_scenario_is_read_exactly_and_applied() -> None:
    r = whatif(
        side({"Moon": "Cancer"}, carry={"Moon": 0.25}, aspects=NONE),
        side({"Mars": "Aries"}, aspects=NONE),
        "Moon",
        "Mars",
        ruleset="prototype",
    )
    # Mars in Aries deals 6 (no modality): eff = 6 + 1/4 → applied 6, carry 1/4
    assert r["direct"]["player"]["delta"] == 6
    assert r["after"]["player"]["carry"]["Moon"] == "1/4"


# --- stats, crit, sect ------------------------------------------------------------------------------------


def test_no_degradation_no_modality_and_crit_ten_percent_per_luck_without_cap() -> None:
    r = whatif(
        side({"Mercury": "Libra"}, aspects=NONE),
        side({"Mars": "Capricorn"}, affliction={"Mars": 8}, aspects=NONE),
        "Mercury",
        "Mars",
        ruleset="prototype",
    )
    assert r["polarity"] == "affliction"  # air–earth
    assert r["crit_chances"] == {"player": 0.5, "opponent": 0.1}  # luck 5 → 50%, no 40% cap
    assert r["direct"]["player"]["amount"] == "5"  # Mars at 8 affliction still deals its full 5, no ×1.25
    assert r["direct"]["opponent"]["amount"] == "3"  # Mercury in Libra: 3, no cardinal ×1.25


def test_in_sect_planets_get_one_durability_for_combustion_only() -> None:
    day = whatif(
        side({"Sun": "Aries"}, sect="day", aspects=NONE),
        side({"Moon": "Cancer"}, sect="day", aspects=NONE),
        "Sun",
        "Moon",
        ruleset="prototype",
    )
    # Sun (day team) in a day chart: durability 3 + 1 = 4 → T = 40; the Moon (night) in a day chart: T = 10
    assert check(day, "player", "Sun")["threshold"] == 40
    assert check(day, "opponent", "Moon")["threshold"] == 10
    night = whatif(
        side({"Sun": "Aries"}, sect="night", aspects=NONE),
        side({"Moon": "Cancer"}, sect="night", aspects=NONE),
        "Sun",
        "Moon",
        ruleset="prototype",
    )
    assert check(night, "player", "Sun")["threshold"] == 30
    assert check(night, "opponent", "Moon")["threshold"] == 20


def test_no_same_sect_amplification_of_propagation() -> None:
    r = whatif(
        side({"Mars": "Aries", "Moon": "Cancer"}, affliction={"Moon": 5}, sect="night"),
        side({"Mars": "Cancer"}, aspects=NONE),
        "Mars",
        "Mars",
        ruleset="prototype",
    )
    # opponent Mars in Cancer deals 5 raw; square ×−0.5 (no ×1.25): 5/2 testimony to the Moon
    step = next(s for s in r["propagation"] if s["side"] == "player")
    assert (step["to"], step["polarity"], step["amount"]) == ("Moon", "testimony", "5/2")


# --- order of operations (ref §3) -------------------------------------------------------------------------


def test_order_direct_then_acting_checks_then_player_then_opponent_propagation() -> None:
    rolls = [0.9, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97]
    r = whatif(
        side({"Mars": "Aries", "Sun": "Leo"}),  # Sun trine Mars on the player's chart
        side({"Moon": "Cancer", "Venus": "Virgo"}, aspects=[["Moon", "Venus"]]),  # sextile
        "Mars",
        "Moon",
        rolls=rolls,
        ruleset="prototype",
    )
    assert r["crit_rolls"] == {"player": 0.9, "opponent": 0.91}
    order = [(c["side"], c["planet"], c["roll"]) for c in r["combustion_checks"]]
    assert order == [
        ("player", "Mars", 0.92),
        ("opponent", "Moon", 0.93),
        ("player", "Sun", 0.94),
        ("opponent", "Venus", 0.95),
    ]
    assert [(s["side"], s["to"]) for s in r["propagation"]] == [("player", "Sun"), ("opponent", "Venus")]


def test_propagation_base_is_the_raw_amount_and_runs_when_the_direct_delta_rounded_to_zero() -> None:
    r = whatif(
        side({"Moon": "Cancer", "Sun": "Cancer"}, carry={"Moon": -0.5}, aspects=[["Sun", "Moon"]]),
        side({"Moon": "Pisces"}, aspects=NONE),
        "Moon",
        "Moon",
        ruleset="prototype",
        options={"crit": "prototype"},
    )
    assert r["polarity"] == "testimony"  # water–water
    assert r["direct"]["player"]["amount"] == "6"  # a Moon in Pisces heals 6
    # testimony at 0 affliction clamps (delta 0); propagation still starts from the raw 6
    assert r["direct"]["player"]["delta"] == 0
    step = r["propagation"][0]
    assert (step["to"], step["aspect"], step["amount"], step["polarity"]) == ("Sun", "conjunction", "6", "testimony")

    air = whatif(
        side({"Moon": "Leo", "Sun": "Leo"}, carry={"Moon": -0.5}, aspects=[["Sun", "Moon"]]),
        side({"Moon": "Gemini"}, aspects=NONE),  # fire–air: friction, Moon damage 1 × 0.5 = 1/2
        "Moon",
        "Moon",
        ruleset="prototype",
    )
    # raw 1/2 with carry −1/2 rounds to 0 for the acting planet, yet the conjunct Sun still receives 1/2 → 1
    assert air["polarity"] == "friction"
    assert air["direct"]["player"]["amount"] == "1/2"
    assert air["direct"]["player"]["delta"] == 0  # 1/2 − 1/2 = 0 → 0 applied, no combustion check
    assert [c for c in air["combustion_checks"] if c["side"] == "player" and c["planet"] == "Moon"] == []
    step = air["propagation"][0]
    assert (step["to"], step["amount"], step["polarity"], step["delta"]) == ("Sun", "1/2", "affliction", 1)


def test_no_propagation_from_an_acting_planet_that_just_combusted() -> None:
    r = whatif(
        side({"Moon": "Cancer", "Sun": "Cancer"}, affliction={"Moon": 9}),
        side({"Mars": "Aries", "Sun": "Aries"}),
        "Moon",
        "Mars",
        rolls=[0.99, 0.99, 0.0, 0.99],  # the player's Moon combusts on its check
        ruleset="prototype",
    )
    assert {"side": "player", "planet": "Moon"} in r["combusted"]
    assert [s for s in r["propagation"] if s["side"] == "player"] == []
    assert [s["to"] for s in r["propagation"] if s["side"] == "opponent"] == ["Sun"]


def test_testimony_never_triggers_a_combustion_check() -> None:
    r = whatif(
        side({"Moon": "Cancer"}, affliction={"Moon": 9}, aspects=NONE),
        side({"Venus": "Pisces"}, aspects=NONE),
        "Moon",
        "Venus",
        rolls=[0.0],
        ruleset="prototype",
    )
    assert r["polarity"] == "testimony"
    assert r["combustion_checks"] == []


def test_combust_targets_are_skipped_and_not_listed() -> None:
    r = whatif(
        side({"Mars": "Aries", "Sun": "Leo", "Jupiter": "Sagittarius"}, combust=["Sun"]),
        side({"Moon": "Cancer"}, aspects=NONE),
        "Mars",
        "Moon",
        ruleset="prototype",
    )
    assert [s["to"] for s in r["propagation"] if s["side"] == "player"] == ["Jupiter"]


# --- encounters and runs ----------------------------------------------------------------------------------


def test_prebuilt_weights_are_max_one_n_over_all_seven_planets() -> None:
    player = profile_for(tuple([SIGN_INDEX["Aries"]] * 7), "night")
    opponent = profile_for(
        tuple(SIGN_INDEX[s] for s in ("Aries", "Taurus", "Taurus", "Taurus", "Taurus", "Taurus", "Leo")), "day"
    )
    n = cross_weights(player, opponent, list(range(7)))
    assert n == [7, 0, 0, 0, 0, 0, 7]  # conjunction and trine are major; semi-sextile is not

    class Counting:
        def __init__(self) -> None:
            self.calls: list[list[int]] = []

        def weighted_choice(self, items, weights):  # noqa: ANN001
            self.calls.append(list(weights))
            return items[0]

        def weighted_choices(self, items, weights, count):  # noqa: ANN001
            return [self.weighted_choice(items, weights) for _ in range(count)]

    rng = Counting()
    assert prebuilt_sequence(rng, player, opponent) == [0] * 7
    assert rng.calls == [[7, 1, 1, 1, 1, 1, 7]] * 7  # weight max(1, N): nobody is excluded


def test_prototype_run_builds_three_encounters_of_seven_and_skips_combust_entries() -> None:
    game = PrinceGame("prototype")
    for seed in range(40):
        state = game.new_initial_state(seed)
        assert len(state.prebuilt) == 3 and all(len(seq) == 7 for _, _, seq in state.prebuilt)
        assert state.unlocked == [True] * 7
        seq = state.prebuilt[0][2]
        first, target = seq[0], seq[-1]
        if target == first or {first, target} & set(seq[1:-1]):
            continue
        # every planet but the first and the last entry's is combust: entries 2–6 are skipped
        for o in range(7):
            state.os.combust[o] = o not in (first, target)
        state.os.active = 0  # no propagation on the opponent's side
        events = state.apply(state.legal_actions()[0])
        assert [e.data["planet"] for e in events if e.kind == "opponent_planet"] == [PLANETS[target]]
        assert state.position == 7
        return
    raise AssertionError("no seed had a suitable sequence")


def test_opponent_resets_each_encounter_and_the_player_carries_over() -> None:
    game = PrinceGame("prototype")
    state = game.new_initial_state(2)
    while state.encounter == 0 and not state.is_terminal():
        state.apply(state.legal_actions()[0])
    if state.is_terminal():
        return
    assert state.os.affliction == [0] * 7 and state.os.carry == [Fraction(0)] * 7
    assert sum(state.ps.affliction) > 0 or any(state.ps.combust)


def test_run_is_lost_when_all_seven_player_planets_are_combust() -> None:
    game = PrinceGame("prototype")
    for seed in range(50):
        state = game.new_initial_state(seed)
        for i in range(6):
            state.ps.combust[i] = True
        state.ps.affliction[6] = 1000  # Saturn at r = 1: any non-testimony hit makes a certain check
        before = state.turns
        while not state.is_terminal() and state.turns < before + 40:
            state.apply(DEPLOY["Saturn"])
        if state.status == "lost":
            assert all(state.ps.combust)
            assert state.legal_actions() == []
            assert state.returns() == [0.0]
            return
    raise AssertionError("no seed lost its last planet")


def test_run_is_won_after_the_third_encounter() -> None:
    game = PrinceGame("prototype")
    for seed in range(20):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply(state.legal_actions()[-1])
        if state.status == "won":
            assert state.encounter == 3
            assert state.returns() == [1.0]
            return
    raise AssertionError("no run was won")


# --- worked by hand from 001 and ref §3: carry, propagation from raw, in-sect durability, crit, prebuilt sequences ----
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
