from __future__ import annotations

import pytest

from gamewright.core.errors import ConfigError, RuleViolation
from gamewright.core.rules import Option, RulesSpec

SPEC = RulesSpec(
    "demo",
    (
        Option("crit", "design", choices=("design", "prototype"), source="000 §13a"),
        Option("encounters", 3, minimum=1, maximum=10),
        Option("strict", True),
    ),
    {"design": {}, "prototype": {"crit": "prototype"}},
)


def test_presets_and_overrides() -> None:
    assert SPEC.resolve().crit == "design"
    assert SPEC.resolve("prototype").crit == "prototype"
    rules = SPEC.resolve("design", {"crit": "prototype", "encounters": 5})
    assert (rules.crit, rules.encounters, rules.strict) == ("prototype", 5, True)


def test_rules_are_frozen_and_serialisable() -> None:
    rules = SPEC.resolve("prototype")
    with pytest.raises(AttributeError):
        rules.ruleset = "x"  # type: ignore[misc]
    assert SPEC.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    ("ruleset", "overrides", "message"),
    [
        ("nope", {}, "unknown demo ruleset"),
        ("design", {"crit": "x"}, "choose one of"),
        ("design", {"encounters": 0}, "at least 1"),
        ("design", {"encounters": "3"}, "whole number"),
        ("design", {"strict": 1}, "true or false"),
        ("design", {"colour": 1}, "unknown demo option"),
    ],
)
def test_bad_options_are_clear(ruleset: str, overrides: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        SPEC.resolve(ruleset, overrides)


def test_rule_violation_says_what_why_and_which_rule() -> None:
    err = RuleViolation("fire laser at P2", "P2 is out of range", "002 §7.1")
    assert str(err) == "fire laser at P2: P2 is out of range (002 §7.1)"
    assert err.to_json()["rule"] == "002 §7.1"


def test_option_assignments_from_the_command_line() -> None:
    assert SPEC.parse_assignments(["crit=prototype", "encounters=4", "strict=false"]) == {
        "crit": "prototype",
        "encounters": 4,
        "strict": False,
    }
    with pytest.raises(ConfigError, match="NAME=VALUE"):
        SPEC.parse_assignments(["crit"])
    with pytest.raises(ConfigError, match="choose one of"):
        SPEC.parse_assignments(["crit=nope"])
