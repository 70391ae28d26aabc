"""Space Prince's rulesets: ``design`` (rules/000, the default) and ``prototype`` (rules/001).

Every difference between the two documents is a named option (ref §§2–3), so a designer can mix them, e.g.
``design`` with ``crit=prototype``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamewright.core.rules import Option, Rules, RulesSpec

OPTIONS: tuple[Option, ...] = (
    Option(
        "crit",
        "design",
        ("design", "prototype"),
        "design: effective luck × 8%, capped at 40%; prototype: luck × 10%, no cap",
        "000 §2 / 001 §7",
    ),
    Option("degradation", True, doc="stats × max(0, 1 − A/10) for damage, healing and luck", source="000 §13a"),
    Option("modality", True, doc="cardinal outgoing ×1.25, mutable incoming ×1.25", source="000 §13a / 001 §4"),
    Option(
        "rounding",
        "half_up",
        ("half_up", "carry"),
        "half_up: every applied amount rounded half up; carry: per-planet carry quantization",
        "ref §2 / 001 §9",
    ),
    Option(
        "sect",
        "propagation",
        ("propagation", "durability"),
        "propagation: same-sect aspects ×1.25; durability: in-sect planets +1 durability for combustion",
        "000 §4a / 001 §8",
    ),
    Option(
        "propagation_base",
        "applied",
        ("applied", "raw"),
        "applied: the rounded amount the acting planet received; raw: the exact amount before quantization",
        "ref §2 / ref §3",
    ),
    Option(
        "encounters_per_run", 3, doc="encounters in a run (won after the last)", source="001 §12", minimum=1, maximum=50
    ),
    Option(
        "unlocks",
        "progression",
        ("progression", "all"),
        "progression: planets unlock and aspects activate across runs; all: everything open from the start",
        "000 §12 / 001 §12",
    ),
    Option(
        "opponent_draws",
        "weighted",
        ("weighted", "prebuilt"),
        "weighted: one draw per turn, weight N over unlocked planets, N = 0 excluded; "
        "prebuilt: sequences of 7 built at run start, weight max(1, N) over all seven",
        "000 §13 / ref §3",
    ),
    Option(
        "defeat_when",
        "all_unlocked",
        ("all_unlocked", "all_seven"),
        "the run is lost when every unlocked planet (or all seven) is combust",
        "ref §2 / 001 §12",
    ),
    Option(
        "metaprogression",
        True,
        doc="runs advance the Prince's cumulative encounters, aspects, illumination and joys",
        source="000 §12 / 001 §15",
    ),
)

RULESETS: dict[str, dict[str, Any]] = {
    "design": {},
    "prototype": {
        "crit": "prototype",
        "degradation": False,
        "modality": False,
        "rounding": "carry",
        "sect": "durability",
        "propagation_base": "raw",
        "encounters_per_run": 3,
        "unlocks": "all",
        "opponent_draws": "prebuilt",
        "defeat_when": "all_seven",
        "metaprogression": False,
    },
}

SPEC = RulesSpec("prince", OPTIONS, RULESETS, default_ruleset="design")


def resolve_rules(ruleset: str | None = None, options: dict[str, Any] | None = None) -> Rules:
    return SPEC.resolve(ruleset, options)


@dataclass(frozen=True, slots=True)
class Config:
    """The resolved options as plain attributes (read in the hot loop)."""

    ruleset: str
    crit: str
    degradation: bool
    modality: bool
    carry: bool
    sect_amplifies: bool
    sect_durability: bool
    raw_base: bool
    encounters_per_run: int
    all_unlocked: bool
    prebuilt: bool
    defeat_all_seven: bool
    metaprogression: bool

    @classmethod
    def from_rules(cls, rules: Rules) -> Config:
        v = rules.as_dict()
        return cls(
            ruleset=rules.ruleset,
            crit=v["crit"],
            degradation=v["degradation"],
            modality=v["modality"],
            carry=v["rounding"] == "carry",
            sect_amplifies=v["sect"] == "propagation",
            sect_durability=v["sect"] == "durability",
            raw_base=v["propagation_base"] == "raw",
            encounters_per_run=v["encounters_per_run"],
            all_unlocked=v["unlocks"] == "all",
            prebuilt=v["opponent_draws"] == "prebuilt",
            defeat_all_seven=v["defeat_when"] == "all_seven",
            metaprogression=v["metaprogression"],
        )


def config_for(ruleset: str | None = None, options: dict[str, Any] | None = None) -> tuple[Rules, Config]:
    rules = resolve_rules(ruleset, options)
    return rules, Config.from_rules(rules)
