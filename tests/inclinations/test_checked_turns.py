"""A bot's turn is validated once (issue 25): ``check_turn`` validates it and the state remembers it, so the very
steps played next (``play_turn`` or one ``apply`` each, then ``end``) are not validated again; any other step, or
the same turn after the state moved on, is still checked in full."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gamewright.core.errors import RuleViolation
from gamewright.core.rng import Rng
from gamewright.games.inclinations import state as state_module
from gamewright.games.inclinations import turn as turn_module
from gamewright.games.inclinations.actions import EndTurn, parse_action
from gamewright.games.inclinations.game import InclinationsGame
from gamewright.games.inclinations.heuristic_bot import HeuristicBot
from gamewright.games.inclinations.turn_agent import TurnPlanAgent


@pytest.fixture
def validations(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many times the engine's own ``validate`` ran (counted around the real function)."""
    calls = [0]
    real = turn_module.validate

    def counted(*args: Any, **kwargs: Any) -> list[str]:
        calls[0] += 1
        return real(*args, **kwargs)

    for module in (state_module, turn_module):  # the state's own name for it, and execute's
        monkeypatch.setattr(module, "validate", counted)
    yield calls


def _in_play(seed: int = 3) -> Any:
    state = InclinationsGame(None, {"players": 2}).new_initial_state(seed)
    while state.phase == "deploy":
        state.apply(state.legal_actions()[0])
    return state


def test_a_bot_turn_played_whole_is_validated_once(validations: list[int]) -> None:
    state = _in_play()
    plan = HeuristicBot("medium", Rng(1)).choose_turn(state)
    assert plan
    state.play_turn(plan)
    assert validations[0] == 1  # choose_turn's check; play_turn and end trust it


def test_a_bot_turn_played_step_by_step_is_validated_once(validations: list[int]) -> None:
    state = _in_play()
    plan = HeuristicBot("medium", Rng(1)).choose_turn(state)
    for step in [*plan, EndTurn()]:
        state.apply(step)
    assert validations[0] == 1
    assert state.current == 1 and not state.plan


def test_the_lab_agent_validates_a_turn_once(validations: list[int]) -> None:
    state = _in_play()
    agent = TurnPlanAgent("medium-bot", 5)
    actions = 0
    while state.current == 0:
        state.apply(agent.choose(state))
        actions += 1
    assert actions > 1 and validations[0] == 1


def test_checked_and_unchecked_turns_give_the_same_game() -> None:
    for seed in range(4):
        checked, unchecked = _in_play(seed), _in_play(seed)
        bot_a, bot_b = HeuristicBot("medium", Rng(seed)), HeuristicBot("medium", Rng(seed))
        for _ in range(6):
            if checked.is_terminal():
                break
            plan = bot_a.choose_turn(checked)
            checked.play_turn(plan)
            fresh = [parse_action(s.to_text()) for s in bot_b.choose_turn(unchecked)]  # other values: checked again
            unchecked.play_turn(fresh)
        assert checked.to_json() == unchecked.to_json()


def test_a_step_outside_the_checked_turn_is_still_refused() -> None:
    state = _in_play()
    plan = HeuristicBot("medium", Rng(1)).choose_turn(state)
    before = state.to_json()
    with pytest.raises(RuleViolation):
        state.apply(parse_action("fire railgun P1"))  # a ship cannot target itself
    assert state.to_json() == before
    for step in [*plan, EndTurn()]:  # the refused step changed nothing: the checked turn still plays
        state.apply(step)
    assert state.current == 1


def test_the_checked_turn_is_forgotten_once_the_plan_differs(validations: list[int]) -> None:
    state = _in_play()
    plan = HeuristicBot("medium", Rng(1)).choose_turn(state)
    assert len(plan) >= 2
    state.apply(plan[0])
    state.undo_step()  # the state moved on: the steps are validated again
    state.apply(plan[0])
    assert validations[0] == 2
    state.apply(plan[1])
    assert validations[0] == 3


def test_a_turn_that_fails_its_check_is_not_remembered(validations: list[int]) -> None:
    state = _in_play()
    bad = [parse_action("fire missiles P1")]
    assert state.check_turn(bad)
    with pytest.raises(RuleViolation):
        state.play_turn(bad)
    assert validations[0] == 2


def test_a_malformed_step_is_not_remembered() -> None:
    from gamewright.games.inclinations.actions import Allocate

    state = _in_play()
    odd = Allocate("shields", True)  # type: ignore[arg-type]  # passes the rules' arithmetic, not the types
    assert state.check_turn([odd]) == []
    with pytest.raises(RuleViolation, match="malformed"):
        state.apply(odd)
    with pytest.raises(RuleViolation, match="well-formed"):
        state.play_turn([odd])


def test_the_bot_games_trusted_path_plays_as_play_turn_and_refuses_without_change() -> None:
    for seed in range(3):
        trusted, public = _in_play(seed), _in_play(seed)
        for _ in range(5):
            if trusted.is_terminal():
                break
            plan = HeuristicBot("medium", Rng(seed)).build_turn(trusted)
            assert trusted.play_bot_turn(plan)
            public.play_turn(plan, log=False)
            assert trusted.to_json() == public.to_json()
    state = _in_play()
    before = state.to_json()
    assert not state.play_bot_turn([parse_action("fire missiles P1")])
    assert state.to_json() == before
