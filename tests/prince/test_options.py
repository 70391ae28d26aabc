"""Every difference between the rulesets is a named option; options mix."""

from __future__ import annotations

import pytest

from gamewright.core.errors import ConfigError
from gamewright.games.prince.game import PrinceGame
from gamewright.games.prince.options import RULESETS, SPEC, resolve_rules


def test_the_two_rulesets_differ_only_by_named_options() -> None:
    design = resolve_rules("design").as_dict()
    prototype = resolve_rules("prototype").as_dict()
    assert set(design) == set(prototype)
    assert {k for k in design if design[k] != prototype[k]} == set(RULESETS["prototype"]) - {"encounters_per_run"}
    for name in ("crit", "rounding", "encounters_per_run", "defeat_when", "sect", "propagation_base"):
        assert SPEC.option(name).source


def test_design_with_prototype_crit_mixes() -> None:
    rules = resolve_rules("design", {"crit": "prototype"})
    assert rules.crit == "prototype" and rules.rounding == "half_up"


def test_bad_options_are_clear_errors() -> None:
    with pytest.raises(ConfigError, match="crit"):
        resolve_rules("design", {"crit": "always"})
    with pytest.raises(ConfigError, match="unknown prince option"):
        resolve_rules("design", {"luck": 3})
    with pytest.raises(ConfigError, match="ruleset"):
        resolve_rules("final")


@pytest.mark.parametrize("ruleset", ["design", "prototype"])
def test_encounters_per_run_sets_the_run_length(ruleset: str) -> None:
    game = PrinceGame(ruleset, {"encounters_per_run": 5})
    for seed in range(10):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
        if state.status == "won":
            assert state.encounter == 5
            return
    raise AssertionError("no run was won")
